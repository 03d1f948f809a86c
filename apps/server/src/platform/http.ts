import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { registerSecurityHeaders } from './security-headers';

/**
 * What every answer passes through before routing: security headers and the rate limits.
 * Registered before the guard, so a refused call (401, 403) is limited and carries the headers too.
 */
export async function registerHttp(app: FastifyInstance, config: Config): Promise<void> {
  await registerSecurityHeaders(app);
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: true, max: config.rateLimitMax, timeWindow: '1 minute' });
}
