/**
 * A dispersion of 1,000 rows through STP: every row registered at STP exactly once, although the
 * 10th registraOrden times out (after STP registered it) and the 20th answers 5xx (before); then
 * STP settles them all and the dispersion completes.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { account, create, csv, dispersion, fileOf } from '../dispersions/helpers';
import { BUSINESS } from '../money/money';
import { fundedStpWorld, type StpWorld } from './setup';

let w: StpWorld;
const ROWS = 1000;

beforeAll(async () => {
  w = await fundedStpWorld({ speiOutCommission: '0', deposit: '500000.00' });
}, 120_000);
afterAll(() => w.close());

it('registers every row at STP exactly once through a time-out on the 10th and a 5xx on the 20th, and completes when STP settles them', async () => {
  const lines = Array.from({ length: ROWS }, (_, i) => {
    const a = account('012', 5000 + i);
    return { name: a.name, clabe: a.clabe, amount: `${10 + (i % 90)}.25`, reference: String(i + 1) };
  });
  const made = await create(w.t, BUSINESS, { File: fileOf(csv(lines)), Concept: 'Nomina' });
  expect(made.statusCode, made.body.slice(0, 300)).toBe(200);
  const id = made.json().data.Id as string;
  const offset = w.fake.registraCalls.length;
  w.fake.troubleOnOrder.set(offset + 10, 'timeout');
  w.fake.troubleOnOrder.set(offset + 20, '5xx');

  await w.step();
  const after1 = await w.t.sql<{ v_status: string; n: number }>(`SELECT v_status, count(*)::int AS n FROM stp_orders GROUP BY v_status ORDER BY v_status`);
  expect(after1).toEqual([
    { v_status: 'por_confirmar', n: 2 },
    { v_status: 'registrada', n: ROWS - 2 },
  ]);
  await w.step(10 * 60_000);

  const rows = await w.t.sql<{ v_tracking_key: string; v_rail: string; v_rail_id: string; n_amount_cents: string; s: string }>(
    `SELECT m.v_tracking_key, m.v_rail, m.v_rail_id, m.n_amount_cents::text, o.v_status AS s FROM business_movements m JOIN stp_orders o ON o.v_uid_movement = m.v_uid WHERE m.v_uid_dispersion = $1`,
    [id],
  );
  expect(rows).toHaveLength(ROWS);
  expect(w.fake.orders.size).toBe(ROWS);
  const calls = new Map<string, number>();
  for (const c of w.fake.registraCalls.slice(offset)) calls.set(c, (calls.get(c) ?? 0) + 1);
  for (const r of rows) {
    const o = w.fake.orders.get(r.v_tracking_key)!;
    expect(r).toMatchObject({ s: 'registrada', v_rail: 'stp', v_rail_id: String(o.id) });
    expect(o.montoText).toBe(`${BigInt(r.n_amount_cents) / 100n}.${r.n_amount_cents.slice(-2)}`);
  }
  // One call per row, and one more for the row that met the 5xx (STP did not have it); the time-out's row was asked for, not resent.
  expect([...calls.values()].sort()).toEqual([...Array(ROWS - 1).fill(1), 2]);
  expect(w.fake.registraCalls[offset + 9]).not.toBe(w.fake.registraCalls[offset + 19]);
  expect(calls.get(w.fake.registraCalls[offset + 9]!)).toBe(1);
  expect(calls.get(w.fake.registraCalls[offset + 19]!)).toBe(2);

  for (const r of rows) expect((await w.fake.setEstado(r.v_tracking_key, 'LIQUIDACION')).status).toBe(200);
  await w.step();
  expect(await dispersion(w.t, BUSINESS, id)).toMatchObject({ StatusName: 'Completada', SettledRows: ROWS, OpenRows: 0 });
}, 600_000);
