/**
 * Property test of card money: random sequences of fundings, authorisations (some over the
 * balance), captures, reversals and refunds — with repeated transitions — run on the ledger and
 * the sandbox processor directly, checked against an in-memory model and the ledger invariants.
 * Each sequence runs in a transaction that is rolled back.
 */
import fc from 'fast-check';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../src/db/client';
import { rolledBackRuns } from '../ledger/rolled-back-runs';
import { sandboxProcessor } from '../../src/modules/cards';
import { cardAuthorizations, cards } from '../../src/modules/cards/schema';
import { balanceOf, openAccount, postTransaction } from '../../src/modules/ledger';
import { AppError } from '../../src/platform/errors';
import { createTestApp, type TestApp } from '../helpers';
import { activeCards, generateStock } from './cards';

let t: TestApp;
let cardIds: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await generateStock(t, 3);
  const idents = await activeCards(t, ['PROP1', 'PROP2']);
  cardIds = (await t.sql<{ v_uid: string }>(`SELECT v_uid FROM cards WHERE v_card_identifier = ANY($1) ORDER BY v_card_identifier`, [idents])).map(
    (r) => r.v_uid,
  );
});
afterAll(() => t.close());

type Op =
  | { t: 'fund'; card: number; cents: bigint }
  | { t: 'auth'; card: number; cents: bigint }
  | { t: 'capture' | 'reverse'; pick: number; twice: boolean }
  | { t: 'refund'; pick: number; cents: bigint };

const card = fc.integer({ min: 0, max: 1 });
const pick = fc.nat({ max: 40 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ t: fc.constant('fund' as const), card, cents: fc.bigInt({ min: 1n, max: 50_000n }) }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('auth' as const), card, cents: fc.bigInt({ min: 1n, max: 60_000n }) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('capture' as const), pick, twice: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('reverse' as const), pick, twice: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('refund' as const), pick, cents: fc.bigInt({ min: 1n, max: 30_000n }) }) },
);

interface ModelAuth {
  id: string;
  card: number;
  amount: bigint;
  refunded: bigint;
  status: 'approved' | 'captured' | 'reversed';
}

