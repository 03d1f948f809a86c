/**
 * Idempotency-Key of money-moving calls: the one header schema, the request's fingerprint, and the
 * key row (claim, replay, stored answer). The money command (./money-command.ts) is its only user;
 * docs/decisions/0022-money-command.md gives the order of the steps.
 *
 * - The key is scoped by (signed-in user, method + route pattern); the request is fingerprinted
 *   by SHA-256 of the canonical JSON of its params, query and (validated) body.
 * - Same key, same request: the first answer again (same status, same body) with `replay: true`
 *   and the header `Idempotent-Replayed: true`. Same key, another request: 409.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx, Tx } from '../db/client';
import { idempotencyKeys } from './idempotency.schema';
import { sha256 } from './crypto';
import { AppError, fieldError } from './errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
const KEY_MISSING = 'Falta el encabezado Idempotency-Key';
const KEY_INVALID = 'El encabezado Idempotency-Key no es válido';

/** The header every money-moving route requires (added to the route's schema by registerMoneyRoutes). */
export const IdempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string({ error: KEY_MISSING })
    .min(1, KEY_MISSING)
    .regex(KEY_PATTERN, KEY_INVALID)
    .describe('Obligatorio: una llave única por operación (hasta 200 caracteres ASCII visibles; docs/api.md)'),
});

/** JSON with object keys sorted at every level; bigint as '<digits>n'; undefined members left out. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return JSON.stringify(`${value}n`);
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  throw new TypeError(`canonicalJson: tipo no admitido (${typeof value})`);
}

const requestFingerprint = (req: Pick<FastifyRequest, 'params' | 'query' | 'body'>) =>
  sha256(canonicalJson({ params: req.params ?? null, query: req.query ?? null, body: req.body ?? null }));

/** One request under its key: who, which route, which key, and what it asked. */
export interface KeyScope {
  userId: string;
  route: string;
  key: string;
  fingerprint: string;
}

export function keyScope(req: FastifyRequest, userId: string): KeyScope {
  // The schema has checked it already; kept for a route built without registerMoneyRoutes.
  const raw = req.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined || raw === '') throw fieldError('Idempotency-Key', KEY_MISSING, 'required');
  if (typeof raw !== 'string' || !KEY_PATTERN.test(raw)) throw fieldError('Idempotency-Key', KEY_INVALID, 'invalid');
  return { userId, route: `${req.method} ${req.routeOptions.url ?? req.url}`, key: raw, fingerprint: requestFingerprint(req) };
}

/** '<METHOD> <route> <key>': kept on the orders a request made. */
export const scopeText = (s: KeyScope) => `${s.route} ${s.key}`;

/** A first answer to give again. */
export interface Replay {
  status: number;
  body: unknown;
}

async function storedRow(db: DbOrTx, s: KeyScope) {
  const [row] = await db
    .select({ hash: idempotencyKeys.v_request_hash, status: idempotencyKeys.i_status, body: idempotencyKeys.t_response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.v_uid_user, s.userId), eq(idempotencyKeys.v_route, s.route), eq(idempotencyKeys.v_key, s.key)));
  return row;
}

/** The stored answer for the same request, or 409 for another request under the same key. */
function replayOf(row: NonNullable<Awaited<ReturnType<typeof storedRow>>>, s: KeyScope): Replay {
  if (row.hash !== s.fingerprint) throw new AppError('IDEMPOTENCY_CONFLICT');
  // A row is only seen once committed, and its answer is written before the commit; kept as a guard.
  if (row.status === null) throw new AppError('IDEMPOTENCY_CONFLICT', 'La solicitud con esta llave de idempotencia sigue en proceso');
  const body = row.body;
  return { status: row.status, body: body && typeof body === 'object' && !Array.isArray(body) ? { ...body, replay: true } : body };
}

/** The first answer of a finished request under this key (one read, no transaction), if any. */
export async function finishedAnswer(db: DbOrTx, s: KeyScope): Promise<Replay | undefined> {
  const row = await storedRow(db, s);
  return row ? replayOf(row, s) : undefined;
}

/**
 * Claims the key inside the caller's transaction: one insert when the key is new. A concurrent
 * request with the same key waits on the unique index until this transaction ends: after a commit
 * it finds the row and replays its answer; after a rollback its own insert goes in and it is the first.
 * `live`, a boolean of the caller's (its cached session still holds), is read by the same insert:
 * when false nothing is claimed and 'gone' is answered.
 */
export async function claimKey(tx: Tx, s: KeyScope, live?: SQL): Promise<{ id: string } | { replay: Replay } | 'gone'> {
  let claimed: { id: string } | undefined;
  if (live) {
    const [row] = (
      (await tx.execute(sql`WITH live AS (SELECT ${live} AS ok), claimed AS (
          INSERT INTO ${idempotencyKeys} (v_uid_user, v_route, v_key, v_request_hash)
          SELECT ${s.userId}::uuid, ${s.route}, ${s.key}, ${s.fingerprint} FROM live WHERE live.ok
          ON CONFLICT DO NOTHING RETURNING v_uid)
        SELECT (SELECT ok FROM live) AS ok, (SELECT v_uid::text FROM claimed) AS id`)) as unknown as { rows: Array<{ ok: boolean; id: string | null }> }
    ).rows;
    if (!row?.ok) return 'gone';
    claimed = row.id ? { id: row.id } : undefined;
  } else {
    [claimed] = await tx
      .insert(idempotencyKeys)
      .values({ v_uid_user: s.userId, v_route: s.route, v_key: s.key, v_request_hash: s.fingerprint })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.v_uid });
  }
  if (claimed) return claimed;
  const first = await storedRow(tx, s);
  if (!first) throw new AppError('IDEMPOTENCY_CONFLICT', 'La solicitud con esta llave de idempotencia sigue en proceso');
  return { replay: replayOf(first, s) };
}

/** Writes the answer on the claimed row, in the same transaction as the movement. */
export async function storeAnswer(tx: Tx, id: string, answer: Replay): Promise<void> {
  await tx.update(idempotencyKeys).set({ i_status: answer.status, t_response: answer.body }).where(eq(idempotencyKeys.v_uid, id));
}

/** Gives a claim back in its own transaction: the request was refused and keeps nothing under the key. */
export async function releaseClaim(tx: Tx, id: string): Promise<void> {
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.v_uid, id));
}

/** Sends an answer (first or replayed) with its status and, for a replay, the header. */
export function sendAnswer<T>(reply: FastifyReply, answer: Replay, replayed: boolean): T {
  reply.status(answer.status);
  if (replayed) reply.header('Idempotent-Replayed', 'true');
  return answer.body as T;
}

/** Forgets keys older than `before` (retention: at least 24 h; run from a scheduled job). */
export async function purgeIdempotencyKeys(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.d_create_at, before)).returning({ v_uid: idempotencyKeys.v_uid });
  return gone.length;
}
