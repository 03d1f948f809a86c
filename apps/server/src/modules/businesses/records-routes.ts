import {
  AccountGroup,
  AccountGroupCreateBody,
  AccountGroupUpdateBody,
  BusinessDocument,
  BusinessScopeQuery,
  DocumentUpdateBody,
  LegalRepresentative,
  LegalRepresentativeCreateBody,
  LegalRepresentativeUpdateBody,
  answer,
  Uuid,
} from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteAccess } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { actorOf } from '../../platform/guard';
import { ok } from '../../platform/reply';
import { readSingleUpload } from '../../platform/upload';
import { checkPdf, PDF_MAX_BYTES } from '../files';
import * as records from './records';

// Staff through Cuentas Business; a business user on its own profile (where only Ver and Editar
// exist) or, for account groups, the account registration screen. The service resolves the tenant.
type Op = 'Ver' | 'Agregar' | 'Editar' | 'Borrar';
const record = (op: Op): { access: RouteAccess } => ({
  access: { FAR: { menu: '/user/business', permission: op }, BUS: { menu: '/profile', permission: op === 'Ver' ? 'Ver' : 'Editar' } },
});
const groups = (op: Op): { access: RouteAccess } => ({
  access: { FAR: { menu: '/user/business', permission: op }, BUS: { menu: '/account', permission: op } },
});
const IdParam = z.object({ id: Uuid });

