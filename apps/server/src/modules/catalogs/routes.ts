import { CATALOGS, CATALOGS_DEFINED_AT, CATALOG_NAMES, answer } from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/reply';
import { roleCatalog } from '../rbac';

const Item = z.object({ v_uid: z.string(), v_name: z.string(), i_active: z.boolean(), d_create_at: z.string(), d_update_at: z.string() }).catchall(z.unknown());

/** The §3 catalogs; roles come from the database because admins create their own. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/catalogs/:name',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['Catálogos'],
        summary: `Catálogo: ${CATALOG_NAMES.join(', ')}`,
        params: z.object({ name: z.enum(CATALOG_NAMES, { message: 'Catálogo no encontrado' }) }),
        response: { 200: answer(z.array(Item)) },
      },
    },
    async (req) => {
      if (req.params.name === 'roles') return ok(await roleCatalog(app.ctx.db));
      return ok(CATALOGS[req.params.name].map((i) => ({ ...i, d_create_at: CATALOGS_DEFINED_AT, d_update_at: CATALOGS_DEFINED_AT })));
    },
  );
};
