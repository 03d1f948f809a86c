import { createHash } from 'node:crypto';
import {
  NOTIFICATION_KINDS_FOR,
  NOTIFICATION_STATUS,
  STATUS_IDS,
  TIME_ZONE,
  notificationKindLabel,
  pagesFor,
  type NotificationItem,
  type NotificationKind,
} from '@far/contracts';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { insertFrom } from '../../db/insert-from';
import { mapRead, qb, readRows, type Read } from '../../db/read-together';
import type { Actor } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { iso } from '../../platform/reply';
import { enqueueMessage, htmlFromText, messageWrite, type OutgoingMessage } from '../outbox';
import { recipientsByIds, userIdsOf, type Recipient } from '../users';
import { businessEvents, type BusinessEvent } from './hooks';
import { notificationPreferences, notifications } from './schema';

/** The channel every committed notice is announced on (payload: user ids, comma-separated). */
export const LIVE_CHANNEL = 'far_notifications';

export interface Notice {
  /** users.v_uid of the person notified. */
  userId: string;
  /** One of the catalogue's kinds, so every notice has its Spanish label (contracts NOTIFICATION_KINDS). */
  kind: NotificationKind;
  /** Spanish, short: shown in the bell's list. */
  title: string;
  /** Spanish, one or two sentences. */
  body: string;
  link?: string | null;
  /** The object of the event, for webhooks (default: title, body and link). */
  data?: Record<string, unknown>;
  /**
   * What makes this one event of a business (e.g. the movement id and its new status). The same
   * key notified to several users of one business is one webhook event. Default: a digest of
   * kind, title, body and link, which are equal for every user of one event.
   */
  eventKey?: string;
}

const digest = (n: Notice) =>
  createHash('sha256')
    .update(JSON.stringify([n.kind, n.title, n.body, n.link ?? null]))
    .digest('hex');

/**
 * Writes notices in the caller's transaction: they commit or roll back with the event. Each also
 * goes by e-mail (through the outbox) unless its person turned that kind off in /profile; events
 * of a business reach its webhooks once per business; and live clients hear of it on commit
 * (pg_notify is transactional).
 */
