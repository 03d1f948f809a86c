import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { AppError } from './errors';
import { postgresRateLimitStore } from './rate-limit-store';
import { registerSecurityHeaders } from './security-headers';

/**
 * What every answer passes through before routing: security headers, cookies and the rate limits.
 * Registered before the guard, so a refused call (401, 403) is counted and carries the headers too.
 */
export async function registerHttp(app: FastifyInstance, config: Config, db: Db): Promise<void> {
  await registerSecurityHeaders(app);
  await app.register(fastifyCookie);

  const counters = postgresRateLimitStore(db);
  app.addHook('onClose', () => counters.close());
  // Routes with a `config.rateLimit` of their own (sign-in, codes, renewal) get it from the plugin
  // on top of the per-IP limit below; `rateLimit: false` (health, static files) is exempt from both.
  await app.register(fastifyRateLimit, { global: false, store: counters.Store, timeWindow: '1 minute' });
  const perIp = app.createRateLimit({ max: config.rateLimitMax, timeWindow: '1 minute' });
  app.addHook('onRequest', async (req, reply) => {
    if (exempt(req)) return;
    const result = await perIp(req);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', result.ttlInSeconds);
      throw new AppError('RATE_LIMIT');
    }
  });
}

/**
 * `rateLimit: false` routes (health, static files) skip the limit, except an /api path that only
 * the web app's catch-all matched: unknown API paths are counted like any other call.
 */
function exempt(req: FastifyRequest): boolean {
  if (req.routeOptions.config?.rateLimit !== false) return false;
  return !(req.routeOptions.url === '/*' && req.url.startsWith('/api/'));
}
