/**
 * Issue 9: a business sets its cardholders' limits (ScopeType 1, capped by the global card limit)
 * and SPEI-out switch, and sends SPEI from a card's balance. Purchases and SPEI outs of a
 * cardholder count against the same daily and monthly limits.
 */
import { HOLDER_MESSAGES, buildClabe, sandboxAccountHolder } from '@far/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, BUSINESS_2, SUPER, TECHFAR, WALLET, count, createTestApp, type TestApp } from '../helpers';
import { CLABE, balance, key, moneyTables, runJobs, speiCode } from '../money/money';
import { activeCards, fund, generateStock, post, upload } from './cards';

let t: TestApp;
let ids: string[];
const tx = '/api/v1/transaction';
const upsert = (as: string, body: Record<string, unknown>) => post(t, as, `${tx}/limit/action/upsert`, { IsEnabled: true, ...body });
const limitsOf = (as: string, holder: string) => post(t, as, `${tx}/limit/query/getbycardholder`, { CardholderIdentifier: holder });
const switchSpei = (as: string, holder: string, on: boolean) =>
  post(t, as, `${tx}/speiconfig/cardholder/enable-speiout`, { CardholderIdentifier: holder, EnableSpeiOut: on });
const authorize = (cardId: string, amount: string) =>
  post(
    t,
    BUSINESS,
    '/api/v1/cards/sandbox/authorize',
    { CardIdentifier: cardId, MerchantName: 'Tienda', Mcc: 5411, Amount: amount },
    { 'idempotency-key': key() },
  );
const cardBalance = async (holder: string) =>
  (await post(t, BUSINESS, `${tx}/cardholderbalance/query/getbycardholder`, { CardholderIdentifier: holder })).json().data;

async function speiFromCard(body: Record<string, unknown>, opts: { as?: string; code?: string; key?: string | null } = {}) {
  const as = opts.as ?? BUSINESS;
  const code = opts.code ?? (await speiCode(t, as));
  const headers: Record<string, string> = opts.key === null ? {} : { 'idempotency-key': opts.key ?? key() };
  return post(
    t,
    as,
    `${tx}/cardholdermovements/action/spei-out`,
    { Clabe: CLABE.settles, BeneficiaryName: 'Proveedor Uno', Concept: 'Pago de prueba', Reference: '77', ConfirmHolder: true, ...body, SecurityCode: code },
    headers,
  );
}

/** Everything a refused SPEI out must leave as it was. */
const written = async () => ({
  ...(await moneyTables(t)),
  cardMovements: await count(t, 'card_movements'),
  authorizations: await count(t, 'card_authorizations'),
});

beforeAll(async () => {
  t = await createTestApp();
  await generateStock(t, 6);
  ids = await activeCards(t, ['CHS1', 'CHS2']);
  // Another business's cardholder.
  const other = await upload(t, BUSINESS_2, '/api/v1/cardholders/action/upload-csv', {
    name: 'th.csv',
    content: 'CardholderIdentifier,Names,LastName,Email,CellPhone\nCHX1,Eva,Ruiz,eva@otra.mx,5512345678\n',
  });
  expect(other.statusCode, other.body).toBe(200);
  // Known commissions: SPEI out $5.00 (IVA $0.80).
  const cfg = await t.call(TECHFAR, {
    method: 'PUT',
    url: `${tx}/speiconfig/global`,
    payload: { CommissionSpeiInGlobal: '0', EnableSpeiOutGlobal: true, CommissionSpeiOutTransaction: '5.00', CommissionDepositCardholder: '0' },
  });
  expect(cfg.statusCode, cfg.body).toBe(200);
  // The global card limit every cardholder limit is capped by.
  const global = await upsert(SUPER, { ScopeType: 0, CardType: 'prepago', LimitPerTransaction: '5000.00', DailyLimit: '10000.00', MonthlyLimit: '50000.00' });
  expect(global.statusCode, global.body).toBe(200);
  await fund(t, [
    [ids[0]!, '1000.00'],
    [ids[1]!, '100.00'],
  ]);
});
afterAll(() => t.close());

