import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { register as announcements } from './modules/announcements';
import { apiKeyAuth, registerApiKeyHooks, register as apiKeys } from './modules/api-keys';
import { recordIncident, register as audit } from './modules/audit';
import { register as beneficiaries } from './modules/beneficiaries';
import { register as businesses } from './modules/businesses';
import { register as cards } from './modules/cards';
import { register as catalogs } from './modules/catalogs';
import { register as clarifications } from './modules/clarifications';
import { register as cms } from './modules/cms';
import { register as dashboard } from './modules/dashboard';
import { register as dispersions } from './modules/dispersions';
import { register as health } from './modules/health';
import { register as internal } from './modules/internal';
import { register as notifications } from './modules/notifications';
import { register as outbox } from './modules/outbox';
import { register as postalCodes } from './modules/postal-codes';
import { register as pricing } from './modules/pricing';
import { register as profiles } from './modules/profiles';
import { register as rbac } from './modules/rbac';
import { register as reconciliation } from './modules/reconciliation';
import { register as reports } from './modules/reports';
import { register as security } from './modules/security';
import { loadActor, register as session } from './modules/session';
import { register as spei } from './modules/spei';
import { register as staff } from './modules/staff';
import { register as statements } from './modules/statements';
import { register as search } from './modules/search';
import { register as stp } from './modules/stp';
import { register as users } from './modules/users';
import { register as wallet } from './modules/wallet';
import { register as walletUsers } from './modules/wallet-users';
import { register as webhooks } from './modules/webhooks';
import type { AppContext } from './platform/context';
import { registerEnvelope, type ReportIncident } from './platform/envelope';
import { frameworkErrorOptions, registerErrorHandler } from './platform/error-handler';
import { registerInputGuard } from './platform/input';
import { registerGuard } from './platform/guard';
import { registerMoneyRoutes } from './platform/money-command';
import { documentRoute } from './platform/openapi';
import { registerHttp } from './platform/http';
import { assertHooksProvided, type RegisterModule } from './platform/module';
import { hostResolver, type HostResolver } from './platform/outbound';
import { registerWeb } from './platform/static';

/**
 * The domain modules: each wires its own routes, job handlers and hooks in `register(app, ctx)`
 * (exported from its index.ts). A new module is one line here. The order is the order of the API
 * docs; hooks between modules are called per request, so it does not matter for them (they are
 * checked once all are registered).
 */
const MODULES: RegisterModule[] = [
  health,
  session,
  security,
  rbac,
  audit,
  catalogs,
  dashboard,
  outbox,
  internal,
  profiles,
  staff,
  businesses,
  walletUsers,
  beneficiaries,
  postalCodes,
  pricing,
  spei,
  stp,
  reconciliation,
  dispersions,
  wallet,
  statements,
  cms,
  clarifications,
  reports,
  cards,
  notifications,
  announcements,
  webhooks,
  apiKeys,
  users,
  search,
];

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: boolean;
  /** Replaces the DNS resolver of outbound calls (tests). */
  resolveHost?: HostResolver;
}

export async function buildApp({ config, database, logger, resolveHost }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    // JSON calls are small; uploads stream through multipart with each route's own file limit.
    bodyLimit: 1024 * 1024,
    ...frameworkErrorOptions,
  }).withTypeProvider<ZodTypeProvider>();
  const ctx: AppContext = { db: database.db, database, config, now: () => new Date(), resolveHost: resolveHost ?? hostResolver(config.fixedHosts) };
  app.decorate('ctx', ctx);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerHttp(app, config, database.db);

  const report: ReportIncident = async (req, type, message, detail) => {
    await recordIncident(ctx.db, { type, message, detail, client: req.actor?.client ?? null }).catch((err) => req.log.error({ err }, 'incident not recorded'));
  };
  registerErrorHandler(app, report);
  registerEnvelope(app, report);
  registerGuard(app, (claims) => loadActor(database, claims), apiKeyAuth(database));
  registerApiKeyHooks(app, ctx);
  registerMoneyRoutes(app);
  // After the guard: a caller without the permission gets 403 whatever it sent.
  registerInputGuard(app);

  await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 20 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'FAR Portal API', description: 'API de FAR Portal. Convenciones: docs/api.md.', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: documentRoute,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  for (const register of MODULES) await register(app, ctx);
  // Every hook a module declared has been provided by now, or the app does not start.
  try {
    assertHooksProvided();
  } catch (err) {
    await app.close();
    throw err;
  }

  registerWeb(app, config);
  return app;
}