export async function notify(db: DbOrTx, ...notices: Notice[]): Promise<void> {
  if (notices.length === 0) return;
  await db
    .insert(notifications)
    .values(notices.map((n) => ({ v_uid_user: n.userId, v_kind: n.kind, v_title: n.title, t_body: n.body, v_link: n.link ?? null })));
  const ids = [...new Set(notices.map((n) => n.userId))];
  const people = new Map((await recipientsByIds(db, ids)).map((r) => [r.v_uid, r]));
  const optedOut = await db
    .select({ user: notificationPreferences.v_uid_user, kind: notificationPreferences.v_kind })
    .from(notificationPreferences)
    .where(and(inArray(notificationPreferences.v_uid_user, ids), eq(notificationPreferences.b_email, false)));
  const off = new Set(optedOut.map((o) => `${o.user}|${o.kind}`));
  const events = new Map<string, BusinessEvent>();
  for (const n of notices) {
    const person = people.get(n.userId);
    if (!person) continue;
    if (!off.has(`${n.userId}|${n.kind}`)) await enqueueMessage(db, noticeEmail(n, person));
    if (person.v_client.startsWith('BUS')) {
      const key = n.eventKey ?? digest(n);
      events.set(`${person.v_client}|${n.kind}|${key}`, {
        client: person.v_client,
        kind: n.kind,
        key,
        data: n.data ?? { title: n.title, body: n.body, link: n.link ?? null },
      });
    }
  }
  if (events.size > 0) await businessEvents(db, [...events.values()], new Date());
  // NOTIFY payloads are limited to 8000 bytes: 150 ids (37 bytes each) per message.
  for (let i = 0; i < ids.length; i += 150) await db.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${ids.slice(i, i + 150).join(',')})`);
}

/** A notice's e-mail to its person. */
function noticeEmail(n: Notice, person: Recipient): OutgoingMessage {
  const text = `Hola ${person.v_names}:\n\n${n.body}\n\nConsúltalo en FAR Portal, en Notificaciones.\nPuedes elegir qué avisos recibir por correo en tu Perfil.`;
  return { channel: 'email', to: person.v_email, userId: person.v_uid, subject: `FAR Portal: ${n.title}`, body: text, html: htmlFromText(n.title, text) };
}

/** Whether each of the users a subquery gives turned off the e-mail of this kind (/profile), as a read folded into a plan statement. */
export const emailOffRead = (userIds: SQL, kind: string): Read<Set<string>> =>
  mapRead(
    readRows<typeof notificationPreferences.$inferSelect>(
      notificationPreferences,
      qb
        .select()
        .from(notificationPreferences)
        .where(
          and(sql`${notificationPreferences.v_uid_user} IN (${userIds})`, eq(notificationPreferences.v_kind, kind), eq(notificationPreferences.b_email, false)),
        ),
    ),
    (rows) => new Set(rows.map((r) => r.v_uid_user)),
  );

/**
 * notify of ONE notice to a wallet user, as parts of the caller's one write statement (decision
 * 0030): the notice, its e-mail unless `emailOff`, and the live channel's announcement, for each
 * row of `from`. `announced` is to be selected by that statement (a CTE nobody reads is not run).
 * A business's users go through notify: their notices are also the business's events.
 */
export function noticeWrite(n: Notice, person: Recipient, emailOff: boolean, from: SQL): { ctes: SQL; announced: SQL } {
  if (person.v_client.startsWith('BUS')) throw new Error('noticeWrite: los avisos a una empresa van por notify (eventos de la empresa)');
  const parts = [
    sql`notice AS (${insertFrom(notifications, { v_uid_user: n.userId, v_kind: n.kind, v_title: n.title, t_body: n.body, v_link: n.link ?? null }, from)})`,
    ...(emailOff ? [] : [sql`notice_email AS (${messageWrite(noticeEmail(n, person), from)})`]),
    sql`notice_live AS (SELECT pg_notify(${LIVE_CHANNEL}, ${n.userId}) FROM ${from})`,
  ];
  return { ctes: sql.join(parts, sql`, `), announced: sql`(SELECT count(*) FROM notice_live)` };
}

/** The same notice to every user of a business (or wallet client). */
export async function notifyClient(db: DbOrTx, client: string, notice: Omit<Notice, 'userId'>): Promise<void> {
  const ids = await userIdsOf(db, { client });
  await notify(db, ...ids.map((userId) => ({ ...notice, userId })));
}

/** The same notice to every staff user (FAR). */
export async function notifyStaff(db: DbOrTx, notice: Omit<Notice, 'userId'>): Promise<void> {
  const ids = await userIdsOf(db, { kind: 'FAR' });
  await notify(db, ...ids.map((userId) => ({ ...notice, userId })));
}

type Row = typeof notifications.$inferSelect;
const statusUid = (s: number) => (s === NOTIFICATION_STATUS.read ? STATUS_IDS.leido : STATUS_IDS['no-leido']);
export const itemOf = (r: Row): NotificationItem => ({
  i_id: r.i_id,
  v_uid: r.v_uid,
  d_create_at: iso(r.d_create_at)!,
  d_update_at: iso(r.d_update_at)!,
  v_title: r.v_title,
  t_description: r.t_body,
  v_uid_status: statusUid(r.i_status),
  i_status: r.i_status,
  v_kind: r.v_kind,
  v_kind_label: notificationKindLabel(r.v_kind),
  v_link: r.v_link,
  v_uid_user: r.v_uid_user,
  d_read_at: iso(r.d_read_at),
});

export interface ListInput {
  Pagination: { page: number; perPage: number };
  Search?: string;
  Filters?: { i_status?: 1 | 2; v_kind?: string; from?: string; to?: string };
  Fields?: readonly (keyof NotificationItem)[];
  Order?: { field: 'd_create_at' | 'v_title' | 'i_status'; dir: 'asc' | 'desc' };
}

/** The caller's own notices only: there is no way to name another person's. */
export async function listNotifications(db: DbOrTx, actor: Actor, q: ListInput) {
  const f = q.Filters ?? {};
  const conds: (SQL | undefined)[] = [eq(notifications.v_uid_user, actor.userId)];
  if (f.i_status) conds.push(eq(notifications.i_status, f.i_status));
  if (f.v_kind) conds.push(eq(notifications.v_kind, f.v_kind));
  // Days are Mexico City calendar days.
  const day = sql`(${notifications.d_create_at} AT TIME ZONE ${TIME_ZONE})::date`;
  if (f.from) conds.push(sql`${day} >= ${f.from}::date`);
  if (f.to) conds.push(sql`${day} <= ${f.to}::date`);
  if (q.Search) {
    const like = `%${q.Search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(or(ilike(notifications.v_title, like), ilike(notifications.t_body, like)));
  }
  const where = and(...conds);
  const order = q.Order ?? { field: 'd_create_at', dir: 'desc' };
  const col = notifications[order.field];
  const { page, perPage } = q.Pagination;
  const [rows, [{ total } = { total: 0 }], unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(order.dir === 'asc' ? asc(col) : desc(col), desc(notifications.v_uid))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(notifications).where(where),
    unreadCount(db, actor.userId),
  ]);
  const pick = (item: NotificationItem) => (q.Fields?.length ? Object.fromEntries(q.Fields.map((k) => [k, item[k]])) : item);
  return { items: rows.map((r) => pick(itemOf(r))), page, perPage, pages: pagesFor(total, perPage), total, unread };
}

