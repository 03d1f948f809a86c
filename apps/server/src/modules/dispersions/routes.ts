import {
  ApprovalConfig,
  ApprovalConfigBody,
  BusinessIdParams,
  DISPERSION_STATUS as D,
  DISPERSION_STATUS_NAMES,
  Dispersion,
  DispersionApproveBody,
  DispersionCreateBody,
  DispersionFileQuery,
  DispersionHistoryBody,
  DispersionIdBody,
  DispersionPage,
  DispersionPendingBody,
  DispersionPreview,
  DispersionSummary,
  DispersionTransactionPage,
  DispersionTransactionsBody,
  DispersionValidateBody,
  HOLDER_CHECK_NAMES,
  HolderVerifyBody,
  HolderVerifyOut,
  IdParam,
  amountOut,
  answer,
  formatDate,
  holderMatches,
  type DispersionTransaction,
} from '@far/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteAccess } from '../../platform/context';
import { rule } from '../../platform/errors';
import { writeExport, type ExportColumn, type ExportFormat } from '../../platform/export';
import { actorOf } from '../../platform/guard';
import { runMoney, type MoneyDeclaration } from '../../platform/money-command';
import type { RouteExample } from '../../platform/openapi';
import { toPage } from '../../platform/paging';
import { ok } from '../../platform/reply';
import { recordActivity } from '../audit';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { assertBusinessActive, businessForActor, liveBusiness } from '../businesses';
import { getFile } from '../files';
import { approvalPolicy, lookupAccountHolder, saveApprovalPolicy } from '../payout-checks';
import { planDispersion, previewOut } from './plan';
import {
  approveDispersion,
  assertCreatable,
  createDispersion,
  dispersionFor,
  dispersionOut,
  rejectDispersion,
  removeDispersion,
  SECTION,
  type DispersionRow,
} from './service';
import { dispersionTransactions, listDispersions, recentDispersions } from './queries';
import { templateFile } from './template';

const tags = ['Dispersiones'];
const base = '/api/v1/transaction/business-movement';
const STAFF = '/user/business';
/** A dispersion file up to 10 MB arrives base64 in JSON. */
export const FILE_BODY_LIMIT = 15 * 1024 * 1024;
export const DISPERSION_REFUSED = 'Solo una empresa puede enviar dispersiones';
export const SEND: { access: RouteAccess } = { access: { BUS: { menu: '/dispersal/transfer', permission: 'Agregar' }, refused: DISPERSION_REFUSED } };
export const READ: { access: RouteAccess } = {
  access: {
    FAR: { menu: STAFF, permission: 'Ver' },
    BUS: [
      { menu: '/dispersal/history', permission: 'Ver' },
      { menu: '/dispersal/transfer', permission: 'Ver' },
      { menu: '/dispersal/program', permission: 'Ver' },
    ],
  },
};
export const REMOVE: { access: RouteAccess } = {
  access: {
    FAR: { menu: STAFF, permission: 'Editar' },
    BUS: [
      { menu: '/dispersal/program', permission: 'Borrar' },
      { menu: '/dispersal/transfer', permission: 'Borrar' },
    ],
  },
};
const APPROVE: { access: RouteAccess } = {
  access: {
    BUS: [
      { menu: '/dispersal/transfer', permission: 'Agregar' },
      { menu: '/dispersal/program', permission: 'Editar' },
    ],
    refused: DISPERSION_REFUSED,
  },
};
/** A dispersion is confirmed with the code of operation dispersion (an integration's API key confirms it). */
export const DISPERSION_MONEY: MoneyDeclaration = { confirm: 'code', operation: 'dispersion', apiKey: 'none' };
/** The documented example of a dispersion (rows sent as JSON; a file goes in File.ContentBase64). An API key sends no SecurityCode. */
export const DISPERSION_EXAMPLE: RouteExample = {
  body: {
    Concept: 'Nomina 1a quincena',
    Rows: [{ Name: 'Ana López Pérez', Clabe: '002180700912345673', Amount: '8500.00', Concept: 'Nomina', Reference: '1501' }],
    SecurityCode: '123456',
  },
};
/** A checker authorises with their own code: people only. */
const APPROVE_MONEY: MoneyDeclaration = { confirm: 'code', operation: 'dispersion' };

type CreateBody = z.output<typeof DispersionCreateBody>;

/**
 * A dispersion (screen, re-send of failed rows, the dispersal API), run by the money command: the
 * file is validated and previewed without writing (a refused file keeps its code), then the
 * dispersion is created in the command's transaction (the start re-checks balance under the lock).
 */
