import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, SUPER, WALLET, count, createTestApp, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const check = (as: string, Email: string) => t.call(as, { method: 'POST', url: '/api/v1/profiles/cardholders/query/validate-exists', payload: { Email } });

describe('POST /api/v1/profiles/cardholders/query/validate-exists', () => {
  it('tells staff and businesses whether an e-mail already belongs to a person', async () => {
    expect((await check(SUPER, 'Wallet@Demo.mx')).json().data).toEqual({ Email: 'wallet@demo.mx', Exists: true });
    expect((await check(BUSINESS, 'nadie.aun@demo.mx')).json().data).toEqual({ Email: 'nadie.aun@demo.mx', Exists: false });
  });

  it('refuses a malformed e-mail in Spanish and writes nothing', async () => {
    const before = await count(t, 'log_user');
    const res = await check(SUPER, 'no-es-correo');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Correo electrónico no válido');
    expect(await count(t, 'log_user')).toBe(before);
  });

  it('refuses wallet users and anonymous callers', async () => {
    expect((await check(WALLET, 'empresa@demo.mx')).statusCode).toBe(403);
    expect(
      (await t.call(null, { method: 'POST', url: '/api/v1/profiles/cardholders/query/validate-exists', payload: { Email: 'empresa@demo.mx' } })).statusCode,
    ).toBe(401);
  });
});
