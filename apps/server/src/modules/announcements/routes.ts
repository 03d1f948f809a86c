import { Announcement, AnnouncementRequest, answer } from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/guard';
import { ok } from '../../platform/reply';
import { announce, recentAnnouncements } from './service';

const tags = ['Notificaciones'];
const grant = (permission: 'Ver' | 'Agregar') => ({ menu: '/notification', permission }) as const;

/** Staff announcements, under /api/notification/ beside the notices they become. */
export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.post(
    '/api/notification/action/announce',
    {
      config: { access: { FAR: grant('Agregar'), refused: 'Solo el personal de FAR puede enviar avisos' } },
      schema: {
        tags,
        summary: 'Aviso del personal a todas las empresas, a todos los usuarios Wallet o a una empresa',
        body: AnnouncementRequest,
        response: { 200: answer(Announcement) },
      },
    },
    async (req) => ok(await db.transaction((tx) => announce(tx, actorOf(req), req.body)), 'Aviso enviado'),
  );

  app.get(
    '/api/notification/announcements',
    {
      config: { access: { FAR: grant('Ver'), refused: 'Solo el personal de FAR puede ver los avisos enviados' } },
      schema: { tags, summary: 'Últimos avisos enviados por el personal', response: { 200: answer(z.array(Announcement)) } },
    },
    async () => ok(await recentAnnouncements(db)),
  );
};
