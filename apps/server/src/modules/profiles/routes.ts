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
  pageOf,
  type UserClientKind,
  Uuid,
} from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor, RouteAccess } from '../../platform/context';
import { actorOf, alsoRequire } from '../../platform/guard';
import { ok } from '../../platform/reply';
import { readSingleUpload } from '../../platform/upload';
import * as businesses from '../businesses';
import { cardholderEmailExists } from '../cards';
import { IMAGE_MAX_BYTES, checkImage } from '../files';
import * as staff from '../staff';
import * as users from '../users';

const tags = ['Usuarios'];
const BASE = '/api/v1/profiles/users';

type Op = 'Ver' | 'Agregar' | 'Editar' | 'Borrar' | 'Desactivar';
const TECHFAR = '/user/techfar';
const BUSINESS = '/user/business';
const techfar = (...ops: Op[]) => ({ FAR: ops.map((permission) => ({ menu: TECHFAR, permission })) });
/** Staff on the business screen, or a business admin on their own profile (only Ver and Editar there). */
const business = (...ops: Op[]) =>
  ({ FAR: ops.map((permission) => ({ menu: BUSINESS, permission })), BUS: { menu: '/profile', permission: ops.includes('Ver') ? 'Ver' : 'Editar' } }) as const;

/**
 * The access depends on the body field ClientKind: an unsupported one fails at once with
 * 'Parametro no válido' (nothing is read or written), then the caller's permission for that kind
 * is checked. `only` limits the call to one kind; `from` reads the field from the query.
 */
const byKind = (ops: Op[], opts: { only?: UserClientKind; from?: 'body' | 'query'; note?: string } = {}): { access: RouteAccess } => ({
  access: {
    by: {
      field: 'ClientKind',
      in: opts.from ?? 'body',
      cases: opts.only === 'techfar' ? { techfar: techfar(...ops) } : { techfar: techfar(...ops), business: business(...ops) },
    },
    ...(opts.note ? { note: opts.note } : {}),
  },
});

const imageSize = `No debe pesar más de ${IMAGE_MAX_MB}MB`;

