import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, WALLET, addUser, createTestApp, signin, withToken, type TestApp } from '../helpers';

/** The refresh token in an httpOnly cookie, and renewal with its own per-session budget. */
let t: TestApp;
beforeAll(async () => {
  // The real sign-in limit (20 per minute per IP): renewals must not spend it.
  t = await createTestApp({ rateLimitSignin: 20 });
});
afterAll(() => t.close());

const REFRESH = '/api/v1/account/Token/Refresh';
const cookieOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'far_refresh');
/** A browser's renewal: no body, only the cookie. */
const renew = (token: string) => t.app.inject({ method: 'POST', url: REFRESH, cookies: { far_refresh: token } });

describe('refresh cookie', () => {
  it('sign-in sets an httpOnly, SameSite=Strict cookie that only the refresh call sees', async () => {
    await addUser(t, 'galleta@demo.mx', BUSINESS);
    const res = await signin(t, 'galleta@demo.mx');
    expect(res.statusCode).toBe(200);
    const c = cookieOf(res)!;
    expect(c).toMatchObject({ value: res.json().data.RefreshToken, path: REFRESH, httpOnly: true, sameSite: 'Strict', maxAge: 7 * 86_400 });
    expect(c.secure).toBeUndefined();
  });

  it('is Secure when a trusted proxy says the request came over TLS', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/v1/account/Signin',
        payload: { Email: WALLET, Password: 'Demo#2026' },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.statusCode).toBe(200);
      expect(cookieOf(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
    } finally {
      await proxied.close();
    }
  });

  it('renews from the cookie alone, rotating it; the body token still works for API clients', async () => {
    await addUser(t, 'renueva@demo.mx', BUSINESS);
    const first = (await signin(t, 'renueva@demo.mx')).json().data;
    const res = await renew(first.RefreshToken);
    expect(res.statusCode).toBe(200);
    const next = cookieOf(res)!.value;
    expect(next).not.toBe(first.RefreshToken);
    expect(res.json().data.RefreshToken).toBe(next);
    expect((await withToken(t, res.json().data.AccessToken, { method: 'GET', url: '/api/v1/account/me' })).statusCode).toBe(200);
    const body = await t.app.inject({ method: 'POST', url: REFRESH, payload: { RefreshToken: next } });
    expect(body.statusCode).toBe(200);
  });

  it('without a cookie or a token the answer is 401 in Spanish', async () => {
    const res = await t.app.inject({ method: 'POST', url: REFRESH });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ ErrorCode: 'UNAUTHORIZED', message: 'Tu sesión expiró. Inicia sesión de nuevo.' });
  });

  it('reloads do not sign a user out: 40 renewals in a minute from one IP all succeed', async () => {
    await addUser(t, 'recarga@demo.mx', BUSINESS);
    let token = (await signin(t, 'recarga@demo.mx')).json().data.RefreshToken as string;
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await renew(token);
      statuses.push(res.statusCode);
      if (res.statusCode === 200) token = cookieOf(res)!.value;
    }
    expect(statuses).toEqual(Array(40).fill(200));
    // The sign-in budget of the IP is untouched by the renewals.
    expect((await signin(t, 'recarga@demo.mx')).statusCode).toBe(200);
  });

  it('the renewal budget is per session: one session past it does not stop another', async () => {
    await addUser(t, 'presupuesto@demo.mx', BUSINESS);
    const a = (await signin(t, 'presupuesto@demo.mx')).json().data.RefreshToken as string;
    const b = (await signin(t, 'presupuesto@demo.mx')).json().data.RefreshToken as string;
    let token = a;
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 61; i++) {
      last = await renew(token);
      if (last.statusCode === 200) token = cookieOf(last)!.value;
    }
    expect(last!.statusCode).toBe(429);
    expect(last!.json()).toMatchObject({ success: false });
    expect((await renew(b)).statusCode).toBe(200);
  });

  it('two tabs renewing at once with the same cookie both stay signed in', async () => {
    await addUser(t, 'pestanas@demo.mx', BUSINESS);
    const token = (await signin(t, 'pestanas@demo.mx')).json().data.RefreshToken as string;
    const [a, b] = await Promise.all([renew(token), renew(token)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    // Exactly one of them rotated; the other got an access token and left the cookie alone.
    const rotated = [a, b].map(cookieOf).filter(Boolean);
    expect(rotated).toHaveLength(1);
    for (const res of [a, b]) expect((await withToken(t, res.json().data.AccessToken, { method: 'GET', url: '/api/v1/account/me' })).statusCode).toBe(200);
    expect((await renew(rotated[0]!.value)).statusCode).toBe(200);
  });

  it('sign-out clears the cookie', async () => {
    await addUser(t, 'adios@demo.mx', BUSINESS);
    const d = (await signin(t, 'adios@demo.mx')).json().data;
    const out = await withToken(t, d.AccessToken, { method: 'POST', url: '/api/v1/account/LogOut', payload: {} });
    expect(out.statusCode).toBe(200);
    expect(cookieOf(out)).toMatchObject({ value: '', path: REFRESH });
    expect((await renew(d.RefreshToken)).statusCode).toBe(401);
  });
});
