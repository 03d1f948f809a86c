/**
 * The isolated reveal view (issue 28 §4): a single-use token minted after the security code, bound
 * to the session (cookie) and the card; the page shows the number once, with a CSP that allows no
 * script and only the app as its frame; the JSON reveal stays for API keys with `tarjetas`.
 */
import { isLuhnValid } from '@far/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, BUSINESS_2, WALLET, addUser, count, createTestApp, lastCode, type TestApp } from '../helpers';
import { demoBusiness } from '../money/money';
import { activeCards, generateStock, post, revealCode } from './cards';

let t: TestApp;
let cardId: string;
const MINT = '/api/v1/cards/action/reveal-token';
beforeAll(async () => {
  t = await createTestApp();
  await generateStock(t, 3);
  cardId = (await activeCards(t, ['REV1']))[0]!;
});
afterAll(() => t.close());

async function mint(as = BUSINESS, card = cardId) {
  const res = await post(t, as, MINT, { CardIdentifier: card, SecurityCode: await revealCode(t, as), Reason: 'Consulta del titular' });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  return { url: res.json().data.RevealUrl as string, cookie, body: res.body, setCookie: String(res.headers['set-cookie']) };
}
const open = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('the isolated reveal view', () => {
  it('mints a token whose answer carries no card data; the page shows the number once, script-free and frameable only by the app', async () => {
    const logsBefore = await count(t, 'log_user', `v_activity LIKE 'Consultó los datos (vista aislada)%'`);
    const m = await mint();
    expect(m.url).toMatch(/^\/card-reveal\/[\w-]{43}$/);
    expect(m.body).not.toMatch(/\d{16}/);
    expect(m.setCookie).toMatch(/far_reveal=.*Path=\/card-reveal.*HttpOnly.*SameSite=Strict/i);
    const page = await open(m.url, m.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain('sandbox');
    expect(csp).not.toContain('script-src');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).not.toContain('<script');
    const pan = /(\d{4} \d{4} \d{4} \d{4})/.exec(page.body)![1]!.replaceAll(' ', '');
    expect(isLuhnValid(pan)).toBe(true);
    expect(page.body).toMatch(/<dt>CVV<\/dt><dd>\d{3}<\/dd>/);
    // Single use: the same address again shows nothing.
    const again = await open(m.url, m.cookie);
    expect(again.statusCode).toBe(410);
    expect(again.body).not.toContain(pan.slice(0, 4) + ' ');
    expect(await count(t, 'log_user', `v_activity LIKE 'Consultó los datos (vista aislada)%'`)).toBe(logsBefore + 1);
  });

  it('refuses the page without the session cookie, with another session’s cookie, or expired — and the token is spent', async () => {
    const a = await mint();
    const none = await open(a.url);
    expect(none.statusCode).toBe(410);
    expect(none.body).toContain('Vuelve a pedir los datos con un código nuevo');
    expect((await open(a.url, a.cookie)).statusCode).toBe(410);
    const other = 'otra-empresa@demo.mx';
    await addUser(t, other, BUSINESS);
    const mine = await mint();
    const theirs = await mint(other);
    expect((await open(mine.url, theirs.cookie)).statusCode).toBe(410);
    const late = await mint();
    await t.sql(`UPDATE card_reveal_tokens SET d_expires_at = now() - interval '1 second'`);
    expect((await open(late.url, late.cookie)).statusCode).toBe(410);
    expect((await open('/card-reveal/nada', late.cookie)).statusCode).toBe(410);
  });

  it('bad code, wrong role, wrong tenant: refused, no token written', async () => {
    const before = await count(t, 'card_reveal_tokens');
    await revealCode(t, BUSINESS);
    const bad = await post(t, BUSINESS, MINT, { CardIdentifier: cardId, SecurityCode: '12', Reason: 'Consulta' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('El código debe tener 6 dígitos');
    const code = await lastCode(t, BUSINESS);
    const wrong = await post(t, BUSINESS, MINT, { CardIdentifier: cardId, SecurityCode: code === '000000' ? '111111' : '000000', Reason: 'Consulta' });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrong.statusCode).toBeLessThan(500);
    expect((await post(t, WALLET, MINT, { CardIdentifier: cardId, SecurityCode: '123456', Reason: 'Consulta' })).statusCode).toBe(403);
    const b1 = await demoBusiness(t, BUSINESS);
    const other = await post(t, BUSINESS_2, MINT, {
      CardIdentifier: cardId,
      BusinessId: b1.id,
      SecurityCode: await revealCode(t, BUSINESS_2),
      Reason: 'Consulta',
    });
    expect(other.statusCode).toBe(404);
    expect(await count(t, 'card_reveal_tokens')).toBe(before);
  });

  it('the JSON reveal stays for an API key with tarjetas (audited); a key cannot mint view tokens', async () => {
    const admin = 'admin-revela@demo.mx';
    await addUser(t, admin, BUSINESS);
    await t.sql(`UPDATE security_codes SET d_create_at = d_create_at - interval '1 hour' WHERE v_uid_user = (SELECT v_uid FROM users WHERE v_email = $1)`, [
      admin,
    ]);
    expect((await post(t, admin, '/api/v1/security/code', { Operation: 'api-key' })).statusCode).toBe(200);
    const created = await post(t, admin, '/api/v1/api-keys', { Name: 'Revelador', Scopes: ['tarjetas'], Code: await lastCode(t, admin) });
    expect(created.statusCode, created.body).toBe(200);
    const key = created.json().data.Key as string;
    const asKey = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${key}` }, payload });
    expect((await asKey(MINT, { CardIdentifier: cardId, SecurityCode: '123456', Reason: 'Consulta' })).statusCode).toBe(403);
    // A key acts for the admin who created it: the code is that admin's.
    const logsBefore = await count(t, 'log_user', `v_activity LIKE 'Consultó los datos de la tarjeta%'`);
    const res = await asKey('/api/v1/cards/query/getcardforcustomer', { CardIdentifier: cardId, SecurityCode: await revealCode(t, admin), Reason: 'ERP' });
    expect(res.statusCode, res.body).toBe(200);
    expect(isLuhnValid(res.json().data.CardInfo.card_number)).toBe(true);
    expect(await count(t, 'log_user', `v_activity LIKE 'Consultó los datos de la tarjeta%'`)).toBe(logsBefore + 1);
  });
});
