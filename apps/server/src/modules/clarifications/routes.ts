import {
  CLARIFICATION_LIMITS,
  CLARIFICATION_TYPES,
  Clarification,
  ClarificationAddBody,
  ClarificationFollowUp,
  ClarificationFollowUpBody,
  ClarificationListBody,
  ClarificationPage,
  ClarificationTypeOut,
  ClarificationUidParams,
  ClarificationUpdateBody,
  REQUIRED,
  Uuid,
  answer,
  type ClarificationOut,
} from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteAccess } from '../../platform/context';
import { fieldError } from '../../platform/errors';
import { writeExport, type ExportColumn } from '../../platform/export';
import { actorOf } from '../../platform/guard';
import { toPage } from '../../platform/paging';
import { ok } from '../../platform/reply';
import { readSingleUpload } from '../../platform/upload';
import { checkDocument, PDF_MAX_BYTES } from '../files';
import { mexicoDate } from '../../platform/mexico-time';
import * as svc from './service';

const tags = ['Aclaraciones'];
const base = '/api/v1/clarifications';
const MENU = svc.MENU;
type Op = 'Ver' | 'Agregar' | 'Editar' | 'Borrar';
/** Staff grants, and the client grants that businesses and wallet users share (each reaches only its own cases). */
const at = (staff: Op[], client: Op[], note?: string): { access: RouteAccess } => {
  const grants = (ops: Op[]) => ops.map((permission) => ({ menu: MENU, permission }));
  return { access: { FAR: grants(staff), BUS: grants(client), WAL: grants(client), ...(note ? { note } : {}) } };
};
const READ = at(['Ver'], ['Ver']);
const FollowUpAttachmentParams = z.object({ uid: Uuid });
/** The CSV of the queue refuses more than this many cases (the Reportes screen streams larger sets). */
const CSV_MAX = 50_000;

export const CSV_COLUMNS: ExportColumn<ClarificationOut>[] = [
  { header: 'Folio', kind: 'id', value: (r) => r.v_num_sheet },
  { header: 'Fecha', kind: 'datetime', value: (r) => r.d_create_at },
  { header: 'Cliente', kind: 'id', value: (r) => r.v_client },
  { header: 'Empresa', kind: 'text', value: (r) => r.ClientName },
  { header: 'Abrió', kind: 'text', value: (r) => r.OpenedBy },
  { header: 'Tipo', kind: 'text', value: (r) => r.TypeName },
  { header: 'Clave de rastreo', kind: 'id', value: (r) => r.v_key_tracing },
  { header: 'Estatus', kind: 'text', value: (r) => r.StatusName },
  { header: 'Atiende', kind: 'text', value: (r) => r.AssigneeName },
  { header: 'Fecha objetivo', kind: 'datetime', value: (r) => r.d_due_at },
  { header: 'Vencida', kind: 'text', value: (r) => (r.Overdue ? 'Sí' : 'No') },
  { header: 'Cerrada', kind: 'datetime', value: (r) => r.d_closed_at },
  { header: 'Calificación', kind: 'text', value: (r) => (r.n_calification === null ? '' : String(r.n_calification)) },
  { header: 'Comentario', kind: 'text', value: (r) => r.t_comment },
];

