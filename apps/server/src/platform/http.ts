import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { AppError } from './errors';
import { postgresRateLimitStore } from './rate-limit-store';
import { registerSecurityHeaders } from './security-headers';

/**
 * What every answer passes through before routing: security headers, cookies, compression and the
 * rate limits.
 * Registered before the guard, so a refused call (401, 403) is counted and carries the headers too.
 */
export async function registerHttp(app: FastifyInstance, config: Config, db: Db): Promise<void> {
  registerSecurityHeaders(app);
  // Only the refresh call reads a cookie (it parses its own): no parsing on every request.
  await app.register(fastifyCookie, { hook: false });
  // brotli or gzip for answers over 1 KB (JSON lists, and static files without a precompressed copy).
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });

  const counters = postgresRateLimitStore(db);
  app.addHook('onClose', () => counters.close());
  // Routes with a `config.rateLimit` of their own (sign-in, codes, renewal) get it from the plugin
  // on top of the per-IP limit below.
  await app.register(fastifyRateLimit, { global: false, store: counters.Store, timeWindow: '1 minute' });
  const perIp = app.createRateLimit({ max: config.rateLimitMax, timeWindow: '1 minute' });
  // Callback style: a call the limit exempts costs no promise.
  app.addHook('onRequest', (req, reply, done) => {
    if (exempt(req)) return done();
    perIp(req).then((result) => {
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        return done(new AppError('RATE_LIMIT'));
      }
      done();
    }, done);
  });
}

/**
 * The limit is the API's: static files, the web app and /docs are exempt, and so are /api routes
 * with `rateLimit: false` (health), except an /api path that only the web app's catch-all matched:
 * unknown API paths are counted like any other call.
 */
function exempt(req: FastifyRequest): boolean {
  if (!req.url.startsWith('/api/')) return true;
  return req.routeOptions.config?.rateLimit === false && req.routeOptions.url !== '/*';
}
