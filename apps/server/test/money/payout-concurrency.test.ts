/**
 * Issue 23 §5: every source of the one payout path (spei/payout.ts) pays out against one balance
 * at once — a business account, a cardholder's card and a wallet, 200 SPEI outs each, all 600 at
 * the same time, each its own transaction on a pooled connection. None overdraws, and once the
 * submission jobs have run every accepted order was sent once (one job, one settlement). PGlite
 * runs one transaction at a time, so this runs on PostgreSQL only.
 */
import { speiOutCharges } from '@far/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBusinessActive } from '../../src/modules/businesses';
import { sendCardSpeiOut } from '../../src/modules/cards/speiout';
import { balanceOf, customerAccountCode, getAccountByCode, placeHold } from '../../src/modules/ledger';
import { sendSpeiOut } from '../../src/modules/spei';
import { settings } from '../../src/modules/wallet/account';
import { depositToWallet, sendWalletSpeiOut } from '../../src/modules/wallet/transfers';
import type { Actor } from '../../src/platform/context';
import { BUSINESS, TECHFAR, WALLET, addUser, createTestApp, type TestApp } from '../helpers';
import { activeCards, fund, generateStock } from '../cards/cards';
import { CLABE, actorByEmail, deposit, runJobs, tally } from './money';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const why = onPostgres ? '' : ' [omitida: requiere PostgreSQL (TEST_DATABASE_URL); PGlite ejecuta una transacción a la vez]';
const AT_ONCE = 200;
const AMOUNT = 1_000n;
const COMMISSION = 500n;
/** Each balance covers exactly half of the payouts asked of it (a business's and a card's commission; a wallet's is the wallets' setting). */
const TOTAL = speiOutCharges(AMOUNT, COMMISSION).totalCents;
const FUNDED = TOTAL * BigInt(AT_ONCE / 2);

let t: TestApp;
const actorOf = (email: string): Promise<Actor> => actorByEmail(t, email);

/** The ledger account's balance, its holds and postings: what is held is exactly the open holds, and nothing is below zero. */
async function ledgerOf(accountId: string) {
  const [row] = await t.sql<{ balance: string; held: string; holds: string; postings: string }>(
    `SELECT a.n_balance_cents::text AS balance, a.n_held_cents::text AS held,
            (SELECT coalesce(sum(n_amount_cents), 0) FROM ledger_holds WHERE v_uid_account = a.v_uid AND v_status = 'held')::text AS holds,
            (SELECT coalesce(sum(n_amount_cents), 0) FROM ledger_postings WHERE v_uid_account = a.v_uid)::text AS postings
       FROM ledger_accounts a WHERE a.v_uid = $1`,
    [accountId],
  );
  return row!;
}

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  t.database.pool?.on('error', () => undefined);
  // Known charges and no limits in the way: the balance is the only thing that refuses.
  const cfg = await t.call(TECHFAR, {
    method: 'PUT',
    url: '/api/v1/transaction/speiconfig/global',
    payload: { CommissionSpeiInGlobal: '0', EnableSpeiOutGlobal: true, CommissionSpeiOutTransaction: '5.00', CommissionDepositCardholder: '0' },
  });
  expect(cfg.statusCode, cfg.body).toBe(200);
  await t.sql(`DELETE FROM transaction_limits`);
});
afterAll(async () => {
  if (onPostgres) await t.close();
});

