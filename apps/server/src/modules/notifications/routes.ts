import {
  IdParam,
  NotificationAddRequest,
  NotificationItem,
  NotificationListRequest,
  NotificationPage,
  NotificationPreferences,
  NotificationUpdateRequest,
  StreamQuery,
  StreamTicket,
  UnreadCount,
  STATUS_IDS,
  answer,
} from '@far/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeEqual } from '../../platform/crypto';
import { AppError, fieldError } from '../../platform/errors';
import { actorOf } from '../../platform/guard';
import { ok } from '../../platform/reply';
import { verifyAccessToken } from '../../platform/tokens';
import { LIVE_COOKIE, LIVE_PATH, TICKET_TTL_S, createLiveHub, issueTicket, redeemTicket, sessionBinding } from './live';
import { addNotification, listNotifications, markAllRead, preferencesOf, savePreferences, setStatus, unreadCount } from './service';

const tags = ['Notificaciones'];
const grant = (permission: 'Ver' | 'Agregar') => ({ menu: '/notification', permission }) as const;
/** Every kind reads and marks its own notices (reading is part of seeing them). */
const OWN = { access: { FAR: grant('Ver'), BUS: grant('Ver'), WAL: grant('Ver') } } as const;
const ADD = { access: { FAR: grant('Agregar'), BUS: grant('Agregar'), WAL: grant('Agregar') } } as const;
const PREFS_READ = {
  access: { FAR: { menu: '/profile', permission: 'Ver' }, BUS: { menu: '/profile', permission: 'Ver' }, WAL: { menu: '/profile', permission: 'Ver' } },
} as const;
const PREFS_EDIT = {
  access: { FAR: { menu: '/profile', permission: 'Editar' }, BUS: { menu: '/profile', permission: 'Editar' }, WAL: { menu: '/profile', permission: 'Editar' } },
} as const;
const UidParam = z.object({ uid: IdParam.shape.id });
/** A stream ends after this long; the client reconnects with a new ticket (so a revoked session stops). */
const STREAM_MAX_MS = 15 * 60_000;
const HEARTBEAT_MS = 25_000;