let run = 0;
async function runSequence(tx: Tx, ops: Op[]) {
  run += 1;
  const rows = await tx.select().from(cards).where(inArray(cards.v_uid, cardIds));
  const byId = new Map(rows.map((r) => [r.v_uid, r]));
  const accounts = cardIds.map((id) => byId.get(id)!.v_uid_account!);
  const start = await Promise.all(accounts.map((a) => balanceOf(tx, a)));
  const balance = start.map((b) => b.balance);
  const held = start.map((b) => b.transitBalance);
  const source = await openAccount(tx, { ownerKind: 'business', owner: `PROPBUS${run}`, name: 'Fuente' });
  await postTransaction(tx, {
    kind: 'deposit',
    reference: `prop-src-${run}`,
    postings: [
      { book: 'spei-clearing', amountCents: -10_000_000n },
      { accountId: source.id, amountCents: 10_000_000n },
    ],
  });
  const auths: ModelAuth[] = [];
  let n = 0;
  for (const o of ops) {
    if (o.t === 'fund') {
      await postTransaction(tx, {
        kind: 'card-funding',
        reference: `prop-${run}-${++n}`,
        postings: [
          { accountId: source.id, amountCents: -o.cents },
          { accountId: accounts[o.card]!, amountCents: o.cents },
        ],
      });
      balance[o.card]! += o.cents;
    } else if (o.t === 'auth') {
      const a = await sandboxProcessor.authorize(
        tx,
        byId.get(cardIds[o.card]!)!,
        { merchant: 'Prueba', mcc: 5411, amountCents: o.cents, channel: 'in-person', country: 'MX' },
        new Date(),
      );
      const fits = balance[o.card]! - held[o.card]! >= o.cents;
      expect(a.v_status).toBe(fits ? 'approved' : 'declined');
      if (fits) {
        held[o.card]! += o.cents;
        auths.push({ id: a.v_uid, card: o.card, amount: o.cents, refunded: 0n, status: 'approved' });
      } else expect(a.v_decline_reason).toBe('Saldo insuficiente');
    } else {
      const m = auths[o.pick % Math.max(auths.length, 1)];
      if (!m) continue;
      const tries = o.t === 'refund' ? 1 : o.twice ? 2 : 1;
      for (let i = 0; i < tries; i++) {
        const [row] = await tx
          .select()
          .from(cardAuthorizations)
          .where(inArray(cardAuthorizations.v_uid, [m.id]));
        try {
          if (o.t === 'refund') await sandboxProcessor.refund(tx, row!, o.cents);
          else await sandboxProcessor[o.t](tx, row!);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          // Refused transitions: anything but a held authorisation, or a refund past what is left.
          const allowed = o.t === 'refund' ? m.status === 'captured' && m.refunded + o.cents <= m.amount : m.status === 'approved';
          expect(allowed).toBe(false);
          continue;
        }
        if (o.t === 'capture') {
          expect(m.status).toBe('approved');
          held[m.card]! -= m.amount;
          balance[m.card]! -= m.amount;
          m.status = 'captured';
        } else if (o.t === 'reverse') {
          expect(m.status).toBe('approved');
          held[m.card]! -= m.amount;
          m.status = 'reversed';
        } else {
          expect(m.status).toBe('captured');
          m.refunded += (o as { cents: bigint }).cents;
          balance[m.card]! += (o as { cents: bigint }).cents;
        }
      }
    }
  }
  for (let i = 0; i < accounts.length; i++) {
    expect(await balanceOf(tx, accounts[i]!)).toMatchObject({ balance: balance[i], transitBalance: held[i] });
    expect(balance[i]! - held[i]!).toBeGreaterThanOrEqual(0n);
  }
  await tx.execute('SET CONSTRAINTS ALL IMMEDIATE');
  // Only this sequence's accounts and transactions: the rest of the database is the seed, unchanged.
  const mine = sql`ARRAY[${sql.join(
    [...accounts, source.id].map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;
  const [inv] = (
    (await tx.execute(sql`
    WITH txs AS (SELECT DISTINCT v_uid_transaction AS id FROM ledger_postings WHERE v_uid_account = ANY(${mine}))
    SELECT
      (SELECT count(*) FROM (SELECT p.v_uid_transaction FROM ledger_postings p JOIN txs ON txs.id = p.v_uid_transaction GROUP BY 1 HAVING sum(p.n_amount_cents) <> 0) x)::int AS unbalanced,
      (SELECT count(*) FROM ledger_accounts WHERE v_uid = ANY(${mine}) AND (n_balance_cents - n_held_cents < 0 OR n_balance_cents < 0))::int AS overdrawn,
      (SELECT count(*) FROM ledger_accounts a
         LEFT JOIN (SELECT v_uid_account, sum(n_amount_cents) AS s FROM ledger_postings WHERE v_uid_account = ANY(${mine}) GROUP BY 1) p ON p.v_uid_account = a.v_uid
        WHERE a.v_uid = ANY(${mine}) AND a.n_balance_cents <> coalesce(p.s, 0))::int AS unbacked
  `)) as unknown as { rows: { unbalanced: number; overdrawn: number; unbacked: number }[] }
  ).rows;
  expect(inv).toEqual({ unbalanced: 0, overdrawn: 0, unbacked: 0 });
}

describe('card money under random sequences', () => {
  it('holds for 1,000 sequences: postings sum to zero, no card below zero, balance = sum of postings', async () => {
    const sequences = await rolledBackRuns(t.database.db, fc.array(op, { minLength: 1, maxLength: 8 }), runSequence);
    expect(sequences).toBeGreaterThanOrEqual(1000);
    expect(await t.sql(`SELECT 1 FROM card_authorizations`)).toHaveLength(0);
  }, 600_000);
});
