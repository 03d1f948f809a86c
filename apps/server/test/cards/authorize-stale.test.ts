/**
 * authorize decides on the rows it locks, not on the card row it is given: the row only predicts
 * an approval that the locking statement then tries at once (issue 9). A stale row, either way,
 * gets the answer the locked rows give, and what authorize returns is what it wrote.
 */
import { DECLINE_REASONS, type Channel } from '@far/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxProcessor } from '../../src/modules/cards';
import { cardAuthorizations, cards } from '../../src/modules/cards/schema';
import { balanceOf } from '../../src/modules/ledger';
import { createTestApp, type TestApp } from '../helpers';
import { activeCards, fund, generateStock } from './cards';

let t: TestApp;
let identifier: string;
beforeAll(async () => {
  t = await createTestApp();
  await generateStock(t, 2);
  identifier = (await activeCards(t, ['STALE1']))[0]!;
  await fund(t, [[identifier!, '100.00']]);
});
afterAll(() => t.close());

const cardRow = async () => (await t.database.db.select().from(cards).where(eq(cards.v_card_identifier, identifier)))[0]!;
const authorize = (card: Awaited<ReturnType<typeof cardRow>>, cents = 1_000n, channel: Channel = 'in-person') =>
  t.database.db.transaction((tx) =>
    sandboxProcessor.authorize(tx, card, { merchant: 'Tienda', mcc: 5411, amountCents: cents, channel, country: 'MX' }, new Date()),
  );
const held = async (card: Awaited<ReturnType<typeof cardRow>>) => (await balanceOf(t.database.db, card.v_uid_account!)).transitBalance;

describe('authorize with a card row that is no longer true', () => {
  it('declines for what the locked rows say, writing no hold', async () => {
    const stale = await cardRow();
    const before = await held(stale);
    const changes: Array<[string, string, string]> = [
      [`UPDATE cards SET b_blocked = true WHERE v_uid = $1`, `UPDATE cards SET b_blocked = false WHERE v_uid = $1`, DECLINE_REASONS.locked],
      [
        `UPDATE cardholders SET b_locked = true WHERE v_uid = (SELECT v_uid_cardholder FROM cards WHERE v_uid = $1)`,
        `UPDATE cardholders SET b_locked = false WHERE v_uid = (SELECT v_uid_cardholder FROM cards WHERE v_uid = $1)`,
        DECLINE_REASONS.cardholderLocked,
      ],
      [
        `UPDATE cards SET t_controls = '{"InPerson": false}' WHERE v_uid = $1`,
        `UPDATE cards SET t_controls = NULL WHERE v_uid = $1`,
        DECLINE_REASONS.channel('presencial'),
      ],
    ];
    for (const [change, undo, reason] of changes) {
      await t.sql(change, [stale.v_uid]);
      const a = await authorize(stale);
      await t.sql(undo, [stale.v_uid]);
      expect(a.v_status, reason).toBe('declined');
      expect(a.v_decline_reason).toBe(reason);
    }
    expect(await held(stale)).toBe(before);
  });

  it('counts a limit the row cannot show', async () => {
    const stale = await cardRow();
    await t.sql(
      `INSERT INTO transaction_limits (i_scope_type, v_cardholder_identifier, v_card_type, n_limit_per_transaction_cents, b_enabled) VALUES (1, 'STALE1', 'prepago', 500, true)`,
    );
    const a = await authorize(stale, 1_000n);
    await t.sql(`DELETE FROM transaction_limits WHERE v_cardholder_identifier = 'STALE1'`);
    expect(a.v_decline_reason).toBe(DECLINE_REASONS.perTransaction);
  });

  it('approves when the row says blocked but the card no longer is', async () => {
    const stale = { ...(await cardRow()), b_blocked: true };
    const a = await authorize(stale);
    expect(a.v_status).toBe('approved');
  });

  it('returns what it wrote, and holds the amount, on the fast path and the counted one', async () => {
    const card = await cardRow();
    for (const limited of [false, true]) {
      if (limited)
        await t.sql(
          `INSERT INTO transaction_limits (i_scope_type, v_cardholder_identifier, v_card_type, n_daily_limit_cents, b_enabled) VALUES (1, 'STALE1', 'prepago', 1000000, true)`,
        );
      const before = await held(card);
      const a = await authorize(card, 1_234n);
      expect(a.v_status).toBe('approved');
      const [stored] = await t.database.db.select().from(cardAuthorizations).where(eq(cardAuthorizations.v_uid, a.v_uid));
      expect(stored).toEqual(a);
      expect(await held(card)).toBe(before + 1_234n);
      const [movement] = await t.sql<{ v_status: string; v_description: string; n_amount_cents: string }>(
        `SELECT v_status, v_description, n_amount_cents::text FROM card_movements WHERE v_uid_authorization = $1`,
        [a.v_uid],
      );
      expect(movement).toEqual({ v_status: 'Autorizada', v_description: 'Tienda', n_amount_cents: '1234' });
    }
    await t.sql(`DELETE FROM transaction_limits WHERE v_cardholder_identifier = 'STALE1'`);
  });

  it('declines over the balance after trying the fast path', async () => {
    const card = await cardRow();
    const a = await authorize(card, 100_000_00n);
    expect(a.v_decline_reason).toBe(DECLINE_REASONS.insufficientFunds);
  });
});
