/**
 * Property test of the ledger: random sequences of deposits, transfers, SPEI-out holds,
 * settlements, returns and cancels — with duplicate deliveries and overdraft attempts — checked
 * against a plain in-memory model and against the ledger's invariants after every sequence.
 * One database for the whole file; each sequence runs in a transaction that is rolled back, after
 * SET CONSTRAINTS ALL IMMEDIATE has made the deferred guards (zero-sum, posting chain, balance
 * backed by postings) run on it.
 */
import { speiOutCharges } from '@far/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../src/db/client';
import { rolledBackRuns } from './rolled-back-runs';
import { balanceOf, openAccount, placeHold, postTransaction, releaseHold, settleHold, type PostingInput } from '../../src/modules/ledger';
import { AppError } from '../../src/platform/errors';
import { createTestApp, type TestApp } from '../helpers';

const ACCOUNTS = 3;
let t: TestApp;
/** Opened once and committed at zero; every sequence is rolled back, so each starts from zero. */
const ids: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.transaction(async (tx) => {
    for (let i = 0; i < ACCOUNTS; i++) ids.push((await openAccount(tx, { ownerKind: 'business', owner: `PROP${i}`, name: `Propiedad ${i}` })).id);
  });
});
afterAll(() => t.close());

const cents = (max: bigint) => fc.bigInt({ min: 1n, max });
const account = fc.integer({ min: 0, max: ACCOUNTS - 1 });
const holdPick = fc.nat({ max: 50 });

type Op =
  | { t: 'deposit'; acct: number; cents: bigint; twice: boolean }
  | { t: 'transfer'; from: number; to: number; cents: bigint }
  | { t: 'hold'; acct: number; amount: bigint; commission: bigint }
  | { t: 'settle'; hold: number; twice: boolean }
  | { t: 'release'; hold: number; twice: boolean; reason: 'returned' | 'cancelled' };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ t: fc.constant('deposit' as const), acct: account, cents: cents(30_000n), twice: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('transfer' as const), from: account, to: account, cents: cents(40_000n) }) },
  {
    weight: 3,
    arbitrary: fc.record({ t: fc.constant('hold' as const), acct: account, amount: cents(25_000n), commission: fc.constantFrom(0n, 1n, 333n, 500n, 1_250n) }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('settle' as const), hold: holdPick, twice: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('release' as const),
      hold: holdPick,
      twice: fc.boolean(),
      reason: fc.constantFrom('returned' as const, 'cancelled' as const),
    }),
  },
);

interface ModelHold {
  ref: string;
  acct: number;
  amount: bigint;
  commission: bigint;
  iva: bigint;
  total: bigint;
  status: 'held' | 'posted' | 'released';
}

const refusalOf = async (p: Promise<unknown>): Promise<string | null> => {
  try {
    await p;
    return null;
  } catch (err) {
    if (err instanceof AppError) return err.message;
    throw err;
  }
};

let run = 0;

