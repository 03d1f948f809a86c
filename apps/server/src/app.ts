import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import * as audit from './modules/audit';
import * as beneficiaries from './modules/beneficiaries';
import * as businesses from './modules/businesses';
import * as catalogs from './modules/catalogs';
import * as cms from './modules/cms';
import * as dashboard from './modules/dashboard';
import * as health from './modules/health';
import * as internal from './modules/internal';
import * as outbox from './modules/outbox';
import * as postalCodes from './modules/postal-codes';
import * as pricing from './modules/pricing';
import * as profiles from './modules/profiles';
import * as rbac from './modules/rbac';
import * as security from './modules/security';
import * as session from './modules/session';
import * as spei from './modules/spei';
import * as staff from './modules/staff';
import * as statements from './modules/statements';
import * as users from './modules/users';
import * as walletUsers from './modules/wallet-users';
import type { AppContext } from './platform/context';
import { registerEnvelope, type ReportIncident } from './platform/envelope';
import { frameworkErrorOptions, registerErrorHandler } from './platform/error-handler';
import { registerInputGuard } from './platform/input';
import { registerGuard } from './platform/guard';
import { registerHttp } from './platform/http';
import type { AppModule } from './platform/module';
import { registerWeb } from './platform/static';

/**
 * The domain modules: each wires its own routes, job handlers and hooks in `register(app, ctx)`
 * (exported from its index.ts). A new module is one line here. The order is the order of the API
 * docs; hooks between modules are called per request, so it does not matter for them.
 */
const MODULES: AppModule[] = [
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
  statements,
  cms,
  users,
];

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: boolean;
}

export async function buildApp({ config, database, logger }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    // JSON calls are small; uploads stream through multipart with each route's own file limit.
    bodyLimit: 1024 * 1024,
    ...frameworkErrorOptions,
  }).withTypeProvider<ZodTypeProvider>();
  const ctx: AppContext = { db: database.db, database, config, now: () => new Date() };
  app.decorate('ctx', ctx);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerHttp(app, config, database.db);

  const report: ReportIncident = async (req, type, message, detail) => {
    await audit.recordIncident(ctx.db, { type, message, detail, client: req.actor?.client ?? null }).catch((err) => req.log.error({ err }, 'incident not recorded'));
  };
  registerErrorHandler(app, report);
  registerEnvelope(app, report);
  registerGuard(app, (claims) => session.loadActor(database, claims));
  // After the guard: a caller without the permission gets 403 whatever it sent.
  registerInputGuard(app);

  await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 20 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'FAR Portal API', description: 'API de FAR Portal. Convenciones: docs/api.md.', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  for (const mod of MODULES) await mod.register(app, ctx);

  registerWeb(app, config);
  return app;
}