describe('cardholder limits set by the business', () => {
  it('sets its own cardholder’s limits (card type prepago) and reads what applies', async () => {
    const res = await upsert(BUSINESS, {
      ScopeType: 1,
      CardholderIdentifier: 'CHS1',
      LimitPerTransaction: '300.00',
      DailyLimit: '500.00',
      MonthlyLimit: '2000.00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      ScopeType: 1,
      CardholderIdentifier: 'CHS1',
      CardType: 'prepago',
      LimitPerTransaction: '300.00',
      DailyLimit: '500.00',
    });
    const read = await limitsOf(BUSINESS, 'CHS1');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({
      Specific: { DailyLimit: '500.00' },
      Global: { ScopeType: 0, CardType: 'prepago', DailyLimit: '10000.00' },
      Effective: { LimitPerTransaction: '300.00', DailyLimit: '500.00', MonthlyLimit: '2000.00', Source: 'specific' },
      SpeiOutEnabled: false,
    });
  });

  it('refuses a limit above the global one, or without one the global has, and writes nothing', async () => {
    const before = await t.sql(`SELECT * FROM transaction_limits ORDER BY v_uid`);
    const above = await upsert(BUSINESS, {
      ScopeType: 1,
      CardholderIdentifier: 'CHS1',
      LimitPerTransaction: '300.00',
      DailyLimit: '20000.00',
      MonthlyLimit: '20000.00',
    });
    expect([above.statusCode, above.json().message]).toEqual([422, 'El límite diario no puede superar el límite global de $10,000.00']);
    const dropped = await upsert(BUSINESS, { ScopeType: 1, CardholderIdentifier: 'CHS1', DailyLimit: '500.00', MonthlyLimit: '2000.00' });
    expect([dropped.statusCode, dropped.json().message]).toEqual([422, 'El límite por operación no puede superar el límite global de $5,000.00']);
    // Staff are capped the same way.
    expect((await upsert(SUPER, { ScopeType: 1, CardholderIdentifier: 'CHS2', CardType: 'prepago', LimitPerTransaction: '6000.00' })).statusCode).toBe(422);
    const bad = await upsert(BUSINESS, { ScopeType: 1, CardholderIdentifier: 'CHS1', DailyLimit: '-1' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'El monto debe ser mayor a cero']);
    expect(await t.sql(`SELECT * FROM transaction_limits ORDER BY v_uid`)).toEqual(before);
  });

  it('never reaches another business’s cardholder, a global row or its own account limit', async () => {
    const before = await count(t, 'transaction_limits');
    expect((await upsert(BUSINESS, { ScopeType: 1, CardholderIdentifier: 'CHX1', DailyLimit: '100.00' })).statusCode).toBe(404);
    expect((await upsert(BUSINESS_2, { ScopeType: 1, CardholderIdentifier: 'CHS1', DailyLimit: '100.00' })).statusCode).toBe(404);
    expect((await limitsOf(BUSINESS_2, 'CHS1')).statusCode).toBe(404);
    const global = await upsert(BUSINESS, { ScopeType: 0, CardType: 'prepago', DailyLimit: '100.00' });
    expect([global.statusCode, global.json().message]).toEqual([403, 'Una empresa solo puede fijar límites de sus tarjetahabientes']);
    const [b] = await t.sql<{ v_uid: string }>(`SELECT b.v_uid FROM businesses b JOIN users u ON u.v_client = b.v_client WHERE u.v_email = $1`, [BUSINESS]);
    expect((await upsert(BUSINESS, { ScopeType: 1, BusinessId: b!.v_uid })).statusCode).toBe(403);
    expect((await upsert(BUSINESS, { ScopeType: 1, CardholderIdentifier: 'CHS1', CardType: 'otra' })).statusCode).toBe(403);
    expect((await upsert(WALLET, { ScopeType: 1, CardholderIdentifier: 'CHS1' })).statusCode).toBe(403);
    expect((await limitsOf(WALLET, 'CHS1')).statusCode).toBe(403);
    expect(await count(t, 'transaction_limits')).toBe(before);
  });

  it('caps what applies when the global limit is lowered afterwards', async () => {
    expect(
      (await upsert(SUPER, { ScopeType: 0, CardType: 'prepago', LimitPerTransaction: '250.00', DailyLimit: '400.00', MonthlyLimit: '50000.00' })).statusCode,
    ).toBe(200);
    expect((await limitsOf(BUSINESS, 'CHS1')).json().data.Effective).toMatchObject({
      DailyLimit: '400.00',
      LimitPerTransaction: '250.00',
      MonthlyLimit: '2000.00',
    });
    expect(
      (await upsert(SUPER, { ScopeType: 0, CardType: 'prepago', LimitPerTransaction: '5000.00', DailyLimit: '10000.00', MonthlyLimit: '50000.00' })).statusCode,
    ).toBe(200);
  });
});

