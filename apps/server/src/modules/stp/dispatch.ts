/**
 * The STP dispatcher: sends the queued orders and resolves the ones «por confirmar», outside any
 * transaction while STP is called. A claim (a short transaction, FOR UPDATE SKIP LOCKED) leases due
 * rows to this process; each answer is recorded in its own short transaction. An order is never
 * sent twice: after a time-out, a 5xx, or a lease that ran out mid-send (a crash), STP is asked for
 * it by claveRastreo first, and only an order STP does not have is sent again, with the same key
 * (STP refuses a used key, which sends us back to asking).
 */
import { sql } from 'drizzle-orm';
import type { StpConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { applyRailEvent, recordRailId } from '../spei';
import { querySentOrder, registerOrder, type StpAnswer } from './client';
import { isTrackingKeyUsed, refusalMessage } from './errors';
import { applyQueriedState, applyWaitingEvents, lockStpId } from './events';
import { pool } from './pool';
import { stpOrders, stpRailState } from './schema';

type Claimed = {
  id: string;
  clave: string;
  fecha: string;
  fields: Record<string, string | number>;
  was: 'cola' | 'enviando' | 'por_confirmar';
  attempts: number;
};

const LEASE_MS = 120_000;
/** Wait before asking again: 5 s × attempt², at most 5 minutes (orders should leave soon after STP is back). */
export const retryDelayMs = (attempts: number) => Math.min(300_000, 5_000 * attempts * attempts);

async function claim(db: Db, now: Date, limit: number): Promise<Claimed[]> {
  const at = now.toISOString();
  const result = (await db.execute(sql`
    WITH due AS (
      SELECT v_uid_movement, v_status FROM ${stpOrders}
       WHERE v_status IN ('cola', 'enviando', 'por_confirmar') AND d_next_at <= ${at}::timestamptz AND (d_lease_until IS NULL OR d_lease_until <= ${at}::timestamptz)
       ORDER BY d_next_at, v_uid_movement LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    UPDATE ${stpOrders} o SET v_status = CASE WHEN due.v_status = 'cola' THEN 'enviando' ELSE due.v_status END,
           d_lease_until = ${at}::timestamptz + ${`${LEASE_MS} milliseconds`}::interval, i_attempts = o.i_attempts + 1, d_update_at = now()
      FROM due WHERE o.v_uid_movement = due.v_uid_movement
    RETURNING o.v_uid_movement AS id, o.v_clave_rastreo AS clave, o.d_operation_date::text AS fecha, o.t_order AS fields, due.v_status AS was, o.i_attempts AS attempts`)) as unknown as {
    rows: Claimed[];
  };
  return result.rows;
}

const setOrder = (tx: DbOrTx, id: string, values: Record<string, unknown>) =>
  tx
    .update(stpOrders)
    .set({ ...values, d_lease_until: null, d_update_at: sql`now()` })
    .where(sql`${stpOrders.v_uid_movement} = ${id}`);

/** STP has the order under `stpId`: kept on both rows, and any event that arrived before is applied. */
async function registered(db: Db, c: Claimed, stpId: string, now: Date, queriedState?: { estado: string; detail: string | null }) {
  await db.transaction(async (tx) => {
    await lockStpId(tx, stpId);
    await setOrder(tx, c.id, { v_status: 'registrada', v_stp_id: stpId, v_last_error: null });
    await recordRailId(tx, c.id, stpId);
    await applyWaitingEvents(tx, stpId, now);
    if (queriedState) await applyQueriedState(tx, stpId, queriedState.estado, queriedState.detail, now);
  });
}

/** STP refused the order: it ends rejected with STP's reason in Spanish, and its hold is returned. */
async function refused(db: Db, c: Claimed, message: string, now: Date) {
  await db.transaction(async (tx) => {
    await setOrder(tx, c.id, { v_status: 'rechazada', v_last_error: message });
    await applyRailEvent(tx, { type: 'reject', trackingKey: c.clave, operationDate: c.fecha, reason: message }, now);
  });
}

/** Nobody knows whether STP has it: asked for by claveRastreo before anything else (`now` for at once). */
const unconfirmed = (db: Db, c: Claimed, reason: string, at: Date) => setOrder(db, c.id, { v_status: 'por_confirmar', v_last_error: reason, d_next_at: at });

async function send(db: Db, config: StpConfig, c: Claimed, now: Date): Promise<StpAnswer<unknown>> {
  const later = new Date(now.getTime() + retryDelayMs(c.attempts));
  if (c.was === 'cola') {
    const answer = await registerOrder(config, c.fields);
    if (answer.kind === 'ok') await registered(db, c, answer.value.id, now);
    else if (answer.kind === 'refused' && isTrackingKeyUsed(answer.id, answer.message)) await unconfirmed(db, c, answer.message, now);
    else if (answer.kind === 'refused') await refused(db, c, refusalMessage(answer.id, answer.message), now);
    else await unconfirmed(db, c, answer.reason, later);
    return answer;
  }
  const answer = await querySentOrder(config, c.clave, c.fecha);
  if (answer.kind !== 'ok') await unconfirmed(db, c, answer.kind === 'refused' ? answer.message : answer.reason, later);
  else if (answer.value === null)
    await setOrder(db, c.id, { v_status: 'cola', d_next_at: now }); // STP does not have it: sent again, same key
  else {
    const found = answer.value;
    const detail = found.causaDevolucion ? `causa ${found.causaDevolucion}` : null;
    await registered(db, c, String(found.idEF ?? found.id), now, { estado: found.estado, detail });
  }
  return answer;
}

export interface DispatchResult {
  calls: number;
  unavailable: number;
}

/** Sends and confirms every order due at `now` (tests pass the instant; the server's poller passes the clock). */
export async function dispatchStpOrders(db: Db, config: StpConfig, now: Date, opts: { concurrency?: number; max?: number } = {}): Promise<DispatchResult> {
  const result: DispatchResult = { calls: 0, unavailable: 0 };
  let lastError: string | null = null;
  const max = opts.max ?? 10_000;
  while (result.calls < max) {
    const claimed = await claim(db, now, 100);
    if (claimed.length === 0) break;
    await pool(claimed, opts.concurrency ?? 8, async (c) => {
      const answer = await send(db, config, c, now);
      result.calls += 1;
      if (answer.kind === 'unavailable') {
        result.unavailable += 1;
        lastError = answer.reason;
      }
    });
    // Every order STP could not be reached for is waiting for its retry; stop rather than spin.
    if (result.unavailable === result.calls) break;
  }
  if (result.calls > 0) await noteRailState(db, now, result.unavailable < result.calls, lastError);
  return result;
}

/** The rail's state for the dashboard: the last time STP answered, and the last time it did not (with why). */
export async function noteRailState(db: Db, now: Date, answered: boolean, error: string | null): Promise<void> {
  const values = answered ? { d_last_ok: now } : {};
  const failure = error ? { d_last_failure: now, v_last_error: error } : {};
  if (!answered && !error) return;
  await db
    .insert(stpRailState)
    .values({ v_id: 'stp', ...values, ...failure })
    .onConflictDoUpdate({ target: stpRailState.v_id, set: { ...values, ...failure } });
}
