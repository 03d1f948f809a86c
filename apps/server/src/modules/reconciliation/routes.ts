import {
  IdParam,
  ReconciliationDay,
  ReconciliationDayQuery,
  ReconciliationLine,
  ReconciliationReviewBody,
  ReconciliationRunBody,
  answer,
  parseAmountToCents,
  type ReconciliationLine as Line,
} from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toCsv, type ExportColumn } from '../../platform/export';
import { actorOf } from '../../platform/guard';
import { runMoney } from '../../platform/money-command';
import { ok, sendFile } from '../../platform/reply';
import { creditLine, reconciliationDay, reviewLine, runDay } from './service';

const MENU = '/spei-reconciliation';
const access = (permission: 'Ver' | 'Agregar' | 'Editar') => ({ access: { FAR: { menu: MENU, permission } } });

const cents = (v: string | null) => (v === null ? null : parseAmountToCents(v));
const CSV_COLUMNS: ExportColumn<Line>[] = [
  { header: 'Fecha de operación', kind: 'date', value: (l) => l.Day },
  { header: 'Dirección', kind: 'text', value: (l) => l.DirectionName },
  { header: 'Diferencia', kind: 'text', value: (l) => l.KindName },
  { header: 'Clave de rastreo', kind: 'id', value: (l) => l.TrackingKey },
  { header: 'Monto en el riel', kind: 'money', value: (l) => cents(l.RailAmount) },
  { header: 'Monto en el libro', kind: 'money', value: (l) => cents(l.LedgerAmount) },
  { header: 'Estado en el riel', kind: 'text', value: (l) => l.RailState },
  { header: 'Estado en el libro', kind: 'text', value: (l) => l.LedgerState },
  { header: 'Contraparte', kind: 'text', value: (l) => l.Counterparty },
  { header: 'Cuenta', kind: 'id', value: (l) => l.Account },
  { header: 'Estatus', kind: 'text', value: (l) => l.StatusName },
  { header: 'Comentario', kind: 'text', value: (l) => l.Comment },
  { header: 'Atendió', kind: 'text', value: (l) => l.ResolvedBy },
  { header: 'Fecha de atención', kind: 'datetime', value: (l) => l.ResolvedAt },
];

/** «Conciliación SPEI» (staff): a day's run and lines, its CSV, running a day, and acting on a line. */
export const reconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  const base = '/api/v1/transaction/spei-reconciliation';
  const tags = ['Conciliación SPEI'];

  app.get(
    `${base}/day`,
    {
      config: access('Ver'),
      schema: {
        tags,
        summary: 'La conciliación de un día de operación y sus líneas',
        querystring: ReconciliationDayQuery,
        response: { 200: answer(ReconciliationDay) },
      },
    },
    async (req) => ok(await reconciliationDay(db, req.query.Day, req.query.Status)),
  );
  app.get(
    `${base}/day/csv`,
    { config: access('Ver'), schema: { tags, summary: 'Las líneas de conciliación de un día en CSV', querystring: ReconciliationDayQuery } },
    async (req, reply) => {
      const day = await reconciliationDay(db, req.query.Day, req.query.Status);
      return sendFile(reply, {
        content: toCsv(CSV_COLUMNS, day.Lines),
        mediaType: 'text/csv; charset=utf-8',
        fileName: `conciliacion-spei-${req.query.Day}.csv`,
      });
    },
  );
  app.post(
    `${base}/run`,
    {
      config: access('Editar'),
      schema: {
        tags,
        summary: 'Conciliar un día ahora (pregunta al riel y compara con el libro)',
        body: ReconciliationRunBody,
        response: { 200: answer(ReconciliationDay) },
      },
    },
    async (req) => {
      await runDay(db, config, req.body.Day, actorOf(req), app.ctx.now());
      const day = await reconciliationDay(db, req.body.Day);
      return ok(day, day.Run?.Status === 'fallida' ? `No se pudo consultar el riel: ${day.Run.Error}` : 'Conciliación ejecutada');
    },
  );
  app.post(
    `${base}/line/:id/review`,
    {
      config: access('Editar'),
      schema: {
        tags,
        summary: 'Marcar una línea como revisada, con comentario',
        params: IdParam,
        body: ReconciliationReviewBody,
        response: { 200: answer(ReconciliationLine) },
      },
    },
    async (req) =>
      ok(await db.transaction((tx) => reviewLine(tx, actorOf(req), req.params.id, req.body.Comment, app.ctx.now())), 'Línea marcada como revisada'),
  );
  app.post(
    `${base}/line/:id/credit`,
    {
      config: { ...access('Agregar'), money: { confirm: 'none' }, example: { params: { id: '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f' } } },
      schema: {
        tags,
        summary: 'Abonar un SPEI recibido que falta en el libro (una vez por clave de rastreo). Requiere Idempotency-Key',
        params: IdParam,
        response: { 200: answer(z.object({ Line: ReconciliationLine, Duplicate: z.boolean() })) },
      },
    },
    (req, reply) =>
      runMoney(req, reply, {
        execute: async (tx, { now }) => {
          const { line, duplicate } = await creditLine(tx, actorOf(req), req.params.id, now);
          return { data: { Line: line, Duplicate: duplicate }, message: duplicate ? 'La orden ya estaba abonada' : 'SPEI abonado' };
        },
      }),
  );
};
