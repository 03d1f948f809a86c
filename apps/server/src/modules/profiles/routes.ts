import {
  AdminUserDetail,
  BulkResult,
  IMAGE_MAX_MB,
  UploadImageQuery,
  UserDetail,
  UserListItem,
  UsersBlockedBody,
  UsersBulkBody,
  UsersCreateBody,
  UsersEmailBody,
  UsersIdBody,
  UsersListBody,
  UsersUpdateBody,
  EmailField,
  answer,
  isUserClientKind,
  pageOf,
  type PermissionName,
  type UserClientKind,
  Uuid,
} from '@far/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authoriseStaffOrSelf } from '../../platform/access';
import type { Actor } from '../../platform/context';
import { AppError, forbidden } from '../../platform/errors';
import { authorise } from '../../platform/guard';
import { ok } from '../../platform/reply';
import { readSingleUpload } from '../../platform/upload';
import * as businesses from '../businesses';
import { IMAGE_MAX_BYTES, checkImage } from '../files';
import * as staff from '../staff';
import * as users from '../users';

const tags = ['Usuarios'];
const BASE = '/api/v1/profiles/users';

/** techfar: the staff screen. business: staff on the business screen, or a business admin on their own profile. */
function authoriseKind(actor: Actor, kind: UserClientKind, op: PermissionName): void {
  if (kind === 'techfar') return authorise(actor, { menu: '/user/techfar', permission: op });
  if (actor.kind === 'WAL') throw forbidden();
  authoriseStaffOrSelf(actor, '/user/business', op);
}

/**
 * Runs before the body is validated: an unsupported ClientKind fails at once with 'Parametro no
 * válido' (nothing is read or written), then the caller's permission for that kind is checked.
 */
function clientKindGate(op: PermissionName | ((input: Record<string, unknown>) => PermissionName), opts: { only?: UserClientKind; from?: 'body' | 'query' } = {}) {
  return {
    preValidation: async (req: FastifyRequest) => {
      const input = ((opts.from === 'query' ? req.query : req.body) ?? {}) as Record<string, unknown>;
      const kind = input.ClientKind;
      if (!isUserClientKind(kind) || (opts.only && kind !== opts.only)) throw new AppError('INVALID_PARAM');
      authoriseKind(req.actor!, kind, typeof op === 'function' ? op(input) : op);
    },
  };
}

const config = { access: 'authenticated' as const };
const imageSize = `No debe pesar más de ${IMAGE_MAX_MB}MB`;

