import { PerPageQuery, answer, pagesFor, perPageOf } from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/reply';
import { listMessages } from './service';

const Message = z.object({
  v_uid: z.string(),
  d_create_at: z.string(),
  v_channel: z.enum(['email', 'sms']),
  v_to: z.string(),
  v_subject: z.string(),
  t_body: z.string(),
  d_sent_at: z.string().nullable(),
});

/** The demo mailbox: every message the product sent, for the super admin only. */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/outbox',
    {
      config: { access: { menu: '/dashboard', permission: 'Ver', superOnly: true } },
      schema: { tags: ['Buzón'], summary: 'Mensajes enviados (buzón de demostración, solo super)', querystring: PerPageQuery, response: { 200: answer(perPageOf(Message)) } },
    },
    async (req) => {
      const q = req.query;
      const { items, total } = await listMessages(app.ctx.db, q);
      return ok({ items, page: q.page, perPage: q.perPage, pages: pagesFor(total, q.perPage), total });
    },
  );
};
