/**
 * Idempotency-Key for money-moving calls (docs/decisions/0004-ledger.md).
 *
 *   app.post('/api/v1/…', { config: { access: … }, schema: { … } }, (req, reply) =>
 *     withIdempotency(req, reply, async (tx) => {
 *       const moved = await postTransaction(tx, …);
 *       await recordActivity(tx, …);
 *       return { status: 200, body: ok({ … }) };
 *     }));
 *
 * - The key is scoped by (signed-in user, method + route pattern); the request is fingerprinted
 *   by SHA-256 of the canonical JSON of its params, query and (validated) body.
 * - Same key, same request: the first answer again (same status, same body) with `replay: true`
 *   and the header `Idempotent-Replayed: true`. Same key, another request: 409.
 * - The key row is inserted first thing inside the transaction that moves the money. A concurrent
 *   duplicate blocks on the unique index until the first commits, then reads and replays its
 *   answer; if the first rolls back, the duplicate goes ahead as the first. Either way there is
 *   one movement. An attempt that fails rolls back with its key, so a refused or failed call can
 *   be retried with the same key (it moved nothing).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { idempotencyKeys } from './idempotency.schema';
import { sha256 } from './crypto';
import { AppError, fieldError } from './errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

export interface IdempotentResult<T> {
  /** HTTP status of the answer; 200 when omitted. */
  status?: number;
  /** The answer's body: plain JSON (it is stored as jsonb and replayed as is). */
  body: T;
}

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

export const requestFingerprint = (req: Pick<FastifyRequest, 'params' | 'query' | 'body'>) =>
  sha256(canonicalJson({ params: req.params ?? null, query: req.query ?? null, body: req.body ?? null }));

function readKey(req: FastifyRequest): string {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined || raw === '') throw fieldError('Idempotency-Key', 'Falta el encabezado Idempotency-Key', 'required');
  if (typeof raw !== 'string' || !KEY_PATTERN.test(raw)) throw fieldError('Idempotency-Key', 'El encabezado Idempotency-Key no es válido', 'invalid');
  return raw;
}

interface Scope {
  userId: string;
  route: string;
  key: string;
}

async function findKey(db: DbOrTx, s: Scope) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.v_uid_user, s.userId), eq(idempotencyKeys.v_route, s.route), eq(idempotencyKeys.v_key, s.key)));
  return row;
}

type Stored = NonNullable<Awaited<ReturnType<typeof findKey>>>;

/** The stored answer for the same request, or 409 for another request under the same key. */
function replayOf(row: Stored, fingerprint: string): { status: number; body: unknown } {
  if (row.v_request_hash !== fingerprint) throw new AppError('IDEMPOTENCY_CONFLICT');
  // Only visible once committed, and the answer is written before the commit; kept as a guard.
  if (row.i_status === null) throw new AppError('IDEMPOTENCY_CONFLICT', 'La solicitud con esta llave de idempotencia sigue en proceso');
  const body = row.t_response;
  return { status: row.i_status, body: body && typeof body === 'object' && !Array.isArray(body) ? { ...body, replay: true } : body };
}

/**
 * Runs `work` in a transaction guarded by the request's Idempotency-Key and answers it (or the
 * stored first answer). Call it as the whole body of a money-moving handler.
 */
export async function withIdempotency<T>(req: FastifyRequest, reply: FastifyReply, work: (tx: Tx) => Promise<IdempotentResult<T>>): Promise<T> {
  const actor = req.actor;
  if (!actor) throw new Error('withIdempotency: la ruta debe exigir sesión');
  const scope: Scope = { userId: actor.userId, route: `${req.method} ${req.routeOptions.url ?? req.url}`, key: readKey(req) };
  const fingerprint = requestFingerprint(req);
  const db = req.server.ctx.db;

  // Fast path: a retry of a finished request does not open a transaction.
  const done = await findKey(db, scope);
  const outcome = done
    ? { replay: true as const, ...replayOf(done, fingerprint) }
    : await db.transaction(async (tx) => {
        const [claimed] = await tx
          .insert(idempotencyKeys)
          .values({ v_uid_user: scope.userId, v_route: scope.route, v_key: scope.key, v_request_hash: fingerprint })
          .onConflictDoNothing()
          .returning({ v_uid: idempotencyKeys.v_uid });
        if (!claimed) {
          // Another request with this key committed while we waited on the unique index.
          const first = await findKey(tx, scope);
          if (!first) throw new AppError('IDEMPOTENCY_CONFLICT', 'La solicitud con esta llave de idempotencia sigue en proceso');
          return { replay: true as const, ...replayOf(first, fingerprint) };
        }
        const result = await work(tx);
        const status = result.status ?? 200;
        const body = JSON.parse(JSON.stringify(result.body)) as unknown;
        await tx.update(idempotencyKeys).set({ i_status: status, t_response: body }).where(eq(idempotencyKeys.v_uid, claimed.v_uid));
        return { replay: false as const, status, body: result.body as unknown };
      });
  reply.status(outcome.status);
  if (outcome.replay) reply.header('Idempotent-Replayed', 'true');
  return outcome.body as T;
}

/** Forgets keys older than `before` (retention: at least 24 h; run from a scheduled job). */
export async function purgeIdempotencyKeys(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.d_create_at, before)).returning({ v_uid: idempotencyKeys.v_uid });
  return gone.length;
}
