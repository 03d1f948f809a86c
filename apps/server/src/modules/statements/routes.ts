import {
  AccountState,
  AccountStateBody,
  AdminDashboard,
  BusinessDashboard,
  BusinessMovementPage,
  DashboardBusinessQuery,
  MovementsBody,
  MovementsExportBody,
  answer,
} from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/guard';
import { ok } from '../../platform/reply';
import * as statements from './service';

const tags = ['Saldos, movimientos y estados de cuenta'];
/** Staff name the business (Cuentas Business); a business reads its own from one screen. */
const money = (menu: string) => ({ access: { FAR: { menu: '/user/business', permission: 'Ver' }, BUS: { menu, permission: 'Ver' } } }) as const;

/** /movement (list and export), POST /api/internal/account-state, and the money dashboards. */
export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const base = '/api/v1/transaction';

  app.post(
    `${base}/business-movement/movements`,
    {
      config: money('/movement'),
      schema: {
        tags,
        summary: 'Movimientos de la empresa: fechas, tipo, estatus, búsqueda y paginación',
        body: MovementsBody,
        response: { 200: answer(BusinessMovementPage) },
      },
    },
    async (req) => ok(await statements.listMovements(db, actorOf(req), req.body)),
  );

  app.post(
    `${base}/business-movement/movements/export`,
    { config: money('/movement'), schema: { tags, summary: 'Exportar los movimientos filtrados a CSV o XLSX', body: MovementsExportBody } },
    async (req, reply) => {
      const file = await statements.exportMovements(db, actorOf(req), req.body);
      return reply.header('content-type', file.mediaType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.content);
    },
  );

  app.post(
    '/api/internal/account-state',
    {
      config: money('/account/status'),
      schema: {
        tags,
        summary: 'Estado de cuenta mensual: datos (Format json) o PDF (Format pdf)',
        body: AccountStateBody,
        response: { 200: answer(AccountState).describe('Con Format: pdf la respuesta es application/pdf') },
      },
    },
    async (req, reply) => {
      const data = await statements.accountState(db, actorOf(req), req.body);
      if (req.body.Format === 'json') return ok(data);
      const pdf = await statements.accountStatePdf(data);
      const name = `estado-de-cuenta-${data.Business.ClientNumber}-${req.body.Year}-${String(req.body.Month).padStart(2, '0')}.pdf`;
      // A Buffer is sent as it is (Fastify does not serialise it against the JSON schema).
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(pdf as never);
    },
  );

  app.get(
    `${base}/dashboard/business`,
    {
      config: money('/dashboard'),
      schema: {
        tags,
        summary: 'Tablero de la empresa: saldo, en tránsito, últimos movimientos y entradas/salidas de 30 días',
        querystring: DashboardBusinessQuery,
        response: { 200: answer(BusinessDashboard) },
      },
    },
    async (req) => ok(await statements.businessDashboard(db, actorOf(req), req.query.BusinessId)),
  );

  app.get(
    `${base}/dashboard/admin`,
    {
      config: { access: { FAR: { menu: '/dashboard', permission: 'Ver' } } },
      schema: {
        tags,
        summary: 'Tablero del personal FAR: saldos totales, volumen SPEI de hoy y órdenes pendientes',
        response: { 200: answer(AdminDashboard) },
      },
    },
    async () => ok(await statements.adminDashboard(db)),
  );
};