async function runSequence(tx: Tx, ops: Op[]): Promise<void> {
  run += 1;
  const balance = ids.map(() => 0n);
  const held = ids.map(() => 0n);
  const holds: ModelHold[] = [];
  const available = (i: number) => balance[i]! - held[i]!;
  let n = 0;
  const ref = (p: string) => `${p}-${run}-${++n}`;

  for (const o of ops) {
    switch (o.t) {
      case 'deposit': {
        const input = {
          kind: 'spei-in',
          reference: ref('in'),
          postings: [
            { book: 'spei-clearing', amountCents: -o.cents },
            { accountId: ids[o.acct]!, amountCents: o.cents },
          ] as PostingInput[],
        };
        expect((await postTransaction(tx, input)).created).toBe(true);
        if (o.twice) expect((await postTransaction(tx, input)).created).toBe(false);
        balance[o.acct]! += o.cents;
        break;
      }
      case 'transfer': {
        const refused = await refusalOf(
          postTransaction(tx, {
            kind: 'transfer',
            reference: ref('tr'),
            postings: [
              { accountId: ids[o.from]!, amountCents: -o.cents },
              { accountId: ids[o.to]!, amountCents: o.cents },
            ],
          }),
        );
        const ok = o.from === o.to || available(o.from) >= o.cents;
        expect(refused).toBe(ok ? null : 'Saldo insuficiente');
        if (ok) {
          balance[o.from]! -= o.cents;
          balance[o.to]! += o.cents;
        }
        break;
      }
      case 'hold': {
        const c = speiOutCharges(o.amount, o.commission);
        const h: ModelHold = {
          ref: ref('out'),
          acct: o.acct,
          amount: c.amountCents,
          commission: c.commissionCents,
          iva: c.ivaCents,
          total: c.totalCents,
          status: 'held',
        };
        const refused = await refusalOf(placeHold(tx, { accountId: ids[o.acct]!, amountCents: h.total, reference: h.ref }));
        const ok = available(o.acct) >= h.total;
        expect(refused).toBe(ok ? null : 'Saldo insuficiente');
        if (ok) {
          held[o.acct]! += h.total;
          holds.push(h);
        }
        break;
      }
      case 'settle': {
        const h = holds[o.hold % Math.max(holds.length, 1)];
        if (!h) break;
        const acct = ids[h.acct]!;
        const legs: PostingInput[] = [
          { accountId: acct, amountCents: -h.amount, leg: 'amount' },
          { book: 'spei-clearing', amountCents: h.amount },
        ];
        if (h.commission)
          legs.push({ accountId: acct, amountCents: -h.commission, leg: 'commission' }, { book: 'commission-income', amountCents: h.commission });
        if (h.iva) legs.push({ accountId: acct, amountCents: -h.iva, leg: 'iva' }, { book: 'iva-payable', amountCents: h.iva });
        const deliveries = o.twice ? 2 : 1;
        for (let d = 0; d < deliveries; d++) {
          const r = await settleHold(tx, { reference: h.ref, postings: legs });
          if (h.status === 'held') {
            expect(r.applied).toBe(true);
            balance[h.acct]! -= h.total;
            held[h.acct]! -= h.total;
            h.status = 'posted';
          } else {
            expect(r.applied).toBe(false);
          }
          expect(r.hold.status).toBe(h.status);
        }
        break;
      }
      case 'release': {
        const h = holds[o.hold % Math.max(holds.length, 1)];
        if (!h) break;
        const deliveries = o.twice ? 2 : 1;
        for (let d = 0; d < deliveries; d++) {
          const r = await releaseHold(tx, { reference: h.ref, reason: o.reason });
          if (h.status === 'held') {
            expect(r.applied).toBe(true);
            held[h.acct]! -= h.total;
            h.status = 'released';
          } else {
            expect(r.applied).toBe(false);
          }
          expect(r.hold.status).toBe(h.status);
        }
        break;
      }
    }
  }

  // The model and the ledger agree, account by account.
  for (let i = 0; i < ACCOUNTS; i++) {
    expect(await balanceOf(tx, ids[i]!)).toMatchObject({ balance: balance[i], transitBalance: held[i], availableBalance: balance[i]! - held[i]! });
  }

  // The deferred guards run now, on this sequence (a failure throws here).
  await tx.execute('SET CONSTRAINTS ALL IMMEDIATE');

  const [inv] = (
    (await tx.execute(`
    SELECT
      (SELECT count(*) FROM (SELECT v_uid_transaction FROM ledger_postings GROUP BY 1 HAVING sum(n_amount_cents) <> 0 OR count(*) < 2) x)::int AS unbalanced,
      (SELECT count(*) FROM ledger_transactions t WHERE NOT EXISTS (SELECT 1 FROM ledger_postings p WHERE p.v_uid_transaction = t.v_uid))::int AS empty,
      (SELECT count(*) FROM ledger_accounts WHERE b_customer AND (n_balance_cents - n_held_cents < 0 OR n_held_cents < 0))::int AS overdrawn,
      (SELECT count(*) FROM ledger_accounts a
         LEFT JOIN (SELECT v_uid_account, sum(n_amount_cents) AS s, count(*) AS c FROM ledger_postings GROUP BY 1) p ON p.v_uid_account = a.v_uid
        WHERE a.n_balance_cents <> coalesce(p.s, 0) OR a.n_entries <> coalesce(p.c, 0))::int AS unbacked,
      (SELECT count(*) FROM ledger_accounts a
         LEFT JOIN (SELECT v_uid_account, sum(n_amount_cents) AS s FROM ledger_holds WHERE v_status = 'held' GROUP BY 1) h ON h.v_uid_account = a.v_uid
        WHERE a.n_held_cents <> coalesce(h.s, 0))::int AS held_mismatch,
      (SELECT coalesce(sum(n_balance_cents), 0) FROM ledger_accounts)::text AS total
  `)) as unknown as { rows: { unbalanced: number; empty: number; overdrawn: number; unbacked: number; held_mismatch: number; total: string }[] }
  ).rows;
  expect(inv).toEqual({ unbalanced: 0, empty: 0, overdrawn: 0, unbacked: 0, held_mismatch: 0, total: '0' });
}

describe('ledger invariants under random sequences', () => {
  it('hold for 1,000 random sequences (postings sum to zero, no customer below zero, balance = sum of postings, total zero)', async () => {
    const sequences = await rolledBackRuns(t.database.db, fc.array(op, { minLength: 1, maxLength: 24 }), runSequence);
    expect(sequences).toBeGreaterThanOrEqual(1000);
    // Every sequence was rolled back: the database holds nothing of them.
    expect(await t.sql(`SELECT 1 FROM ledger_postings WHERE v_uid_account = ANY($1::uuid[])`, [ids])).toHaveLength(0);
  }, 600_000);
});
