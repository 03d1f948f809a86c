import {
  CmsFile,
  ContentBody,
  ContentBulkBody,
  ContentBulkResult,
  ContentItem,
  ContentListQuery,
  ContentReorderBody,
  ContentTypeBody,
  ContentTypeItem,
  ContentUpdateBody,
  ContentVersion,
  HelpContent,
  LegalAcceptBody,
  LegalAcceptance,
  PendingLegal,
  Uuid,
  answer,
  pageOf,
} from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../platform/context';
import { actorOf, alsoRequire } from '../../platform/guard';
import { ok } from '../../platform/reply';
import { readSingleUpload } from '../../platform/upload';
import { IMAGE_MAX_BYTES } from '../files';
import * as contents from './contents';
import * as types from './content-types';
import * as files from './files';
import * as readers from './readers';

/**
 * Who may call what. One table, so the per-client-kind access shape can replace it mechanically:
 *
 * | route                                         | FAR            | BUS                  | WAL                  |
 * |-----------------------------------------------|----------------|----------------------|----------------------|
 * | POST   /api/cms/content-type                  | /cms Agregar   | —                    | —                    |
 * | GET    /api/cms/content-type/getall           | /cms Ver       | —                    | —                    |
 * | GET    /api/cms/content-type/{uid}            | /cms Ver       | —                    | —                    |
 * | PUT    /api/cms/content-type/{uid}            | /cms Editar    | —                    | —                    |
 * | DELETE /api/cms/content-type/{uid}            | /cms Borrar    | —                    | —                    |
 * | POST   /api/cms/content                       | /cms Agregar   | —                    | —                    |
 * | GET    /api/cms/content/getall                | /cms Ver       | —                    | —                    |
 * | GET    /api/cms/content/{uid}                 | /cms Ver       | —                    | —                    |
 * | PUT    /api/cms/content/{uid}                 | /cms Editar    | —                    | —                    |
 * | POST   /api/cms/content/{uid}   (delete)      | /cms Borrar    | —                    | —                    |
 * | POST   /api/cms/content/bulk-action           | /cms Editar (+ Borrar for 'borrar') | — | —                   |
 * | POST   /api/cms/content/reorder               | /cms Editar    | —                    | —                    |
 * | GET    /api/cms/content/{uid}/versions        | /cms Ver       | —                    | —                    |
 * | POST   /api/cms/content/{uid}/versions/{v}/restore | /cms Editar | —                  | —                    |
 * | POST   /api/cms/files                         | /cms Agregar   | —                    | —                    |
 * | POST   /api/cms/files/{uid}                   | /cms Editar    | —                    | —                    |
 * | GET    /api/cms/files/{uid}                   | public (only CMS images, for <img src>)              |
 * | GET    /api/cms/help                          | — (403)        | /help Ver (own)      | signed in (own)      |
 * | GET    /api/cms/legal/signup                  | public (the wallet's published legal texts, read at sign-up) |
 * | GET    /api/cms/legal/pending                 | signed in (empty list) | signed in    | signed in            |
 * | POST   /api/cms/legal/{uid}/accept            | — (403)        | signed in            | signed in            |
 *
 * The same table is the ACCESS object below; docs/access.md lists it with every other route.
 */
const CMS = '/cms';
const ACCESS = {
  typeCreate: { FAR: { menu: CMS, permission: 'Agregar' } },
  typeList: { FAR: { menu: CMS, permission: 'Ver' } },
  typeGet: { FAR: { menu: CMS, permission: 'Ver' } },
  typeUpdate: { FAR: { menu: CMS, permission: 'Editar' } },
  typeDelete: { FAR: { menu: CMS, permission: 'Borrar' } },
  contentCreate: { FAR: { menu: CMS, permission: 'Agregar' } },
  contentList: { FAR: { menu: CMS, permission: 'Ver' } },
  contentGet: { FAR: { menu: CMS, permission: 'Ver' } },
  contentUpdate: { FAR: { menu: CMS, permission: 'Editar' } },
  contentDelete: { FAR: { menu: CMS, permission: 'Borrar' } },
  contentBulk: {
    FAR: [
      { menu: CMS, permission: 'Editar' },
      { menu: CMS, permission: 'Borrar' },
    ],
    note: "FAR: Editar, and Borrar for the action 'borrar'",
  },
  contentReorder: { FAR: { menu: CMS, permission: 'Editar' } },
  versionList: { FAR: { menu: CMS, permission: 'Ver' } },
  versionRestore: { FAR: { menu: CMS, permission: 'Editar' } },
  fileUpload: { FAR: { menu: CMS, permission: 'Agregar' } },
  fileReplace: { FAR: { menu: CMS, permission: 'Editar' } },
  fileServe: 'public',
  help: { BUS: { menu: '/help', permission: 'Ver' }, WAL: 'any', note: 'each reader gets the published content of their own section' },
  legalSignup: 'public',
  legalPending: 'authenticated',
  legalAccept: { BUS: 'any', WAL: 'any' },
} as const satisfies Record<string, Access>;

