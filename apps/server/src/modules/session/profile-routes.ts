import { Me, UpdateMeBody, answer, statusName } from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/context';
import { actorOf } from '../../platform/guard';
import { listeners } from '../../platform/module';
import { iso, ok } from '../../platform/reply';
import type { Db, DbOrTx } from '../../db/client';
import { recordActivity } from '../audit';
import { checkImage, deleteFile, getFile, storeFile } from '../files';
import * as users from '../users';
import type { z } from 'zod';

/**
 * Rules other modules add to PUT /account/me (they know what session cannot import); each throws
 * to refuse. Businesses refuses last names and a birth date for a persona moral's users.
 */
export const profileRules = listeners<[db: DbOrTx, actor: Actor, body: z.output<typeof UpdateMeBody>]>('session.profileRules');

const tags = ['Perfil'];
const own = { access: 'authenticated' as const, temporaryPasswordOk: true };
const EDIT_PROFILE = { menu: '/profile', permission: 'Editar' } as const;
/** Every kind edits its own profile with Editar on /profile. */
const editOwn = { access: { FAR: EDIT_PROFILE, BUS: EDIT_PROFILE, WAL: EDIT_PROFILE } };

async function me(db: Db, actor: Actor): Promise<Me> {
  const u = (await users.getUser(db, actor.userId))!;
  return {
    v_uid: u.v_uid,
    v_client: u.v_client,
    kind: actor.kind,
    role: { v_uid: actor.roleId, v_name: actor.roleName },
    isSuper: actor.isSuper,
    status: { v_uid: u.v_uid_status, v_name: statusName(u.v_uid_status) ?? '' },
    v_names: u.v_names,
    v_last_name_1: u.v_last_name_1,
    v_last_name_2: u.v_last_name_2,
    v_email: u.v_email,
    v_email_alternative: u.v_email_alternative,
    v_cell_phone: u.v_cell_phone,
    v_phone_code: u.v_phone_code,
    v_phone: u.v_phone,
    d_birthdate_at: u.d_birthdate_at,
    v_curp: u.v_curp,
    v_rfc: u.v_rfc,
    v_ocuppation: u.v_ocuppation,
    hasPhoto: !!u.v_image,
    hasPin: !!u.v_pin_hash,
    b_must_change_password: u.b_must_change_password,
    d_create_at: iso(u.d_create_at)!,
    d_activation_at: iso(u.d_activation_at),
  };
}

/** The signed-in user's own profile: read, edit, photo. Password and PIN live in routes.ts. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get('/api/v1/account/me', { config: own, schema: { tags, summary: 'Mis datos', response: { 200: answer(Me) } } }, async (req) =>
    ok(await me(db, actorOf(req))),
  );

  app.put(
    '/api/v1/account/me',
    { config: editOwn, schema: { tags, summary: 'Editar mis datos', body: UpdateMeBody, response: { 200: answer(Me) } } },
    async (req) => {
      const b = req.body;
      const blank = (v: string | null | undefined) => (v === '' ? null : v);
      await profileRules(db, actorOf(req), b);
      await db.transaction(async (tx) => {
        await users.updateUser(tx, actorOf(req).userId, {
          v_names: b.v_names,
          v_last_name_1: blank(b.v_last_name_1),
          v_last_name_2: blank(b.v_last_name_2),
          v_cell_phone: blank(b.v_cell_phone),
          v_phone_code: b.v_phone_code,
          v_phone: blank(b.v_phone),
          v_email_alternative: blank(b.v_email_alternative),
          v_ocuppation: blank(b.v_ocuppation),
          d_birthdate_at: blank(b.d_birthdate_at),
        });
        await recordActivity(tx, { actor: actorOf(req), section: 'Perfil', action: 'Editar', activity: 'Actualizó sus datos de perfil' });
      });
      return ok(await me(db, actorOf(req)), 'Perfil actualizado');
    },
  );

  // Like the rest of the profile, changing the photo needs Editar on /profile.
  app.post(
    '/api/v1/account/me/photo',
    {
      config: editOwn,
      schema: {
        tags,
        summary: 'Subir mi foto (multipart, campo file; ≤ 2 MB; .jpg .jpeg .png .svg)',
        consumes: ['multipart/form-data'],
        response: { 200: answer(Me) },
      },
    },
    async (req) => {
      const part = await req.file({ limits: { fileSize: 2 * 1024 * 1024 + 1, files: 1 } });
      // The photo travels in the field `file`; a file under any other name is not it.
      if (part && part.fieldname !== 'file') part.file.resume();
      if (!part || part.fieldname !== 'file')
        throw new AppError('VALIDATION', 'Este campo es requerido', { errors: [{ field: 'file', key: 'required', message: 'Este campo es requerido' }] });
      const uploaded = await part.toBuffer().catch(() => {
        throw new AppError('VALIDATION', 'No debe pesar más de 2MB', { errors: [{ field: 'file', key: 'fileSize', message: 'No debe pesar más de 2MB' }] });
      });
      if (part.file.truncated)
        throw new AppError('VALIDATION', 'No debe pesar más de 2MB', { errors: [{ field: 'file', key: 'fileSize', message: 'No debe pesar más de 2MB' }] });
      const { mediaType, content } = await checkImage(part.filename, uploaded);
      await db.transaction(async (tx) => {
        const user = (await users.getUser(tx, actorOf(req).userId, { forUpdate: true }))!;
        const uid = await storeFile(tx, { name: part.filename, mediaType, content, ownerId: user.v_uid, client: user.v_client });
        await users.updateUser(tx, user.v_uid, { v_image: uid });
        if (user.v_image) await deleteFile(tx, user.v_image);
        await recordActivity(tx, { actor: actorOf(req), section: 'Perfil', action: 'Editar', activity: 'Actualizó su foto de perfil' });
      });
      return ok(await me(db, actorOf(req)), 'Foto actualizada');
    },
  );

  app.get('/api/v1/account/me/photo', { config: own, schema: { tags, summary: 'Mi foto de perfil' } }, async (req, reply) => {
    const user = (await users.getUser(db, actorOf(req).userId))!;
    const file = user.v_image ? await getFile(db, user.v_image) : undefined;
    if (!file) throw new AppError('NOT_FOUND', 'No tienes foto de perfil');
    // SVGs are served as attachments-in-a-sandbox so a crafted one cannot run in our origin.
    return reply
      .header('content-type', file.v_media_type)
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('cache-control', 'private, max-age=60')
      .send(file.b_content);
  });
};
