/**
 * CLABEs registered at STP (STP credits only registered ones). A sweep finds every CLABE this
 * provider issued (businesses' and wallets') that changed since its watermark — from the epoch the
 * first time, which is the one-time registration of existing CLABEs when the rail is switched to
 * STP — and queues it; the dispatcher registers each through STP's account registration (a company
 * or a person, signed over empresa|cuenta|rfcCurp), retried with back-off until STP confirms, and
 * deregisters the CLABE of a closed account.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { StpConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { businessClabesSince, type IssuedClabe } from '../businesses';
import { walletClabesSince } from '../wallet';
import { deregisterAccount, registerAccount, type StpAccountHolder } from './client';
import { stpText } from './cadena';
import { stpAccounts, stpRailState } from './schema';

/** A change committed a little before the watermark may show up late: the sweep looks this far back again. */
const SWEEP_MARGIN_MS = 5 * 60_000;
const LEASE_MS = 120_000;
const retryDelayMs = (attempts: number) => Math.min(3_600_000, 10_000 * attempts * attempts);

const holderOf = (c: IssuedClabe): StpAccountHolder => ({
  cuenta: c.clabe,
  rfcCurp: c.rfcCurp.toUpperCase(),
  persona: c.persona,
  nombre: stpText(c.nombre, 50).toUpperCase() || 'ND',
  ...(c.apellidoPaterno ? { apellidoPaterno: stpText(c.apellidoPaterno, 50).toUpperCase() } : {}),
  ...(c.apellidoMaterno ? { apellidoMaterno: stpText(c.apellidoMaterno, 50).toUpperCase() } : {}),
});

/** Queues new CLABEs for registration and closed ones for deregistration. */
export async function sweepStpAccounts(db: Db): Promise<number> {
  const [state] = await db.select().from(stpRailState).where(eq(stpRailState.v_id, 'stp'));
  const since = new Date((state?.d_accounts_swept?.getTime() ?? SWEEP_MARGIN_MS) - SWEEP_MARGIN_MS);
  const issued = [...(await businessClabesSince(db, since)), ...(await walletClabesSince(db, since))];
  if (issued.length === 0) return 0;
  const known = new Map(
    (
      await db
        .select()
        .from(stpAccounts)
        .where(
          inArray(
            stpAccounts.v_clabe,
            issued.map((c) => c.clabe),
          ),
        )
    ).map((a) => [a.v_clabe, a]),
  );
  let queued = 0;
  await db.transaction(async (tx) => {
    for (const c of issued) {
      const a = known.get(c.clabe);
      const live = a?.v_status === 'registrada' || a?.v_status === 'pendiente';
      // An open account not (or no longer) registered is registered; a closed one that was, is deregistered.
      const wanted = c.active ? (live ? null : ('pendiente' as const)) : live ? ('baja_pendiente' as const) : null;
      if (!wanted) continue;
      const values = {
        v_status: wanted,
        t_holder: holderOf(c) as unknown as Record<string, unknown>,
        i_attempts: 0,
        v_last_error: null,
        d_next_at: sql`now()`,
        d_update_at: sql`now()`,
      };
      await tx
        .insert(stpAccounts)
        .values({ v_clabe: c.clabe, v_owner_kind: c.ownerKind, v_owner: c.owner, ...values })
        .onConflictDoUpdate({ target: stpAccounts.v_clabe, set: values });
      queued += 1;
    }
    const watermark = new Date(Math.max(...issued.map((c) => c.updatedAt.getTime())));
    await tx
      .insert(stpRailState)
      .values({ v_id: 'stp', d_accounts_swept: watermark })
      .onConflictDoUpdate({
        target: stpRailState.v_id,
        set: { d_accounts_swept: sql`greatest(${stpRailState.d_accounts_swept}, ${watermark.toISOString()}::timestamptz)` },
      });
  });
  return queued;
}

type Claimed = { clabe: string; status: 'pendiente' | 'baja_pendiente'; holder: StpAccountHolder; attempts: number };

/** Registers or deregisters every account due at `now`, outside any transaction while STP is called. */
export async function dispatchStpAccounts(db: Db, config: StpConfig, now: Date): Promise<{ calls: number; failed: number }> {
  const at = now.toISOString();
  const claimed = (
    (await db.execute(sql`
    WITH due AS (
      SELECT v_clabe FROM ${stpAccounts}
       WHERE v_status IN ('pendiente', 'baja_pendiente') AND d_next_at <= ${at}::timestamptz AND (d_lease_until IS NULL OR d_lease_until <= ${at}::timestamptz)
       ORDER BY d_next_at LIMIT 200 FOR UPDATE SKIP LOCKED)
    UPDATE ${stpAccounts} a SET d_lease_until = ${at}::timestamptz + ${`${LEASE_MS} milliseconds`}::interval, i_attempts = a.i_attempts + 1
      FROM due WHERE a.v_clabe = due.v_clabe
    RETURNING a.v_clabe AS clabe, a.v_status AS status, a.t_holder AS holder, a.i_attempts AS attempts`)) as unknown as { rows: Claimed[] }
  ).rows;
  let failed = 0;
  for (const c of claimed) {
    const answer = c.status === 'pendiente' ? await registerAccount(config, c.holder) : await deregisterAccount(config, c.holder);
    const set = (values: Partial<typeof stpAccounts.$inferInsert>, db2: DbOrTx = db) =>
      db2
        .update(stpAccounts)
        .set({ ...values, d_lease_until: null, d_update_at: sql`now()` })
        .where(eq(stpAccounts.v_clabe, c.clabe));
    if (answer.kind === 'ok')
      await set(c.status === 'pendiente' ? { v_status: 'registrada', d_registered_at: now, v_last_error: null } : { v_status: 'baja', v_last_error: null });
    else {
      failed += 1;
      await set({
        v_last_error: answer.kind === 'refused' ? `STP: ${answer.message}` : answer.reason,
        d_next_at: new Date(now.getTime() + retryDelayMs(c.attempts)),
      });
    }
  }
  return { calls: claimed.length, failed };
}

/** Whether a CLABE is registered at STP, for the screens: null when STP is not the rail or it was never queued. */
export async function stpAccountState(db: DbOrTx, clabe: string) {
  const [a] = await db.select().from(stpAccounts).where(eq(stpAccounts.v_clabe, clabe));
  return a ?? null;
}
