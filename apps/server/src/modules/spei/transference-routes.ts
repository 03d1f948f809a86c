import {
  MovementIdParams,
  Transference,
  TransferenceCreateBody,
  TransferenceListQuery,
  TransferenceUpdateBody,
  answer,
  amountOut,
  pagesFor,
  perPageOf,
  type BusinessMovement,
} from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../platform/errors';
import { actorOf } from '../../platform/guard';
import { runMoney } from '../../platform/money-command';
import { ok } from '../../platform/reply';
import { MOVEMENT_NOT_FOUND, movementOut } from './movement';
import { movementFor, queryMovements } from './queries';
import { cancelSpeiOut, editPendingSpeiOut } from './speiout';
import { businessFor } from './accounts';
import { CANCEL, SPEI_OUT_MONEY, SPEI_OUT_REFUSED, UNDO_MONEY, speiOutCommand } from './speiout-handler';

const tags = ['Transferencias (transference)'];
const READ = { access: { FAR: { menu: '/user/business', permission: 'Ver' }, BUS: { menu: '/dispersal/transfer', permission: 'Ver' } } } as const;
const SEND = { access: { BUS: { menu: '/dispersal/transfer', permission: 'Agregar' }, refused: SPEI_OUT_REFUSED } } as const;

const cents = (decimal: string) => BigInt(decimal.replace('.', ''));

/** A business movement (SPEI out) as the §3 transference entity. n_amount_comission is commission + IVA. */
export function toTransference(m: BusinessMovement): Transference {
  return {
    v_uid: m.Id,
    v_clabe_origin: m.SourceAccount.Clabe ?? '',
    v_clabe_destination: m.Beneficiary.Clabe,
    v_recipients_name: m.Beneficiary.Name,
    v_financial_institution: m.Beneficiary.BankName,
    v_alias: m.Alias,
    v_reference: m.Reference,
    v_concept: m.Concept,
    n_amount: m.MovementAmount,
    n_amount_comission: amountOut(cents(m.Commission) + cents(m.IVA)),
    n_amount_total: m.TotalAmount,
    v_uid_dispersion: m.DispersionId,
    v_tracking_number: m.TrackingKey,
    n_status: m.StatusBusinessMovement,
    v_status_name: m.StatusName,
    d_create_at: m.MovementDate,
    d_update_at: m.MovementUpdateDate,
  };
}

/** /api/v1/transference*: the same SPEI out, in the field names of the transference entity. */
export const transferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const path = '/api/v1/transference';

  app.get(
    path,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Transferencias SPEI enviadas de la empresa',
        querystring: TransferenceListQuery,
        response: { 200: answer(perPageOf(Transference)) },
      },
    },
    async (req) => {
      const q = req.query;
      const b = await businessFor(db, actorOf(req), q.BusinessId);
      const { rows, total } = await queryMovements(
        db,
        b.v_uid,
        { type: 'SPEI_OUT', status: q.n_status },
        { limit: q.perPage, offset: (q.page - 1) * q.perPage },
      );
      return ok({ items: rows.map(toTransference), page: q.page, perPage: q.perPage, pages: pagesFor(total, q.perPage), total });
    },
  );

  app.post(
    path,
    {
      config: {
        ...SEND,
        money: SPEI_OUT_MONEY,
        example: {
          body: {
            v_clabe_destination: '002180700912345673',
            v_recipients_name: 'Ana López Pérez',
            v_reference: '1234567',
            v_concept: 'Pago factura 123',
            n_amount: '1500.00',
            v_security_code: '123456',
          },
        },
      },
      schema: {
        tags,
        summary: 'Crear una transferencia SPEI (igual que business-movement/speiout). Requiere Idempotency-Key',
        body: TransferenceCreateBody,
        response: { 200: answer(Transference) },
      },
    },
    (req, reply) => {
      const b = req.body;
      return speiOutCommand(
        req,
        reply,
        {
          clabeAccountId: b.v_uid_account,
          clabe: b.v_clabe_destination,
          beneficiaryName: b.v_recipients_name,
          alias: b.v_alias,
          amount: b.n_amount,
          concept: b.v_concept,
          reference: b.v_reference,
          confirmHolder: b.b_confirm_holder,
        },
        b.v_security_code,
        toTransference,
      );
    },
  );

  app.get(
    `${path}/:id`,
    { config: READ, schema: { tags, summary: 'Una transferencia', params: MovementIdParams, response: { 200: answer(Transference) } } },
    async (req) => {
      const m = await movementFor(db, actorOf(req), req.params.id);
      if (m.v_type !== 'SPEI_OUT') throw notFound(MOVEMENT_NOT_FOUND);
      return ok(toTransference(movementOut(m)));
    },
  );

  app.put(
    `${path}/:id`,
    {
      config: SEND,
      schema: {
        tags,
        summary: 'Modificar concepto, referencia, alias o beneficiario de una transferencia pendiente no enviada',
        params: MovementIdParams,
        body: TransferenceUpdateBody,
        response: { 200: answer(Transference) },
      },
    },
    async (req) => {
      const b = req.body;
      const row = await db.transaction((tx) =>
        editPendingSpeiOut(tx, actorOf(req), req.params.id, {
          beneficiaryName: b.v_recipients_name,
          alias: b.v_alias,
          reference: b.v_reference,
          concept: b.v_concept,
        }),
      );
      return ok(toTransference(movementOut(row)), 'Transferencia actualizada');
    },
  );

  app.post(
    `${path}/delete/:id`,
    {
      config: { ...CANCEL, money: UNDO_MONEY, example: { params: { id: '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f' } } },
      schema: {
        tags,
        summary: 'Cancelar una transferencia pendiente no enviada (libera la retención). Requiere Idempotency-Key',
        params: MovementIdParams,
        response: { 200: answer(Transference) },
      },
    },
    (req, reply) =>
      runMoney(req, reply, {
        execute: async (tx) => ({ data: toTransference(await cancelSpeiOut(tx, actorOf(req), req.params.id, 'cancel')), message: 'Transferencia cancelada' }),
      }),
  );
};
