/**
 * Real concurrency: many transactions at once, each on its own pooled connection. Only
 * PostgreSQL has that; PGlite is one connection that runs one transaction at a time, so on PGlite
 * these tests are skipped (run them with TEST_DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../src/db/client';
import { balanceOf, openAccount, placeHold, postTransaction, releaseHold, settleHold, type LedgerAccount } from '../../src/modules/ledger';
import { AppError } from '../../src/platform/errors';
import { createTestApp, type TestApp } from '../helpers';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const why = onPostgres ? '' : ' [omitida: requiere PostgreSQL (TEST_DATABASE_URL); PGlite ejecuta una transacción a la vez]';

let t: TestApp;
beforeAll(async () => {
  if (onPostgres) {
    t = await createTestApp();
    // The test database is dropped WITH (FORCE) at the end; a pooled connection still closing then
    // gets 57P01, which pg.Pool re-emits as an 'error' event that would be uncaught without this.
    t.database.pool?.on('error', () => undefined);
  }
});
afterAll(async () => {
  if (onPostgres) await t.close();
});

const inTx = <T>(fn: (tx: Tx) => Promise<T>) => t.database.db.transaction(fn);
const uniq = () => randomUUID().slice(0, 8).toUpperCase();
const open = (owner = `BUS${uniq()}`) => inTx((tx) => openAccount(tx, { ownerKind: 'business', owner, name: owner }));
const fund = (a: LedgerAccount, cents: bigint) =>
  inTx((tx) =>
    postTransaction(tx, {
      kind: 'deposit',
      reference: `fund-${uniq()}`,
      postings: [
        { book: 'spei-clearing', amountCents: -cents },
        { accountId: a.id, amountCents: cents },
      ],
    }),
  );

/** Settles every promise and tallies successes and refusal messages. */
async function tally(work: Promise<unknown>[]) {
  const results = await Promise.allSettled(work);
  const refusals = new Map<string, number>();
  let ok = 0;
  for (const r of results) {
    if (r.status === 'fulfilled') ok += 1;
    else {
      const msg = r.reason instanceof AppError ? r.reason.message : `UNEXPECTED ${(r.reason as Error).message}`;
      refusals.set(msg, (refusals.get(msg) ?? 0) + 1);
    }
  }
  return { ok, refusals: Object.fromEntries(refusals) };
}

const ledgerOf = async (accountId: string) => {
  const [row] = await t.sql<{ balance: string; held: string; postings: string; holds: string; entries: string; n: string }>(
    `SELECT a.n_balance_cents::text AS balance, a.n_held_cents::text AS held, a.n_entries::text AS entries,
            (SELECT coalesce(sum(n_amount_cents), 0) FROM ledger_postings WHERE v_uid_account = a.v_uid)::text AS postings,
            (SELECT count(*) FROM ledger_postings WHERE v_uid_account = a.v_uid)::text AS n,
            (SELECT coalesce(sum(n_amount_cents), 0) FROM ledger_holds WHERE v_uid_account = a.v_uid AND v_status = 'held')::text AS holds
       FROM ledger_accounts a WHERE a.v_uid = $1`,
    [accountId],
  );
  return row!;
};

