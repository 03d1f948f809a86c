/**
 * SPEI configuration (global, per business, cardholder switch), the value-and-commission preview
 * and transaction limits: happy paths, validation messages, which values apply.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { SUPER, WALLET, createTestApp, type TestApp } from '../helpers';
import { BUSINESS, BUSINESS_2, TECHFAR, balance, demoBusiness, type DemoBusiness } from './money';

let t: TestApp;
let b: DemoBusiness;
const base = '/api/v1/transaction';
const putGlobal = (payload: Record<string, unknown>, email = TECHFAR) => t.call(email, { method: 'PUT', url: `${base}/speiconfig/global`, payload });
const upsertBusiness = (payload: Record<string, unknown>) =>
  t.call(TECHFAR, { method: 'POST', url: `${base}/speiconfig/business/upsert`, payload: { BusinessId: b.id, ...payload } });
const preview = (Amount: unknown, email = BUSINESS) => t.call(email, { method: 'POST', url: `${base}/speiconfig/values-and-commissions`, payload: { Amount } });
const upsertLimit = (payload: Record<string, unknown>) => t.call(TECHFAR, { method: 'POST', url: `${base}/limit/action/upsert`, payload });

beforeAll(async () => {
  t = await createTestApp();
  b = await demoBusiness(t);
});
afterAll(() => t.close());

describe('global SPEI configuration', () => {
  it('reads the seeded values and saves new ones (percent as basis points, amounts in cents)', async () => {
    const read = await t.call(TECHFAR, { method: 'GET', url: `${base}/speiconfig/global` });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({
      CommissionSpeiInGlobal: '0.5',
      EnableSpeiOutGlobal: true,
      CommissionSpeiOutTransaction: '5.00',
      CommissionDepositCardholder: '0.00',
    });
    const saved = await putGlobal({
      CommissionSpeiInGlobal: 1.25,
      EnableSpeiOutGlobal: true,
      CommissionSpeiOutTransaction: 7.5,
      CommissionDepositCardholder: '2',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ CommissionSpeiInGlobal: '1.25', CommissionSpeiOutTransaction: '7.50', CommissionDepositCardholder: '2.00' });
    expect((await t.sql(`SELECT n_commission_spei_in_bp, n_commission_spei_out_cents::text AS c FROM spei_config_global`))[0]).toEqual({
      n_commission_spei_in_bp: 125,
      c: '750',
    });
    expect(await t.sql(`SELECT count(*)::int AS n FROM log_user WHERE v_section = 'Configuración SPEI'`)).toEqual([{ n: 1 }]);
  });

  it.each([
    [{ CommissionSpeiInGlobal: '101' }, 'Porcentaje no válido: escribe un número de 0 a 100 con máximo dos decimales'],
    [{ CommissionSpeiInGlobal: '0.125' }, 'Porcentaje no válido: escribe un número de 0 a 100 con máximo dos decimales'],
    [{ CommissionSpeiInGlobal: '-1' }, 'Porcentaje no válido: escribe un número de 0 a 100 con máximo dos decimales'],
    [{ CommissionSpeiOutTransaction: '-1.00' }, 'El monto debe ser mayor a cero'],
    [{ CommissionSpeiOutTransaction: '1.001' }, 'El monto admite como máximo dos decimales'],
    [{ EnableSpeiOutGlobal: undefined }, 'Este campo es requerido'],
  ])('refuses %o', async (change, message) => {
    const res = await putGlobal({
      CommissionSpeiInGlobal: '1',
      EnableSpeiOutGlobal: true,
      CommissionSpeiOutTransaction: '5.00',
      CommissionDepositCardholder: '0',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('is staff-only, and super can do it too', async () => {
    expect((await t.call(BUSINESS, { method: 'GET', url: `${base}/speiconfig/global` })).statusCode).toBe(403);
    expect(
      (
        await putGlobal(
          { CommissionSpeiInGlobal: '0.5', EnableSpeiOutGlobal: true, CommissionSpeiOutTransaction: '5.00', CommissionDepositCardholder: '0' },
          SUPER,
        )
      ).statusCode,
    ).toBe(200);
  });
});

describe('per-business configuration and the preview', () => {
  it('without a row of its own, a business gets the global values', async () => {
    const res = await t.call(BUSINESS, { method: 'POST', url: `${base}/speiconfig/business/query`, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      Id: null,
      BusinessId: b.id,
      UseCustomSpeiOutConfig: false,
      EnableSpeiOut: true,
      Effective: { CommissionSpeiOut: '5.00', CommissionSpeiIn: '0.5', EnableSpeiOut: true, Source: 'global' },
    });
  });

  it('the preview: amount, fixed commission, its IVA (16 %, half up), total and what remains', async () => {
    const { availableBalance } = await balance(t, BUSINESS);
    const res = await preview('1000.00');
    expect(res.statusCode, res.body).toBe(200);
    const total = 1000 + 5 + 0.8;
    expect(res.json().data).toEqual({
      Commissions: { CommissionSpeiInInPercentage: '0.5', EnableSpeiOut: true, CommissionSpeiOutInFixedValue: '5.00', CommisionIvaPercentage: '16' },
      Values: { Amount: '1000.00', Commission: '5.00', IVA: '0.80', TotalAmount: '1005.80', RemainingBalance: (Number(availableBalance) - total).toFixed(2) },
    });
  });

  it('with UseCustomSpeiOutConfig the business values apply; without it the global ones do', async () => {
    const custom = await upsertBusiness({
      CommissionSpeiIn: '0.75',
      EnableSpeiOut: true,
      UseCustomSpeiOutConfig: true,
      CommissionSpeiOut: '3.13',
      CommissionDepositCardholder: '1.00',
    });
    expect(custom.statusCode, custom.body).toBe(200);
    expect(custom.json().data.Effective).toEqual({
      CommissionSpeiIn: '0.75',
      EnableSpeiOut: true,
      CommissionSpeiOut: '3.13',
      CommissionDepositCardholder: '1.00',
      Source: 'business',
    });
    // 3.13 × 16 % = 0.5008 → 0.50
    expect((await preview('10.00')).json().data.Values).toMatchObject({ Commission: '3.13', IVA: '0.50', TotalAmount: '13.63' });
    // Back to the global values: the commissions are left out (they would not apply) and the row keeps the global ones.
    const plain = await upsertBusiness({ EnableSpeiOut: true, UseCustomSpeiOutConfig: false });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().data).toMatchObject({
      UseCustomSpeiOutConfig: false,
      CommissionSpeiOut: '5.00',
      CommissionSpeiIn: '0.5',
      Effective: { CommissionSpeiOut: '5.00', Source: 'global' },
    });
    expect((await preview('10.00')).json().data.Values).toMatchObject({ Commission: '5.00', IVA: '0.80' });
    // The global values themselves may be sent as they are.
    expect(
      (
        await upsertBusiness({
          CommissionSpeiIn: '0.50',
          EnableSpeiOut: true,
          UseCustomSpeiOutConfig: false,
          CommissionSpeiOut: '5',
          CommissionDepositCardholder: '0',
        })
      ).statusCode,
    ).toBe(200);
    // The other business is untouched.
    expect((await preview('10.00', BUSINESS_2)).json().data.Values.Commission).toBe('5.00');
  });

  it('refuses a commission that would not be applied (issue 23 §4), saying why, and writes nothing', async () => {
    const before = (await t.sql<{ n: string }>(`SELECT count(*)::text AS n FROM log_user`))[0]!.n;
    const row = await t.sql(`SELECT * FROM spei_config_business WHERE v_uid_business = $1`, [b.id]);
    const res = await upsertBusiness({
      CommissionSpeiIn: '2',
      EnableSpeiOut: true,
      UseCustomSpeiOutConfig: false,
      CommissionSpeiOut: '5.00',
      CommissionDepositCardholder: '0',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'La comisión por SPEI recibido de 2 % no se aplicaría: sin «Usar configuración propia» se cobra la global (0.5 %). Activa la configuración propia para aplicarla.',
    );
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'CommissionSpeiIn', key: 'not-applied' })]);
    const out = await upsertBusiness({ EnableSpeiOut: true, UseCustomSpeiOutConfig: false, CommissionSpeiOut: '9.99' });
    expect([out.statusCode, out.json().message]).toEqual([
      400,
      'La comisión por SPEI enviado de $9.99 no se aplicaría: sin «Usar configuración propia» se cobra la global ($5.00). Activa la configuración propia para aplicarla.',
    ]);
    // Its own configuration needs every commission.
    const missing = await upsertBusiness({ EnableSpeiOut: true, UseCustomSpeiOutConfig: true, CommissionSpeiIn: '2' });
    expect([missing.statusCode, missing.json().errors.map((e: { field: string }) => e.field)]).toEqual([
      400,
      ['CommissionSpeiOut', 'CommissionDepositCardholder'],
    ]);
    expect((await t.sql<{ n: string }>(`SELECT count(*)::text AS n FROM log_user`))[0]!.n).toBe(before);
    expect(await t.sql(`SELECT * FROM spei_config_business WHERE v_uid_business = $1`, [b.id])).toEqual(row);
    // With its own configuration the same 2 % applies to incoming SPEI.
    const applied = await upsertBusiness({
      CommissionSpeiIn: '2',
      EnableSpeiOut: true,
      UseCustomSpeiOutConfig: true,
      CommissionSpeiOut: '5.00',
      CommissionDepositCardholder: '0',
    });
    expect(applied.json().data.Effective).toMatchObject({ CommissionSpeiIn: '2', Source: 'business' });
    const incoming = await t.call(TECHFAR, {
      method: 'POST',
      url: `${base}/spei/sandbox/incoming`,
      payload: { Clabe: b.clabe, SenderName: 'Cliente', Concept: 'Pago', Amount: '100.00' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(incoming.statusCode, incoming.body).toBe(200);
    expect(incoming.json().data.Movement).toMatchObject({ Commission: '2.00', IVA: '0.32' });
    // A wallet user and a business reach no staff write; a business reads only its own configuration.
    for (const who of [BUSINESS, WALLET])
      expect(
        (
          await t.call(who, {
            method: 'POST',
            url: `${base}/speiconfig/business/upsert`,
            payload: { BusinessId: b.id, EnableSpeiOut: true, UseCustomSpeiOutConfig: false },
          })
        ).statusCode,
      ).toBe(403);
    expect((await t.call(BUSINESS_2, { method: 'POST', url: `${base}/speiconfig/business/query`, payload: { BusinessId: b.id } })).statusCode).toBe(404);
    await upsertBusiness({ EnableSpeiOut: true, UseCustomSpeiOutConfig: false });
  });

  it('a business cannot write its own configuration; staff must name the business', async () => {
    const own = await t.call(BUSINESS, {
      method: 'POST',
      url: `${base}/speiconfig/business/upsert`,
      payload: {
        BusinessId: b.id,
        CommissionSpeiIn: '0',
        EnableSpeiOut: true,
        UseCustomSpeiOutConfig: true,
        CommissionSpeiOut: '0',
        CommissionDepositCardholder: '0',
      },
    });
    expect(own.statusCode).toBe(403);
    const unnamed = await t.call(TECHFAR, { method: 'POST', url: `${base}/speiconfig/business/query`, payload: {} });
    expect([unnamed.statusCode, unnamed.json().message]).toEqual([400, 'Este campo es requerido']);
    const missing = await upsertBusiness({
      BusinessId: '00000000-0000-4000-8000-000000000000',
      CommissionSpeiIn: '0',
      EnableSpeiOut: true,
      UseCustomSpeiOutConfig: false,
      CommissionSpeiOut: '0',
      CommissionDepositCardholder: '0',
    });
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'La empresa no existe']);
  });

  it('refuses bad preview amounts with their messages', async () => {
    for (const [amount, message] of [
      ['0', 'El monto debe ser mayor a cero'],
      ['-1', 'El monto debe ser mayor a cero'],
      ['1.999', 'El monto admite como máximo dos decimales'],
      ['1000000000', 'El monto máximo es $999,999,999.99'],
    ]) {
      const res = await preview(amount);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
  });

  it('keeps the SPEI-out switch of a cardholder (staff only)', async () => {
    const res = await t.call(TECHFAR, {
      method: 'POST',
      url: `${base}/speiconfig/cardholder/enable-speiout`,
      payload: { CardholderIdentifier: 'CH-0001', EnableSpeiOut: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ CardholderIdentifier: 'CH-0001', EnableSpeiOut: false });
    const again = await t.call(TECHFAR, {
      method: 'POST',
      url: `${base}/speiconfig/cardholder/enable-speiout`,
      payload: { CardholderIdentifier: 'CH-0001', EnableSpeiOut: true },
    });
    expect(again.json().data.EnableSpeiOut).toBe(true);
    expect(await t.sql(`SELECT count(*)::int AS n FROM spei_config_cardholder`)).toEqual([{ n: 1 }]);
  });
});

describe('transaction limits', () => {
  it('reads the global limit and a business’s own, with the one that applies and what was used', async () => {
    const g = await t.call(TECHFAR, { method: 'POST', url: `${base}/limit/query/global`, payload: {} });
    expect(g.json().data).toMatchObject({ ScopeType: 0, CardholderIdentifier: null, CardType: null, LimitPerTransaction: '250000.00', IsEnabled: true });
    const own = await upsertLimit({ ScopeType: 1, BusinessId: b.id, LimitPerTransaction: '1000.00', DailyLimit: '5000', MonthlyLimit: 20000, IsEnabled: true });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toMatchObject({
      ScopeType: 1,
      CardholderIdentifier: b.client,
      LimitPerTransaction: '1000.00',
      DailyLimit: '5000.00',
      MonthlyLimit: '20000.00',
    });
    const mine = await t.call(BUSINESS, { method: 'POST', url: `${base}/limit/query/getbybusiness`, payload: {} });
    expect(mine.json().data).toMatchObject({
      Specific: { Id: own.json().data.Id },
      Global: { ScopeType: 0 },
      Effective: { LimitPerTransaction: '1000.00', Source: 'specific' },
      Usage: { Today: '0.00', Month: '0.00' },
    });
    // Upsert again: the same row changes.
    const changed = await upsertLimit({ ScopeType: 1, CardholderIdentifier: b.client, LimitPerTransaction: null, IsEnabled: false });
    expect(changed.json().data).toMatchObject({ Id: own.json().data.Id, LimitPerTransaction: null, IsEnabled: false });
    expect((await t.call(BUSINESS, { method: 'POST', url: `${base}/limit/query/getbybusiness`, payload: {} })).json().data.Effective.Source).toBe('global');
  });

  it('keeps cardholder limits by identifier and card type', async () => {
    expect((await upsertLimit({ ScopeType: 1, CardholderIdentifier: 'CH-9', CardType: 'fisica', DailyLimit: '100.00', IsEnabled: true })).statusCode).toBe(200);
    const res = await t.call(TECHFAR, {
      method: 'POST',
      url: `${base}/limit/query/getbycardholder`,
      payload: { CardholderIdentifier: 'CH-9', CardType: 'fisica' },
    });
    expect(res.json().data).toMatchObject({ Specific: { CardholderIdentifier: 'CH-9', CardType: 'fisica', DailyLimit: '100.00' }, Global: null });
  });

  it.each([
    [{ ScopeType: 1 }, 'Indica el titular del límite'],
    [{ ScopeType: 0, CardholderIdentifier: 'X' }, 'Un límite global no lleva titular'],
    [{ ScopeType: 2 }, 'El alcance debe ser 0 (global) o 1 (específico)'],
    [{ ScopeType: 0, LimitPerTransaction: '100', DailyLimit: '50' }, 'El límite diario no puede ser menor que el límite por operación'],
    [{ ScopeType: 0, DailyLimit: '100', MonthlyLimit: '50' }, 'El límite mensual no puede ser menor que el límite diario'],
    [{ ScopeType: 0, DailyLimit: '0' }, 'El monto debe ser mayor a cero'],
  ])('refuses %o', async (body, message) => {
    const res = await upsertLimit({ IsEnabled: true, ...body });
    expect([res.statusCode, res.json().message]).toEqual([400, message]);
  });
});
