/**
 * SPEI out through HTTP: hold, submission, settlement, return, rejection, cancel and remove; the
 * postings it leaves; and every refusal with its Spanish message and nothing written.
 */
import { STATUS_IDS, buildClabe, formatCurrency } from '@far/contracts';
import { addDays, mexicoDate, mexicoMidnight } from '../../src/platform/mexico-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, WALLET, type TestApp } from '../helpers';
import {
  BUSINESS,
  CLABE,
  TECHFAR,
  balance,
  demoBusiness,
  deposit,
  holdOf,
  key,
  legsOf,
  moneyCall,
  moneyTables,
  movementRow,
  noLimits,
  runJobs,
  speiCode,
  speiOut,
  type DemoBusiness,
} from './money';

let t: TestApp;
let b: DemoBusiness;
const URL_OUT = '/api/v1/transaction/business-movement/speiout';
/** Every order so far sent and settled, so that balances compare. */
const flush = async () => {
  await runJobs(t, 0);
  await runJobs(t, 60_000);
};
const pesos = (n: number) => formatCurrency(BigInt(Math.round(n * 100)));

beforeAll(async () => {
  t = await createTestApp();
  b = await demoBusiness(t);
  await noLimits(t, b);
  // Known commissions for this file: SPEI in 0 %, SPEI out $5.55 (IVA $0.89).
  const res = await t.call(TECHFAR, {
    method: 'PUT',
    url: '/api/v1/transaction/speiconfig/global',
    payload: { CommissionSpeiInGlobal: '0', EnableSpeiOutGlobal: true, CommissionSpeiOutTransaction: '5.55', CommissionDepositCardholder: '0' },
  });
  expect(res.statusCode, res.body).toBe(200);
  await deposit(t, b.id, '10000.00');
});
afterAll(() => t.close());