const tags = ['Contenido'];
const UidParams = z.object({ uid: Uuid });
const SIZE_MESSAGE = 'No debe pesar más de 2MB';

export const cmsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  // ---- Content types ----
  app.post(
    '/api/cms/content-type',
    {
      config: { access: ACCESS.typeCreate },
      schema: {
        tags,
        summary: 'Crear un tipo de contenido (t_json: JSON del formulario)',
        body: ContentTypeBody,
        response: { 200: answer(ContentTypeItem) },
      },
    },
    async (req) => ok(await db.transaction((tx) => types.createType(tx, actorOf(req), req.body)), 'Tipo de contenido creado'),
  );
  app.get(
    '/api/cms/content-type/getall',
    { config: { access: ACCESS.typeList }, schema: { tags, summary: 'Tipos de contenido', response: { 200: answer(z.array(ContentTypeItem)) } } },
    async () => ok(await types.listTypes(db)),
  );
  app.get(
    '/api/cms/content-type/:uid',
    { config: { access: ACCESS.typeGet }, schema: { tags, summary: 'Un tipo de contenido', params: UidParams, response: { 200: answer(ContentTypeItem) } } },
    async (req) => ok(await types.getType(db, req.params.uid)),
  );
  app.put(
    '/api/cms/content-type/:uid',
    {
      config: { access: ACCESS.typeUpdate },
      schema: { tags, summary: 'Editar un tipo de contenido', params: UidParams, body: ContentTypeBody, response: { 200: answer(ContentTypeItem) } },
    },
    async (req) => ok(await db.transaction((tx) => types.updateType(tx, actorOf(req), req.params.uid, req.body)), 'Tipo de contenido actualizado'),
  );
  app.delete(
    '/api/cms/content-type/:uid',
    {
      config: { access: ACCESS.typeDelete },
      schema: { tags, summary: 'Eliminar un tipo de contenido sin contenidos', params: UidParams, response: { 200: answer(z.null()) } },
    },
    async (req) => {
      await db.transaction((tx) => types.deleteType(tx, actorOf(req), req.params.uid));
      return ok(null, 'Tipo de contenido eliminado');
    },
  );

  // ---- Contents ----
  app.post(
    '/api/cms/content',
    {
      config: { access: ACCESS.contentCreate },
      schema: { tags, summary: 'Crear un contenido (t_json: valores del formulario de su tipo)', body: ContentBody, response: { 200: answer(ContentItem) } },
    },
    async (req) => ok(await db.transaction((tx) => contents.createContent(tx, actorOf(req), req.body)), 'Contenido creado'),
  );
  app.get(
    '/api/cms/content/getall',
    {
      config: { access: ACCESS.contentList },
      schema: {
        tags,
        summary: 'Contenidos (filtros Section, ContentTypeId, Status, Search)',
        querystring: ContentListQuery,
        response: { 200: answer(pageOf(ContentItem)) },
      },
    },
    async (req) => ok(await contents.listContents(db, req.query)),
  );
  app.post(
    '/api/cms/content/bulk-action',
    {
      config: { access: ACCESS.contentBulk },
      schema: {
        tags,
        summary: 'Publicar, despublicar, borrador, borrar, bloquear o desbloquear varios',
        body: ContentBulkBody,
        response: { 200: answer(ContentBulkResult) },
      },
    },
    async (req) => {
      alsoRequire(actorOf(req), { FAR: { menu: CMS, permission: req.body.Action === 'borrar' ? 'Borrar' : 'Editar' } });
      const updated = await db.transaction((tx) => contents.bulkAction(tx, actorOf(req), req.body.Action, req.body.Ids));
      return ok({ Updated: updated }, 'Acción aplicada');
    },
  );
  app.post(
    '/api/cms/content/reorder',
    {
      config: { access: ACCESS.contentReorder },
      schema: { tags, summary: 'Nuevo orden (i_order) de los contenidos dados', body: ContentReorderBody, response: { 200: answer(z.null()) } },
    },
    async (req) => {
      await db.transaction((tx) => contents.reorder(tx, actorOf(req), req.body.Ids));
      return ok(null, 'Orden actualizado');
    },
  );
  app.get(
    '/api/cms/content/:uid',
    { config: { access: ACCESS.contentGet }, schema: { tags, summary: 'Un contenido', params: UidParams, response: { 200: answer(ContentItem) } } },
    async (req) => ok(await contents.getContent(db, req.params.uid)),
  );
  app.put(
    '/api/cms/content/:uid',
    {
      config: { access: ACCESS.contentUpdate },
      schema: {
        tags,
        summary: 'Editar un contenido (guarda una versión nueva)',
        params: UidParams,
        body: ContentUpdateBody,
        response: { 200: answer(ContentItem) },
      },
    },
    async (req) => ok(await db.transaction((tx) => contents.updateContent(tx, actorOf(req), req.params.uid, req.body)), 'Contenido actualizado'),
  );
  app.post(
    '/api/cms/content/:uid',
    { config: { access: ACCESS.contentDelete }, schema: { tags, summary: 'Eliminar un contenido', params: UidParams, response: { 200: answer(z.null()) } } },
    async (req) => {
      await db.transaction((tx) => contents.deleteContent(tx, actorOf(req), req.params.uid));
      return ok(null, 'Contenido eliminado');
    },
  );
  app.get(
    '/api/cms/content/:uid/versions',
    {
      config: { access: ACCESS.versionList },
      schema: { tags, summary: 'Historial de versiones', params: UidParams, response: { 200: answer(z.array(ContentVersion)) } },
    },
    async (req) => ok(await contents.listVersions(db, req.params.uid)),
  );
  app.post(
    '/api/cms/content/:uid/versions/:version/restore',
    {
      config: { access: ACCESS.versionRestore },
      schema: {
        tags,
        summary: 'Restaurar una versión (se guarda como versión nueva)',
        params: UidParams.extend({ version: z.coerce.number().int().min(1, 'Versión no válida') }),
        response: { 200: answer(ContentItem) },
      },
    },
    async (req) => ok(await db.transaction((tx) => contents.restoreVersion(tx, actorOf(req), req.params.uid, req.params.version)), 'Versión restaurada'),
  );

  // ---- Files ----
  app.post(
    '/api/cms/files',
    {
      config: { access: ACCESS.fileUpload },
      schema: {
        tags,
        summary: 'Subir una imagen (multipart, campo file; ≤ 2 MB; .jpg .jpeg .png .svg)',
        consumes: ['multipart/form-data'],
        response: { 200: answer(CmsFile) },
      },
    },
    async (req) => {
      const upload = await readSingleUpload(req, IMAGE_MAX_BYTES, SIZE_MESSAGE);
      return ok(await db.transaction((tx) => files.uploadFile(tx, actorOf(req), upload)), 'Archivo cargado');
    },
  );
  app.post(
    '/api/cms/files/:uid',
    {
      config: { access: ACCESS.fileReplace },
      schema: { tags, summary: 'Reemplazar una imagen (misma URL)', params: UidParams, consumes: ['multipart/form-data'], response: { 200: answer(CmsFile) } },
    },
    async (req) => {
      const upload = await readSingleUpload(req, IMAGE_MAX_BYTES, SIZE_MESSAGE);
      return ok(await db.transaction((tx) => files.replaceCmsFile(tx, actorOf(req), req.params.uid, upload)), 'Archivo reemplazado');
    },
  );
  app.get(
    '/api/cms/files/:uid',
    { config: { access: ACCESS.fileServe }, schema: { tags, summary: 'Una imagen del CMS, con su tipo y caché', params: UidParams } },
    async (req, reply) => {
      const file = await files.readCmsFile(db, req.params.uid);
      const etag = `"${file.v_sha256}"`;
      void reply
        .header('Cache-Control', 'public, max-age=300, must-revalidate')
        .header('ETag', etag)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(file.v_media_type).send(file.b_content);
    },
  );

  // ---- Readers ----
  app.get(
    '/api/cms/help',
    {
      config: { access: ACCESS.help },
      schema: { tags, summary: 'Ayuda: contenidos publicados de la sección de quien llama', response: { 200: answer(z.array(HelpContent)) } },
    },
    async (req) => {
      return ok(await readers.helpContents(db, actorOf(req)));
    },
  );
  app.get(
    '/api/cms/legal/signup',
    {
      config: { access: ACCESS.legalSignup },
      schema: { tags, summary: 'Textos legales de Wallet publicados, que se aceptan al crear la cuenta', response: { 200: answer(z.array(PendingLegal)) } },
    },
    async () => ok(await readers.signupLegal(db)),
  );
  app.get(
    '/api/cms/legal/pending',
    {
      config: { access: ACCESS.legalPending },
      schema: { tags, summary: 'Textos legales nuevos que quien llama debe aceptar', response: { 200: answer(z.array(PendingLegal)) } },
    },
    async (req) => ok(await readers.pendingLegal(db, actorOf(req))),
  );
  app.post(
    '/api/cms/legal/:uid/accept',
    {
      config: { access: ACCESS.legalAccept },
      schema: { tags, summary: 'Aceptar una versión de un texto legal', params: UidParams, body: LegalAcceptBody, response: { 200: answer(LegalAcceptance) } },
    },
    async (req) => ok(await db.transaction((tx) => readers.acceptLegal(tx, actorOf(req), req.params.uid, req.body.i_version, req.ip)), 'Texto legal aceptado'),
  );
};