export function createCommand<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  body: CreateBody,
  answerOf: (d: DispersionRow) => T,
  message: (d: DispersionRow) => string,
) {
  const actor = actorOf(req);
  const input = (key: string | null) => ({
    concept: body.Concept,
    internalConcept: body.InternalConcept,
    paymentDay: body.PaymentDay,
    resendOf: body.ResendOf,
    idempotencyKey: key,
  });
  return runMoney(req, reply, {
    code: body.SecurityCode,
    plan: async (db, now) => {
      const plan = await planDispersion(db, await assertBusinessActive(db, actor.client), body, now);
      assertCreatable(plan, input(null), now);
      return plan;
    },
    execute: async (tx, { plan, key, now }) => {
      const d = await createDispersion(tx, actor, plan, input(key), now);
      return { data: answerOf(d), message: message(d) };
    },
  });
}

/** A page of the business's dispersions as the history and the pending list answer it. */
async function dispersionPage(db: DbOrTx, actor: Actor, q: Parameters<typeof listDispersions>[2], only?: number[]) {
  const { rows, total } = await listDispersions(db, actor, q, only);
  return toPage(
    rows.map((d) => dispersionOut(d, actor)),
    total,
    q,
  );
}

const createdMessage = (d: DispersionRow) =>
  d.i_status === D.porAutorizar
    ? 'Dispersión registrada: espera la autorización de otro usuario'
    : d.i_status === D.programada
      ? `Dispersión programada para el ${formatDate(d.d_payment_day!)}`
      : d.i_status === D.fallida
        ? 'Todas las transacciones fallaron'
        : 'Dispersión en proceso';

const ROW_COLUMNS: ExportColumn<DispersionTransaction>[] = [
  { header: 'Fila', kind: 'text', value: (r) => String(r.Row) },
  { header: 'Beneficiario', kind: 'text', value: (r) => r.BeneficiaryName },
  { header: 'CLABE', kind: 'id', value: (r) => r.BeneficiaryAccountClabe },
  { header: 'Banco', kind: 'text', value: (r) => r.BankName },
  { header: 'Concepto', kind: 'text', value: (r) => r.Concept },
  { header: 'Referencia', kind: 'id', value: (r) => r.Reference },
  { header: 'Monto', kind: 'money', value: (r) => BigInt(r.MovementAmount.replace('.', '')) },
  { header: 'Comisión', kind: 'money', value: (r) => BigInt(r.Commission.replace('.', '')) },
  { header: 'IVA', kind: 'money', value: (r) => BigInt(r.IVA.replace('.', '')) },
  { header: 'Total', kind: 'money', value: (r) => BigInt(r.TotalAmount.replace('.', '')) },
  { header: 'Clave de rastreo', kind: 'id', value: (r) => r.TrackinKey },
  { header: 'Estatus', kind: 'text', value: (r) => r.StatusName },
  { header: 'Error', kind: 'text', value: (r) => r.ErrorDetail },
];

