/** Every call of issue 4 (endpoints.md, Transactions without the cardholder and dispersion ones, account-state, transference) is served and documented. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
let docs: { paths: Record<string, Record<string, { tags?: string[]; summary?: string }>> };
beforeAll(async () => {
  t = await createTestApp();
  docs = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
});
afterAll(() => t.close());

const ISSUE_4 = `
POST /api/internal/account-state
POST /api/v1/transaction/business/{id}/balance
POST /api/v1/transaction/business/{id}/deposit
POST /api/v1/transaction/speiconfig/cardholder/enable-speiout
GET  /api/v1/transaction/speiconfig/global
PUT  /api/v1/transaction/speiconfig/global
POST /api/v1/transaction/speiconfig/business/query
POST /api/v1/transaction/speiconfig/business/upsert
POST /api/v1/transaction/speiconfig/values-and-commissions
POST /api/v1/transaction/limit/query/getbybusiness
POST /api/v1/transaction/limit/query/getbycardholder
POST /api/v1/transaction/limit/query/global
POST /api/v1/transaction/limit/action/upsert
POST /api/v1/transaction/clabe-account/query/list
POST /api/v1/transaction/clabe-account/action/create
PUT  /api/v1/transaction/clabe-account/action/edit
POST /api/v1/transaction/clabe-account/query/my-accounts
POST /api/v1/transaction/opm-features/banks
POST /api/v1/transaction/opm-features/account-types
POST /api/v1/transaction/opm-features/payment-types
POST /api/v1/transaction/opm-features/balance
POST /api/v1/transaction/business-movement/speiout
POST /api/v1/transaction/business-movement/pending-transactions
POST /api/v1/transaction/business-movement/speiout/cancel
POST /api/v1/transaction/business-movement/speiout/remove
GET  /api/v1/transference
POST /api/v1/transference
GET  /api/v1/transference/{id}
PUT  /api/v1/transference/{id}
POST /api/v1/transference/delete/{id}
POST /api/v1/transaction/business-movement/movements
POST /api/v1/transaction/business-movement/movements/export
GET  /api/v1/transaction/business-movement/{id}
GET  /api/v1/transaction/business-movement/{id}/proof
POST /api/v1/transaction/spei/sandbox/incoming
GET  /api/v1/transaction/dashboard/business
GET  /api/v1/transaction/dashboard/admin
`
  .trim()
  .split('\n')
  .map((l) => l.replace(/\s+/, ' '));

it('serves and documents every call of the money core, with a tag and a summary', () => {
  for (const op of ISSUE_4) {
    const [method, path] = op.split(' ') as [string, string];
    const doc = docs.paths[path]?.[method.toLowerCase()];
    expect(doc, op).toBeDefined();
    expect(doc!.tags?.length, op).toBeGreaterThan(0);
    expect(doc!.summary, op).toBeTruthy();
  }
});
