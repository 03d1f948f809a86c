import { OutboxMessage, PerPageQuery, answer, pagesFor, perPageOf } from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/reply';
import { listMessages } from './service';

/** The demo mailbox: every message the product sent, for the super admin only. */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/outbox',
    {
      config: { access: { FAR: { menu: '/dashboard', permission: 'Ver' }, superOnly: true } },
      schema: {
        tags: ['Buzón'],
        summary: 'Mensajes enviados (buzón de demostración, solo super)',
        querystring: PerPageQuery,
        response: { 200: answer(perPageOf(OutboxMessage)) },
      },
    },
    async (req) => {
      const q = req.query;
      const { items, total } = await listMessages(app.ctx.db, q);
      return ok({ items, page: q.page, perPage: q.perPage, pages: pagesFor(total, q.perPage), total });
    },
  );
};
