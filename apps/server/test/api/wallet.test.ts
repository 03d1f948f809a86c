/**
 * The wallet as an e-money account (issue 11): CLABE, deposits, incoming SPEI, business → wallet
 * inside the ledger, SPEI out, wallet to wallet, the user's own limit, budgets, movements and
 * statement. Every refusal is checked to write nothing.
 */
import { movementFolio, validateClabe } from '@far/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, TECHFAR, count, createTestApp, type TestApp } from '../helpers';
import { PDF_OPTIONS } from '../../src/platform/pdf';
import { CLABE, demoBusiness, key, legsOf, moneyCall, moneyTables, pdfText, runJobs, speiOut } from '../money/money';
import { newWallet, walletCode, walletSpei, walletTransfer } from '../money/wallet';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const summary = async (email: string, UserId?: string) => {
  const res = await t.call(email, { method: 'POST', url: '/api/v1/wallet/summary', payload: UserId ? { UserId } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const deposit = async (userId: string, Amount: string) => {
  const res = await moneyCall(t, TECHFAR, { method: 'POST', url: '/api/v1/wallet/deposit', payload: { UserId: userId, Amount } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
describe('the wallet account', () => {
  it('opens a ledger account and a unique CLABE in the provider range with a valid check digit', async () => {
    const [a, b] = [await newWallet(t), await newWallet(t)];
    const [sa, sb] = [await summary(a.email), await summary(b.email)];
    for (const s of [sa, sb]) {
      expect(s.Clabe).toMatch(/^6461802491\d{8}$/);
      expect(validateClabe(s.Clabe).ok).toBe(true);
    }
    expect(sa.Clabe).not.toBe(sb.Clabe);
    expect(sa.Balance).toEqual({ Balance: '0.00', TransitBalance: '0.00', AvailableBalance: '0.00', Budgeted: '0.00', Total: '0.00' });
    // Default limit: 1,500 UDIS at the staff-maintained value (8.65 → 12,975.00).
    expect(sa.Limit).toMatchObject({ DailyLimit: '12975.00', IsDefault: true });
    expect(await count(t, 'ledger_accounts', 'v_code = $1', [`${a.client}:main`])).toBe(1);
  });

  it('staff read a wallet read-only; a wallet naming another user gets 404; a business 403', async () => {
    const a = await newWallet(t);
    const b = await newWallet(t);
    expect((await summary(TECHFAR, a.id)).Email).toBe(a.email);
    expect((await t.call(b.email, { method: 'POST', url: '/api/v1/wallet/summary', payload: { UserId: a.id } })).statusCode).toBe(404);
    expect((await t.call(BUSINESS, { method: 'POST', url: '/api/v1/wallet/summary', payload: {} })).statusCode).toBe(403);
    // Staff cannot move a wallet's money or change its budgets.
    expect(
      (await moneyCall(t, TECHFAR, { method: 'POST', url: '/api/v1/wallet/transfer', payload: { Recipient: b.email, Amount: '1', SecurityCode: '123456' } }))
        .statusCode,
    ).toBe(403);
    expect((await t.call(TECHFAR, { method: 'POST', url: '/api/v1/budget', payload: { v_name: 'X', n_goal_amount: '10' } })).statusCode).toBe(403);
  });
});

describe('money in', () => {
  it('staff deposit with the wallets SPEI-in commission; bad amounts write nothing', async () => {
    const a = await newWallet(t);
    await summary(a.email);
    const cfg = await t.call(TECHFAR, {
      method: 'PUT',
      url: '/api/v1/wallet/config',
      payload: { UdiValue: '8.65', LimitRaiseWaitHours: 24, CommissionSpeiIn: '1', EnableSpeiOut: true, CommissionSpeiOut: '0', CommissionWalletTransfer: '0' },
    });
    expect(cfg.statusCode, cfg.body).toBe(200);
    const m = await deposit(a.id, '1000.00');
    expect(m).toMatchObject({ MovementType: 'DEPOSIT', Commission: '10.00', IVA: '1.60', TotalAmount: '988.40', RemainingBalance: '988.40' });
    await t.call(TECHFAR, {
      method: 'PUT',
      url: '/api/v1/wallet/config',
      payload: { UdiValue: '8.65', LimitRaiseWaitHours: 24, CommissionSpeiIn: '0', EnableSpeiOut: true, CommissionSpeiOut: '0', CommissionWalletTransfer: '0' },
    });
    const before = await moneyTables(t);
    for (const [Amount, message] of [
      ['1.005', 'El monto admite como máximo dos decimales'],
      ['0', 'El monto debe ser mayor a cero'],
      ['-5', 'El monto debe ser mayor a cero'],
    ] as const) {
      const res = await moneyCall(t, TECHFAR, { method: 'POST', url: '/api/v1/wallet/deposit', payload: { UserId: a.id, Amount } });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await moneyCall(t, TECHFAR, { method: 'POST', url: '/api/v1/wallet/deposit', payload: { UserId: a.id, Amount: '5' }, key: null })).statusCode).toBe(
      400,
    );
    expect((await moneyCall(t, BUSINESS, { method: 'POST', url: '/api/v1/wallet/deposit', payload: { UserId: a.id, Amount: '5' } })).statusCode).toBe(403);
    expect((await moneyCall(t, a.email, { method: 'POST', url: '/api/v1/wallet/deposit', payload: { UserId: a.id, Amount: '5' } })).statusCode).toBe(403);
    expect(await moneyTables(t)).toEqual(before);
  });

  it('an incoming SPEI to the wallet CLABE is credited once and notified', async () => {
    const a = await newWallet(t);
    const { Clabe } = await summary(a.email);
    const body = { Clabe, Amount: '250.00', SenderName: 'Juan Perez', Concept: 'Renta', TrackingKey: `SBX${a.phone.slice(-4)}ABC` };
    const first = await moneyCall(t, TECHFAR, { method: 'POST', url: '/api/v1/transaction/spei/sandbox/incoming', payload: body });
    expect(first.statusCode, first.body).toBe(200);
    const again = await moneyCall(t, TECHFAR, { method: 'POST', url: '/api/v1/transaction/spei/sandbox/incoming', payload: body });
    expect(again.json().data.Duplicate).toBe(true);
    expect((await summary(a.email)).Balance.AvailableBalance).toBe('250.00');
    expect(await count(t, 'notifications', "v_uid_user = $1 AND v_kind = 'wallet.received'", [a.id])).toBe(1);
  });

  it('a business pays its strategic ally inside the ledger (no rail); a non-ally is refused', async () => {
    const a = await newWallet(t);
    const { Clabe } = await summary(a.email);
    const biz = await demoBusiness(t, BUSINESS);
    await moneyCall(t, TECHFAR, { method: 'POST', url: `/api/v1/transaction/business/${biz.id}/deposit`, payload: { Amount: '5000' } });
    await t.call(TECHFAR, { method: 'POST', url: '/api/v1/transaction/limit/action/upsert', payload: { ScopeType: 1, BusinessId: biz.id, IsEnabled: true } });
    const refused = await speiOut(t, BUSINESS, { Clabe, BeneficiaryName: 'Aliado Wallet', Amount: '100' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().status.message).toBe('La CLABE es de un usuario Wallet que no es aliado estratégico de la empresa');
    await t.sql(
      `INSERT INTO strategic_allies (v_uid_user_wallet, v_uid_user_business, v_names, v_client, v_uid_status) SELECT $1, $2, 'Aliado', $3, '5d0e1f40-0000-4000-8000-000000000001'`,
      [a.id, biz.id, biz.client],
    );
    const paid = await speiOut(t, BUSINESS, { Clabe, BeneficiaryName: 'Aliado Wallet', Amount: '100' });
    expect(paid.statusCode, paid.body).toBe(200);
    await runJobs(t);
    const [out] = await t.sql<{ i_status: number; v_rail: string }>(`SELECT i_status, v_rail FROM business_movements WHERE v_uid = $1`, [paid.json().data.Id]);
    expect(out).toMatchObject({ i_status: 2, v_rail: 'interno' });
    expect((await summary(a.email)).Balance.AvailableBalance).toBe('100.00');
    expect(await count(t, 'jobs', "v_kind = 'spei.rail-event' AND t_payload->>'trackingKey' = $1", [paid.json().data.TrackingKey])).toBe(0);
  });
});

describe('wallet to wallet', () => {
  it('sends by e-mail, phone and CLABE, instantly; the receiver is notified; replays move nothing', async () => {
    const [a, b] = [await newWallet(t), await newWallet(t)];
    const bClabe = (await summary(b.email)).Clabe;
    await deposit(a.id, '300');
    const k = key();
    const c = await walletCode(t, a.email, 'wallet-transfer');
    const res = await walletTransfer(t, a.email, { Recipient: b.email, Amount: '10.50' }, { key: k, code: c });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ MovementType: 'WALLET_OUT', StatusName: 'Liquidada', RemainingBalance: '289.50' });
    const replay = await walletTransfer(t, a.email, { Recipient: b.email, Amount: '10.50' }, { key: k, code: c });
    expect(replay.headers['idempotent-replayed']).toBeDefined();
    expect((await walletTransfer(t, a.email, { Recipient: b.phone, Amount: '1' })).statusCode).toBe(200);
    expect((await walletTransfer(t, a.email, { Recipient: bClabe, Amount: '2' })).statusCode).toBe(200);
    expect((await summary(b.email)).Balance.AvailableBalance).toBe('13.50');
    expect(await count(t, 'notifications', "v_uid_user = $1 AND v_kind = 'wallet.received'", [b.id])).toBe(3);
    expect(await legsOf(t, res.json().data.Id)).toEqual([
      { owner: a.client, leg: 'amount', cents: '-1050' },
      { owner: b.client, leg: 'amount', cents: '1050' },
    ]);
    // Never over SPEI: its receipt has no «Clave de rastreo» row, its folio identifies it.
    const compress = PDF_OPTIONS.compress;
    PDF_OPTIONS.compress = false;
    const proof = await t.call(a.email, { method: 'GET', url: `/api/v1/wallet/movement/${res.json().data.Id}/proof` });
    PDF_OPTIONS.compress = compress;
    const text = pdfText(proof.rawPayload);
    expect(text).toContain(`Folio ${movementFolio(res.json().data.OperationDate, res.json().data.Id)}`);
    expect(text).not.toContain('Clave de rastreo');
  });

  it('refuses oneself, unknown and blocked wallets, the own limit, the provider limit, a wrong and a used code — writing nothing', async () => {
    const [a, b, blocked] = [await newWallet(t), await newWallet(t), await newWallet(t)];
    await deposit(a.id, '20000');
    await summary(b.email);
    await t.sql(`UPDATE users SET v_uid_status = '5d0e1f40-0000-4000-8000-000000000004' WHERE v_uid = $1`, [blocked.id]);
    const before = await moneyTables(t);
    const expectRefused = async (body: Record<string, unknown>, status: number, message: string, opts: { code?: string | null } = {}) => {
      const res = await walletTransfer(t, a.email, body, opts);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().status.message).toBe(message);
    };
    await expectRefused({ Recipient: a.email, Amount: '1' }, 422, 'No puedes enviarte dinero a ti mismo');
    await expectRefused({ Recipient: 'nadie@wallet.mx', Amount: '1' }, 422, 'No encontramos un usuario Wallet con esos datos');
    await expectRefused({ Recipient: BUSINESS, Amount: '1' }, 422, 'No encontramos un usuario Wallet con esos datos');
    await expectRefused({ Recipient: blocked.email, Amount: '1' }, 422, 'La cuenta Wallet destino no puede recibir dinero');
    await expectRefused({ Recipient: b.email, Amount: '13000' }, 422, 'Excede tu límite diario de transferencias de $12,975.00');
    await expectRefused({ Recipient: b.email, Amount: '1.001' }, 400, 'El monto admite como máximo dos decimales');
    await expectRefused({ Recipient: b.email, Amount: '1' }, 400, 'El código no es correcto. Te quedan 2 intentos.', { code: '000000' });
    // The provider's own limit on wallets (transaction limits of card type WALLET).
    await t.call(TECHFAR, {
      method: 'POST',
      url: '/api/v1/transaction/limit/action/upsert',
      payload: { ScopeType: 1, CardholderIdentifier: a.client, CardType: 'WALLET', LimitPerTransaction: '50', IsEnabled: true },
    });
    await expectRefused({ Recipient: b.email, Amount: '60' }, 422, 'Excede el límite por operación de $50.00');
    const c = await walletCode(t, a.email, 'wallet-transfer');
    expect((await walletTransfer(t, a.email, { Recipient: b.email, Amount: '5' }, { code: c })).statusCode).toBe(200);
    const after = await moneyTables(t);
    // A used code: refused, nothing more written than the one transfer above.
    const used = await walletTransfer(t, a.email, { Recipient: b.email, Amount: '5' }, { code: c });
    expect(used.statusCode).toBe(422);
    expect(used.json().status.message).toBe('No hay un código vigente para esta operación. Solicita uno nuevo.');
    expect(await moneyTables(t)).toEqual(after);
    expect(after.movements - before.movements).toBe(2);
  });

  it('with the PIN chosen in the profile, a wrong PIN counts down as sign-in does', async () => {
    const [a, b] = [await newWallet(t), await newWallet(t)];
    await deposit(a.id, '100');
    await summary(b.email);
    expect((await t.call(a.email, { method: 'PUT', url: '/api/v1/wallet/preferences', payload: { ConfirmWith: 'pin' } })).json().status.message).toBe(
      'Primero configura tu NIP en tu perfil',
    );
    expect((await t.call(a.email, { method: 'POST', url: '/api/v1/account/Pin', payload: { Pin: '2468' } })).statusCode).toBe(200);
    expect((await t.call(a.email, { method: 'PUT', url: '/api/v1/wallet/preferences', payload: { ConfirmWith: 'pin' } })).statusCode).toBe(200);
    const before = await moneyTables(t);
    const wrong = await moneyCall(t, a.email, { method: 'POST', url: '/api/v1/wallet/transfer', payload: { Recipient: b.email, Amount: '1', Pin: '1111' } });
    expect(wrong.json().status.message).toBe('El NIP no es correcto. Te quedan 2 intentos.');
    const wrong2 = await moneyCall(t, a.email, { method: 'POST', url: '/api/v1/wallet/transfer', payload: { Recipient: b.email, Amount: '1', Pin: '1111' } });
    expect(wrong2.json().status.message).toBe('El NIP no es correcto. Te queda 1 intento.');
    expect(await moneyTables(t)).toEqual(before);
    const right = await moneyCall(t, a.email, { method: 'POST', url: '/api/v1/wallet/transfer', payload: { Recipient: b.email, Amount: '1', Pin: '2468' } });
    expect(right.statusCode, right.body).toBe(200);
  });
});

describe('SPEI out of a wallet', () => {
  it('previews, holds, settles through the rail, and gives a proof; returned and rejected orders release the hold', async () => {
    const a = await newWallet(t);
    await deposit(a.id, '1000');
    await t.call(TECHFAR, {
      method: 'PUT',
      url: '/api/v1/wallet/config',
      payload: { UdiValue: '8.65', LimitRaiseWaitHours: 24, CommissionSpeiIn: '0', EnableSpeiOut: true, CommissionSpeiOut: '5', CommissionWalletTransfer: '0' },
    });
    const pv = await t.call(a.email, { method: 'POST', url: '/api/v1/wallet/preview', payload: { Kind: 'SPEI', Amount: '100' } });
    expect(pv.json().data).toMatchObject({ Amount: '100.00', Commission: '5.00', IVA: '0.80', Total: '105.80', RemainingBalance: '894.20' });
    const sent = await walletSpei(t, a.email, { Clabe: CLABE.settles, Amount: '100' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ MovementType: 'SPEI_OUT', StatusName: 'Pendiente', TotalAmount: '105.80', RemainingBalance: '894.20' });
    expect((await summary(a.email)).Balance.TransitBalance).toBe('105.80');
    const returned = await walletSpei(t, a.email, { Clabe: CLABE.returns, Amount: '10' });
    const rejected = await walletSpei(t, a.email, { Clabe: CLABE.rejects, Amount: '10' });
    await runJobs(t);
    await runJobs(t, 120_000);
    const status = async (id: string) => (await t.sql<{ i_status: number }>(`SELECT i_status FROM business_movements WHERE v_uid = $1`, [id]))[0]!.i_status;
    expect([await status(sent.json().data.Id), await status(returned.json().data.Id), await status(rejected.json().data.Id)]).toEqual([2, 3, 4]);
    expect((await summary(a.email)).Balance).toMatchObject({ Balance: '894.20', TransitBalance: '0.00' });
    expect(await count(t, 'notifications', "v_uid_user = $1 AND v_kind = 'wallet.transfer-settled'", [a.id])).toBe(1);
    expect(await count(t, 'notifications', "v_uid_user = $1 AND v_kind = 'wallet.transfer-returned'", [a.id])).toBe(2);
    const proof = await t.call(a.email, { method: 'GET', url: `/api/v1/wallet/movement/${sent.json().data.Id}/proof` });
    expect(proof.headers['content-type']).toBe('application/pdf');
    expect(proof.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    await t.call(TECHFAR, {
      method: 'PUT',
      url: '/api/v1/wallet/config',
      payload: { UdiValue: '8.65', LimitRaiseWaitHours: 24, CommissionSpeiIn: '0', EnableSpeiOut: true, CommissionSpeiOut: '0', CommissionWalletTransfer: '0' },
    });
  });

  it('refuses over the balance and a business or staff caller', async () => {
    const a = await newWallet(t);
    await deposit(a.id, '10');
    const before = await moneyTables(t);
    const res = await walletSpei(t, a.email, { Clabe: CLABE.settles, Amount: '50' });
    expect(res.json().status.message).toBe('Saldo insuficiente');
    expect(await moneyTables(t)).toEqual(before);
    expect((await moneyCall(t, BUSINESS, { method: 'POST', url: '/api/v1/wallet/speiout', payload: {} })).statusCode).toBe(403);
  });
});

describe('the own daily limit', () => {
  it('lowers at once, raises after the waiting period', async () => {
    const a = await newWallet(t);
    await summary(a.email);
    const low = await t.call(a.email, { method: 'PUT', url: '/api/v1/wallet/limit', payload: { DailyLimit: '500' } });
    expect(low.json().data).toMatchObject({ DailyLimit: '500.00', IsDefault: false, PendingLimit: null });
    const high = await t.call(a.email, { method: 'PUT', url: '/api/v1/wallet/limit', payload: { DailyLimit: '20000' } });
    expect(high.json().status.message).toBe('El nuevo límite aplicará al terminar el periodo de espera');
    expect(high.json().data).toMatchObject({ DailyLimit: '500.00', PendingLimit: '20000.00' });
    await t.sql(`UPDATE wallet_accounts SET d_pending_limit_at = now() - interval '1 minute' WHERE v_uid_user = $1`, [a.id]);
    expect((await summary(a.email)).Limit.DailyLimit).toBe('20000.00');
    expect((await t.call(a.email, { method: 'PUT', url: '/api/v1/wallet/limit', payload: { DailyLimit: '0' } })).statusCode).toBe(400);
    expect((await t.call(TECHFAR, { method: 'PUT', url: '/api/v1/wallet/limit', payload: { DailyLimit: '5' } })).statusCode).toBe(403);
  });
});

describe('budgets', () => {
  it('add and minus move money between available and the sub-account; the goal notifies; deactivation returns the money', async () => {
    const a = await newWallet(t);
    await deposit(a.id, '1000');
    const created = await t.call(a.email, {
      method: 'POST',
      url: '/api/v1/budget',
      payload: { v_name: 'Vacaciones', n_goal_amount: '300', d_target_date: '2027-06-01' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.v_uid;
    const mv = (v_type: string, n_amount: string, as = a.email, budget = id) =>
      t.call(as, { method: 'POST', url: `/api/v1/budget/${budget}/movement`, payload: { v_type, n_amount }, headers: { 'idempotency-key': key() } });
    expect((await mv('add', '200')).json().data).toMatchObject({
      AvailableBalance: '800.00',
      Budget: { n_current_amount: '200.00', Progress: 66, GoalMet: false },
    });
    expect((await mv('add', '150')).json().data.Budget).toMatchObject({ n_current_amount: '350.00', Progress: 100, GoalMet: true });
    expect(await count(t, 'notifications', "v_uid_user = $1 AND v_kind = 'budget.goal-met'", [a.id])).toBe(1);
    expect((await mv('minus', '50')).json().data.AvailableBalance).toBe('700.00');
    expect((await summary(a.email)).Balance).toMatchObject({ AvailableBalance: '700.00', Budgeted: '300.00', Total: '1000.00' });
    const before = await moneyTables(t);
    const budgetRows = await count(t, 'budget_movements');
    for (const [type, amount, status, message] of [
      ['add', '701', 422, 'El monto excede tu saldo disponible'],
      ['minus', '301', 422, 'El monto excede lo que tiene el presupuesto'],
      ['add', '1.005', 400, 'El monto admite como máximo dos decimales'],
      ['add', '0', 400, 'El monto debe ser mayor a cero'],
      ['other', '1', 400, 'Tipo no válido: add o minus'],
    ] as const) {
      const res = await mv(type, amount);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.body).toContain(message);
    }
    const other = await newWallet(t);
    expect((await mv('add', '1', other.email)).statusCode).toBe(404);
    expect((await t.call(other.email, { method: 'PUT', url: `/api/v1/budget/${id}`, payload: { i_active: false } })).statusCode).toBe(404);
    expect((await mv('add', '1', BUSINESS)).statusCode).toBe(403);
    expect(await moneyTables(t)).toEqual(before);
    expect(await count(t, 'budget_movements')).toBe(budgetRows);
    const off = await t.call(a.email, { method: 'PUT', url: `/api/v1/budget/${id}`, payload: { i_active: false } });
    expect(off.json().data).toMatchObject({ i_active: false, n_current_amount: '0.00' });
    expect((await summary(a.email)).Balance).toMatchObject({ AvailableBalance: '1000.00', Budgeted: '0.00' });
    expect((await mv('add', '1')).json().status.message).toBe('El presupuesto está inactivo');
    const staffList = await t.call(TECHFAR, { method: 'GET', url: `/api/v1/budget?UserId=${a.id}` });
    expect(staffList.json().data).toHaveLength(1);
  });
});

describe('movements and statement', () => {
  it('lists with filters and search, exports CSV and XLSX, shows the ledger lines, and prints the month', async () => {
    const [a, b] = [await newWallet(t), await newWallet(t)];
    await deposit(a.id, '500');
    await summary(b.email);
    const sent = await walletTransfer(t, a.email, { Recipient: b.email, Amount: '25', Concept: 'Cena del viernes' });
    const list = async (payload: Record<string, unknown>, as = a.email) =>
      (await t.call(as, { method: 'POST', url: '/api/v1/wallet/movements', payload })).json().data;
    const all = await list({});
    expect(all.TotalRecords).toBe(2);
    const items = all.Records;
    expect(items.map((m: { MovementType: string }) => m.MovementType)).toEqual(['WALLET_OUT', 'DEPOSIT']);
    const found = await list({ Search: 'viernes' });
    expect(found.Records.length).toBe(1);
    const deposits = await list({ Type: 'DEPOSIT' });
    expect(deposits.Records.length).toBe(1);
    const staffView = await list({ UserId: a.id }, TECHFAR);
    expect(staffView.Records.length).toBe(2);
    const csv = await t.call(a.email, { method: 'POST', url: '/api/v1/wallet/movements/export', payload: { Format: 'csv' } });
    expect(csv.body).toContain('Cena del viernes');
    const xlsx = await t.call(a.email, { method: 'POST', url: '/api/v1/wallet/movements/export', payload: { Format: 'xlsx' } });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    // Each side of the transfer reads the lines of its own account only; any other wallet gets 404, a business 403.
    const detailOf = (email: string, id: string) => t.call(email, { method: 'GET', url: `/api/v1/wallet/movement/${id}` });
    const outId = sent.json().data.Id as string;
    expect((await detailOf(a.email, outId)).json().data.Entries).toEqual([
      { Account: 'Cuenta del monedero', Description: expect.stringMatching(/^Envío entre Wallets a /), Debit: '25.00', Credit: null },
    ]);
    const inId = (await list({ Type: 'WALLET_IN' }, b.email)).Records[0].Id as string;
    expect((await detailOf(b.email, inId)).json().data.Entries).toEqual([
      { Account: 'Cuenta del monedero', Description: expect.stringMatching(/^Envío entre Wallets recibido de /), Debit: null, Credit: '25.00' },
    ]);
    const stranger = await newWallet(t);
    for (const [email, id] of [
      [b.email, outId],
      [a.email, inId],
      [stranger.email, outId],
      [stranger.email, inId],
    ]) {
      const res = await detailOf(email!, id!);
      expect([res.statusCode, res.json().message], `${email} ${id}`).toEqual([404, 'Movimiento no encontrado']);
      expect(res.body).not.toContain('Entries');
    }
    expect((await detailOf(BUSINESS, outId)).statusCode).toBe(403);
    const now = new Date();
    const mexico = new Date(now.getTime() - 6 * 3_600_000);
    const st = await t.call(a.email, {
      method: 'POST',
      url: '/api/v1/wallet/statement',
      payload: { Year: mexico.getUTCFullYear(), Month: mexico.getUTCMonth() + 1 },
    });
    expect(st.json().data).toMatchObject({ OpeningBalance: '0.00', Deposits: '500.00', ClosingBalance: '475.00' });
    const pdf = await t.call(a.email, {
      method: 'POST',
      url: '/api/v1/wallet/statement',
      payload: { Year: mexico.getUTCFullYear(), Month: mexico.getUTCMonth() + 1, Format: 'pdf' },
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await t.call(BUSINESS, { method: 'POST', url: '/api/v1/wallet/movements', payload: {} })).statusCode).toBe(403);
    expect((await t.call(a.email, { method: 'POST', url: '/api/v1/wallet/movements', payload: { UserId: b.id } })).statusCode).toBe(404);
  });
});
