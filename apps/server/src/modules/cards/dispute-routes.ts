/** /api/v1/cards/disputes: disputes of card purchases (issue 28 §3); staff work them beside the clarifications queue. */
import {
  Dispute,
  DisputeCreateBody,
  DisputeCreditBody,
  DisputeDetail,
  DisputeListBody,
  DisputeMoveBody,
  DisputeRefBody,
  BusinessScoped,
  DISPUTE_STATUSES,
  REQUIRED,
  Uuid,
  answer,
  pageOf,
  type Dispute as DisputeOut,
} from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteAccess } from '../../platform/context';
import { fieldError } from '../../platform/errors';
import { writeExport, type ExportColumn } from '../../platform/export';
import { actorOf } from '../../platform/guard';
import { mexicoDate } from '../../platform/mexico-time';
import { runMoney } from '../../platform/money-command';
import { toPage } from '../../platform/paging';
import { ok } from '../../platform/reply';
import { readSingleUpload } from '../../platform/upload';
import { checkDocument, PDF_MAX_BYTES } from '../files';
import * as svc from './disputes';
import { ACCOUNT, scopeOf } from './handlers';

const tags = ['Disputas de tarjetas'];
const base = '/api/v1/cards/disputes';
/** Staff work disputes from the clarifications queue's menu; a business from its cards (Alta de cuentas). */
const QUEUE = '/clarification';
type Op = 'Ver' | 'Agregar' | 'Editar';
const at = (staff: Op | null, business: Op | null, note?: string): { access: RouteAccess } => ({
  access: {
    ...(staff ? { FAR: { menu: QUEUE, permission: staff } } : {}),
    ...(business ? { BUS: { menu: ACCOUNT, permission: business } } : {}),
    ...(note ? { note } : {}),
  },
});
const READ = at('Ver', 'Ver');
/** Money of a dispute moves between the provider's books and the card: the staff member's session is the confirmation. */
const STAFF_MONEY = { confirm: 'none' } as const;
const CSV_MAX = 50_000;

/** An answer amount ('123.45') back to cents for the export's money cells. */
const cents = (amount: string) => BigInt(amount.replace('.', ''));

const CSV_COLUMNS: ExportColumn<DisputeOut>[] = [
  { header: 'Folio', kind: 'id', value: (r) => r.Folio },
  { header: 'Fecha', kind: 'datetime', value: (r) => r.CreatedAt },
  { header: 'Empresa', kind: 'text', value: (r) => r.BusinessName },
  { header: 'Tarjeta', kind: 'id', value: (r) => r.MaskedPan },
  { header: 'Comercio', kind: 'text', value: (r) => r.MerchantName },
  { header: 'Compra', kind: 'datetime', value: (r) => r.PurchaseAt },
  { header: 'Monto', kind: 'money', value: (r) => cents(r.Amount) },
  { header: 'Motivo', kind: 'text', value: (r) => r.ReasonName },
  { header: 'Estatus', kind: 'text', value: (r) => r.StatusName },
  { header: 'Fecha límite', kind: 'datetime', value: (r) => r.DeadlineAt },
  { header: 'Vencida', kind: 'text', value: (r) => (r.Overdue ? 'Sí' : 'No') },
  { header: 'Abono provisional', kind: 'money', value: (r) => cents(r.ProvisionalCredit) },
  { header: 'Resuelta', kind: 'datetime', value: (r) => r.ResolvedAt },
];

