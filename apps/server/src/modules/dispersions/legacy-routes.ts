import { DISPERSION_STATUS_NAMES, Dispersal, DispersalUpdateBody, DispersionCreateBody, IdParam, answer, amountOut, pagesFor, perPageOf } from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/guard';
import { iso, ok } from '../../platform/reply';
import { listDispersions } from './queries';
import { DISPERSION_EXAMPLE, DISPERSION_MONEY, FILE_BODY_LIMIT, READ, REMOVE, SEND, createCommand } from './routes';
import { dispersionFor, editPendingDispersion, removeDispersion, type DispersionRow } from './service';

const tags = ['Dispersiones (dispersal)'];
const path = '/api/v1/dispersal';
const EDIT = { access: { BUS: [{ menu: '/dispersal/program', permission: 'Editar' as const }] } };

/** A dispersion as the §3 dispersal entity. */
const toDispersal = (d: DispersionRow): Dispersal => ({
  v_uid: d.v_uid,
  v_client_number: d.v_client,
  d_transaction_date: iso(d.d_started_at ?? d.d_create_at)!,
  v_file_name: d.v_file_name,
  v_concept: d.v_concept,
  d_payment_day: d.d_payment_day,
  n_total_amount: amountOut(d.n_total_import_cents),
  n_status: d.i_status,
  v_status_name: DISPERSION_STATUS_NAMES[d.i_status] ?? String(d.i_status),
  d_create_at: iso(d.d_create_at)!,
});

const ListQuery = z.object({
  BusinessId: z.uuidv4({ message: 'Identificador no válido' }).optional(),
  n_status: z.coerce.number().int().min(0).max(7).optional(),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
});

/** /api/v1/dispersal*: the same dispersions in the field names of the §3 dispersal entity. */
export const legacyDispersalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    path,
    { config: READ, schema: { tags, summary: 'Dispersiones de la empresa', querystring: ListQuery, response: { 200: answer(perPageOf(Dispersal)) } } },
    async (req) => {
      const q = req.query;
      const { rows, total } = await listDispersions(db, actorOf(req), { BusinessId: q.BusinessId, Status: q.n_status, Page: q.page, Size: q.perPage });
      return ok({ items: rows.map(toDispersal), page: q.page, perPage: q.perPage, pages: pagesFor(total, q.perPage), total });
    },
  );

  app.post(
    path,
    {
      bodyLimit: FILE_BODY_LIMIT,
      config: { ...SEND, money: DISPERSION_MONEY, example: DISPERSION_EXAMPLE },
      schema: {
        tags,
        summary: 'Crear una dispersión (igual que business-movement/speiout-dispersion). Requiere Idempotency-Key',
        body: DispersionCreateBody,
        response: { 200: answer(Dispersal) },
      },
    },
    (req, reply) => createCommand(req, reply, req.body, toDispersal, () => 'Dispersión registrada'),
  );

  app.get(`${path}/:id`, { config: READ, schema: { tags, summary: 'Una dispersión', params: IdParam, response: { 200: answer(Dispersal) } } }, async (req) =>
    ok(toDispersal(await dispersionFor(db, actorOf(req), req.params.id))),
  );

  app.put(
    `${path}/:id`,
    {
      config: EDIT,
      schema: {
        tags,
        summary: 'Cambiar el concepto o el día de pago de una dispersión que aún no inicia',
        params: IdParam,
        body: DispersalUpdateBody,
        response: { 200: answer(Dispersal) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const d = await db.transaction((tx) =>
        editPendingDispersion(tx, actor, req.params.id, { concept: req.body.v_concept, paymentDay: req.body.d_payment_day }, new Date()),
      );
      return ok(toDispersal(d), 'Dispersión actualizada');
    },
  );

  app.post(
    `${path}/delete/:id`,
    { config: REMOVE, schema: { tags, summary: 'Eliminar una dispersión que aún no inicia', params: IdParam, response: { 200: answer(Dispersal) } } },
    async (req) => {
      const actor = actorOf(req);
      return ok(toDispersal(await db.transaction((tx) => removeDispersion(tx, actor, req.params.id))), 'Dispersión eliminada');
    },
  );
};
