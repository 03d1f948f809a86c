import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

/** Liveness and database reachability, for load balancers and the start script. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public', rateLimit: false },
      schema: {
        tags: ['Operación'],
        summary: 'Salud del servicio y de la base de datos',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string(), engine: z.string() }),
          503: z.object({ status: z.literal('error'), database: z.string(), engine: z.string() }),
        },
      },
    },
    async (_req, reply) => {
      const engine = app.ctx.database.kind;
      try {
        await app.ctx.db.execute(sql`SELECT 1`);
        return { status: 'ok' as const, database: 'ok', engine };
      } catch {
        return reply.status(503).send({ status: 'error' as const, database: 'unreachable', engine });
      }
    },
  );
};