export const disputeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const now = () => app.ctx.now();
  const ByIdBody = BusinessScoped.extend(DisputeRefBody.shape);

  app.post(
    `${base}/list`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Disputas (personal: todas o de una empresa; empresa: las suyas), con filtros por estatus, motivo, vencidas y tarjeta',
        body: DisputeListBody,
        response: { 200: answer(pageOf(Dispute)) },
      },
    },
    async (req) => {
      const { rows, total } = await svc.listDisputes(db, await scopeOf(db, actorOf(req), req.body.BusinessId), req.body, now());
      return ok(toPage(rows, total, req.body));
    },
  );

  app.post(
    `${base}/csv`,
    { config: READ, schema: { tags, summary: `Disputas en CSV con los filtros de la lista (máximo ${CSV_MAX})`, body: DisputeListBody } },
    async (req, reply) => {
      const { rows } = await svc.listDisputes(db, await scopeOf(db, actorOf(req), req.body.BusinessId), req.body, now(), CSV_MAX);
      const file = await writeExport('csv', { baseName: `disputas-${mexicoDate(now())}`, sheetName: 'Disputas', columns: CSV_COLUMNS, rows });
      return reply.header('content-type', file.mediaType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.content);
    },
  );

  app.post(
    `${base}/get`,
    { config: READ, schema: { tags, summary: 'Una disputa con su historial', body: ByIdBody, response: { 200: answer(DisputeDetail) } } },
    async (req) => ok(await svc.disputeDetail(db, await scopeOf(db, actorOf(req), req.body.BusinessId), req.body.DisputeId, now())),
  );

  app.post(
    `${base}/create`,
    {
      config: at('Editar', 'Agregar'),
      schema: {
        tags,
        summary: 'Disputar una compra aplicada de una tarjeta (el personal nombra la empresa con BusinessId)',
        body: DisputeCreateBody,
        response: { 200: answer(DisputeDetail) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      return ok(
        await db.transaction(async (tx) => {
          const scope = await scopeOf(tx, actor, req.body.BusinessId);
          if (!scope) throw fieldError('BusinessId', REQUIRED, 'required');
          return svc.openDispute(tx, actor, scope, req.body, now());
        }),
        'Disputa registrada',
      );
    },
  );

  app.post(
    `${base}/evidence`,
    {
      config: at('Editar', 'Agregar'),
      schema: {
        tags,
        summary: 'Agregar evidencia (multipart: DisputeId, Comment opcional y file; PDF ≤ 10 MB o imagen .jpg .jpeg .png ≤ 2 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: answer(DisputeDetail) },
      },
    },
    async (req) => {
      const upload = await readSingleUpload(req, PDF_MAX_BYTES, 'No debe pesar más de 10MB');
      const id = Uuid.safeParse(upload.fields.DisputeId?.trim());
      if (!id.success) throw fieldError('DisputeId', upload.fields.DisputeId ? 'Identificador no válido' : REQUIRED);
      const comment = upload.fields.Comment?.trim() || null;
      if (comment && comment.length > 1000) throw fieldError('Comment', 'Debe contener máximo 1000 caracteres', 'maxlength');
      const file = { name: upload.filename, ...(await checkDocument(upload.filename, upload.content)) };
      const actor = actorOf(req);
      return ok(
        await db.transaction(async (tx) =>
          svc.addEvidence(tx, actor, await scopeOf(tx, actor, upload.fields.BusinessId || undefined), id.data, { comment, file }, now()),
        ),
        'Evidencia agregada',
      );
    },
  );

  app.get(
    `${base}/attachment/:uid`,
    { config: READ, schema: { tags, summary: 'Descargar un archivo de evidencia', params: z.object({ uid: Uuid }), querystring: BusinessScoped } },
    async (req, reply) => {
      const file = await svc.evidenceFile(db, await scopeOf(db, actorOf(req), req.query.BusinessId), req.params.uid);
      return reply
        .header('content-type', file.v_media_type)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.v_name)}`)
        .header('cache-control', 'private, no-store')
        .send(file.b_content);
    },
  );

  app.post(
    `${base}/status`,
    {
      config: {
        ...at('Editar', 'Editar', 'staff move a dispute; a business may only withdraw its own'),
        money: STAFF_MONEY,
        example: { body: { DisputeId: '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f', Status: 'won', Comment: 'La red aceptó el contracargo' } },
      },
      schema: {
        tags,
        summary: `Cambiar el estatus (${Object.values(DISPUTE_STATUSES).join(', ')}); perdida o retirada revierte el abono provisional, ganada aplica el contracargo. Requiere Idempotency-Key`,
        body: BusinessScoped.extend(DisputeMoveBody.shape),
        response: { 200: answer(DisputeDetail) },
      },
    },
    (req, reply) =>
      runMoney(req, reply, {
        execute: async (tx, { now: at }) => {
          const actor = actorOf(req);
          const scope = await scopeOf(tx, actor, req.body.BusinessId);
          return {
            data: await svc.moveDispute(tx, actor, scope, req.body.DisputeId, req.body.Status, req.body.Comment ?? null, at),
            message: `Disputa ${DISPUTE_STATUSES[req.body.Status].toLowerCase()}`,
          };
        },
      }),
  );

  app.post(
    `${base}/credit`,
    {
      config: { ...at('Editar', null), money: STAFF_MONEY, example: { body: { DisputeId: '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f', Amount: '89.50' } } },
      schema: {
        tags,
        summary: 'Abono provisional a la tarjeta (una vez; por omisión el monto disputado). Requiere Idempotency-Key',
        body: DisputeCreditBody,
        response: { 200: answer(DisputeDetail) },
      },
    },
    (req, reply) =>
      runMoney(req, reply, {
        execute: async (tx, { now: at }) => ({
          data: await svc.giveProvisionalCredit(tx, actorOf(req), req.body.DisputeId, req.body.Amount, at),
          message: 'Abono provisional aplicado',
        }),
      }),
  );
};