describe('SPEI out, happy paths', () => {
  it('holds amount + commission + IVA, sends, settles, and posts each part on its own leg', async () => {
    const before = await balance(t, BUSINESS);
    const res = await speiOut(t, BUSINESS, { Clabe: CLABE.settles, BeneficiaryName: 'Proveedor Uno', Amount: '100.00' });
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json().data;
    expect(m).toMatchObject({
      MovementType: 'SPEI_OUT',
      MovementAmount: '100.00',
      Commission: '5.55',
      IVA: '0.89',
      TotalAmount: '106.44',
      StatusBusinessMovement: 0,
      StatusName: 'Pendiente',
      CanCancel: true,
      Beneficiary: { Clabe: CLABE.settles, BankCode: '990', BankName: 'SANDBOX LIQUIDA', Name: 'Proveedor Uno' },
      SourceAccount: { Clabe: b.clabe, BankCode: '646' },
      Concept: 'Pago de prueba',
      Reference: '1234',
    });
    expect(m.TrackingKey).toMatch(/^FAR\d{8}\d{10}$/);
    expect(m.TrackingKey.length).toBeLessThanOrEqual(29);
    const held = await balance(t, BUSINESS);
    expect(held.balance).toBe(before.balance);
    expect(held.transitBalance).toBe((Number(before.transitBalance) + 106.44).toFixed(2));
    expect(m.RemainingBalance).toBe(held.availableBalance);
    expect(await holdOf(t, m.Id)).toMatchObject({ v_status: 'held', n_amount_cents: '10644' });

    // Submission (the sandbox settles 3 s later): sent, nothing posted yet.
    await runJobs(t, 0);
    expect(await movementRow(t, m.Id)).toMatchObject({ i_status: 1, i_previous_status: 0 });
    expect((await balance(t, BUSINESS)).transitBalance).toBe(held.transitBalance);

    await runJobs(t, 60_000);
    expect(await movementRow(t, m.Id)).toMatchObject({ i_status: 2, i_previous_status: 1 });
    expect(await holdOf(t, m.Id)).toMatchObject({ v_status: 'posted' });
    const after = await balance(t, BUSINESS);
    expect(after.transitBalance).toBe(before.transitBalance);
    expect(after.balance).toBe((Number(before.balance) - 106.44).toFixed(2));
    expect(await legsOf(t, m.Id)).toEqual([
      { owner: b.client, leg: 'amount', cents: '-10000' },
      { owner: b.client, leg: 'commission', cents: '-555' },
      { owner: b.client, leg: 'iva', cents: '-89' },
      { owner: 'spei-clearing', leg: 'amount', cents: '10000' },
      { owner: 'commission-income', leg: 'commission', cents: '555' },
      { owner: 'iva-payable', leg: 'iva', cents: '89' },
    ]);
  });

  it('pays a registered account by its id', async () => {
    const created = await t.call(BUSINESS, {
      method: 'POST',
      url: '/api/v1/transaction/clabe-account/action/create',
      payload: { ConfirmHolder: true, Alias: 'Proveedor BBVA', AccountHolderName: 'Proveedora del Norte SA', Clabe: CLABE.bbva },
    });
    expect(created.statusCode, created.body).toBe(200);
    const res = await speiOut(t, BUSINESS, { ClabeAccountId: created.json().data.Id, Amount: 50 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      ClabeAccountId: created.json().data.Id,
      Alias: 'Proveedor BBVA',
      Beneficiary: { Name: 'Proveedora del Norte SA', BankName: 'BBVA Mexico' },
      MovementAmount: '50.00',
    });
  });

  it('comes back from the test bank that returns: the hold is released, with the reason and its own tracking key', async () => {
    await flush();
    const before = await balance(t, BUSINESS);
    const res = await speiOut(t, BUSINESS, { Clabe: CLABE.returns, BeneficiaryName: 'Cuenta Inexistente', Amount: '10.00' });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.Id;
    await runJobs(t, 0);
    await runJobs(t, 60_000);
    const m = (await t.call(BUSINESS, { method: 'GET', url: `/api/v1/transaction/business-movement/${id}` })).json().data;
    expect(m).toMatchObject({ StatusBusinessMovement: 3, StatusName: 'Devuelta', PreviousStatusBusinessMovement: 1, ErrorDetail: 'Cuenta inexistente' });
    expect(m.ReturnTrackingKey).toMatch(/^SBXDEV\d{18}$/);
    expect(await holdOf(t, id)).toMatchObject({ v_status: 'released', v_reason: 'returned' });
    expect(await balance(t, BUSINESS)).toEqual(before);
  });

  it('is rejected at once by the test bank that rejects', async () => {
    await flush();
    const before = await balance(t, BUSINESS);
    const res = await speiOut(t, BUSINESS, { Clabe: CLABE.rejects, BeneficiaryName: 'Banco Rechaza', Amount: '10.00' });
    const id = res.json().data.Id;
    await runJobs(t, 0);
    expect(await movementRow(t, id)).toMatchObject({ i_status: 4 });
    expect(await holdOf(t, id)).toMatchObject({ v_status: 'released', v_reason: 'rejected' });
    expect(await balance(t, BUSINESS)).toEqual(before);
  });

  it.each([
    ['today', 0],
    ['yesterday', -1],
  ])('refuses a payment day of %s with the §8 words beside the Spanish message, and holds nothing', async (_when, offset) => {
    await flush();
    const before = await balance(t, BUSINESS);
    const res = await speiOut(t, BUSINESS, {
      Clabe: CLABE.bbva,
      BeneficiaryName: 'Proveedor Dos',
      Amount: '20.00',
      PaymentDay: addDays(mexicoDate(new Date()), offset),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'La fecha de pago debe ser una fecha futura',
      errorDescrpition: 'The payment day needs to be a future date',
      errors: [{ field: 'PaymentDay' }],
    });
    expect(await balance(t, BUSINESS)).toEqual(before);
  });

  it('cancels and removes a pending order, releasing the hold and recording who and from which status', async () => {
    await flush();
    const before = await balance(t, BUSINESS);
    const day = addDays(mexicoDate(new Date()), 10);
    const a = (await speiOut(t, BUSINESS, { Clabe: CLABE.bbva, BeneficiaryName: 'Proveedor Dos', Amount: '20.00', PaymentDay: day })).json().data;
    const c = (await speiOut(t, BUSINESS, { Clabe: CLABE.bbva, BeneficiaryName: 'Proveedor Tres', Amount: '30.00' })).json().data;
    expect(a).toMatchObject({ PaymentDay: day, StatusBusinessMovement: 0 });
    expect(a.MovementDateScheduled).toBe(mexicoMidnight(day).toISOString());

    const pending = await t.call(BUSINESS, { method: 'POST', url: '/api/v1/transaction/business-movement/pending-transactions', payload: {} });
    expect(pending.json().data.Records.map((r: { Id: string }) => r.Id)).toEqual(expect.arrayContaining([a.Id, c.Id]));

    const cancelled = await moneyCall(t, BUSINESS, { method: 'POST', url: `${URL_OUT}/cancel`, payload: { Id: a.Id } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({
      StatusBusinessMovement: 5,
      StatusName: 'Cancelada',
      PreviousStatusBusinessMovement: 0,
      ChangedByUserEmail: BUSINESS,
      CanCancel: false,
    });
    const removed = await moneyCall(t, TECHFAR, { method: 'POST', url: `${URL_OUT}/remove`, payload: { Id: c.Id } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toMatchObject({
      StatusBusinessMovement: 6,
      StatusName: 'Eliminada',
      PreviousStatusBusinessMovement: 0,
      ChangedByUserEmail: 'operador@far.mx',
    });
    expect(await holdOf(t, a.Id)).toMatchObject({ v_status: 'released', v_reason: 'cancelled' });
    expect(await holdOf(t, c.Id)).toMatchObject({ v_status: 'released', v_reason: 'removed' });
    expect(await balance(t, BUSINESS)).toEqual(before);

    // A cancelled order is not sent when its job comes due; a removed one leaves the lists.
    await runJobs(t, 0);
    expect(await movementRow(t, c.Id)).toMatchObject({ i_status: 6 });
    const list = await t.call(BUSINESS, { method: 'POST', url: '/api/v1/transaction/business-movement/movements', payload: { Size: 100 } });
    const ids = list.json().data.Records.map((r: { Id: string }) => r.Id);
    expect(ids).toContain(a.Id);
    expect(ids).not.toContain(c.Id);
  });

  it('refuses to cancel an order already sent', async () => {
    const m = (await speiOut(t, BUSINESS, { Clabe: CLABE.settles, BeneficiaryName: 'Proveedor Uno', Amount: '1.00' })).json().data;
    await runJobs(t, 0);
    const before = await moneyTables(t);
    const res = await moneyCall(t, BUSINESS, { method: 'POST', url: `${URL_OUT}/cancel`, payload: { Id: m.Id } });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Solo se puede cancelar o eliminar una transferencia pendiente que aún no se envía');
    expect(await moneyTables(t)).toEqual(before);
  });
});

describe('SPEI out, refusals: each with its Spanish message and nothing written', () => {
  const valid = {
    ConfirmHolder: true,
    Clabe: CLABE.bbva,
    BeneficiaryName: 'Proveedor Uno',
    Amount: '10.00',
    Concept: 'Pago de prueba',
    Reference: '1234',
    SecurityCode: '123456',
  };
  const wrongDigit = CLABE.bbva.slice(0, 17) + String((Number(CLABE.bbva[17]) + 1) % 10);
  const badInput: Array<[string, Record<string, unknown>, string]> = [
    ['CLABE too short', { Clabe: '01218000001234' }, 'La CLABE debe tener 18 dígitos'],
    ['CLABE with letters', { Clabe: '01218000001234567A' }, 'La CLABE debe tener 18 dígitos'],
    ['CLABE check digit', { Clabe: wrongDigit }, 'El dígito verificador de la CLABE no es válido'],
    ['CLABE of no bank', { Clabe: buildClabe('999', '180', '00000000001') }, 'La CLABE no corresponde a un banco conocido'],
    ['negative amount', { Amount: '-5.00' }, 'El monto debe ser mayor a cero'],
    ['zero amount', { Amount: '0.00' }, 'El monto debe ser mayor a cero'],
    ['zero as a number', { Amount: 0 }, 'El monto debe ser mayor a cero'],
    ['three decimals', { Amount: '10.005' }, 'El monto admite como máximo dos decimales'],
    ['float noise', { Amount: 0.30000000000000004 }, 'El monto admite como máximo dos decimales'],
    ['over the maximum', { Amount: '1000000000.00' }, 'El monto máximo es $999,999,999.99'],
    ['not an amount', { Amount: '1,000.00' }, 'Monto no válido'],
    ['concept with accents', { Concept: 'Pago de nómina' }, 'El concepto admite máximo 39 caracteres, solo letras, números y espacios'],
    ['concept with symbols', { Concept: 'Pago #12' }, 'El concepto admite máximo 39 caracteres, solo letras, números y espacios'],
    ['concept of 40', { Concept: 'A'.repeat(40) }, 'El concepto admite máximo 39 caracteres, solo letras, números y espacios'],
    ['concept missing', { Concept: '' }, 'Este campo es requerido'],
    ['reference of 8 digits', { Reference: '12345678' }, 'La referencia numérica debe tener de 1 a 7 dígitos'],
    ['reference with letters', { Reference: '12A' }, 'La referencia numérica debe tener de 1 a 7 dígitos'],
    ['beneficiary of 40', { BeneficiaryName: 'B'.repeat(40) }, 'El nombre del beneficiario admite máximo 39 caracteres'],
    ['beneficiary missing with a CLABE', { BeneficiaryName: undefined }, 'Este campo es requerido'],
    ['no destination', { Clabe: undefined }, 'Elige una cuenta registrada o escribe una CLABE'],
    ['code of 5 digits', { SecurityCode: '12345' }, 'El código de seguridad debe tener 6 dígitos'],
  ];
  it.each(badInput)('%s', async (_name, change, message) => {
    const before = await moneyTables(t);
    const res = await moneyCall(t, BUSINESS, { method: 'POST', url: URL_OUT, payload: { ...valid, ...change } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await moneyTables(t)).toEqual(before);
  });

  it('refuses a call without Idempotency-Key', async () => {
    const before = await moneyTables(t);
    const res = await moneyCall(t, BUSINESS, { method: 'POST', url: URL_OUT, payload: { ...valid, SecurityCode: await speiCode(t, BUSINESS) }, key: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Falta el encabezado Idempotency-Key');
    expect(await moneyTables(t)).toEqual(before);
  });

  it('refuses a wrong security code, counting the try', async () => {
    const code = await speiCode(t, BUSINESS);
    const before = await moneyTables(t);
    const res = await moneyCall(t, BUSINESS, { method: 'POST', url: URL_OUT, payload: { ...valid, SecurityCode: code === '000000' ? '111111' : '000000' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El código no es correcto. Te quedan 2 intentos.');
    expect(await moneyTables(t)).toEqual(before);
  });

  /** A business-rule refusal: a real code, 422, the message, nothing written, and the code still good. */
  async function refused(body: Record<string, unknown>, message: string) {
    const code = await speiCode(t, BUSINESS);
    const before = await moneyTables(t);
    const res = await moneyCall(t, BUSINESS, { method: 'POST', url: URL_OUT, payload: { ...valid, ...body, SecurityCode: code } });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(message);
    expect(await moneyTables(t)).toEqual(before);
    // Refused before the code was spent: the same code still works.
    const verify = await t.call(BUSINESS, { method: 'POST', url: '/api/v1/security/verify', payload: { Operation: 'spei-out', Code: code } });
    expect(verify.statusCode).toBe(200);
  }

  it('refuses when SPEI out is disabled globally', async () => {
    const put = (EnableSpeiOutGlobal: boolean) =>
      t.call(TECHFAR, {
        method: 'PUT',
        url: '/api/v1/transaction/speiconfig/global',
        payload: { CommissionSpeiInGlobal: '0', EnableSpeiOutGlobal, CommissionSpeiOutTransaction: '5.55', CommissionDepositCardholder: '0' },
      });
    expect((await put(false)).statusCode).toBe(200);
    await refused({}, 'El envío SPEI está deshabilitado para esta cuenta');
    expect((await put(true)).statusCode).toBe(200);
  });

  it('refuses when SPEI out is disabled for the business (with or without its custom values)', async () => {
    for (const UseCustomSpeiOutConfig of [false, true]) {
      const off = await t.call(TECHFAR, {
        method: 'POST',
        url: '/api/v1/transaction/speiconfig/business/upsert',
        // Commissions only with its own configuration: without it they would not apply (refused).
        payload: {
          BusinessId: b.id,
          EnableSpeiOut: false,
          UseCustomSpeiOutConfig,
          ...(UseCustomSpeiOutConfig ? { CommissionSpeiIn: '0', CommissionSpeiOut: '5.55', CommissionDepositCardholder: '0' } : {}),
        },
      });
      expect(off.statusCode, off.body).toBe(200);
      await refused({}, 'El envío SPEI está deshabilitado para esta cuenta');
    }
    const on = await t.call(TECHFAR, {
      method: 'POST',
      url: '/api/v1/transaction/speiconfig/business/upsert',
      payload: { BusinessId: b.id, EnableSpeiOut: true, UseCustomSpeiOutConfig: false },
    });
    expect(on.statusCode).toBe(200);
  });

  it('refuses over each limit, naming it', async () => {
    const limits = (l: Record<string, unknown>) =>
      t.call(TECHFAR, { method: 'POST', url: '/api/v1/transaction/limit/action/upsert', payload: { ScopeType: 1, BusinessId: b.id, IsEnabled: true, ...l } });
    // What this business already sent today counts; start the daily window from it.
    const used = (await t.call(TECHFAR, { method: 'POST', url: '/api/v1/transaction/limit/query/getbybusiness', payload: { BusinessId: b.id } })).json().data
      .Usage;
    const today = Number(used.Today);
    const month = Number(used.Month);

    expect((await limits({ LimitPerTransaction: '500.00' })).statusCode).toBe(200);
    await refused({ Amount: '500.01' }, 'Excede el límite por operación de $500.00');

    expect((await limits({ DailyLimit: (today + 600).toFixed(2) })).statusCode).toBe(200);
    expect((await speiOut(t, BUSINESS, { ...valid, Amount: '400.00' })).statusCode).toBe(200);
    await refused({ Amount: '200.01' }, `Excede el límite diario de ${pesos(today + 600)}`);

    expect((await limits({ MonthlyLimit: (month + 400 + 300).toFixed(2) })).statusCode).toBe(200);
    await refused({ Amount: '300.01' }, `Excede el límite mensual de ${pesos(month + 700)}`);

    // A disabled specific row falls back to the global one (none enabled here after this).
    expect((await limits({ LimitPerTransaction: '1.00', IsEnabled: false })).statusCode).toBe(200);
    const g = await t.call(TECHFAR, {
      method: 'POST',
      url: '/api/v1/transaction/limit/action/upsert',
      payload: { ScopeType: 0, LimitPerTransaction: '2.00', IsEnabled: true },
    });
    expect(g.statusCode, g.body).toBe(200);
    await refused({ Amount: '2.01' }, 'Excede el límite por operación de $2.00');
    await noLimits(t, b);
  });

  it("refuses over a registered account's own daily limit, by id or by its CLABE typed by hand", async () => {
    const acct = await t.call(BUSINESS, {
      method: 'POST',
      url: '/api/v1/transaction/clabe-account/action/create',
      payload: { ConfirmHolder: true, Alias: 'Limitada', AccountHolderName: 'Cuenta Limitada', Clabe: CLABE.banamex, DailyTransferLimit: '300.00' },
    });
    expect(acct.statusCode, acct.body).toBe(200);
    const id = acct.json().data.Id;
    expect((await speiOut(t, BUSINESS, { ClabeAccountId: id, Amount: '200.00' })).statusCode).toBe(200);
    await refused(
      { Clabe: undefined, BeneficiaryName: undefined, ClabeAccountId: id, Amount: '100.01' },
      'Excede el límite diario de transferencias de la cuenta Limitada de $300.00',
    );
    await refused({ Clabe: CLABE.banamex, Amount: '100.01' }, 'Excede el límite diario de transferencias de la cuenta Limitada de $300.00');
    expect((await speiOut(t, BUSINESS, { Clabe: CLABE.banamex, BeneficiaryName: 'Cuenta Limitada', Amount: '100.00' })).statusCode).toBe(200);
  });

  it('refuses more than the available balance', async () => {
    const { availableBalance } = await balance(t, BUSINESS);
    await refused({ Amount: (Number(availableBalance) + 1).toFixed(2) }, 'Saldo insuficiente');
  });

  it('refuses a deactivated account and its own CLABE', async () => {
    const acct = (
      await t.call(BUSINESS, {
        method: 'POST',
        url: '/api/v1/transaction/clabe-account/action/create',
        payload: { ConfirmHolder: true, Alias: 'Vieja', AccountHolderName: 'Cuenta Vieja', Clabe: buildClabe('014', '180', '00000000077') },
      })
    ).json().data;
    const off = await t.call(BUSINESS, { method: 'PUT', url: '/api/v1/transaction/clabe-account/action/edit', payload: { Id: acct.Id, IsActive: false } });
    expect(off.statusCode, off.body).toBe(200);
    await refused({ Clabe: undefined, BeneficiaryName: undefined, ClabeAccountId: acct.Id }, 'La cuenta está desactivada');
    await refused({ Clabe: b.clabe }, 'No puedes transferir a tu propia cuenta');
  });

  it('refuses a business that is not active', async () => {
    const original = (await t.sql<{ v_uid_status: string }>(`SELECT v_uid_status FROM businesses WHERE v_uid = $1`, [b.id]))[0]!.v_uid_status;
    await t.sql(`UPDATE businesses SET v_uid_status = $2 WHERE v_uid = $1`, [b.id, STATUS_IDS['activo-bloqueado']]);
    try {
      await refused({}, 'La empresa no está activa: no se pueden realizar movimientos de dinero');
    } finally {
      await t.sql(`UPDATE businesses SET v_uid_status = $2 WHERE v_uid = $1`, [b.id, original]);
    }
  });
});

describe('SPEI out, who may send it', () => {
  it('is refused to staff and to wallet users', async () => {
    const before = await moneyTables(t);
    const body = {
      ConfirmHolder: true,
      Clabe: CLABE.bbva,
      BeneficiaryName: 'Proveedor Uno',
      Amount: '10.00',
      Concept: 'Pago',
      Reference: '1',
      SecurityCode: '123456',
    };
    const staff = await moneyCall(t, TECHFAR, { method: 'POST', url: URL_OUT, payload: body });
    expect(staff.statusCode).toBe(403);
    const wallet = await moneyCall(t, WALLET, { method: 'POST', url: URL_OUT, payload: body, key: key() });
    expect(wallet.statusCode).toBe(403);
    expect(wallet.json().message).toBe('Solo una empresa puede enviar transferencias SPEI');
    const anonymous = await moneyCall(t, null, { method: 'POST', url: URL_OUT, payload: body });
    expect(anonymous.statusCode).toBe(401);
    expect(await moneyTables(t)).toEqual(before);
  });
});
