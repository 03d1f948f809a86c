/**
 * Server-side sorting of the lists (list scaffold): a whitelisted field and a direction, the row id
 * as the last key (ties keep one order across pages), unknown fields refused in Spanish.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, SUPER, TECHFAR, addUser, createTestApp, type TestApp } from '../helpers';
import { deposit, demoBusiness } from '../money/money';

let t: TestApp;
const STAFF_LIST = '/api/v1/profiles/users/query/list';
const BUSINESS_LIST = '/api/v1/profiles/business/query/list';
const MOVEMENTS = '/api/v1/transaction/business-movement/movements';
const ids = (res: { json(): { data: { Records: Array<{ Id: string }> } } }) => res.json().data.Records.map((r) => r.Id);

beforeAll(async () => {
  t = await createTestApp();
  // Three staff users with the same name (a tie) and e-mails that differ in one letter.
  for (const letter of ['b', 'c', 'a']) await addUser(t, `orden-${letter}@prueba.mx`, TECHFAR);
  const b = await demoBusiness(t);
  for (const amount of ['30.00', '10.00', '20.00', '10.00']) await deposit(t, b.id, amount);
});
afterAll(() => t.close());

describe('staff list', () => {
  const list = (body: Record<string, unknown>) =>
    t.call(SUPER, { method: 'POST', url: STAFF_LIST, payload: { ClientKind: 'techfar', Search: 'orden-', ...body } });
  const emails = async (body: Record<string, unknown>) => (await list(body)).json().data.Records.map((r: { Email: string }) => r.Email);

  it('sorts by e-mail in either direction on the server', async () => {
    expect(await emails({ SortBy: 'Email' })).toEqual(['orden-a@prueba.mx', 'orden-b@prueba.mx', 'orden-c@prueba.mx']);
    expect(await emails({ SortBy: 'Email', SortDir: 'desc' })).toEqual(['orden-c@prueba.mx', 'orden-b@prueba.mx', 'orden-a@prueba.mx']);
    // A page holds the rows of the whole sorted list, not a page sorted on its own.
    expect(await emails({ SortBy: 'Email', SortDir: 'desc', Size: 1, Page: 3 })).toEqual(['orden-a@prueba.mx']);
  });

  it('breaks ties by id, so pages never repeat or skip a row', async () => {
    const byId = (await t.sql<{ v_uid: string }>(`SELECT v_uid FROM users WHERE v_email LIKE 'orden-%' ORDER BY v_uid`)).map((r) => r.v_uid);
    for (const [dir, expected] of [
      ['asc', byId],
      ['desc', [...byId].reverse()],
    ] as const) {
      const paged: string[] = [];
      for (const Page of [1, 2, 3]) paged.push(...ids(await list({ SortBy: 'Name', SortDir: dir, Size: 1, Page })));
      expect(paged).toEqual(expected);
    }
  });

  it('refuses a field outside the whitelist and a bad direction, in Spanish', async () => {
    const field = await list({ SortBy: 'v_password_hash' });
    expect([field.statusCode, field.json().message]).toEqual([400, 'Campo de orden no válido']);
    const dir = await list({ SortBy: 'Email', SortDir: 'up' });
    expect([dir.statusCode, dir.json().message]).toEqual([400, 'Dirección de orden no válida: asc o desc']);
  });

  it('stays closed to business users', async () => {
    expect((await t.call(BUSINESS, { method: 'POST', url: STAFF_LIST, payload: { ClientKind: 'techfar', SortBy: 'Email' } })).statusCode).toBe(403);
  });
});

describe('businesses list', () => {
  const list = (body: Record<string, unknown>) => t.call(SUPER, { method: 'POST', url: BUSINESS_LIST, payload: { Size: 100, ...body } });
  const records = async (body: Record<string, unknown>) =>
    (await list(body)).json().data.Records as Array<{ Id: string; AccountNumber: string; CreationDate: string }>;

  it('sorts by account number, creation date and name', async () => {
    const byAccount = await records({ SortBy: 'AccountNumber' });
    expect(byAccount.length).toBeGreaterThanOrEqual(2);
    expect(byAccount.map((r) => r.AccountNumber)).toEqual(byAccount.map((r) => r.AccountNumber).sort());
    const oldest = await records({ SortBy: 'CreationDate', SortDir: 'asc' });
    expect(oldest.map((r) => r.CreationDate)).toEqual(oldest.map((r) => r.CreationDate).sort());
    // Descending is the exact reverse of ascending (the id tie-break flips too).
    const asc = await records({ SortBy: 'Name' });
    const desc = await records({ SortBy: 'Name', SortDir: 'desc' });
    expect(desc.map((r) => r.Id)).toEqual(asc.map((r) => r.Id).reverse());
  });

  it('refuses an unknown field and stays closed to business users', async () => {
    const bad = await list({ SortBy: 'v_rfc' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Campo de orden no válido']);
    expect((await t.call(BUSINESS, { method: 'POST', url: BUSINESS_LIST, payload: { SortBy: 'Name' } })).statusCode).toBe(403);
  });
});

describe('movements list', () => {
  const list = (body: Record<string, unknown>) => t.call(BUSINESS, { method: 'POST', url: MOVEMENTS, payload: { Size: 100, ...body } });
  const cents = (amount: string) => Math.round(Number(amount) * 100);

  it('sorts by amount across pages, ties by id', async () => {
    const all = (await list({ SortBy: 'MovementAmount' })).json().data.Records as Array<{ Id: string; MovementAmount: string }>;
    const amounts = all.map((r) => cents(r.MovementAmount));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(amounts.filter((a) => a === 1000)).toHaveLength(2);
    const paged: string[] = [];
    for (let Page = 1; Page <= Math.ceil(all.length / 2); Page += 1) paged.push(...ids(await list({ SortBy: 'MovementAmount', Size: 2, Page })));
    expect(paged).toEqual(all.map((r) => r.Id));
    const desc = (await list({ SortBy: 'MovementAmount', SortDir: 'desc' })).json().data.Records.map((r: { Id: string }) => r.Id);
    expect(desc).toEqual(all.map((r) => r.Id).reverse());
  });

  it('keeps the newest first without a sort, and refuses an unknown field', async () => {
    const dates = (await list({})).json().data.Records.map((r: { MovementDate: string }) => r.MovementDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const bad = await list({ SortBy: 'n_amount_cents' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Campo de orden no válido']);
  });

  it('sorts only the caller tenant: another business is not found', async () => {
    const [other] = await t.sql<{ v_uid: string }>(
      `SELECT b.v_uid FROM businesses b JOIN users u ON u.v_client = b.v_client WHERE u.v_email = 'negocio@demo.mx'`,
    );
    const res = await list({ BusinessId: other!.v_uid, SortBy: 'MovementAmount' });
    expect(res.statusCode).toBe(404);
  });
});