/** Legal representative, documents and account groups of a business ("Other services"). */
export const businessRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  let tags = ['Representante legal'];
  app.post(
    '/api/v1/legal-representative',
    {
      config: record('Agregar'),
      schema: {
        tags,
        summary: 'Registrar el representante legal de una persona moral',
        body: LegalRepresentativeCreateBody,
        response: { 200: answer(LegalRepresentative) },
      },
    },
    async (req) => ok(await db.transaction((tx) => records.createLegalRepresentative(tx, actorOf(req), req.body)), 'Representante legal registrado'),
  );
  app.get(
    '/api/v1/legal-representative/:id',
    {
      config: record('Ver'),
      schema: { tags, summary: 'Representante legal (id del registro o de la empresa)', params: IdParam, response: { 200: answer(LegalRepresentative) } },
    },
    async (req) => ok(await records.getLegalRepresentative(db, actorOf(req), req.params.id)),
  );
  app.put(
    '/api/v1/legal-representative/:id',
    {
      config: record('Editar'),
      schema: {
        tags,
        summary: 'Editar el representante legal (id del registro o de la empresa)',
        params: IdParam,
        body: LegalRepresentativeUpdateBody,
        response: { 200: answer(LegalRepresentative) },
      },
    },
    async (req) =>
      ok(await db.transaction((tx) => records.updateLegalRepresentative(tx, actorOf(req), req.params.id, req.body)), 'Representante legal actualizado'),
  );

  tags = ['Documentos'];
  app.post(
    '/api/v1/document',
    {
      config: record('Agregar'),
      schema: {
        tags,
        summary: 'Cargar un documento PDF (multipart: v_uid_business, v_name y file; ≤ 10 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: answer(BusinessDocument) },
      },
    },
    async (req) => {
      const upload = await readSingleUpload(req, PDF_MAX_BYTES, 'No debe pesar más de 10MB');
      checkPdf(upload.filename, upload.content);
      const name = (upload.fields.v_name ?? '').trim();
      if (!name || name.length > 100) {
        const message = name ? 'Debe contener máximo 100 caracteres' : 'Este campo es requerido';
        throw new AppError('VALIDATION', message, { errors: [{ field: 'v_name', key: name ? 'maxlength' : 'required', message }] });
      }
      const businessId = upload.fields.v_uid_business?.trim() || undefined;
      if (businessId && !z.uuid().safeParse(businessId).success)
        throw new AppError('VALIDATION', 'Identificador no válido', { errors: [{ field: 'v_uid_business', key: 'uuid', message: 'Identificador no válido' }] });
      return ok(
        await db.transaction((tx) => records.uploadDocument(tx, actorOf(req), { businessId, name, fileName: upload.filename, content: upload.content })),
        'Documento cargado',
      );
    },
  );
  app.get(
    '/api/v1/document',
    {
      config: record('Ver'),
      schema: { tags, summary: 'Documentos de una empresa', querystring: BusinessScopeQuery, response: { 200: answer(z.array(BusinessDocument)) } },
    },
    async (req) => ok(await records.listDocuments(db, actorOf(req), req.query.v_uid_business)),
  );
  app.get(
    '/api/v1/document/:id',
    { config: record('Ver'), schema: { tags, summary: 'Un documento', params: IdParam, response: { 200: answer(BusinessDocument) } } },
    async (req) => ok(await records.getDocument(db, actorOf(req), req.params.id)),
  );
  app.get(
    '/api/v1/document/:id/file',
    { config: record('Ver'), schema: { tags, summary: 'Descargar el PDF de un documento', params: IdParam } },
    async (req, reply) => {
      const file = await records.documentFile(db, actorOf(req), req.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.v_name)}`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.b_content);
    },
  );
  app.put(
    '/api/v1/document/:id',
    {
      config: record('Editar'),
      schema: {
        tags,
        summary: 'Revisar (activo o rechazado con comentario; solo personal FAR) o renombrar un documento',
        params: IdParam,
        body: DocumentUpdateBody,
        response: { 200: answer(BusinessDocument) },
      },
    },
    async (req) => ok(await db.transaction((tx) => records.updateDocument(tx, actorOf(req), req.params.id, req.body)), 'Documento actualizado'),
  );
  app.post(
    '/api/v1/document/delete/:id',
    { config: record('Borrar'), schema: { tags, summary: 'Eliminar un documento no aprobado', params: IdParam, response: { 200: answer(z.null()) } } },
    async (req) => {
      await db.transaction((tx) => records.deleteDocument(tx, actorOf(req), req.params.id));
      return ok(null, 'Documento eliminado');
    },
  );

  tags = ['Grupos de cuentas'];
  app.get(
    '/api/v1/account-group',
    {
      config: groups('Ver'),
      schema: { tags, summary: 'Grupos de cuentas de una empresa', querystring: BusinessScopeQuery, response: { 200: answer(z.array(AccountGroup)) } },
    },
    async (req) => ok(await records.listAccountGroups(db, actorOf(req), req.query.v_uid_business)),
  );
  app.post(
    '/api/v1/account-group',
    {
      config: groups('Agregar'),
      schema: { tags, summary: 'Crear un grupo de cuentas', body: AccountGroupCreateBody, response: { 200: answer(AccountGroup) } },
    },
    async (req) => ok(await db.transaction((tx) => records.createAccountGroup(tx, actorOf(req), req.body)), 'Grupo creado'),
  );
  app.get(
    '/api/v1/account-group/:id',
    { config: groups('Ver'), schema: { tags, summary: 'Un grupo de cuentas', params: IdParam, response: { 200: answer(AccountGroup) } } },
    async (req) => ok(await records.getAccountGroup(db, actorOf(req), req.params.id)),
  );
  app.put(
    '/api/v1/account-group/:id',
    {
      config: groups('Editar'),
      schema: { tags, summary: 'Editar un grupo de cuentas', params: IdParam, body: AccountGroupUpdateBody, response: { 200: answer(AccountGroup) } },
    },
    async (req) => ok(await db.transaction((tx) => records.updateAccountGroup(tx, actorOf(req), req.params.id, req.body)), 'Grupo actualizado'),
  );
  app.post(
    '/api/v1/account-group/:id',
    { config: groups('Borrar'), schema: { tags, summary: 'Eliminar un grupo de cuentas', params: IdParam, response: { 200: answer(z.null()) } } },
    async (req) => {
      await db.transaction((tx) => records.deleteAccountGroup(tx, actorOf(req), req.params.id));
      return ok(null, 'Grupo eliminado');
    },
  );
};
