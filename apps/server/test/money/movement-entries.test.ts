/**
 * GET business-movement/{id} with Entries: the lines of the movement's ledger transaction(s),
 * with readable account names, for its owner and staff only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLET, createTestApp, type TestApp } from '../helpers';
import { BUSINESS, BUSINESS_2, CLABE, TECHFAR, demoBusiness, deposit, legsOf, noLimits, runJobs, speiOut, type DemoBusiness } from './money';

let t: TestApp;
let b: DemoBusiness;
let depositId: string;
let settledId: string;
let pendingId: string;
const url = (id: string) => `/api/v1/transaction/business-movement/${id}`;

beforeAll(async () => {
  t = await createTestApp();
  b = await demoBusiness(t);
  await noLimits(t, b);
  depositId = (await deposit(t, b.id, '3000.00')).Id;
  settledId = (await speiOut(t, BUSINESS, { Clabe: CLABE.settles, BeneficiaryName: 'Proveedor Partidas', Amount: '123.45' })).json().data.Id;
  await runJobs(t, 0);
  await runJobs(t, 60_000);
  pendingId = (await speiOut(t, BUSINESS, { Clabe: CLABE.bbva, BeneficiaryName: 'Proveedor Pendiente', Amount: '10.00' })).json().data.Id;
});
afterAll(() => t.close());

type Entry = { Account: string; Description: string; Debit: string | null; Credit: string | null };
const cents = (x: string | null) => (x === null ? 0n : BigInt(x.replace('.', '')));

describe('movement detail with its ledger lines', () => {
  it('a settled SPEI out: the business pays amount, commission and IVA; clearing, commissions and IVA books receive them', async () => {
    const res = await t.call(BUSINESS, { method: 'GET', url: url(settledId) });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect([d.Id, d.StatusName, d.TotalAmount]).toEqual([settledId, 'Liquidada', '129.25']);
    expect(d.Entries).toEqual([
      { Account: 'Cuenta de la empresa', Description: 'Transferencia SPEI enviada a Proveedor Partidas', Debit: '123.45', Credit: null },
      { Account: 'Cuenta de la empresa', Description: 'Comisión por transferencia SPEI', Debit: '5.00', Credit: null },
      { Account: 'Cuenta de la empresa', Description: 'IVA de la comisión', Debit: '0.80', Credit: null },
      { Account: 'Liquidación SPEI', Description: 'Transferencia SPEI enviada a Proveedor Partidas', Debit: null, Credit: '123.45' },
      { Account: 'Comisiones SPEI', Description: 'Comisión por transferencia SPEI', Debit: null, Credit: '5.00' },
      { Account: 'IVA por pagar', Description: 'IVA de la comisión', Debit: null, Credit: '0.80' },
    ]);
  });

  it('a deposit: exactly the postings of its ledger transaction, debits equal credits', async () => {
    const d = (await t.call(BUSINESS, { method: 'GET', url: url(depositId) })).json().data;
    const legs = await legsOf(t, depositId);
    const entries = d.Entries as Entry[];
    expect(entries.map((e) => cents(e.Credit) - cents(e.Debit))).toEqual(legs.map((l) => BigInt(l.cents)));
    expect(entries.reduce((s, e) => s + cents(e.Debit), 0n)).toBe(entries.reduce((s, e) => s + cents(e.Credit), 0n));
    expect(entries[0]).toEqual({ Account: 'Cuenta de la empresa', Description: expect.stringMatching(/^Depósito/), Debit: null, Credit: '3000.00' });
    expect(entries.map((e) => e.Account)).toEqual([
      'Cuenta de la empresa',
      'Cuenta de la empresa',
      'Cuenta de la empresa',
      'Liquidación SPEI',
      'Comisiones SPEI',
      'IVA por pagar',
    ]);
  });

  it('an order still held has no ledger lines yet', async () => {
    const d = (await t.call(BUSINESS, { method: 'GET', url: url(pendingId) })).json().data;
    expect([d.StatusName, d.Entries]).toEqual(['Pendiente', []]);
  });

  it('staff see the same lines', async () => {
    const own = (await t.call(BUSINESS, { method: 'GET', url: url(settledId) })).json().data.Entries;
    const res = await t.call(TECHFAR, { method: 'GET', url: url(settledId) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.Entries).toEqual(own);
  });

  it('another business gets 404 and a wallet user 403, with nothing of the movement', async () => {
    const other = await t.call(BUSINESS_2, { method: 'GET', url: url(settledId) });
    expect([other.statusCode, other.json().message]).toEqual([404, 'Movimiento no encontrado']);
    expect(other.body).not.toContain('Entries');
    const wallet = await t.call(WALLET, { method: 'GET', url: url(settledId) });
    expect(wallet.statusCode).toBe(403);
    expect(wallet.body).not.toContain('Entries');
  });

  it('refuses an id that is not one', async () => {
    const res = await t.call(BUSINESS, { method: 'GET', url: url('no-es-un-id') });
    expect([res.statusCode, res.json().message]).toEqual([400, 'Identificador no válido']);
  });
});
