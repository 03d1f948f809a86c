import { ActivityItem, IncidentItem, LogsQuery, answer, pagesFor, perPageOf } from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/reply';
import { listActivity, listIncidents } from './service';

const LogItem = z.union([ActivityItem, IncidentItem]);

export interface AuditRouteDeps {
  userNames: (ids: string[]) => Promise<Map<string, { name: string; email: string }>>;
}

/** GET /api/v1/logs: user activity and system incidents, staff only. */
export const auditRoutes =
  (deps: AuditRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/logs',
      {
        config: { access: { FAR: { menu: '/log', permission: 'Ver' } } },
        schema: {
          tags: ['Logs'],
          summary: 'Actividad de usuarios (log-user) o incidencias del sistema (logs)',
          querystring: LogsQuery,
          response: { 200: answer(perPageOf(LogItem)) },
        },
      },
      async (req) => {
        const q = req.query;
        const page = q.kind === 'incident' ? await listIncidents(app.ctx.db, q) : await listActivity(app.ctx.db, q, deps.userNames);
        return ok({ items: page.items, page: q.page, perPage: q.perPage, pages: pagesFor(page.total, q.perPage), total: page.total });
      },
    );
  };