/** /api/v1/profiles/users/*: one set of calls, per client kind (body field ClientKind). */
export const profileUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const detail = (actor: Actor, kind: UserClientKind, id: string) => (kind === 'techfar' ? staff.getStaff(db, id) : businesses.getBusinessUser(db, actor, id));

  app.post(
    `${BASE}/query/list`,
    {
      config: byKind(['Ver']),
      schema: {
        tags,
        summary: 'Usuarios por tipo de cliente (techfar o business): búsqueda, estatus y paginación',
        body: UsersListBody,
        response: { 200: answer(pageOf(UserListItem)) },
      },
    },
    async (req) => {
      const b = req.body;
      return ok(b.ClientKind === 'techfar' ? await staff.listStaff(db, b) : await businesses.listBusinessUsers(db, actorOf(req), b));
    },
  );

  app.post(
    `${BASE}/query/list/blocked`,
    {
      config: byKind(['Ver'], { only: 'techfar' }),
      schema: { tags, summary: 'Usuarios administradores bloqueados (solo techfar)', body: UsersBlockedBody, response: { 200: answer(pageOf(UserListItem)) } },
    },
    async (req) => ok(await staff.listStaff(db, { ...req.body, blockedOnly: true })),
  );

  app.post(
    `${BASE}/query/getbyid`,
    { config: byKind(['Ver']), schema: { tags, summary: 'Detalle de un usuario', body: UsersIdBody, response: { 200: answer(UserDetail) } } },
    async (req) => ok(await detail(actorOf(req), req.body.ClientKind, req.body.Id)),
  );

  app.post(
    `${BASE}/query/getbyemail`,
    { config: byKind(['Ver']), schema: { tags, summary: 'Detalle de un usuario por su correo', body: UsersEmailBody, response: { 200: answer(UserDetail) } } },
    async (req) => {
      const { ClientKind, Email } = req.body;
      return ok(ClientKind === 'techfar' ? await staff.getStaffByEmail(db, Email) : await businesses.getBusinessUserByEmail(db, actorOf(req), Email));
    },
  );

  app.post(
    `${BASE}/action/create`,
    {
      config: byKind(['Agregar']),
      schema: { tags, summary: 'Alta de usuario con contraseña temporal por correo', body: UsersCreateBody, response: { 200: answer(UserDetail) } },
    },
    async (req) => {
      const b = req.body;
      const id = await db.transaction((tx) =>
        b.ClientKind === 'techfar' ? staff.createStaff(tx, actorOf(req), b) : businesses.createBusinessUser(tx, actorOf(req), b),
      );
      return ok(await detail(actorOf(req), b.ClientKind, id), 'Usuario creado');
    },
  );

  app.put(
    `${BASE}/action/update`,
    {
      config: byKind(['Editar']),
      schema: { tags, summary: 'Editar un usuario (reemplaza todos los campos)', body: UsersUpdateBody, response: { 200: answer(UserDetail) } },
    },
    async (req) => {
      const b = req.body;
      await db.transaction((tx) => (b.ClientKind === 'techfar' ? staff.updateStaff(tx, actorOf(req), b) : businesses.updateBusinessUser(tx, actorOf(req), b)));
      return ok(await detail(actorOf(req), b.ClientKind, b.Id), 'Usuario actualizado');
    },
  );

  const act = (actor: Actor, kind: UserClientKind, action: z.infer<typeof UsersBulkBody>['Action'], ids: string[]) =>
    db.transaction((tx) => (kind === 'techfar' ? staff.staffActions(tx, actor, action, ids) : businesses.businessUserActions(tx, actor, action, ids)));

  app.post(
    `${BASE}/action/delete`,
    {
      config: byKind(['Borrar']),
      schema: { tags, summary: 'Eliminar un usuario (nadie se elimina a sí mismo)', body: UsersIdBody, response: { 200: answer(z.null()) } },
    },
    async (req) => {
      await act(actorOf(req), req.body.ClientKind, 'borrar', [req.body.Id]);
      return ok(null, 'Usuario eliminado');
    },
  );

  app.post(
    `${BASE}/action/bulk-action`,
    {
      config: byKind(['Desactivar', 'Borrar'], { note: "FAR: Borrar for the action 'borrar', Desactivar for the others" }),
      schema: {
        tags,
        summary: 'Activar, desactivar, bloquear, desbloquear o borrar usuarios (todos o ninguno)',
        body: UsersBulkBody,
        response: { 200: answer(BulkResult) },
      },
    },
    async (req) => {
      const { ClientKind, Action, Ids } = req.body;
      alsoRequire(actorOf(req), { FAR: { menu: ClientKind === 'techfar' ? TECHFAR : BUSINESS, permission: Action === 'borrar' ? 'Borrar' : 'Desactivar' } });
      return ok({ Affected: await act(actorOf(req), ClientKind, Action, Ids) });
    },
  );

  app.post(
    `${BASE}/action/upload-image`,
    {
      config: byKind(['Editar'], { only: 'techfar', from: 'query' }),
      schema: {
        tags,
        summary: 'Foto de un usuario administrador (solo techfar; multipart, campo file; ≤ 2 MB; .jpg .jpeg .png .svg)',
        consumes: ['multipart/form-data'],
        querystring: UploadImageQuery,
        response: { 200: answer(AdminUserDetail) },
      },
    },
    async (req) => {
      const upload = await readSingleUpload(req, IMAGE_MAX_BYTES, imageSize);
      const { mediaType, content } = await checkImage(upload.filename, upload.content);
      await db.transaction((tx) => staff.setStaffPhoto(tx, actorOf(req), req.query.Id, { name: upload.filename, mediaType, content }));
      return ok(await staff.getStaff(db, req.query.Id), 'Foto actualizada');
    },
  );

  app.get(
    `${BASE}/photo/:id`,
    {
      config: { access: { FAR: { menu: TECHFAR, permission: 'Ver' } } },
      schema: { tags, summary: 'Foto de perfil de un usuario administrador (ProfilePhotoUrl)', params: z.object({ id: Uuid }) },
    },
    async (req, reply) => {
      const file = await staff.staffPhoto(db, req.params.id);
      // An SVG is served sandboxed so that a crafted one cannot run in our origin.
      return reply
        .header('content-type', file.v_media_type)
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('cache-control', 'private, max-age=60')
        .header('x-content-type-options', 'nosniff')
        .send(file.b_content);
    },
  );
  // Before a business registers a cardholder, it checks whether the e-mail already belongs to a
  // person in the product. Only staff and businesses may ask (an open check would reveal accounts).
  app.post(
    '/api/v1/profiles/cardholders/query/validate-exists',
    {
      config: { access: business('Ver') },
      schema: {
        tags,
        summary: 'Indica si un correo ya pertenece a una persona registrada (alta de tarjetahabientes)',
        body: z.object({ Email: EmailField }),
        response: { 200: answer(z.object({ Email: z.string(), Exists: z.boolean() })) },
      },
    },
    async (req) => {
      return ok({ Email: req.body.Email, Exists: !!(await users.findUserByEmail(db, req.body.Email)) || (await cardholderEmailExists(db, req.body.Email)) });
    },
  );
};