describe('concurrency on one business account', () => {
  it.skipIf(!onPostgres)(`200 parallel debits against a balance for 100: exactly 100 succeed${why}`, async () => {
    const business = await open();
    const payees = await Promise.all(Array.from({ length: 10 }, () => open()));
    await fund(business, 100n * 1_000n);
    const result = await tally(
      Array.from({ length: 200 }, (_, i) =>
        inTx((tx) =>
          postTransaction(tx, {
            kind: 'transfer',
            reference: `par-${i}-${uniq()}`,
            postings: [
              { accountId: business.id, amountCents: -1_000n },
              { accountId: payees[i % payees.length]!.id, amountCents: 1_000n },
            ],
          }),
        ),
      ),
    );
    expect(result).toEqual({ ok: 100, refusals: { 'Saldo insuficiente': 100 } });
    const l = await ledgerOf(business.id);
    expect(l).toMatchObject({ balance: '0', postings: '0', entries: '101', n: '101' });
    const payeeTotal = (await Promise.all(payees.map((p) => balanceOf(t.database.db, p.id)))).reduce((s, b) => s + b.balance, 0n);
    expect(payeeTotal).toBe(100_000n);
  });

  it.skipIf(!onPostgres)(`200 parallel SPEI-out holds against a balance for 100: exactly 100 are held${why}`, async () => {
    const business = await open();
    await fund(business, 100n * 1_160n);
    const refs = Array.from({ length: 200 }, (_, i) => `hold-${i}-${uniq()}`);
    const result = await tally(refs.map((reference) => inTx((tx) => placeHold(tx, { accountId: business.id, amountCents: 1_160n, reference }))));
    expect(result).toEqual({ ok: 100, refusals: { 'Saldo insuficiente': 100 } });
    expect(await balanceOf(t.database.db, business.id)).toMatchObject({ balance: 116_000n, transitBalance: 116_000n, availableBalance: 0n });
    const l = await ledgerOf(business.id);
    expect(l.held).toBe(l.holds);
    expect(l.balance).toBe(l.postings);
  });

  it.skipIf(!onPostgres)(`a settle event delivered 20 times at once is applied once${why}`, async () => {
    const business = await open();
    await fund(business, 10_000n);
    const reference = `SPEI-${uniq()}`;
    await inTx((tx) => placeHold(tx, { accountId: business.id, amountCents: 1_116n, reference }));
    const legs = [
      { accountId: business.id, amountCents: -1_000n },
      { book: 'spei-clearing' as const, amountCents: 1_000n },
      { accountId: business.id, amountCents: -100n },
      { book: 'commission-income' as const, amountCents: 100n },
      { accountId: business.id, amountCents: -16n },
      { book: 'iva-payable' as const, amountCents: 16n },
    ];
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        inTx((tx) => (i % 2 ? settleHold(tx, { reference, postings: legs }) : releaseHold(tx, { reference, reason: 'returned' }))),
      ),
    );
    expect(outcomes.filter((o) => o.applied)).toHaveLength(1);
    const l = await ledgerOf(business.id);
    expect(l.held).toBe('0');
    expect(l.balance).toBe(l.postings);
    expect(['10000', '8884']).toContain(l.balance);
  });

  it.skipIf(!onPostgres)(`the same movement posted 20 times at once is written once${why}`, async () => {
    const business = await open();
    const reference = `SPEI-IN-${uniq()}`;
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        inTx((tx) =>
          postTransaction(tx, {
            kind: 'spei-in',
            reference,
            postings: [
              { book: 'spei-clearing', amountCents: -777n },
              { accountId: business.id, amountCents: 777n },
            ],
          }),
        ),
      ),
    );
    expect(outcomes.filter((o) => o.created)).toHaveLength(1);
    expect(new Set(outcomes.map((o) => o.transactionId)).size).toBe(1);
    expect((await balanceOf(t.database.db, business.id)).balance).toBe(777n);
  });

  it.skipIf(!onPostgres)(`transfers both ways between two accounts at once never deadlock (lock order)${why}`, async () => {
    const a = await open();
    const b = await open();
    await fund(a, 100_000n);
    await fund(b, 100_000n);
    const result = await tally(
      Array.from({ length: 200 }, (_, i) => {
        const [from, to] = i % 2 ? [a, b] : [b, a];
        return inTx((tx) =>
          postTransaction(tx, {
            kind: 'transfer',
            reference: `x-${i}-${uniq()}`,
            // Legs listed in opposite orders on purpose: the locks are still taken in v_uid order.
            postings: [
              { accountId: from.id, amountCents: -100n },
              { book: 'commission-income', amountCents: 1n },
              { accountId: to.id, amountCents: 99n },
            ],
          }),
        );
      }),
    );
    expect(result).toEqual({ ok: 200, refusals: {} });
    const [la, lb] = [await ledgerOf(a.id), await ledgerOf(b.id)];
    expect(BigInt(la.balance) + BigInt(lb.balance)).toBe(200_000n - 200n);
    expect(la.balance).toBe(la.postings);
    expect(lb.balance).toBe(lb.postings);
  });
});
