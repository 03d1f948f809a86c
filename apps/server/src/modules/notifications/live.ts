/**
 * Live notices (docs/decisions/0017). notify() runs pg_notify on the channel far_notifications in
 * the event's transaction, so the message goes out when (and only if) it commits. Each server
 * process keeps one LISTEN connection (PostgreSQL: a dedicated client outside the pool; PGlite:
 * its own listen(), the same process) and hands each user id to that user's open streams.
 * Tickets: EventSource cannot send the bearer header, so the client first asks for a ticket with
 * its token; the ticket is random, kept only as a hash, single-use and valid 60 s, and bound to the
 * session that asked for it (docs/decisions/0027).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import pg from 'pg';
import type { Database, DbOrTx } from '../../db/client';
import { sha256 } from '../../platform/crypto';
import { notificationStreamTickets } from './schema';
import { LIVE_CHANNEL } from './service';

export const TICKET_TTL_S = 60;
/**
 * The browser's proof of its session on the stream call (EventSource sends cookies, not headers):
 * an HMAC of the session id, the same for every tab of one sign-in, so tabs never overwrite each
 * other's. httpOnly, SameSite=Strict, only sent to the stream path.
 */
export const LIVE_COOKIE = 'far_live';
export const LIVE_PATH = '/api/notification/stream';
export const sessionBinding = (key: Buffer, sessionId: string) => createHmac('sha256', key).update(`notification-stream:${sessionId}`).digest('base64url');

export async function issueTicket(db: DbOrTx, owner: { userId: string; sessionId: string }, now: Date): Promise<string> {
  const ticket = randomBytes(24).toString('base64url');
  // Expired tickets of anyone are swept here, so the table stays small without a job.
  await db.delete(notificationStreamTickets).where(lte(notificationStreamTickets.d_expires_at, now));
  await db
    .insert(notificationStreamTickets)
    .values({ v_hash: sha256(ticket), v_uid_user: owner.userId, v_uid_session: owner.sessionId, d_expires_at: new Date(now.getTime() + TICKET_TTL_S * 1000) });
  return ticket;
}

/** The user and session the ticket was issued to, once: it is deleted as it is read (any process), even when then refused. */
export async function redeemTicket(db: DbOrTx, ticket: string, now: Date): Promise<{ userId: string; sessionId: string } | null> {
  const [row] = await db
    .delete(notificationStreamTickets)
    .where(and(eq(notificationStreamTickets.v_hash, sha256(ticket)), gt(notificationStreamTickets.d_expires_at, now)))
    .returning({ userId: notificationStreamTickets.v_uid_user, sessionId: notificationStreamTickets.v_uid_session });
  return row ?? null;
}

type Listener = (userId: string) => void;

export interface LiveHub {
  /** Resolves once this process listens, so nothing committed after it is missed. */
  subscribe(userId: string, fn: Listener): Promise<() => void>;
  close(): Promise<void>;
}

/** One listener per process; started on the first stream, closed with the app. */
export function createLiveHub(database: Database, onError: (err: unknown) => void): LiveHub {
  const byUser = new Map<string, Set<Listener>>();
  let started: Promise<() => Promise<void>> | null = null;
  let closed = false;
  const dispatch = (payload: string | undefined) => {
    for (const id of (payload ?? '').split(',')) for (const fn of byUser.get(id) ?? []) fn(id);
  };

  const listenPg = async (): Promise<() => Promise<void>> => {
    let client: pg.Client | null = null;
    let retry: NodeJS.Timeout | undefined;
    const connect = async () => {
      if (closed) return;
      const c = new pg.Client(database.pool!.options);
      c.on('notification', (m) => m.channel === LIVE_CHANNEL && dispatch(m.payload));
      c.on('error', (err) => {
        onError(err);
        c.end().catch(() => undefined);
        if (client === c) client = null;
        if (!closed) retry = setTimeout(() => void connect().catch(onError), 1000);
      });
      await c.connect();
      await c.query(`LISTEN ${LIVE_CHANNEL}`);
      client = c;
    };
    await connect();
    return async () => {
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    };
  };
  const listenPglite = async () => {
    const unlisten = await database.pglite!.listen(LIVE_CHANNEL, dispatch);
    return async () => unlisten().catch(() => undefined);
  };

  return {
    async subscribe(userId, fn) {
      started ??= (database.pool ? listenPg() : listenPglite()).catch((err) => {
        onError(err);
        started = null;
        return async () => undefined;
      });
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      set.add(fn);
      await started;
      return () => {
        set!.delete(fn);
        if (set!.size === 0) byUser.delete(userId);
      };
    },
    async close() {
      closed = true;
      byUser.clear();
      if (started) await (await started)();
    },
  };
}
