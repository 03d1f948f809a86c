/**
 * Property test of dispersions: random batches (1–6 rows, random amounts) run through the service
 * functions, then random rail events per row (settle, return, reject, a duplicate delivery, a
 * return after settlement). After each: postings sum to zero (the deferred guards run at SET
 * CONSTRAINTS ALL IMMEDIATE), the business account never below zero and nothing left held, each
 * row's money moved once (at most one settlement and one return per order), the balance moved by
 * exactly what the model says, and the dispersion's counts and status agree. Each batch runs in a
 * transaction that is rolled back.
 */
import { buildClabe, sandboxAccountHolder } from '@far/contracts';
import fc from 'fast-check';
import { TransactionRollbackError, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../src/db/client';
import type { Actor } from '../../src/platform/context';
import { businessByClient } from '../../src/modules/businesses';
import { createDispersion, planDispersion, runChunk } from '../../src/modules/dispersions';
import { balanceOf, customerAccountCode, getAccountByCode } from '../../src/modules/ledger';
import { applyRailEvent, sandboxRail, submitSpeiOutBatch } from '../../src/modules/spei';
import { createTestApp, type TestApp } from '../helpers';
import { BUSINESS, demoBusiness, deposit, noLimits } from '../money/money';

let t: TestApp;
let actor: Actor;
const rail = sandboxRail({ delayMs: 0 });

beforeAll(async () => {
  t = await createTestApp();
  const b = await demoBusiness(t);
  await noLimits(t, b);
  await deposit(t, b.id, '1000000.00');
  const [u] = await t.sql<{ v_uid: string; v_client: string }>(`SELECT v_uid, v_client FROM users WHERE v_email = $1`, [BUSINESS]);
  actor = {
    userId: u!.v_uid,
    sessionId: 'prop',
    email: BUSINESS,
    name: 'Prop',
    roleId: '',
    roleName: 'business',
    isSuper: false,
    kind: 'BUS',
    client: u!.v_client,
    mustChangePassword: false,
    grants: new Map(),
  };
});
afterAll(() => t.close());

type Event = 'settle' | 'return' | 'reject' | 'settle-twice' | 'settle-then-return';
const row = fc.record({
  cents: fc.bigInt({ min: 1n, max: 500_000n }),
  account: fc.integer({ min: 1, max: 40 }),
  event: fc.constantFrom<Event>('settle', 'return', 'reject', 'settle-twice', 'settle-then-return'),
});

async function runBatch(tx: Tx, rows: Array<{ cents: bigint; account: number; event: Event }>) {
  const now = new Date();
  const business = (await businessByClient(tx, actor.client))!;
  const account = (await getAccountByCode(tx, customerAccountCode(actor.client)))!;
  const before = await balanceOf(tx, account.id);
  const Rows = rows.map((r, i) => {
    const clabe = buildClabe('990', '180', String(r.account).padStart(11, '0'));
    const h = sandboxAccountHolder(clabe);
    return {
      Name: h.exists ? h.name : 'X',
      Clabe: clabe,
      Amount: `${r.cents / 100n}.${String(r.cents % 100n).padStart(2, '0')}`,
      Concept: 'Prop',
      Reference: String(i + 1),
    };
  });
  const plan = await planDispersion(tx, business, { Rows }, now);
  const d = await createDispersion(tx, actor, plan, {}, now);
  await runChunk(tx, d.v_uid, 0, now);
  const orders = await tx.execute(
    sql`SELECT v_uid, v_tracking_key, d_operation_date, n_amount_cents::text AS amount, n_total_cents::text AS total FROM business_movements WHERE v_uid_dispersion = ${d.v_uid} ORDER BY v_reference::int`,
  );
  const list = (orders as unknown as { rows: Array<{ v_uid: string; v_tracking_key: string; d_operation_date: string; amount: string; total: string }> }).rows;
  expect(list).toHaveLength(rows.length);
  let expectedDebit = 0n;
  let settled = 0;
  // The chunk goes to the rail as one batch, as the job does; a second delivery of the job sends nothing again.
  await submitSpeiOutBatch(
    tx,
    rail,
    list.map((o) => o.v_uid),
    now,
  );
  await submitSpeiOutBatch(
    tx,
    rail,
    list.map((o) => o.v_uid),
    now,
  );
  for (const [i, o] of list.entries()) {
    const ev = { trackingKey: o.v_tracking_key, operationDate: o.d_operation_date };
    const e = rows[i]!.event;
    if (e === 'reject') await applyRailEvent(tx, { ...ev, type: 'reject', reason: 'x' }, now);
    else if (e === 'return') await applyRailEvent(tx, { ...ev, type: 'return', reason: 'x', returnTrackingKey: `R${i}` }, now);
    else {
      await applyRailEvent(tx, { ...ev, type: 'settle' }, now);
      await applyRailEvent(tx, { ...ev, type: e === 'settle-then-return' ? 'return' : 'settle', reason: 'x', returnTrackingKey: `R${i}` }, now);
      // A duplicate return after settlement moves nothing again.
      if (e === 'settle-then-return') await applyRailEvent(tx, { ...ev, type: 'return', reason: 'x', returnTrackingKey: `R${i}` }, now);
    }
    if (e === 'settle' || e === 'settle-twice') {
      expectedDebit += BigInt(o.total);
      settled += 1;
    }
    // Returned after settlement: the amount comes back, commission and IVA stay charged.
    if (e === 'settle-then-return') expectedDebit += BigInt(o.total) - BigInt(o.amount);
  }
  await tx.execute(sql`SET CONSTRAINTS ALL IMMEDIATE`);
  const after = await balanceOf(tx, account.id);
  expect(after.transitBalance).toBe(before.transitBalance);
  expect(before.balance - after.balance).toBe(expectedDebit);
  expect(after.availableBalance >= 0n).toBe(true);
  const sums = (await tx.execute(sql`SELECT coalesce(sum(n_amount_cents), 0)::text AS s FROM ledger_postings`)) as unknown as { rows: Array<{ s: string }> };
  expect(sums.rows[0]!.s).toBe('0');
  const moved = (await tx.execute(
    sql`SELECT t.v_reference, t.v_kind, count(*)::int AS n FROM ledger_transactions t WHERE t.v_reference IN (SELECT v_uid::text FROM business_movements WHERE v_uid_dispersion = ${d.v_uid}) GROUP BY 1, 2`,
  )) as unknown as { rows: Array<{ n: number }> };
  for (const m of moved.rows) expect(Number(m.n)).toBe(1);
  const fin = (await tx.execute(sql`SELECT i_status, i_settled, i_failed, i_open, i_queued FROM dispersions WHERE v_uid = ${d.v_uid}`)) as unknown as {
    rows: Array<{ i_status: number; i_settled: number; i_failed: number; i_open: number; i_queued: number }>;
  };
  const f = fin.rows[0]!;
  expect({ settled: f.i_settled, failed: f.i_failed, open: f.i_open, queued: f.i_queued }).toEqual({
    settled,
    failed: rows.length - settled,
    open: 0,
    queued: 0,
  });
  expect(f.i_status).toBe(settled === rows.length ? 3 : settled === 0 ? 4 : 5);
}

describe('dispersions, property', () => {
  it('hold for 1,000 random batches and events (zero-sum, nothing below zero, each row moves once, counts agree)', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 6 }), async (rows) => {
        runs += 1;
        try {
          await t.database.db.transaction(async (tx) => {
            await runBatch(tx, rows);
            tx.rollback();
          });
        } catch (err) {
          if (!(err instanceof TransactionRollbackError)) throw err;
        }
      }),
      { numRuns: 1000 },
    );
    expect(runs).toBeGreaterThanOrEqual(1000);
    expect(await t.sql(`SELECT 1 FROM dispersions`)).toHaveLength(0);
  }, 600_000);
});
