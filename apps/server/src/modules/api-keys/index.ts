// API keys of a business (issue 25 §1, docs/decisions/0027): management routes, the guard's key branch, per-key limit and audit.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { AppContext } from '../../platform/context';
import type { ApiKeyAuth } from '../../platform/guard';
import { accountLimit } from '../../platform/rate-limit';
import { apiKeyRoutes } from './routes';
import { scopeOfRoute } from './scopes';
import { loadKeyActor, recordKeyCall } from './service';

/** What the guard needs to accept `Authorization: Bearer far_sk_…` (wired in app.ts, like session.loadActor). */
export const apiKeyAuth = (database: Database): ApiKeyAuth => ({
  load: (key) => loadKeyActor(database.db, key, new Date()),
  allows: (scopes, method, url) => {
    const scope = scopeOfRoute(method, url);
    return !!scope && scopes.includes(scope);
  },
});

export async function register(app: FastifyInstance): Promise<void> {
  await app.register(apiKeyRoutes);
}

/**
 * Root hooks, added right after the guard's and before any module (a plugin copies its parent's
 * hooks when it is created): each key has its own budget, and every call it makes is audited
 * with its name.
 */
export function registerApiKeyHooks(app: FastifyInstance, ctx: AppContext): void {
  const perKey = accountLimit(app, { max: ctx.config.apiKeyRateMax, timeWindow: '1 minute', key: (req) => `api-key:${req.actor!.apiKey!.id}` });
  app.addHook('onRequest', async (req, reply) => {
    if (req.actor?.apiKey) await perKey(req, reply);
  });
  app.addHook('onResponse', async (req, reply) => {
    const actor = req.actor;
    if (!actor?.apiKey) return;
    await recordKeyCall(ctx.db, actor, { method: req.method, url: req.url.split('?')[0]!, status: reply.statusCode, ip: req.ip }).catch((err) =>
      req.log.error({ err }, 'llamada de clave de API sin auditar'),
    );
  });
}