export async function unreadCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.v_uid_user, userId), eq(notifications.i_status, NOTIFICATION_STATUS.unread)));
  return row?.n ?? 0;
}

/**
 * A notice added through the API (spec §7 action/add, status 1). Staff may address anyone; a
 * business user someone of its own business; a wallet user only itself. Anyone else: 404.
 */
export async function addNotification(
  tx: Tx,
  actor: Actor,
  d: { v_title: string; t_description: string; v_uid_user?: string; v_link?: string },
): Promise<NotificationItem> {
  const target = d.v_uid_user ?? actor.userId;
  if (target !== actor.userId) {
    const [person] = await recipientsByIds(tx, [target]);
    const reachable = person && (actor.kind === 'FAR' || (actor.kind === 'BUS' && person.v_client === actor.client));
    if (!reachable) throw notFound('Usuario no encontrado');
  }
  const [row] = await tx
    .insert(notifications)
    .values({ v_uid_user: target, v_kind: 'announcement', v_title: d.v_title, t_body: d.t_description, v_link: d.v_link ?? null })
    .returning();
  await tx.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${target})`);
  return itemOf(row!);
}

/** Read or unread (action/update/{uid}); only the owner's notices exist for the caller. */
export async function setStatus(tx: Tx, actor: Actor, uid: string, status: 1 | 2): Promise<NotificationItem> {
  const [row] = await tx
    .update(notifications)
    .set({
      i_status: status,
      d_read_at: status === NOTIFICATION_STATUS.read ? sql`coalesce(${notifications.d_read_at}, now())` : null,
      d_update_at: sql`now()`,
    })
    .where(and(eq(notifications.v_uid, uid), eq(notifications.v_uid_user, actor.userId)))
    .returning();
  if (!row) throw notFound('Notificación no encontrada');
  await tx.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${actor.userId})`);
  return itemOf(row);
}

export async function markAllRead(tx: Tx, actor: Actor): Promise<number> {
  const rows = await tx
    .update(notifications)
    .set({ i_status: NOTIFICATION_STATUS.read, d_read_at: sql`now()`, d_update_at: sql`now()` })
    .where(and(eq(notifications.v_uid_user, actor.userId), eq(notifications.i_status, NOTIFICATION_STATUS.unread)))
    .returning({ v_uid: notifications.v_uid });
  if (rows.length > 0) await tx.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${actor.userId})`);
  return rows.length;
}

/** The kinds this person may receive, each with whether it goes by e-mail. */
export async function preferencesOf(db: DbOrTx, actor: Actor) {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.v_uid_user, actor.userId));
  const chosen = new Map(rows.map((r) => [r.v_kind, r.b_email]));
  return { Items: NOTIFICATION_KINDS_FOR[actor.kind].map((k) => ({ Kind: k, Label: notificationKindLabel(k), Email: chosen.get(k) ?? true })) };
}

export async function savePreferences(tx: Tx, actor: Actor, items: { Kind: NotificationKind; Email: boolean }[]) {
  const allowed = new Set<string>(NOTIFICATION_KINDS_FOR[actor.kind]);
  const bad = items.findIndex((i) => !allowed.has(i.Kind));
  if (bad >= 0)
    throw new AppError('VALIDATION', 'Tipo de notificación no válido', {
      errors: [{ field: `Items.${bad}.Kind`, key: 'invalid', message: 'Tipo de notificación no válido' }],
    });
  for (const i of items) {
    await tx
      .insert(notificationPreferences)
      .values({ v_uid_user: actor.userId, v_kind: i.Kind, b_email: i.Email })
      .onConflictDoUpdate({ target: [notificationPreferences.v_uid_user, notificationPreferences.v_kind], set: { b_email: i.Email, d_update_at: sql`now()` } });
  }
  return preferencesOf(tx, actor);
}
