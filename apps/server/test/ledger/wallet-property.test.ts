/**
 * Property test of the wallet (issue 11): random deposits, wallet-to-wallet transfers, SPEI outs
 * (settled or returned), budget adds and minuses, deactivations and reactivations, through the
 * wallet's service functions, checked against an in-memory model and the ledger's invariants.
 * Each sequence runs in a transaction that is rolled back after SET CONSTRAINTS ALL IMMEDIATE.
 */
import { buildClabe } from '@far/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../src/db/client';
import { rolledBackRuns } from './rolled-back-runs';
import type { Actor } from '../../src/platform/context';
import { AppError } from '../../src/platform/errors';
import { applyRailEvent } from '../../src/modules/spei';
import { walletBalance } from '../../src/modules/wallet/account';
import { budgetMovement, createBudget, updateBudget } from '../../src/modules/wallet/budgets';
import { depositToWallet, sendToWallet, sendWalletSpeiOut } from '../../src/modules/wallet/transfers';
import { TECHFAR, WALLET, addUser, createTestApp, type TestApp } from '../helpers';
import { actorByEmail } from '../money/money';

const WALLETS = 3;
const SETTLES = buildClabe('990', '180', '00000000011');
let t: TestApp;
const actors: Actor[] = [];
let staff: Actor;
const budgetIds: string[] = [];

const actorOf = (email: string): Promise<Actor> => actorByEmail(t, email);

beforeAll(async () => {
  t = await createTestApp();
  staff = await actorOf(TECHFAR);
  for (let i = 0; i < WALLETS; i++) {
    const email = `prop${i}@wallet.mx`;
    await addUser(t, email, WALLET, { newTenant: true });
    actors.push(await actorOf(email));
  }
  // Wallets and one budget each, committed at zero; every sequence is rolled back.
  await t.database.db.transaction(async (tx) => {
    for (const a of actors) budgetIds.push((await createBudget(tx, a, { v_name: 'Meta', n_goal_amount: 50_000n })).v_uid);
  });
});
afterAll(() => t.close());

const cents = (max: bigint) => fc.bigInt({ min: 1n, max });
const who = fc.integer({ min: 0, max: WALLETS - 1 });
type Op =
  | { t: 'deposit'; w: number; cents: bigint }
  | { t: 'transfer'; from: number; to: number; cents: bigint }
  | { t: 'spei'; w: number; cents: bigint; outcome: 'settle' | 'return' | 'none' }
  | { t: 'budget'; w: number; type: 'add' | 'minus'; cents: bigint }
  | { t: 'active'; w: number; active: boolean };
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ t: fc.constant('deposit' as const), w: who, cents: cents(40_000n) }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('transfer' as const), from: who, to: who, cents: cents(30_000n) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('spei' as const),
      w: who,
      cents: cents(20_000n),
      outcome: fc.constantFrom('settle' as const, 'return' as const, 'none' as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ t: fc.constant('budget' as const), w: who, type: fc.constantFrom('add' as const, 'minus' as const), cents: cents(20_000n) }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('active' as const), w: who, active: fc.boolean() }) },
);

const refusal = async (p: Promise<unknown>): Promise<string | null> => {
  try {
    await p;
    return null;
  } catch (err) {
    if (err instanceof AppError) return err.message;
    throw err;
  }
};
const peso = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;

