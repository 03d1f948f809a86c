import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { auditRoutes, recordIncident } from './modules/audit';
import { beneficiaryRoutes } from './modules/beneficiaries';
import { businessRecordRoutes, businessRoutes } from './modules/businesses';
import { catalogRoutes } from './modules/catalogs';
import { cmsRoutes } from './modules/cms';
import { dashboardRoutes } from './modules/dashboard';
import { healthRoutes } from './modules/health';
import { internalRoutes } from './modules/internal';
import { outboxRoutes } from './modules/outbox';
import { pricingRoutes } from './modules/pricing';
import { speiRoutes, speiOutUsage, transferenceRoutes } from './modules/spei';
import { statementRoutes } from './modules/statements';
import { postalCodeRoutes } from './modules/postal-codes';
import { profileUserRoutes } from './modules/profiles';
import { rbacRoutes } from './modules/rbac';
import { securityRoutes } from './modules/security';
import { loadActor, profileRoutes, sessionRoutes, validatePin } from './modules/session';
import { staffRoutes } from './modules/staff';
import * as users from './modules/users';
import { walletMoneyRoutes } from './modules/wallet';
import { walletRoutes } from './modules/wallet-users';
import type { AppContext } from './platform/context';
import { registerEnvelope, type ReportIncident } from './platform/envelope';
import { frameworkErrorOptions, registerErrorHandler } from './platform/error-handler';
import { registerInputGuard } from './platform/input';
import { registerGuard } from './platform/guard';
import { registerHttp } from './platform/http';
import { registerWeb } from './platform/static';

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
    await recordIncident(ctx.db, { type, message, detail, client: req.actor?.client ?? null }).catch((err) => req.log.error({ err }, 'incident not recorded'));
  };
  registerErrorHandler(app, report);
  registerEnvelope(app, report);
  registerGuard(app, (claims) => loadActor(database, claims));
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

  const userNames = (ids: string[]) => users.userNames(ctx.db, ids);
  await app.register(healthRoutes);
  await app.register(sessionRoutes);
  await app.register(profileRoutes);
  await app.register(securityRoutes({ validatePin: (actor, pin) => validatePin(ctx.db, actor, pin) }));
  await app.register(rbacRoutes({ usersPerRole: users.usersPerRole }));
  await app.register(auditRoutes({ userNames }));
  await app.register(catalogRoutes);
  await app.register(dashboardRoutes);
  await app.register(outboxRoutes);
  await app.register(internalRoutes);
  await app.register(profileUserRoutes);
  await app.register(staffRoutes);
  await app.register(businessRoutes);
  await app.register(businessRecordRoutes);
  await app.register(walletRoutes);
  await app.register(beneficiaryRoutes);
  await app.register(postalCodeRoutes);
  await app.register(pricingRoutes({ limitUsage: (db, businessId) => speiOutUsage(db, businessId) }));
  await app.register(speiRoutes);
  await app.register(transferenceRoutes);
  await app.register(statementRoutes);
  await app.register(cmsRoutes);
  await app.register(walletMoneyRoutes);

  registerWeb(app, config);
  return app;
}
