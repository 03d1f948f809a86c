import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, createTestApp, signin, type TestApp } from '../helpers';

/** A stand-in for the built web app: index.html, a hashed asset and its source map. */
function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'far-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<div id="root"></div>'.repeat(200)}</body></html>`,
  );
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))});\n//# sourceMappingURL=index-abc123.js.map`);
  writeFileSync(join(dir, 'assets', 'index-abc123.js.map'), '{"version":3}');
  const js = join(dir, 'assets', 'index-abc123.js');
  writeFileSync(`${js}.br`, brotliCompressSync(readFileSync(js)));
  writeFileSync(`${js}.gz`, gzipSync(readFileSync(js)));
  return dir;
}

let t: TestApp;
const dist = fakeWebDist();
beforeAll(async () => {
  t = await createTestApp({ webDist: dist, rateLimitMax: 150 });
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
    // The statement's PDF preview (blob:) and the help's video players may be framed, nothing else.
    expect(csp).toContain("frame-src 'self' blob: https://www.youtube-nocookie.com https://player.vimeo.com");
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
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/account/Signin',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const get = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('static delivery', () => {
  it('sends the precompressed brotli or gzip copy of an asset, immutable for a year', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' });
    expect(br.rawPayload.length).toBeLessThan(1000);
    const gz = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log');
  });

  it('revalidates index.html on every load and compresses it', async () => {
    for (const url of ['/', '/dashboard']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
    }
  });

  it('compresses API answers over 1 KB', async () => {
    const res = await t.call(BUSINESS, { method: 'GET', url: '/api/v1/rbac/menu', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a missing asset is a 404, not the app page', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/no-existe-123.js' })).statusCode).toBe(404);
  });

  it('serves no source maps in production', async () => {
    const prod = await createTestApp({ webDist: dist, env: 'production' });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' })).statusCode).toBe(200);
  });

  it('static files are exempt from the API rate limit; unknown API paths are not', async () => {
    for (let i = 0; i < 200; i++)
      expect((await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'x-real': String(i) } })).statusCode).toBe(200);
    const api = [];
    for (let i = 0; i < 160; i++) api.push((await t.app.inject({ method: 'GET', url: '/api/v1/no-existe' })).statusCode);
    expect(api.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
  });
});