async function runSequence(tx: Tx, ops: Op[]): Promise<void> {
  const balance = actors.map(() => 0n);
  const held = actors.map(() => 0n);
  const budget = actors.map(() => 0n);
  const active = actors.map(() => true);
  const available = (i: number) => balance[i]! - held[i]!;
  for (const o of ops) {
    switch (o.t) {
      case 'deposit':
        await depositToWallet(tx, staff, { UserId: actors[o.w]!.userId, Amount: o.cents });
        balance[o.w]! += o.cents;
        break;
      case 'transfer': {
        const refused = await refusal(sendToWallet(tx, actors[o.from]!, { Recipient: actors[o.to]!.email, Amount: o.cents }, null));
        const expected = o.from === o.to ? 'No puedes enviarte dinero a ti mismo' : available(o.from) < o.cents ? 'Saldo insuficiente' : null;
        expect(refused).toBe(expected);
        if (!expected) {
          balance[o.from]! -= o.cents;
          balance[o.to]! += o.cents;
        }
        break;
      }
      case 'spei': {
        let sent: { TrackingKey: string | null; OperationDate: string } | null = null;
        const refused = await refusal(
          sendWalletSpeiOut(tx, actors[o.w]!, { Clabe: SETTLES, BeneficiaryName: 'Ana', Amount: o.cents, Concept: 'Pago', Reference: '1' }, null).then((m) => {
            sent = m;
          }),
        );
        const ok = available(o.w) >= o.cents;
        expect(refused).toBe(ok ? null : 'Saldo insuficiente');
        if (!ok || !sent) break;
        held[o.w]! += o.cents;
        if (o.outcome === 'none') break;
        const { TrackingKey, OperationDate } = sent as { TrackingKey: string; OperationDate: string };
        await applyRailEvent(tx, { type: o.outcome, trackingKey: TrackingKey, operationDate: OperationDate, reason: 'Prueba' }, new Date());
        held[o.w]! -= o.cents;
        if (o.outcome === 'settle') balance[o.w]! -= o.cents;
        break;
      }
      case 'budget': {
        const refused = await refusal(budgetMovement(tx, actors[o.w]!, budgetIds[o.w]!, { v_type: o.type, n_amount: o.cents }));
        const expected = !active[o.w]
          ? 'El presupuesto está inactivo'
          : o.type === 'minus' && o.cents > budget[o.w]!
            ? 'El monto excede lo que tiene el presupuesto'
            : o.type === 'add' && o.cents > available(o.w)
              ? 'El monto excede tu saldo disponible'
              : null;
        expect(refused).toBe(expected);
        if (!expected) {
          const sign = o.type === 'add' ? 1n : -1n;
          balance[o.w]! -= sign * o.cents;
          budget[o.w]! += sign * o.cents;
        }
        break;
      }
      case 'active':
        await updateBudget(tx, actors[o.w]!, budgetIds[o.w]!, { i_active: o.active });
        if (!o.active && active[o.w]) {
          balance[o.w]! += budget[o.w]!;
          budget[o.w] = 0n;
        }
        active[o.w] = o.active;
        break;
    }
  }
  for (let i = 0; i < WALLETS; i++) {
    const b = await walletBalance(tx, actors[i]!.client);
    expect({ balance: b.balance, transit: b.transit, budgeted: b.budgeted }, `wallet ${i} ${peso(balance[i]!)}`).toEqual({
      balance: balance[i],
      transit: held[i],
      budgeted: budget[i],
    });
    expect(b.available >= 0n && b.budgeted >= 0n).toBe(true);
  }
  await tx.execute('SET CONSTRAINTS ALL IMMEDIATE');
  const [inv] = (
    (await tx.execute(`
    SELECT
      (SELECT count(*) FROM (SELECT v_uid_transaction FROM ledger_postings GROUP BY 1 HAVING sum(n_amount_cents) <> 0 OR count(*) < 2) x)::int AS unbalanced,
      (SELECT count(*) FROM ledger_accounts WHERE b_customer AND (n_balance_cents - n_held_cents < 0 OR n_held_cents < 0))::int AS overdrawn,
      (SELECT count(*) FROM ledger_accounts a
         LEFT JOIN (SELECT v_uid_account, sum(n_amount_cents) AS s FROM ledger_postings GROUP BY 1) p ON p.v_uid_account = a.v_uid
        WHERE a.n_balance_cents <> coalesce(p.s, 0))::int AS unbacked,
      (SELECT coalesce(sum(n_balance_cents), 0) FROM ledger_accounts)::text AS total
  `)) as unknown as { rows: { unbalanced: number; overdrawn: number; unbacked: number; total: string }[] }
  ).rows;
  expect(inv).toEqual({ unbalanced: 0, overdrawn: 0, unbacked: 0, total: '0' });
}

describe('wallet invariants under random sequences', () => {
  it('hold for 1,000 random sequences (postings sum to zero, no wallet or budget below zero, each balance equals its postings)', async () => {
    const sequences = await rolledBackRuns(t.database.db, fc.array(op, { minLength: 1, maxLength: 4 }), runSequence);
    expect(sequences).toBeGreaterThanOrEqual(1000);
  }, 600_000);
});
