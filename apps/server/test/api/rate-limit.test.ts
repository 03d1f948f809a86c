import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../config';
import { BUSINESS, WALLET, addUser, count, createTestApp, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  // The limits of a real deployment: development mode with RATE_LIMIT_SIGNIN at its default of 20
  // (20 a minute per IP, 10 per account); the test configuration lifts them for the other files.
  t = await createTestApp({ env: 'development', rateLimitSignin: 20, trustProxy: true });
});
afterAll(() => t.close());

const RATE_LIMIT = 'Demasiados intentos. Espera un momento e inténtalo de nuevo.';
const from = (ip: string) => ({ 'x-forwarded-for': ip });
const signinFrom = (ip: string, Email: string, Password = DEMO_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/v1/account/Signin', headers: from(ip), payload: { Email, Password } });

function expectRateLimited(res: { statusCode: number; json: () => unknown }) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({
    success: false,
    IsSuccess: false,
    ErrorCode: 'RATE_LIMIT',
    message: RATE_LIMIT,
    status: { code: 429, message: RATE_LIMIT },
  });
}

describe('rate limits', () => {
  it('refuses the 11th sign-in for one e-mail within a minute, even from different IPs', async () => {
    const email = 'limite@demo.mx';
    await addUser(t, email, BUSINESS);
    for (let i = 1; i <= 10; i++) expect((await signinFrom(`198.51.100.${i}`, email)).statusCode, `sign-in ${i}`).toBe(200);
    const sessions = await count(t, 'sessions');
    const res = await signinFrom('198.51.100.11', email);
    expectRateLimited(res);
    expect(res.headers['retry-after']).toBeDefined();
    expect(await count(t, 'sessions')).toBe(sessions);
    // The limit is the account's: another e-mail from the same IP still gets in.
    expect((await signinFrom('198.51.100.11', WALLET)).statusCode).toBe(200);
  });

  it('refuses the 21st sign-in from one IP within a minute, whatever the e-mail', async () => {
    const ip = '203.0.113.50';
    for (let i = 1; i <= 20; i++) expect((await signinFrom(ip, `nadie${i}@demo.mx`, 'Equivocada1')).statusCode, `sign-in ${i}`).toBe(401);
    expectRateLimited(await signinFrom(ip, 'nadie21@demo.mx', 'Equivocada1'));
    expect((await signinFrom('203.0.113.51', 'nadie21@demo.mx', 'Equivocada1')).statusCode).toBe(401);
  });

  it('limits the security-code calls per account too', async () => {
    const email = 'codigos-limite@demo.mx';
    await addUser(t, email, BUSINESS);
    const token = (await signinFrom('192.0.2.1', email)).json().data.AccessToken as string;
    const verify = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/security/verify',
        headers: { ...from(ip), authorization: `Bearer ${token}` },
        payload: { Operation: 'spei-out', Code: '123456' },
      });
    for (let i = 1; i <= 10; i++) expect((await verify(`192.0.2.${i}`)).statusCode, `verify ${i}`).toBe(422);
    expectRateLimited(await verify('192.0.2.11'));
  });
});
