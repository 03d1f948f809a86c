import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, createTestApp, signin, type TestApp } from '../helpers';

/** A stand-in for the built web app: index.html, a hashed asset and its source map. */
function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'far-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<div id="root"></div>'.repeat(200)}</body></html>`);
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))});\n//# sourceMappingURL=index-abc123.js.map`);
  writeFileSync(join(dir, 'assets', 'index-abc123.js.map'), '{"version":3}');
  return dir;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDist: fakeWebDist() });
});
afterAll(() => t.close());

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

describe('security headers', () => {
  it.each([
    ['the web app', '/'],
    ['a public API call', '/api/health'],
    ['an API call refused without a session', '/api/v1/account/me'],
    ['an unknown API path', '/api/v1/no-existe'],
    ['the API reference', '/docs/static/index.html'],
  ])('are on every answer: %s', async (_name, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers).toMatchObject(SECURITY_HEADERS);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS only when a trusted proxy says the request came over TLS', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const tls = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const plain = await proxied.app.inject({ method: 'GET', url: '/api/health' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
    // Without TRUST_PROXY a forwarded header proves nothing.
    const forged = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers that carry tokens or personal data are not stored by any cache', async () => {
    const signed = await signin(t, BUSINESS);
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['cache-control']).toBe('no-store');
    const me = await t.call(BUSINESS, { method: 'GET', url: '/api/v1/account/me' });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/api/v1/account/me' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('keeps CORS closed to foreign origins', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/api/v1/account/Signin', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const get = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });
});
