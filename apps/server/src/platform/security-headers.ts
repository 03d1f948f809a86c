import { VIDEO_PLAYER_ORIGINS } from '@far/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * One Content-Security-Policy for the web app and /docs: scripts only from our own origin (no
 * inline scripts: Vite emits none and swagger-ui loads its initializer as a file). Styles allow
 * 'unsafe-inline' because Mantine writes its CSS variables and component styles inline.
 */
const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  // Frames the app opens itself: the statement's PDF preview (a blob: of the downloaded file) and
  // the help's video players (the embed hosts content-view.tsx builds); nothing else may be framed.
  'frame-src': ["'self'", 'blob:', ...Object.values(VIDEO_PLAYER_ORIGINS)],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** HSTS for a year, sent only on requests that arrived over TLS (directly or, per TRUST_PROXY, at the proxy). */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The set helmet's defaults send (with our CSP, `frame-ancestors`/X-Frame-Options deny and no
 * referrer), written out once: the headers are the same for every answer, so nothing is computed
 * per request (helmet rebuilt the CSP string and set each header on every call).
 */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': Object.entries(CONTENT_SECURITY_POLICY)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join(';'),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/**
 * Security headers on every answer, errors and 404s included (registered before the guard, so a
 * 401 carries them too), and `Cache-Control: no-store` on every /api answer that did not set its
 * own: tokens, personal data and balances must not stay in a browser or proxy cache.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    // Sent only over TLS: over plain HTTP it would be meaningless or, behind a TLS proxy we do not
    // trust, a lie.
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
