/**
 * 200 authorisations at once on one card, each in its own pooled transaction: never more held
 * than the balance, never more than the daily limit. PostgreSQL only (PGlite runs one
 * transaction at a time), like test/ledger/concurrency.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxProcessor } from '../../src/modules/cards';
import { cards } from '../../src/modules/cards/schema';
import { balanceOf } from '../../src/modules/ledger';
import { SUPER, createTestApp, type TestApp } from '../helpers';
import { activeCards, fund, generateStock, post } from './cards';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const why = onPostgres ? '' : ' [omitida: requiere PostgreSQL (TEST_DATABASE_URL)]';

let t: TestApp;
let ids: string[];
beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  t.database.pool?.on('error', () => undefined);
  await generateStock(t, 3);
  ids = await activeCards(t, ['CONC1', 'CONC2']);
  await fund(t, [
    [ids[0]!, '1000.00'],
    [ids[1]!, '5000.00'],
  ]);
});
afterAll(async () => {
  if (onPostgres) await t.close();
});

async function storm(identifier: string, n: number, cents: bigint) {
  const [card] = await t.database.db.select().from(cards).where(eq(cards.v_card_identifier, identifier));
  const results = await Promise.allSettled(
    Array.from({ length: n }, () =>
      t.database.db.transaction((tx) =>
        sandboxProcessor.authorize(tx, card!, { merchant: 'Carga', mcc: 5411, amountCents: cents, channel: 'online', country: 'MX' }, new Date()),
      ),
    ),
  );
  const failed = results.filter((r) => r.status === 'rejected');
  expect(failed, String((failed[0] as PromiseRejectedResult | undefined)?.reason)).toHaveLength(0);
  const auths = results.map((r) => (r as PromiseFulfilledResult<{ v_status: string; v_decline_reason: string | null }>).value);
  return {
    card: card!,
    approved: auths.filter((a) => a.v_status === 'approved').length,
    reasons: new Set(auths.filter((a) => a.v_status === 'declined').map((a) => a.v_decline_reason)),
  };
}

describe.skipIf(!onPostgres)(`200 parallel authorisations on one card${why}`, () => {
  it('never hold more than the balance', async () => {
    // 1,000.00 of balance, 200 × 7.00: exactly 142 fit.
    const { card, approved, reasons } = await storm(ids[0]!, 200, 700n);
    expect(approved).toBe(142);
    expect([...reasons]).toEqual(['Saldo insuficiente']);
    const b = await balanceOf(t.database.db, card.v_uid_account!);
    expect(b.transitBalance).toBe(142n * 700n);
    expect(b.availableBalance).toBe(100_000n - 142n * 700n);
  });

  it('never pass the daily limit', async () => {
    const limit = await post(t, SUPER, '/api/v1/transaction/limit/action/upsert', {
      ScopeType: 1,
      CardholderIdentifier: 'CONC2',
      CardType: 'prepago',
      DailyLimit: '1000.00',
      IsEnabled: true,
    });
    expect(limit.statusCode, limit.body).toBe(200);
    // 5,000.00 of balance but 1,000.00 a day: 200 × 9.00 → 111 fit the day.
    const { card, approved, reasons } = await storm(ids[1]!, 200, 900n);
    expect(approved).toBe(111);
    expect([...reasons]).toEqual(['Límite diario excedido']);
    expect((await balanceOf(t.database.db, card.v_uid_account!)).transitBalance).toBe(111n * 900n);
  });
});