/** /api/notification/*: each user's own notices, e-mail preferences and the live stream (staff announcements: modules/announcements). */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const hub = createLiveHub(app.ctx.database, (err) => app.log.warn({ err }, 'notificaciones en vivo: error del listener'));
  app.addHook('onClose', () => hub.close());

  app.post(
    '/api/notification/query/get-all',
    {
      config: OWN,
      schema: {
        tags,
        summary: 'Notificaciones del usuario (sobre §7: Pagination, Search, Filters, Fields, Order)',
        body: NotificationListRequest,
        response: { 200: answer(NotificationPage) },
      },
    },
    async (req) => ok(await listNotifications(db, actorOf(req), req.body)),
  );

  app.post(
    '/api/notification/query/unread-count',
    { config: OWN, schema: { tags, summary: 'Cuántas notificaciones no leídas tiene el usuario', response: { 200: answer(UnreadCount) } } },
    async (req) => ok({ unread: await unreadCount(db, actorOf(req).userId) }),
  );

  app.post(
    '/api/notification/action/add',
    {
      config: ADD,
      schema: { tags, summary: 'Agrega una notificación (estado 1, no leída)', body: NotificationAddRequest, response: { 200: answer(NotificationItem) } },
    },
    async (req) => ok(await db.transaction((tx) => addNotification(tx, actorOf(req), req.body.Data)), 'Notificación agregada'),
  );

  app.post(
    '/api/notification/action/update/:uid',
    {
      config: OWN,
      schema: {
        tags,
        summary: 'Marca una notificación como leída o no leída',
        params: UidParam,
        body: NotificationUpdateRequest,
        response: { 200: answer(NotificationItem) },
      },
    },
    async (req) => {
      const { Filters, Data } = req.body;
      if (Filters?.v_uid && Filters.v_uid !== req.params.uid) throw fieldError('Filters.v_uid', 'El identificador no coincide con la ruta');
      const value = Data.i_status ?? (Data.v_uid_status === STATUS_IDS.leido ? 2 : 1);
      return ok(await db.transaction((tx) => setStatus(tx, actorOf(req), req.params.uid, value)), 'Notificación actualizada');
    },
  );

  app.post(
    '/api/notification/action/read-all',
    {
      config: OWN,
      schema: { tags, summary: 'Marca todas las notificaciones del usuario como leídas', response: { 200: answer(z.object({ updated: z.number() })) } },
    },
    async (req) => ok({ updated: await db.transaction((tx) => markAllRead(tx, actorOf(req))) }, 'Notificaciones marcadas como leídas'),
  );

  app.get(
    '/api/notification/preferences',
    { config: PREFS_READ, schema: { tags, summary: 'Qué avisos recibe el usuario por correo', response: { 200: answer(NotificationPreferences) } } },
    async (req) => ok(await preferencesOf(db, actorOf(req))),
  );

  app.put(
    '/api/notification/preferences',
    {
      config: PREFS_EDIT,
      schema: {
        tags,
        summary: 'Elige por tipo de aviso si también llega por correo',
        body: NotificationPreferences,
        response: { 200: answer(NotificationPreferences) },
      },
    },
    async (req) => ok(await db.transaction((tx) => savePreferences(tx, actorOf(req), req.body.Items)), 'Preferencias guardadas'),
  );

  app.post(
    '/api/notification/stream/ticket',
    { config: OWN, schema: { tags, summary: 'Boleto de un solo uso (60 s) para abrir el flujo en vivo', response: { 200: answer(StreamTicket) } } },
    async (req, reply) => {
      const actor = actorOf(req);
      reply.setCookie(LIVE_COOKIE, sessionBinding(app.ctx.config.envelopeKey, actor.sessionId), {
        path: LIVE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: req.protocol === 'https',
        maxAge: TICKET_TTL_S,
      });
      return ok({ Ticket: await issueTicket(db, actor, app.ctx.now()), ExpiresIn: TICKET_TTL_S });
    },
  );

  /**
   * Whether the stream call comes from the ticket's session: an API client sends that session's
   * bearer token; a browser, which cannot, sends the session's cookie. Nothing else is accepted.
   */
  const fromSession = async (req: FastifyRequest, sessionId: string): Promise<boolean> => {
    const header = req.headers.authorization;
    if (header) return header.startsWith('Bearer ') && (await verifyAccessToken(app.ctx.config, header.slice(7)))?.sid === sessionId;
    const cookie = app.parseCookie(req.headers.cookie ?? '')[LIVE_COOKIE];
    return !!cookie && safeEqual(cookie, sessionBinding(app.ctx.config.envelopeKey, sessionId));
  };

  // Server-Sent Events: `event: unread` with { unread } now and after every change of the user's notices.
  app.get(
    LIVE_PATH,
    {
      config: { access: 'public', note: 'autenticado por el boleto de un solo uso de stream/ticket, de la misma sesión (cookie far_live o su token)' },
      schema: { tags, summary: 'Flujo en vivo (text/event-stream) del contador de no leídas', querystring: StreamQuery },
    },
    async (req, reply) => {
      const owner = await redeemTicket(db, req.query.ticket, app.ctx.now());
      if (!owner) throw new AppError('UNAUTHORIZED', 'El boleto no es válido o ya se usó');
      // Already spent: a ticket presented by another session cannot be tried again by its owner either.
      if (!(await fromSession(req, owner.sessionId))) throw new AppError('UNAUTHORIZED', 'El boleto no pertenece a esta sesión');
      const { userId } = owner;
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let open = true;
      let sending: Promise<void> = Promise.resolve();
      const push = () => {
        // One count at a time, in order; a burst of notices sends the latest count.
        sending = sending.then(async () => {
          if (!open) return;
          const unread = await unreadCount(db, userId).catch(() => null);
          if (open && unread !== null) res.write(`event: unread\ndata: ${JSON.stringify({ unread })}\n\n`);
        });
      };
      const unsubscribe = await hub.subscribe(userId, push);
      res.write(`retry: 3000\n\n`);
      push();
      const heartbeat = setInterval(() => res.write(`: ping\n\n`), HEARTBEAT_MS);
      const end = setTimeout(() => res.end(), STREAM_MAX_MS);
      res.on('close', () => {
        open = false;
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(end);
      });
    },
  );
};
