import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * A second limit, keyed by account, for a route that already has its per-IP one in
 * `config.rateLimit`. It cannot be an `app.rateLimit()` preHandler: @fastify/rate-limit runs one
 * limiter per request, and such a handler returns at once when the route's own limiter has run, so
 * the account limit would never count. This applies it through `createRateLimit`, which does not
 * skip, and answers 429 with a Retry-After header like the plugin does.
 */
export function accountLimit(app: FastifyInstance, opts: { max: number; timeWindow: string; key: (req: FastifyRequest) => string }) {
  const limiter = app.createRateLimit({ max: opts.max, timeWindow: opts.timeWindow, keyGenerator: opts.key });
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const result = await limiter(req);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', result.ttlInSeconds);
      throw new AppError('RATE_LIMIT');
    }
  };
}
