/**
 * Wallet concurrency on PostgreSQL (issue 11): 200 wallet-to-wallet transfers at once in both
 * directions between two wallets, and 200 budget adds at once against one available balance. Each
 * call is its own transaction on a pooled connection; PGlite runs one at a time, so it is skipped there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/platform/context';
import { walletBalance } from '../../src/modules/wallet/account';
import { budgetMovement, createBudget } from '../../src/modules/wallet/budgets';
import { depositToWallet, sendToWallet } from '../../src/modules/wallet/transfers';
import { TECHFAR, WALLET, addUser, createTestApp, type TestApp } from '../helpers';
import { actorByEmail, tally } from '../money/money';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const why = onPostgres ? '' : ' [omitida: requiere PostgreSQL (TEST_DATABASE_URL)]';

let t: TestApp;
const actorOf = (email: string): Promise<Actor> => actorByEmail(t, email);
let n = 0;
async function wallet(): Promise<Actor> {
  const email = `conc${++n}@wallet.mx`;
  await addUser(t, email, WALLET, { newTenant: true });
  return actorOf(email);
}

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  t.database.pool?.on('error', () => undefined);
});
afterAll(async () => {
  if (onPostgres) await t.close();
});

const ledgerTotals = async (client: string) =>
  (
    await t.sql<{ balance: string; postings: string }>(
      `SELECT coalesce(sum(a.n_balance_cents), 0)::text AS balance,
              (SELECT coalesce(sum(p.n_amount_cents), 0) FROM ledger_postings p JOIN ledger_accounts x ON x.v_uid = p.v_uid_account WHERE x.v_owner = $1)::text AS postings
         FROM ledger_accounts a WHERE a.v_owner = $1`,
      [client],
    )
  )[0]!;

describe.skipIf(!onPostgres)(`wallet concurrency${why}`, () => {
  it('200 transfers at once both ways between two wallets: no deadlock, nothing lost', async () => {
    const [a, b] = [await wallet(), await wallet()];
    const staff = await actorOf(TECHFAR);
    await t.database.db.transaction((tx) => depositToWallet(tx, staff, { UserId: a.userId, Amount: 50_000n }));
    await t.database.db.transaction((tx) => depositToWallet(tx, staff, { UserId: b.userId, Amount: 50_000n }));
    const work = Array.from({ length: 200 }, (_, i) => {
      const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
      return t.database.db.transaction((tx) => sendToWallet(tx, from, { Recipient: to.email, Amount: BigInt(100 + (i % 7)) }, null));
    });
    const result = await tally(work);
    expect(result).toEqual({ ok: 200, refusals: {} });
    const [ba, bb] = [await walletBalance(t.database.db, a.client), await walletBalance(t.database.db, b.client)];
    const sent = (parity: number) =>
      Array.from({ length: 200 }, (_, i) => i)
        .filter((i) => i % 2 === parity)
        .reduce((s, i) => s + BigInt(100 + (i % 7)), 0n);
    expect(ba.balance).toBe(50_000n - sent(0) + sent(1));
    expect(ba.balance + bb.balance).toBe(100_000n);
    for (const w of [a, b]) {
      const l = await ledgerTotals(w.client);
      expect(l.balance).toBe(l.postings);
    }
    expect(await t.sql(`SELECT 1 FROM business_movements WHERE v_client IN ($1, $2) AND v_type = 'WALLET_OUT'`, [a.client, b.client])).toHaveLength(200);
  }, 120_000);

  it('200 budget adds at once against one balance: exactly what the balance covers, never below zero', async () => {
    const a = await wallet();
    const staff = await actorOf(TECHFAR);
    await t.database.db.transaction((tx) => depositToWallet(tx, staff, { UserId: a.userId, Amount: 15_000n }));
    const budgets = await t.database.db.transaction(async (tx) => [
      await createBudget(tx, a, { v_name: 'Uno', n_goal_amount: 100_000n }),
      await createBudget(tx, a, { v_name: 'Dos', n_goal_amount: 100_000n }),
    ]);
    // 200 adds of $1.00 over two budgets against $150.00: 150 succeed, 50 are refused.
    const work = Array.from({ length: 200 }, (_, i) =>
      t.database.db.transaction((tx) => budgetMovement(tx, a, budgets[i % 2]!.v_uid, { v_type: 'add', n_amount: 100n })),
    );
    const result = await tally(work);
    expect(result.ok).toBe(150);
    expect(Object.keys(result.refusals).every((m) => m === 'Saldo insuficiente' || m === 'El monto excede tu saldo disponible')).toBe(true);
    const bal = await walletBalance(t.database.db, a.client);
    expect(bal).toMatchObject({ available: 0n, budgeted: 15_000n, balance: 0n });
    const l = await ledgerTotals(a.client);
    expect(l.balance).toBe(l.postings);
    expect(await t.sql(`SELECT 1 FROM budget_movements WHERE v_uid_budget IN ($1, $2)`, [budgets[0]!.v_uid, budgets[1]!.v_uid])).toHaveLength(150);
  }, 120_000);
});