/** /api/v1/clarifications: the support cases of businesses and wallet users, and the staff queue. */
export const clarificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const now = () => app.ctx.now();

  app.post(
    `${base}/GetAll`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Aclaraciones (personal: todas, con filtros; empresa o usuario Wallet: las suyas)',
        body: ClarificationListBody,
        response: { 200: answer(ClarificationPage) },
      },
    },
    async (req) => {
      const { rows, total } = await svc.listClarifications(db, actorOf(req), req.body, now());
      return ok(toPage(rows, total, req.body));
    },
  );

  app.post(
    `${base}/csv`,
    { config: READ, schema: { tags, summary: `Aclaraciones en CSV con los filtros de la lista (máximo ${CSV_MAX})`, body: ClarificationListBody } },
    async (req, reply) => {
      const rows = await svc.clarificationsForExport(db, actorOf(req), req.body, now(), CSV_MAX);
      const file = await writeExport('csv', { baseName: `aclaraciones-${mexicoDate(now())}`, sheetName: 'Aclaraciones', columns: CSV_COLUMNS, rows });
      return reply.header('content-type', file.mediaType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.content);
    },
  );

  app.get(
    `${base}/clarificationstypes`,
    {
      config: READ,
      schema: { tags, summary: 'Tipos de aclaración con su tiempo objetivo (SLA) en horas', response: { 200: answer(z.array(ClarificationTypeOut)) } },
    },
    async () => ok(CLARIFICATION_TYPES.map((t) => ({ ...t }))),
  );

  app.post(
    `${base}/Add`,
    {
      config: at([], ['Agregar']),
      schema: {
        tags,
        summary: 'Abrir una aclaración (empresa o usuario Wallet); la clave de rastreo debe ser de uno de sus movimientos',
        body: ClarificationAddBody,
        response: { 200: answer(Clarification) },
      },
    },
    async (req) => ok(await db.transaction((tx) => svc.addClarification(tx, actorOf(req), req.body, now())), 'Aclaración registrada'),
  );

  app.get(
    `${base}/follow-up/attachment/:uid`,
    { config: READ, schema: { tags, summary: 'Descargar el archivo adjunto de un seguimiento', params: FollowUpAttachmentParams } },
    async (req, reply) => {
      const file = await svc.attachmentFor(db, actorOf(req), req.params.uid);
      return reply
        .header('content-type', file.v_media_type)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.v_name)}`)
        .header('cache-control', 'private, no-store')
        .send(file.b_content);
    },
  );

  app.get(
    `${base}/follow-up/:uid`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Seguimientos, cambios de estatus y calificación de una aclaración (uid de la aclaración)',
        params: ClarificationUidParams,
        response: { 200: answer(z.array(ClarificationFollowUp)) },
      },
    },
    async (req) => ok(await svc.listFollowUps(db, actorOf(req), req.params.uid)),
  );

  app.post(
    `${base}/follow-up`,
    {
      config: at(['Editar'], ['Agregar']),
      schema: {
        tags,
        summary: 'Agregar un seguimiento (personal o la empresa) a una aclaración abierta',
        body: ClarificationFollowUpBody,
        response: { 200: answer(ClarificationFollowUp) },
      },
    },
    async (req) =>
      ok(
        await db.transaction((tx) => svc.addFollowUp(tx, actorOf(req), { clarificationId: req.body.v_uid_clarification, comment: req.body.t_comment }, now())),
        'Seguimiento agregado',
      ),
  );

  app.post(
    `${base}/follow-up/attachment`,
    {
      config: at(['Editar'], ['Agregar']),
      schema: {
        tags,
        summary: 'Seguimiento con archivo (multipart: v_uid_clarification, t_comment opcional y file; PDF ≤ 10 MB o imagen .jpg .jpeg .png ≤ 2 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: answer(ClarificationFollowUp) },
      },
    },
    async (req) => {
      const upload = await readSingleUpload(req, PDF_MAX_BYTES, 'No debe pesar más de 10MB');
      const caseId = Uuid.safeParse(upload.fields.v_uid_clarification?.trim());
      if (!caseId.success) throw fieldError('v_uid_clarification', upload.fields.v_uid_clarification ? 'Identificador no válido' : REQUIRED);
      const comment = upload.fields.t_comment?.trim() || null;
      if (comment && comment.length > CLARIFICATION_LIMITS.comment)
        throw fieldError('t_comment', `Debe contener máximo ${CLARIFICATION_LIMITS.comment} caracteres`, 'maxlength');
      const checked = await checkDocument(upload.filename, upload.content);
      return ok(
        await db.transaction((tx) =>
          svc.addFollowUp(tx, actorOf(req), { clarificationId: caseId.data, comment, file: { name: upload.filename, ...checked } }, now()),
        ),
        'Seguimiento agregado',
      );
    },
  );

  app.get(
    `${base}/:uid`,
    { config: READ, schema: { tags, summary: 'Una aclaración', params: ClarificationUidParams, response: { 200: answer(Clarification) } } },
    async (req) => ok(await svc.getClarification(db, actorOf(req), req.params.uid, now())),
  );

  app.put(
    `${base}/:uid`,
    {
      config: at(
        ['Editar', 'Borrar'],
        ['Editar', 'Borrar'],
        "Editar to take, retype or move forward (staff) and to rate (the opener); Borrar for v_uid_status 'eliminado' (the delete)",
      ),
      schema: {
        tags,
        summary:
          "Actualizar una aclaración: tomarla, cambiar su estatus o tipo (personal), calificarla (quien la abrió, una vez cerrada); con estatus 'eliminado' es el borrado",
        params: ClarificationUidParams,
        body: ClarificationUpdateBody,
        response: { 200: answer(Clarification) },
      },
    },
    async (req) =>
      ok(
        await db.transaction((tx) => svc.updateClarification(tx, actorOf(req), req.params.uid, req.body, now())),
        req.body.v_uid_status === 'eliminado' ? 'Aclaración eliminada' : 'Aclaración actualizada',
      ),
  );
};