/** business-movement/speiout-dispersion*, dispersion/*, the account-holder check and the maker-checker setting. */
export const dispersionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    `${base}/speiout-dispersion/template`,
    {
      config: { access: { BUS: { menu: '/dispersal/transfer', permission: 'Ver' } } },
      schema: { tags, summary: 'Plantilla de dispersión (CSV o XLSX) con sus columnas y dos filas de ejemplo', querystring: DispersionFileQuery },
    },
    async (req, reply) => {
      const file = await templateFile(req.query.Format as ExportFormat);
      return reply.header('content-type', file.mediaType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.content);
    },
  );

  app.post(
    `${base}/speiout-dispersion/validate`,
    {
      bodyLimit: FILE_BODY_LIMIT,
      config: SEND,
      schema: {
        tags,
        summary: 'Validar un archivo (CSV/XLSX en base64) o filas: todos los errores a la vez y la vista previa de montos, comisión e IVA. No escribe nada',
        body: DispersionValidateBody,
        response: { 200: answer(DispersionPreview) },
      },
      // previewOut builds exactly DispersionPreview; re-parsing 50,000 rows with zod before sending
      // would copy the whole preview once more (time and peak memory), so it is sent as built.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (req) => {
      const business = await assertBusinessActive(db, actorOf(req).client);
      const plan = await planDispersion(db, business, req.body, new Date());
      return ok(previewOut(plan), plan.errors.length ? `El archivo tiene ${plan.errors.length} errores` : 'Archivo válido');
    },
  );

  app.post(
    `${base}/speiout-dispersion`,
    {
      bodyLimit: FILE_BODY_LIMIT,
      config: { ...SEND, money: DISPERSION_MONEY, example: DISPERSION_EXAMPLE },
      schema: {
        tags,
        summary:
          'Crear una dispersión: ahora (retiene el total) o en un PaymentDay futuro; código de seguridad de la operación dispersion. Requiere Idempotency-Key',
        body: DispersionCreateBody,
        response: { 200: answer(Dispersion) },
      },
    },
    (req, reply) => createCommand(req, reply, req.body, (d) => dispersionOut(d, actorOf(req)), createdMessage),
  );

  app.post(
    `${base}/dispersion/history`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Historial de dispersiones (10 por página; filtros de fechas y estatus)',
        body: DispersionHistoryBody,
        response: { 200: answer(DispersionPage) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      return ok(await dispersionPage(db, actor, req.body));
    },
  );

  app.post(
    `${base}/dispersion/pending`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Dispersiones programadas o por autorizar (aún no inician)',
        body: DispersionPendingBody,
        response: { 200: answer(DispersionPage) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      return ok(await dispersionPage(db, actor, req.body, [D.programada, D.porAutorizar]));
    },
  );

  app.post(
    `${base}/dispersion/transactions`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Filas de una dispersión con su orden SPEI, estatus, clave de rastreo y error',
        body: DispersionTransactionsBody,
        response: { 200: answer(DispersionTransactionPage) },
      },
    },
    async (req) => {
      const d = await dispersionFor(db, actorOf(req), req.body.DispersionId);
      const { rows, total } = await dispersionTransactions(db, d, req.body);
      return ok(toPage(rows, total, req.body));
    },
  );

  app.post(
    `${base}/dispersion/remove`,
    {
      config: REMOVE,
      schema: {
        tags,
        summary: 'Eliminar una dispersión que aún no inicia (programada o por autorizar)',
        body: DispersionIdBody,
        response: { 200: answer(Dispersion) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      return ok(dispersionOut(await db.transaction((tx) => removeDispersion(tx, actor, req.body.DispersionId)), actor), 'Dispersión eliminada');
    },
  );

  app.post(
    `${base}/dispersion/approve`,
    {
      config: { ...APPROVE, money: APPROVE_MONEY, example: { body: { DispersionId: '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f', SecurityCode: '123456' } } },
      schema: {
        tags,
        summary: 'Autorizar una dispersión de otro usuario de la empresa (maker-checker; código de la operación dispersion). Requiere Idempotency-Key',
        body: DispersionApproveBody,
        response: { 200: answer(Dispersion) },
      },
    },
    (req, reply) => {
      const actor = actorOf(req);
      return runMoney(req, reply, {
        code: req.body.SecurityCode,
        execute: async (tx, { now }) => ({
          data: dispersionOut(await approveDispersion(tx, actor, req.body.DispersionId, now), actor),
          message: 'Dispersión autorizada',
        }),
      });
    },
  );

  app.post(
    `${base}/dispersion/reject`,
    {
      config: APPROVE,
      schema: { tags, summary: 'Rechazar una dispersión por autorizar (maker-checker)', body: DispersionIdBody, response: { 200: answer(Dispersion) } },
    },
    async (req) => {
      const actor = actorOf(req);
      return ok(dispersionOut(await db.transaction((tx) => rejectDispersion(tx, actor, req.body.DispersionId)), actor), 'Dispersión rechazada');
    },
  );

  app.get(
    `${base}/dispersion/:id`,
    { config: READ, schema: { tags, summary: 'Una dispersión (registro §3 con conteos)', params: IdParam, response: { 200: answer(Dispersion) } } },
    async (req) => {
      const actor = actorOf(req);
      return ok(dispersionOut(await dispersionFor(db, actor, req.params.id), actor));
    },
  );

  app.get(
    `${base}/dispersion/:id/file`,
    { config: READ, schema: { tags, summary: 'El archivo original de la dispersión (FileName / IdS3)', params: IdParam } },
    async (req, reply) => {
      const d = await dispersionFor(db, actorOf(req), req.params.id);
      const file = d.v_uid_file ? await getFile(db, d.v_uid_file) : undefined;
      if (!file) throw rule('La dispersión no tiene archivo');
      return reply
        .header('content-type', file.v_media_type)
        .header('content-disposition', `attachment; filename="${encodeURIComponent(file.v_name)}"`)
        .send(file.b_content);
    },
  );

  app.get(
    `${base}/dispersion/:id/export`,
    {
      config: READ,
      schema: { tags, summary: 'Exportar las filas de una dispersión con su estatus (CSV o XLSX)', params: IdParam, querystring: DispersionFileQuery },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const d = await dispersionFor(db, actor, req.params.id);
      const { rows } = await dispersionTransactions(db, d, { Page: 1, Size: 50_000 });
      const file = await writeExport(req.query.Format as ExportFormat, {
        baseName: `dispersion-${d.v_uid.slice(0, 8)}`,
        sheetName: 'Dispersión',
        columns: ROW_COLUMNS,
        rows,
      });
      await recordActivity(db, {
        actor,
        section: SECTION,
        action: 'Exportar',
        activity: `Exportó las filas de la dispersión ${d.v_file_name ?? d.v_uid} (${req.query.Format})`,
      });
      return reply.header('content-type', file.mediaType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.content);
    },
  );

  app.post(
    `${base}/dispersion/summary`,
    {
      config: { access: { FAR: { menu: '/dashboard', permission: 'Ver' }, BUS: { menu: '/dashboard', permission: 'Ver' } } },
      schema: { tags, summary: 'Dispersiones de los últimos 30 días (la empresa; el personal FAR ve todas)', response: { 200: answer(DispersionSummary) } },
    },
    async (req) => {
      const actor = actorOf(req);
      const businessId = actor.kind === 'FAR' ? null : (await businessForActor(db, actor, undefined)).v_uid;
      const { byStatus, latest } = await recentDispersions(db, businessId);
      return ok({
        ByStatus: byStatus.map((s) => ({
          Status: s.status,
          StatusName: DISPERSION_STATUS_NAMES[s.status] ?? String(s.status),
          Count: Number(s.n),
          Rows: Number(s.rows),
          TotalImport: amountOut(BigInt(s.total)),
        })),
        Latest: latest.map((d) => dispersionOut(d, actor)),
      });
    },
  );

  app.post(
    `${base}/account-holder/verify`,
    {
      config: {
        access: {
          BUS: [
            { menu: '/dispersal/transfer', permission: 'Ver' },
            { menu: '/account', permission: 'Ver' },
          ],
        },
      },
      schema: {
        tags,
        summary: 'Verificar quién es el titular de una CLABE (prueba de un centavo en el sandbox) y compararlo con el nombre y RFC dados',
        body: HolderVerifyBody,
        response: { 200: answer(HolderVerifyOut) },
      },
    },
    async (req) => {
      await businessForActor(db, actorOf(req), undefined);
      const h = await lookupAccountHolder(db, req.body.Clabe);
      const result = !h.exists ? 'no-account' : holderMatches({ name: req.body.Name, rfc: req.body.Rfc }, h) ? 'match' : 'mismatch';
      return ok({
        Clabe: req.body.Clabe,
        Result: result,
        ResultName: HOLDER_CHECK_NAMES[result],
        HolderName: h.exists ? h.name : null,
        HolderRfc: h.exists ? h.rfc : null,
      });
    },
  );

  // ---- maker-checker setting (staff) ----
  const approvalOut = async (businessId: string): Promise<ApprovalConfig> => {
    const p = await approvalPolicy(db, businessId);
    return { BusinessId: businessId, Enabled: p.enabled, ThresholdAmount: p.thresholdCents === null ? null : amountOut(p.thresholdCents) };
  };
  app.get(
    `/api/v1/transaction/business/:id/dispersion-approval`,
    {
      config: { access: { FAR: { menu: STAFF, permission: 'Ver' } } },
      schema: {
        tags,
        summary: 'Autorización de un segundo usuario (maker-checker) de una empresa',
        params: BusinessIdParams,
        response: { 200: answer(ApprovalConfig) },
      },
    },
    async (req) => {
      const b = await liveBusiness(db, req.params.id);
      return ok(await approvalOut(b.v_uid));
    },
  );
  app.put(
    `/api/v1/transaction/business/:id/dispersion-approval`,
    {
      config: { access: { FAR: { menu: STAFF, permission: 'Editar' } } },
      schema: {
        tags,
        summary: 'Activar la autorización de un segundo usuario por encima de un monto (dispersiones)',
        params: BusinessIdParams,
        body: ApprovalConfigBody,
        response: { 200: answer(ApprovalConfig) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const b = await liveBusiness(db, req.params.id);
      await db.transaction(async (tx) => {
        await saveApprovalPolicy(tx, b.v_uid, { enabled: req.body.Enabled, thresholdCents: req.body.ThresholdAmount ?? null }, actor.email);
        await recordActivity(tx, {
          actor,
          section: SECTION,
          action: 'Editar',
          activity: `${req.body.Enabled ? 'Activó' : 'Desactivó'} la autorización de dispersiones de ${b.v_client}`,
          detail: { business: b.v_uid },
        });
      });
      return ok(await approvalOut(b.v_uid), 'Configuración guardada');
    },
  );
};