/** /api/v1/profiles/users/*: one set of calls, per client kind (body field ClientKind). */
export const profileUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const detail = (actor: Actor, kind: UserClientKind, id: string) => (kind === 'techfar' ? staff.getStaff(db, id) : businesses.getBusinessUser(db, actor, id));

  app.post(`${BASE}/query/list`, { config, ...clientKindGate('Ver'), schema: { tags, summary: 'Usuarios por tipo de cliente (techfar o business): búsqueda, estatus y paginación', body: UsersListBody, response: { 200: answer(pageOf(UserListItem)) } } }, async (req) => {
    const b = req.body;
    return ok(b.ClientKind === 'techfar' ? await staff.listStaff(db, b) : await businesses.listBusinessUsers(db, req.actor!, b));
  });

  app.post(`${BASE}/query/list/blocked`, { config, ...clientKindGate('Ver', { only: 'techfar' }), schema: { tags, summary: 'Usuarios administradores bloqueados (solo techfar)', body: UsersBlockedBody, response: { 200: answer(pageOf(UserListItem)) } } }, async (req) =>
    ok(await staff.listStaff(db, { ...req.body, blockedOnly: true })),
  );

  app.post(`${BASE}/query/getbyid`, { config, ...clientKindGate('Ver'), schema: { tags, summary: 'Detalle de un usuario', body: UsersIdBody, response: { 200: answer(UserDetail) } } }, async (req) =>
    ok(await detail(req.actor!, req.body.ClientKind, req.body.Id)),
  );

  app.post(`${BASE}/query/getbyemail`, { config, ...clientKindGate('Ver'), schema: { tags, summary: 'Detalle de un usuario por su correo', body: UsersEmailBody, response: { 200: answer(UserDetail) } } }, async (req) => {
    const { ClientKind, Email } = req.body;
    return ok(ClientKind === 'techfar' ? await staff.getStaffByEmail(db, Email) : await businesses.getBusinessUserByEmail(db, req.actor!, Email));
  });

  app.post(`${BASE}/action/create`, { config, ...clientKindGate('Agregar'), schema: { tags, summary: 'Alta de usuario con contraseña temporal por correo', body: UsersCreateBody, response: { 200: answer(UserDetail) } } }, async (req) => {
    const b = req.body;
    const id = await db.transaction((tx) => (b.ClientKind === 'techfar' ? staff.createStaff(tx, req.actor!, b) : businesses.createBusinessUser(tx, req.actor!, b)));
    return ok(await detail(req.actor!, b.ClientKind, id), 'Usuario creado');
  });

  app.put(`${BASE}/action/update`, { config, ...clientKindGate('Editar'), schema: { tags, summary: 'Editar un usuario (reemplaza todos los campos)', body: UsersUpdateBody, response: { 200: answer(UserDetail) } } }, async (req) => {
    const b = req.body;
    await db.transaction((tx) => (b.ClientKind === 'techfar' ? staff.updateStaff(tx, req.actor!, b) : businesses.updateBusinessUser(tx, req.actor!, b)));
    return ok(await detail(req.actor!, b.ClientKind, b.Id), 'Usuario actualizado');
  });

  const act = (actor: Actor, kind: UserClientKind, action: z.infer<typeof UsersBulkBody>['Action'], ids: string[]) =>
    db.transaction((tx) => (kind === 'techfar' ? staff.staffActions(tx, actor, action, ids) : businesses.businessUserActions(tx, actor, action, ids)));

  app.post(`${BASE}/action/delete`, { config, ...clientKindGate('Borrar'), schema: { tags, summary: 'Eliminar un usuario (nadie se elimina a sí mismo)', body: UsersIdBody, response: { 200: answer(z.null()) } } }, async (req) => {
    await act(req.actor!, req.body.ClientKind, 'borrar', [req.body.Id]);
    return ok(null, 'Usuario eliminado');
  });

  app.post(
    `${BASE}/action/bulk-action`,
    { config, ...clientKindGate((b) => (b.Action === 'borrar' ? 'Borrar' : 'Desactivar')), schema: { tags, summary: 'Activar, desactivar, bloquear, desbloquear o borrar usuarios (todos o ninguno)', body: UsersBulkBody, response: { 200: answer(BulkResult) } } },
    async (req) => ok({ Affected: await act(req.actor!, req.body.ClientKind, req.body.Action, req.body.Ids) }),
  );

  app.post(
    `${BASE}/action/upload-image`,
    {
      config,
      ...clientKindGate('Editar', { only: 'techfar', from: 'query' }),
      schema: { tags, summary: 'Foto de un usuario administrador (solo techfar; multipart, campo file; ≤ 2 MB; .jpg .jpeg .png .svg)', consumes: ['multipart/form-data'], querystring: UploadImageQuery, response: { 200: answer(AdminUserDetail) } },
    },
    async (req) => {
      const upload = await readSingleUpload(req, IMAGE_MAX_BYTES, imageSize);
      const { mediaType, content } = await checkImage(upload.filename, upload.content);
      await db.transaction((tx) => staff.setStaffPhoto(tx, req.actor!, req.query.Id, { name: upload.filename, mediaType, content }));
      return ok(await staff.getStaff(db, req.query.Id), 'Foto actualizada');
    },
  );

  app.get(`${BASE}/photo/:id`, { config: { access: { menu: '/user/techfar', permission: 'Ver' } }, schema: { tags, summary: 'Foto de perfil de un usuario administrador (ProfilePhotoUrl)', params: z.object({ id: Uuid }) } }, async (req, reply) => {
    const file = await staff.staffPhoto(db, req.params.id);
    // An SVG is served sandboxed so that a crafted one cannot run in our origin.
    return reply.header('content-type', file.v_media_type).header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox").header('cache-control', 'private, max-age=60').header('x-content-type-options', 'nosniff').send(file.b_content);
  });
  // Before a business registers a cardholder, it checks whether the e-mail already belongs to a
  // person in the product. Only staff and businesses may ask (an open check would reveal accounts).
  app.post('/api/v1/profiles/cardholders/query/validate-exists', { config: { access: 'authenticated' }, schema: { tags, summary: 'Indica si un correo ya pertenece a una persona registrada (alta de tarjetahabientes)', body: z.object({ Email: EmailField }), response: { 200: answer(z.object({ Email: z.string(), Exists: z.boolean() })) } } }, async (req) => {
    const actor = req.actor!;
    if (actor.kind === 'WAL') throw forbidden();
    authorise(actor, actor.kind === 'FAR' ? { menu: '/user/business', permission: 'Ver' } : { menu: '/profile', permission: 'Ver' });
    return ok({ Email: req.body.Email, Exists: !!(await users.findUserByEmail(db, req.body.Email)) });
  });
};
