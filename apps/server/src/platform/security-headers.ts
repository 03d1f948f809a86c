import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * One Content-Security-Policy for the web app and /docs: scripts only from our own origin (no
 * inline scripts: Vite emits none and swagger-ui loads its initializer as a file). Styles allow
 * 'unsafe-inline' because Mantine writes its CSS variables and component styles inline.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** HSTS for a year, sent only on requests that arrived over TLS (directly or, per TRUST_PROXY, at the proxy). */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer, errors and 404s included (registered before the guard, so a
 * 401 carries them too), and `Cache-Control: no-store` on every /api answer that did not set its
 * own: tokens, personal data and balances must not stay in a browser or proxy cache.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Sent per request below: over plain HTTP it would be meaningless or, behind a TLS proxy we
    // do not trust, a lie.
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