describe('the SPEI-out switch of a cardholder', () => {
  it('is switched by the business for its own cardholders only', async () => {
    const on = await switchSpei(BUSINESS, 'CHS1', true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({ CardholderIdentifier: 'CHS1', EnableSpeiOut: true });
    expect((await limitsOf(BUSINESS, 'CHS1')).json().data.SpeiOutEnabled).toBe(true);
    expect((await switchSpei(BUSINESS, 'CHX1', true)).statusCode).toBe(404);
    expect((await switchSpei(BUSINESS_2, 'CHS1', false)).statusCode).toBe(404);
    expect((await switchSpei(WALLET, 'CHS1', false)).statusCode).toBe(403);
    const bad = await post(t, BUSINESS, `${tx}/speiconfig/cardholder/enable-speiout`, { CardholderIdentifier: 'CHS1' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Este campo es requerido']);
    expect((await limitsOf(BUSINESS, 'CHS1')).json().data.SpeiOutEnabled).toBe(true);
  });
});

describe('SPEI out from a card', () => {
  it('holds amount + commission + IVA on the card, places the order, and settles on the rail', async () => {
    const business = await balance(t, BUSINESS);
    const k = key();
    const code = await speiCode(t, BUSINESS);
    const res = await speiFromCard({ CardIdentifier: ids[0], Amount: '100.00' }, { key: k, code });
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json().data;
    expect(m).toMatchObject({
      MovementType: 'SPEI_OUT',
      MovementAmount: '100.00',
      Commission: '5.00',
      IVA: '0.80',
      TotalAmount: '105.80',
      StatusName: 'Pendiente',
      RemainingBalance: '894.20',
    });
    expect(await cardBalance('CHS1')).toMatchObject({ balance: '1000.00', transitBalance: '105.80', availableBalance: '894.20' });
    const [order] = await t.sql<{ v_uid_account: string; v_card_account: string }>(
      `SELECT m.v_uid_account, c.v_uid_account AS v_card_account FROM business_movements m, cards c WHERE m.v_uid = $1 AND c.v_card_identifier = $2`,
      [m.Id, ids[0]],
    );
    expect(order!.v_uid_account).toBe(order!.v_card_account);
    // A replay answers the same order without a new code.
    const again = await speiFromCard({ CardIdentifier: ids[0], Amount: '100.00' }, { key: k, code });
    expect(again.json().data.Id).toBe(m.Id);
    expect(await count(t, 'business_movements', 'v_uid_account IS NOT NULL')).toBe(1);
    await runJobs(t, 0);
    await runJobs(t, 60_000);
    expect(await cardBalance('CHS1')).toMatchObject({ balance: '894.20', transitBalance: '0.00', availableBalance: '894.20' });
    const moves = (await post(t, BUSINESS, `${tx}/cardholdermovements/getall`, { CardholderIdentifier: 'CHS1', Kind: 'spei-out' })).json().data.Records;
    expect(moves).toMatchObject([{ Kind: 'spei-out', KindName: 'Envío SPEI', Amount: '100.00', Commission: '5.00', Status: 'Liquidada' }]);
    // The business's own balance did not move.
    expect((await balance(t, BUSINESS)).balance).toBe(business.balance);
  });

  it('counts with purchases against the same daily limit', async () => {
    // 100.00 sent today; a purchase of 250.00 fits the 500.00 day, a SPEI of 200.00 then does not.
    expect((await authorize(ids[0]!, '250.00')).json().data.Approved).toBe(true);
    const before = await written();
    const over = await speiFromCard({ CardIdentifier: ids[0], Amount: '200.00' });
    expect([over.statusCode, over.json().message]).toEqual([422, 'Excede el límite diario de $500.00']);
    const perOp = await speiFromCard({ CardIdentifier: ids[0], Amount: '301.00' });
    expect([perOp.statusCode, perOp.json().message]).toEqual([422, 'Excede el límite por operación de $300.00']);
    expect(await written()).toEqual(before);
    // And the SPEI counts for purchases: 100 + 250 + 200 > 500.
    expect((await authorize(ids[0]!, '200.00')).json().data.DeclineReason).toBe('Límite diario excedido');
    expect((await authorize(ids[0]!, '301.00')).json().data.DeclineReason).toBe('Límite por transacción excedido');
  });

  it('refuses a disabled cardholder, a short balance and a locked card, writing nothing', async () => {
    const code = await speiCode(t, BUSINESS);
    const before = await written();
    const disabled = await speiFromCard({ CardIdentifier: ids[1], Amount: '10.00' }, { code });
    expect([disabled.statusCode, disabled.json().message]).toEqual([422, 'El envío SPEI está deshabilitado para este tarjetahabiente']);
    expect((await switchSpei(BUSINESS, 'CHS2', true)).statusCode).toBe(200);
    const after = await written();
    const short = await speiFromCard({ CardIdentifier: ids[1], Amount: '95.00' }, { code });
    expect([short.statusCode, short.json().message]).toEqual([422, 'Saldo insuficiente']);
    expect((await post(t, BUSINESS, '/api/v1/cards/lock', { CardIdentifier: ids[1], Lock: true })).statusCode).toBe(200);
    const locked = await speiFromCard({ CardIdentifier: ids[1], Amount: '10.00' }, { code });
    expect([locked.statusCode, locked.json().message]).toEqual([422, 'La tarjeta está bloqueada']);
    expect((await post(t, BUSINESS, '/api/v1/cards/lock', { CardIdentifier: ids[1], Lock: false })).statusCode).toBe(200);
    expect(before.movements).toBe(after.movements);
    expect(await written()).toMatchObject({
      movements: after.movements,
      transactions: after.transactions,
      holds: after.holds,
      cardMovements: after.cardMovements,
    });
    // The code was not spent by the refusals.
    expect((await speiFromCard({ CardIdentifier: ids[1], Amount: '10.00' }, { code })).statusCode).toBe(200);
  });

  it('refuses another tenant, other roles and bad input', async () => {
    const before = await written();
    expect((await speiFromCard({ CardIdentifier: ids[0], Amount: '1.00' }, { as: BUSINESS_2 })).statusCode).toBe(404);
    const staff = await post(
      t,
      SUPER,
      `${tx}/cardholdermovements/action/spei-out`,
      { CardIdentifier: ids[0], Clabe: CLABE.settles, BeneficiaryName: 'X', Amount: '1.00', Concept: 'Pago', Reference: '1', SecurityCode: '123456' },
      { 'idempotency-key': key() },
    );
    expect([staff.statusCode, staff.json().message]).toEqual([403, 'Solo la empresa puede enviar SPEI desde la tarjeta de un tarjetahabiente']);
    expect((await post(t, WALLET, `${tx}/cardholdermovements/action/spei-out`, {}, { 'idempotency-key': key() })).statusCode).toBe(403);
    const clabe = await speiFromCard({ CardIdentifier: ids[0], Amount: '1.00', Clabe: '123' });
    expect(clabe.statusCode).toBe(400);
    expect(clabe.json().message).toMatch(/CLABE/);
    const amount = await speiFromCard({ CardIdentifier: ids[0], Amount: '0' });
    expect([amount.statusCode, amount.json().message]).toEqual([400, 'El monto debe ser mayor a cero']);
    const noKey = await speiFromCard({ CardIdentifier: ids[0], Amount: '1.00' }, { key: null });
    expect([noKey.statusCode, noKey.json().message]).toEqual([400, 'Falta el encabezado Idempotency-Key']);
    const unknown = await speiFromCard({ CardIdentifier: 'NO-EXISTE', Amount: '1.00' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Tarjeta no encontrada']);
    expect(await written()).toMatchObject({
      movements: before.movements,
      transactions: before.transactions,
      holds: before.holds,
      cardMovements: before.cardMovements,
    });
  });

  it('runs the business’s account-holder check: a mismatch is refused naming the holder, then confirmed and remembered (decision 0023)', async () => {
    const clabe = buildClabe('990', '180', '00000000321');
    const holder = sandboxAccountHolder(clabe);
    if (!holder.exists) throw new Error('the sandbox holds this CLABE');
    const code = await speiCode(t, BUSINESS);
    const before = await written();
    const refused = await speiFromCard(
      { CardIdentifier: ids[0], Amount: '1.00', Clabe: clabe, BeneficiaryName: 'Otra Persona', ConfirmHolder: false },
      { code },
    );
    expect([refused.statusCode, refused.json().message]).toEqual([422, HOLDER_MESSAGES.mismatch(holder.name, holder.rfc)]);
    expect(await written()).toEqual(before);
    const confirmed = await speiFromCard(
      { CardIdentifier: ids[0], Amount: '1.00', Clabe: clabe, BeneficiaryName: 'Otra Persona', ConfirmHolder: true },
      { code },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [remembered] = await t.sql<{ v_result: string }>(
      `SELECT v.v_result FROM verified_clabes v JOIN businesses b ON b.v_uid = v.v_uid_business WHERE v.v_clabe = $1`,
      [clabe],
    );
    expect(remembered?.v_result).toBe('confirmed');
  });
});