describe.skipIf(!onPostgres)(`one payout path under load${why}`, () => {
  it(`${AT_ONCE} SPEI outs at once from a business, a card and a wallet: none overdraws, each accepted order is sent once`, async () => {
    // The business: its account holds FUNDED after the card is funded from it.
    const business = await actorOf(BUSINESS);
    const b = await assertBusinessActive(t.database.db, business.client);
    await generateStock(t, 1);
    const [card] = await activeCards(t, ['CONC1']);
    const pesos = (c: bigint) => `${c / 100n}.${(c % 100n).toString().padStart(2, '0')}`;
    await deposit(t, b.v_uid, pesos(FUNDED * 2n));
    await fund(t, [[card!, pesos(FUNDED)]]);
    const on = await t.call(BUSINESS, {
      method: 'POST',
      url: '/api/v1/transaction/speiconfig/cardholder/enable-speiout',
      payload: { CardholderIdentifier: 'CONC1', EnableSpeiOut: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    const businessAccount = (await getAccountByCode(t.database.db, customerAccountCode(b.v_client)))!;
    // The demo business has more: the excess is held aside, so that its available balance is FUNDED.
    const excess = (await balanceOf(t.database.db, businessAccount.id)).availableBalance - FUNDED;
    await t.database.db.transaction((tx) => placeHold(tx, { accountId: businessAccount.id, amountCents: excess, reference: 'test:aside' }));

    // The wallet: FUNDED, with an own daily limit that does not bite.
    const email = 'payout-conc@wallet.mx';
    await addUser(t, email, WALLET, { newTenant: true });
    const wallet = await actorOf(email);
    // The wallets' own commission; the deposit's SPEI-in commission is covered by depositing more and holding the excess aside.
    const walletFunded = speiOutCharges(AMOUNT, (await settings(t.database.db)).n_commission_spei_out_cents).totalCents * BigInt(AT_ONCE / 2);
    const staff = await actorOf(TECHFAR);
    await t.database.db.transaction((tx) => depositToWallet(tx, staff, { UserId: wallet.userId, Amount: walletFunded * 2n }));
    await t.sql(`UPDATE wallet_accounts SET n_daily_limit_cents = 100000000000 WHERE v_uid_user = $1`, [wallet.userId]);
    const walletAccount = (await getAccountByCode(t.database.db, customerAccountCode(wallet.client)))!;
    const walletExcess = (await balanceOf(t.database.db, walletAccount.id)).availableBalance - walletFunded;
    await t.database.db.transaction((tx) => placeHold(tx, { accountId: walletAccount.id, amountCents: walletExcess, reference: 'test:wallet-aside' }));
    const [cardRow] = await t.sql<{ v_uid_account: string }>(`SELECT v_uid_account FROM cards WHERE v_card_identifier = $1`, [card]);

    const db = t.database.db;
    const input = { Clabe: CLABE.settles, BeneficiaryName: 'Proveedor Uno', Amount: AMOUNT, Concept: 'Pago', Reference: '1' };
    const each = (send: (i: number) => Promise<unknown>) => tally(Array.from({ length: AT_ONCE }, (_, i) => send(i)));
    const [fromBusiness, fromCard, fromWallet] = await Promise.all([
      each(() =>
        db.transaction((tx) =>
          sendSpeiOut(tx, business, {
            clabe: CLABE.settles,
            beneficiaryName: 'Proveedor Uno',
            amount: AMOUNT,
            concept: 'Pago',
            reference: '1',
            confirmHolder: true,
          }),
        ),
      ),
      each(() =>
        db.transaction((tx) => sendCardSpeiOut(tx, business, b, { ...input, CardIdentifier: card!, ConfirmHolder: true, SecurityCode: '000000' }, undefined)),
      ),
      each(() => db.transaction((tx) => sendWalletSpeiOut(tx, wallet, input, null))),
    ]);
    expect(fromBusiness).toEqual({ ok: AT_ONCE / 2, refusals: { 'Saldo insuficiente': AT_ONCE / 2 } });
    expect(fromCard).toEqual({ ok: AT_ONCE / 2, refusals: { 'Saldo insuficiente': AT_ONCE / 2 } });
    expect(fromWallet).toEqual({ ok: AT_ONCE / 2, refusals: { 'Saldo insuficiente': AT_ONCE / 2 } });
    for (const id of [businessAccount.id, cardRow!.v_uid_account, walletAccount.id]) {
      const l = await ledgerOf(id);
      expect(l.held).toBe(l.holds);
      expect(BigInt(l.balance) - BigInt(l.held) >= 0n).toBe(true);
    }

    // The rail: every accepted order is submitted and settled exactly once.
    // Each round an hour later: the sandbox's outcomes are due a few seconds after the submission's own time.
    for (let round = 1; round <= 20; round++) if ((await runJobs(t, round * 3_600_000)).ran === 0) break;
    const orders = await t.sql<{ v_uid: string; i_status: number; jobs: string; settlements: string }>(
      `SELECT m.v_uid, m.i_status,
              (SELECT count(*) FROM jobs j WHERE j.v_unique_key = 'spei.submit:' || m.v_uid)::text AS jobs,
              (SELECT count(*) FROM ledger_transactions x WHERE x.v_reference = m.v_uid::text)::text AS settlements
         FROM business_movements m WHERE m.v_type = 'SPEI_OUT' AND m.v_uid_business IN ($1, $2)`,
      [b.v_uid, wallet.userId],
    );
    expect(orders).toHaveLength((AT_ONCE / 2) * 3);
    expect(orders.filter((o) => o.jobs !== '1')).toEqual([]);
    expect(orders.filter((o) => o.i_status !== 2)).toEqual([]);
    expect(orders.filter((o) => o.settlements !== '1')).toEqual([]);
    // Settled: nothing held but the business's aside, and each balance paid down by exactly what was accepted.
    for (const [id, aside] of [
      [businessAccount.id, excess],
      [cardRow!.v_uid_account, 0n],
      [walletAccount.id, walletExcess],
    ] as const) {
      const l = await ledgerOf(id);
      expect([l.held, l.holds]).toEqual([aside.toString(), aside.toString()]);
      expect(l.balance).toBe(l.postings);
      expect(BigInt(l.balance) - aside).toBe(0n);
    }
  }, 300_000);
});
