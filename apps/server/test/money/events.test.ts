/**
 * The rail's outcomes and incoming orders: settle and return delivered twice change money once;
 * a duplicate incoming SPEI is credited once; SPEI-in commission and IVA (half up) as their own
 * postings; the sandbox adapter's refusals; an order to another business of this provider.
 */
import { randomUUID } from 'node:crypto';
import { buildClabe } from '@far/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../src/db/client';
import { enqueueJob } from '../../src/modules/jobs';
import { RAIL_EVENT_JOB, UNKNOWN_BANK_REASON, applyRailEvent, sandboxRail, type RailEvent } from '../../src/modules/spei';
import { createTestApp, type TestApp } from '../helpers';
import {
  BUSINESS,
  BUSINESS_2,
  CLABE,
  TECHFAR,
  balance,
  demoBusiness,
  deposit,
  holdOf,
  key,
  legsOf,
  moneyCall,
  movementRow,
  noLimits,
  runJobs,
  speiOut,
  type DemoBusiness,
} from './money';

const onPostgres = !!process.env.TEST_DATABASE_URL;
let t: TestApp;
let a: DemoBusiness;
let b2: DemoBusiness;
const inTx = <T>(fn: (tx: Tx) => Promise<T>) => t.database.db.transaction(fn);

beforeAll(async () => {
  t = await createTestApp();
  t.database.pool?.on('error', () => undefined);
  a = await demoBusiness(t);
  b2 = await demoBusiness(t, BUSINESS_2);
  await noLimits(t, a);
  await deposit(t, a.id, '2000.00');
});
afterAll(() => t.close());

/** A SPEI out accepted and sent (its settle/return event is queued for later). */
async function sentOrder(clabe = CLABE.settles, amount = '25.00') {
  const res = await speiOut(t, BUSINESS, { Clabe: clabe, BeneficiaryName: 'Proveedor Eventos', Amount: amount });
  expect(res.statusCode, res.body).toBe(200);
  await runJobs(t, 0);
  const m = await movementRow(t, res.json().data.Id);
  expect(m.i_status).toBe(1);
  return { id: res.json().data.Id as string, trackingKey: m.v_tracking_key, operationDate: res.json().data.OperationDate as string };
}
const postings = async () => Number((await t.sql<{ n: string }>(`SELECT count(*)::text AS n FROM ledger_postings`))[0]!.n);
const event = (o: { trackingKey: string; operationDate: string }, type: RailEvent['type'], extra: Partial<RailEvent> = {}): RailEvent => ({
  type,
  trackingKey: o.trackingKey,
  operationDate: o.operationDate,
  ...extra,
});

describe('rail events, exactly once', () => {
  it('settles once when the settle event is delivered twice', async () => {
    await runJobs(t, 60_000);
    const o = await sentOrder();
    const first = await inTx((tx) => applyRailEvent(tx, event(o, 'settle'), new Date()));
    const after = { balance: await balance(t, BUSINESS), postings: await postings() };
    const second = await inTx((tx) => applyRailEvent(tx, event(o, 'settle'), new Date()));
    expect([first.applied, second.applied]).toEqual([true, false]);
    expect({ balance: await balance(t, BUSINESS), postings: await postings() }).toEqual(after);
    // The sandbox's own event, still queued, arrives as a third delivery and changes nothing.
    await runJobs(t, 60_000);
    expect({ balance: await balance(t, BUSINESS), postings: await postings() }).toEqual(after);
    expect(await movementRow(t, o.id)).toMatchObject({ i_status: 2 });
  });

  it('releases once when the return is delivered twice, and a late settle changes nothing', async () => {
    await runJobs(t, 60_000);
    const before = await balance(t, BUSINESS);
    const o = await sentOrder(CLABE.returns);
    const r1 = await inTx((tx) => applyRailEvent(tx, event(o, 'return', { reason: 'Cuenta inexistente', returnTrackingKey: 'DEV1' }), new Date()));
    const r2 = await inTx((tx) => applyRailEvent(tx, event(o, 'return', { reason: 'Cuenta inexistente', returnTrackingKey: 'DEV1' }), new Date()));
    const late = await inTx((tx) => applyRailEvent(tx, event(o, 'settle'), new Date()));
    expect([r1.applied, r2.applied, late.applied]).toEqual([true, false, false]);
    expect(await holdOf(t, o.id)).toMatchObject({ v_status: 'released', v_reason: 'returned' });
    expect(await movementRow(t, o.id)).toMatchObject({ i_status: 3 });
    expect(await balance(t, BUSINESS)).toEqual(before);
  });

  it('delivered as two queued jobs (a rail that repeats itself), settles once', async () => {
    await runJobs(t, 60_000);
    const o = await sentOrder();
    const before = await balance(t, BUSINESS);
    for (const n of [1, 2])
      await inTx((tx) => enqueueJob(tx, { kind: RAIL_EVENT_JOB, payload: { ...event(o, 'settle') }, runAt: new Date(), uniqueKey: `repeat-${o.id}-${n}` }));
    const ran = await runJobs(t, 60_000);
    expect(ran.failed).toBe(0);
    expect((await balance(t, BUSINESS)).balance).toBe((Number(before.balance) - 25 - 5.8).toFixed(2));
    expect(await t.sql(`SELECT count(*)::int AS n FROM ledger_transactions WHERE v_kind = 'spei-out' AND v_reference = $1`, [o.id])).toEqual([{ n: 1 }]);
  });

  it('a return after settlement posts the amount back once (the commission stays charged)', async () => {
    await runJobs(t, 60_000);
    const o = await sentOrder(CLABE.settles, '40.00');
    await runJobs(t, 60_000);
    const settled = await balance(t, BUSINESS);
    const r1 = await inTx((tx) => applyRailEvent(tx, event(o, 'return', { reason: 'Devolución tardía', returnTrackingKey: 'DEVLATE' }), new Date()));
    const r2 = await inTx((tx) => applyRailEvent(tx, event(o, 'return', { reason: 'Devolución tardía', returnTrackingKey: 'DEVLATE' }), new Date()));
    expect([r1.applied, r2.applied]).toEqual([true, false]);
    expect((await balance(t, BUSINESS)).balance).toBe((Number(settled.balance) + 40).toFixed(2));
    expect(await movementRow(t, o.id)).toMatchObject({ i_status: 3, i_previous_status: 2 });
  });

  it.skipIf(!onPostgres)('settles once when two deliveries arrive at the same moment (PostgreSQL)', async () => {
    await runJobs(t, 60_000);
    const o = await sentOrder();
    const results = await Promise.all(Array.from({ length: 8 }, () => inTx((tx) => applyRailEvent(tx, event(o, 'settle'), new Date()))));
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await t.sql(`SELECT count(*)::int AS n FROM ledger_transactions WHERE v_kind = 'spei-out' AND v_reference = $1`, [o.id])).toEqual([{ n: 1 }]);
  });
});

