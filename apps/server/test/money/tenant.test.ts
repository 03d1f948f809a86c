/**
 * Tenants and roles: business B can never read or move business A's money (every route answers
 * 404 for A's ids, as if they did not exist, and writes nothing); staff-only calls refuse
 * businesses and wallet users; wallet users reach no business money at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLET, createTestApp, type TestApp } from '../helpers';
import { BUSINESS, BUSINESS_2, CLABE, TECHFAR, demoBusiness, moneyCall, moneyTables, noLimits, runJobs, speiOut, type DemoBusiness } from './money';

let t: TestApp;
let a: DemoBusiness;
let b: DemoBusiness;
let pendingA: string;
let settledA: string;
let accountA: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await demoBusiness(t, BUSINESS);
  b = await demoBusiness(t, BUSINESS_2);
  await noLimits(t, a);
  settledA = (await speiOut(t, BUSINESS, { Clabe: CLABE.settles, BeneficiaryName: 'Proveedor A', Amount: '10.00' })).json().data.Id;
  await runJobs(t, 0);
  await runJobs(t, 60_000);
  pendingA = (await speiOut(t, BUSINESS, { Clabe: CLABE.bbva, BeneficiaryName: 'Proveedor A', Amount: '11.00' })).json().data.Id;
  accountA = (
    await t.call(BUSINESS, {
      method: 'POST',
      url: '/api/v1/transaction/clabe-account/action/create',
      payload: { ConfirmHolder: true, Alias: 'De A', AccountHolderName: 'Proveedor de A', Clabe: CLABE.banamex },
    })
  ).json().data.Id;
});
afterAll(() => t.close());

const Y = new Date().getFullYear();
const M = new Date().getMonth() + 1;

describe('business B reaching business A', () => {
  const reads: Array<[string, () => Parameters<TestApp['call']>[1]]> = [
    ['balance by id', () => ({ method: 'POST', url: `/api/v1/transaction/business/${a.id}/balance` })],
    ['opm-features balance', () => ({ method: 'POST', url: '/api/v1/transaction/opm-features/balance', payload: { BusinessId: a.id } })],
    ['pending transactions', () => ({ method: 'POST', url: '/api/v1/transaction/business-movement/pending-transactions', payload: { BusinessId: a.id } })],
    ['a movement', () => ({ method: 'GET', url: `/api/v1/transaction/business-movement/${settledA}` })],
    ['a proof of payment', () => ({ method: 'GET', url: `/api/v1/transaction/business-movement/${settledA}/proof` })],
    ['movements', () => ({ method: 'POST', url: '/api/v1/transaction/business-movement/movements', payload: { BusinessId: a.id } })],
    [
      'movements export',
      () => ({ method: 'POST', url: '/api/v1/transaction/business-movement/movements/export', payload: { BusinessId: a.id, Format: 'csv' } }),
    ],
    ['account statement', () => ({ method: 'POST', url: '/api/internal/account-state', payload: { BusinessId: a.id, Year: Y, Month: M } })],
    ['account statement PDF', () => ({ method: 'POST', url: '/api/internal/account-state', payload: { BusinessId: a.id, Year: Y, Month: M, Format: 'pdf' } })],
    ['dashboard', () => ({ method: 'GET', url: `/api/v1/transaction/dashboard/business?BusinessId=${a.id}` })],
    ['CLABE accounts', () => ({ method: 'POST', url: '/api/v1/transaction/clabe-account/query/list', payload: { BusinessId: a.id } })],
    ['my accounts', () => ({ method: 'POST', url: '/api/v1/transaction/clabe-account/query/my-accounts', payload: { BusinessId: a.id } })],
    ['limits', () => ({ method: 'POST', url: '/api/v1/transaction/limit/query/getbybusiness', payload: { BusinessId: a.id } })],
    ['SPEI configuration', () => ({ method: 'POST', url: '/api/v1/transaction/speiconfig/business/query', payload: { BusinessId: a.id } })],
    ['preview', () => ({ method: 'POST', url: '/api/v1/transaction/speiconfig/values-and-commissions', payload: { BusinessId: a.id, Amount: '10.00' } })],
    ['a transference', () => ({ method: 'GET', url: `/api/v1/transference/${settledA}` })],
    ['transferences', () => ({ method: 'GET', url: `/api/v1/transference?BusinessId=${a.id}` })],
  ];
  it.each(reads)('cannot read %s (404)', async (_name, req) => {
    const res = await t.call(BUSINESS_2, req());
    expect(res.statusCode, res.body).toBe(404);
    expect(res.body).not.toContain(a.clabe);
  });

  const writes: Array<[string, () => Parameters<TestApp['call']>[1]]> = [
    ['cancel', () => ({ method: 'POST', url: '/api/v1/transaction/business-movement/speiout/cancel', payload: { Id: pendingA } })],
    ['remove', () => ({ method: 'POST', url: '/api/v1/transaction/business-movement/speiout/remove', payload: { Id: pendingA } })],
    ['transference delete', () => ({ method: 'POST', url: `/api/v1/transference/delete/${pendingA}` })],
  ];
  it.each(writes)('cannot %s A’s pending order (404, nothing written)', async (_name, req) => {
    const before = await moneyTables(t);
    const res = await moneyCall(t, BUSINESS_2, req());
    expect(res.statusCode, res.body).toBe(404);
    expect(await moneyTables(t)).toEqual(before);
    expect((await t.sql<{ i_status: number }>(`SELECT i_status FROM business_movements WHERE v_uid = $1`, [pendingA]))[0]!.i_status).toBe(0);
  });

  it('cannot edit A’s order texts or A’s registered account (404)', async () => {
    const put = await t.call(BUSINESS_2, { method: 'PUT', url: `/api/v1/transference/${pendingA}`, payload: { v_concept: 'Robado' } });
    expect(put.statusCode).toBe(404);
    const edit = await t.call(BUSINESS_2, { method: 'PUT', url: '/api/v1/transaction/clabe-account/action/edit', payload: { Id: accountA, Alias: 'Mio' } });
    expect(edit.statusCode).toBe(404);
    const off = await t.call(BUSINESS_2, { method: 'PUT', url: '/api/v1/transaction/clabe-account/action/edit', payload: { Id: accountA, IsActive: false } });
    expect(off.statusCode).toBe(404);
  });

  it('cannot pay through A’s registered account (404) and moves nothing', async () => {
    const before = await moneyTables(t);
    const res = await speiOut(t, BUSINESS_2, { ClabeAccountId: accountA, Amount: '1.00' });
    expect([res.statusCode, res.json().message]).toEqual([404, 'La cuenta no existe']);
    expect(await moneyTables(t)).toEqual(before);
  });

  it('sees only its own movements, balance and pending orders', async () => {
    const list = (await t.call(BUSINESS_2, { method: 'POST', url: '/api/v1/transaction/business-movement/movements', payload: { Size: 100 } })).json().data;
    expect(list.Records.every((r: { BusinessId: string }) => r.BusinessId === b.id)).toBe(true);
    expect((await t.call(BUSINESS_2, { method: 'POST', url: '/api/v1/transaction/opm-features/balance', payload: {} })).json().data.account).toBe(b.clabe);
    const pending = (await t.call(BUSINESS_2, { method: 'POST', url: '/api/v1/transaction/business-movement/pending-transactions', payload: {} })).json().data;
    expect(pending.Records.map((r: { Id: string }) => r.Id)).not.toContain(pendingA);
  });
});

describe('roles', () => {
  const staffOnly: Array<[string, () => Parameters<TestApp['call']>[1]]> = [
    ['read the global SPEI configuration', () => ({ method: 'GET', url: '/api/v1/transaction/speiconfig/global' })],
    [
      'write the global SPEI configuration',
      () => ({
        method: 'PUT',
        url: '/api/v1/transaction/speiconfig/global',
        payload: { CommissionSpeiInGlobal: '0', EnableSpeiOutGlobal: true, CommissionSpeiOutTransaction: '0', CommissionDepositCardholder: '0' },
      }),
    ],
    [
      'write its own SPEI configuration',
      () => ({
        method: 'POST',
        url: '/api/v1/transaction/speiconfig/business/upsert',
        payload: {
          BusinessId: a.id,
          CommissionSpeiIn: '0',
          EnableSpeiOut: true,
          UseCustomSpeiOutConfig: true,
          CommissionSpeiOut: '0',
          CommissionDepositCardholder: '0',
        },
      }),
    ],
    [
      'lift its own limits',
      () => ({ method: 'POST', url: '/api/v1/transaction/limit/action/upsert', payload: { ScopeType: 1, BusinessId: a.id, IsEnabled: false } }),
    ],
    ['read the global limit', () => ({ method: 'POST', url: '/api/v1/transaction/limit/query/global', payload: {} })],
    ['deposit to itself', () => ({ method: 'POST', url: `/api/v1/transaction/business/${a.id}/deposit`, payload: { Amount: '1000.00' } })],
    [
      'simulate an incoming SPEI',
      () => ({
        method: 'POST',
        url: '/api/v1/transaction/spei/sandbox/incoming',
        payload: { Clabe: a.clabe, Amount: '1000.00', SenderName: 'Yo', Concept: 'Regalo' },
      }),
    ],
    ['read the admin dashboard', () => ({ method: 'GET', url: '/api/v1/transaction/dashboard/admin' })],
  ];
  it.each(staffOnly)('a business cannot %s (403, nothing written)', async (_name, req) => {
    const before = await moneyTables(t);
    const res = await moneyCall(t, BUSINESS, req());
    expect(res.statusCode, res.body).toBe(403);
    expect(await moneyTables(t)).toEqual(before);
  });

  it('a business switches SPEI out and sets limits only for its own cardholders (404, nothing written)', async () => {
    const before = await moneyTables(t);
    const limits = await t.sql(`SELECT count(*)::int AS n FROM transaction_limits`);
    const switched = await moneyCall(t, BUSINESS, {
      method: 'POST',
      url: '/api/v1/transaction/speiconfig/cardholder/enable-speiout',
      payload: { CardholderIdentifier: 'CH1', EnableSpeiOut: true },
    });
    expect(switched.statusCode, switched.body).toBe(404);
    const limit = await moneyCall(t, BUSINESS, {
      method: 'POST',
      url: '/api/v1/transaction/limit/action/upsert',
      payload: { ScopeType: 1, CardholderIdentifier: 'CH1', IsEnabled: true },
    });
    expect(limit.statusCode, limit.body).toBe(404);
    expect(await moneyTables(t)).toEqual(before);
    expect(await t.sql(`SELECT count(*)::int AS n FROM transaction_limits`)).toEqual(limits);
    expect(await t.sql(`SELECT count(*)::int AS n FROM spei_config_cardholder WHERE v_cardholder_identifier = 'CH1'`)).toEqual([{ n: 0 }]);
  });

  const walletNever: Array<[string, () => Parameters<TestApp['call']>[1]]> = [
    ['a balance', () => ({ method: 'POST', url: '/api/v1/transaction/opm-features/balance', payload: {} })],
    ['a business balance', () => ({ method: 'POST', url: `/api/v1/transaction/business/${a.id}/balance` })],
    ['movements', () => ({ method: 'POST', url: '/api/v1/transaction/business-movement/movements', payload: {} })],
    ['a movement', () => ({ method: 'GET', url: `/api/v1/transaction/business-movement/${settledA}` })],
    ['CLABE accounts', () => ({ method: 'POST', url: '/api/v1/transaction/clabe-account/query/list', payload: {} })],
    ['cancel', () => ({ method: 'POST', url: '/api/v1/transaction/business-movement/speiout/cancel', payload: { Id: pendingA } })],
    ['transferences', () => ({ method: 'GET', url: '/api/v1/transference' })],
  ];
  it.each(walletNever)('a wallet user cannot reach %s (403)', async (_name, req) => {
    const res = await moneyCall(t, WALLET, req());
    expect(res.statusCode, res.body).toBe(403);
  });

  it('staff read any business and must name it', async () => {
    const named = await t.call(TECHFAR, { method: 'POST', url: '/api/v1/transaction/opm-features/balance', payload: { BusinessId: a.id } });
    expect([named.statusCode, named.json().data.account]).toEqual([200, a.clabe]);
    const unnamed = await t.call(TECHFAR, { method: 'POST', url: '/api/v1/transaction/opm-features/balance', payload: {} });
    expect([unnamed.statusCode, unnamed.json().message]).toEqual([400, 'Este campo es requerido']);
    const movement = await t.call(TECHFAR, { method: 'GET', url: `/api/v1/transaction/business-movement/${settledA}` });
    expect(movement.statusCode).toBe(200);
  });

  it('staff cannot register accounts or send SPEI out for a business without the business menu', async () => {
    const res = await moneyCall(t, TECHFAR, {
      method: 'POST',
      url: '/api/v1/transference',
      payload: { v_clabe_destination: CLABE.bbva, v_recipients_name: 'X', v_reference: '1', v_concept: 'Pago', n_amount: '1.00', v_security_code: '123456' },
    });
    expect(res.statusCode).toBe(403);
  });
});
