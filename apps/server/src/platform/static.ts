import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { AppError } from './errors';

/** Fastify's default router limit on one path parameter. */
const MAX_PARAM_LENGTH = 100;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built React app at /, with every unknown non-API path answered by index.html.
 * - `/assets/*` carry a content hash in their names: cached for a year, never revalidated;
 *   index.html and the rest are revalidated on every load (`no-cache`), so a deploy shows at once.
 * - The build writes brotli and gzip copies beside each file (apps/web/vite.config.ts); they are
 *   sent to browsers that accept them, and @fastify/compress covers anything without a copy.
 * - Source maps are not served in production.
 * - Static files are exempt from the API rate limit (`rateLimit: false`).
 */
export function registerWeb(app: FastifyInstance, config: Config): void {
  const dist = config.webDist;
  if (!existsSync(join(dist, 'index.html'))) return;
  const hidden = (path: string) => config.env === 'production' && path.endsWith('.map');
  void app.register(fastifyStatic, {
    allowedPath: (path) => !hidden(path),
    root: dist,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, path) => res.setHeader('cache-control', path.startsWith(join(dist, 'assets')) ? IMMUTABLE : 'no-cache'),
  });
  const route = { config: { access: 'public' as const, rateLimit: false as const }, schema: { hide: true } };
  app.get('/', route, async (_req, reply) => reply.sendFile('index.html'));
  app.get('/*', route, async (req, reply) => {
    const path = (req.params as { '*': string })['*'];
    if (path.startsWith('api/')) {
      // The router hands an /api path whose parameter is over maxParamLength (100) to this wildcard
      // instead of failing: answer what it answers without the web app.
      if (path.split('/').some((segment) => segment.length > MAX_PARAM_LENGTH)) throw new AppError('URI_TOO_LONG');
      return reply.callNotFound();
    }
    const file = join(dist, path);
    if (path && !path.includes('..') && !hidden(path) && existsSync(file) && !file.endsWith('/')) return reply.sendFile(path);
    // A missing hashed asset is a 404, not the app's page (a browser would cache it for a year).
    if (path.startsWith('assets/') || hidden(path)) return reply.callNotFound();
    return reply.sendFile('index.html');
  });
}