describe('incoming SPEI', () => {
  const incoming = (body: Record<string, unknown>, k = key()) =>
    moneyCall(t, TECHFAR, {
      method: 'POST',
      url: '/api/v1/transaction/spei/sandbox/incoming',
      payload: { Clabe: b2.clabe, SenderName: 'Cliente Externo', Concept: 'Pago factura 10', ...body },
      key: k,
    });
  const setSpeiIn = (percent: string) =>
    t.call(TECHFAR, {
      method: 'PUT',
      url: '/api/v1/transaction/speiconfig/global',
      payload: { CommissionSpeiInGlobal: percent, EnableSpeiOutGlobal: true, CommissionSpeiOutTransaction: '5.00', CommissionDepositCardholder: '0' },
    });

  it('credits a duplicate order (same tracking key, day and sending bank) once', async () => {
    const before = await balance(t, BUSINESS_2);
    const order = { Amount: '100.00', TrackingKey: `DUP${Date.now()}`, SenderClabe: CLABE.bbva };
    const first = await incoming(order);
    const second = await incoming(order);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect([first.json().data.Duplicate, second.json().data.Duplicate]).toEqual([false, true]);
    expect(second.json().data.Movement.Id).toBe(first.json().data.Movement.Id);
    expect(second.json().status.message).toBe('La orden ya se había recibido: no se abonó de nuevo');
    const net = first.json().data.Movement.TotalAmount;
    expect((await balance(t, BUSINESS_2)).balance).toBe((Number(before.balance) + Number(net)).toFixed(2));
    // The same tracking key from another bank is another order.
    const other = await incoming({ ...order, SenderClabe: CLABE.banamex });
    expect(other.json().data.Duplicate).toBe(false);
  });

  it.skipIf(!onPostgres)('credits once when duplicates arrive at the same moment (PostgreSQL)', async () => {
    const order = { Amount: '7.00', TrackingKey: `CONC${Date.now()}`, SenderClabe: CLABE.bbva };
    const answers = await Promise.all(Array.from({ length: 6 }, () => incoming(order)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(answers.filter((r) => !r.json().data.Duplicate)).toHaveLength(1);
    expect(await t.sql(`SELECT count(*)::int AS n FROM business_movements WHERE v_tracking_key = $1`, [order.TrackingKey])).toEqual([{ n: 1 }]);
  });

  it('charges the SPEI-in percentage and its IVA as separate postings, rounded half up', async () => {
    expect((await setSpeiIn('0.5')).statusCode).toBe(200);
    // 1,234.57 × 0.5 % = 6.17285 → 6.17; IVA 16 % of 6.17 = 0.9872 → 0.99; net 1,227.41.
    const r = await incoming({ Amount: '1234.57', TrackingKey: `HALF${Date.now()}` });
    expect(r.json().data.Movement).toMatchObject({
      MovementType: 'SPEI_IN',
      MovementAmount: '1234.57',
      Commission: '6.17',
      IVA: '0.99',
      TotalAmount: '1227.41',
      StatusName: 'Liquidada',
    });
    expect(await legsOf(t, r.json().data.Movement.Id)).toEqual([
      { owner: b2.client, leg: 'amount', cents: '123457' },
      { owner: b2.client, leg: 'commission', cents: '-617' },
      { owner: b2.client, leg: 'iva', cents: '-99' },
      { owner: 'spei-clearing', leg: 'amount', cents: '-123457' },
      { owner: 'commission-income', leg: 'commission', cents: '617' },
      { owner: 'iva-payable', leg: 'iva', cents: '99' },
    ]);
    // 1.01 × 0.5 % = 0.505 cents → half up: 0.01 (banker's rounding would give 0.00); its IVA 0.0016 → 0.00.
    const half = await incoming({ Amount: '1.01', TrackingKey: `HALFB${Date.now()}` });
    expect(half.json().data.Movement).toMatchObject({ Commission: '0.01', IVA: '0.00', TotalAmount: '1.00' });
    expect(await legsOf(t, half.json().data.Movement.Id)).toEqual([
      { owner: b2.client, leg: 'amount', cents: '101' },
      { owner: b2.client, leg: 'commission', cents: '-1' },
      { owner: 'spei-clearing', leg: 'amount', cents: '-101' },
      { owner: 'commission-income', leg: 'commission', cents: '1' },
    ]);
  });

  it('refuses an incoming order for a CLABE that is no business of ours, and answers staff only', async () => {
    const r = await incoming({ Amount: '5.00', Clabe: CLABE.bbva });
    expect([r.statusCode, r.json().message]).toEqual([404, 'La CLABE no corresponde a ninguna empresa']);
    const byBusiness = await moneyCall(t, BUSINESS, {
      method: 'POST',
      url: '/api/v1/transaction/spei/sandbox/incoming',
      payload: { Clabe: a.clabe, Amount: '5.00', SenderName: 'Yo Mismo', Concept: 'Auto abono' },
    });
    expect(byBusiness.statusCode).toBe(403);
  });

  it('delivers an order to another business of this provider as its incoming SPEI', async () => {
    expect((await setSpeiIn('0')).statusCode).toBe(200);
    await runJobs(t, 60_000);
    const before = await balance(t, BUSINESS_2);
    const res = await speiOut(t, BUSINESS, { Clabe: b2.clabe, BeneficiaryName: 'Lucia Hernandez Vega', Amount: '15.00' });
    expect(res.statusCode, res.body).toBe(200);
    await runJobs(t, 0);
    await runJobs(t, 60_000);
    expect(await movementRow(t, res.json().data.Id)).toMatchObject({ i_status: 2 });
    expect((await balance(t, BUSINESS_2)).balance).toBe((Number(before.balance) + 15).toFixed(2));
    const [credit] = await t.sql<{ v_type: string; v_source_clabe: string }>(
      `SELECT v_type, v_source_clabe FROM business_movements WHERE v_type = 'SPEI_IN' AND v_tracking_key = $1`,
      [res.json().data.TrackingKey],
    );
    expect(credit).toEqual({ v_type: 'SPEI_IN', v_source_clabe: a.clabe });
  });
});

describe('the sandbox adapter', () => {
  const order = (clabe: string, bankCode = clabe.slice(0, 3)) => ({
    movementId: randomUUID(),
    trackingKey: 'FARTEST1',
    operationDate: '2026-01-15',
    amountCents: 100n,
    beneficiaryClabe: clabe,
    beneficiaryBankCode: bankCode,
    beneficiaryName: 'X',
    senderClabe: a.clabe,
    senderName: 'Y',
    concept: 'Z',
    reference: '1',
  });

  it('rejects an unknown bank, a bank code that is not the CLABE’s, and the rejecting test bank; accepts the others', async () => {
    const rail = sandboxRail({ delayMs: 0 });
    await inTx(async (tx) => {
      expect(await rail.submitOrder(tx, order(buildClabe('999', '180', '00000000001')), new Date())).toEqual({ accepted: false, reason: UNKNOWN_BANK_REASON });
      expect(await rail.submitOrder(tx, order(CLABE.bbva, '014'), new Date())).toEqual({ accepted: false, reason: UNKNOWN_BANK_REASON });
      expect(await rail.submitOrder(tx, order(CLABE.rejects), new Date())).toMatchObject({ accepted: false });
      expect(await rail.submitOrder(tx, order(CLABE.bbva), new Date())).toMatchObject({ accepted: true });
      throw new Error('rollback');
    }).catch((err: Error) => expect(err.message).toBe('rollback'));
  });
});
