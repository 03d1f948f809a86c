import { SearchAnswer, SearchQuery, answer } from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/guard';
import { ok } from '../../platform/reply';
import { search } from './service';

/**
 * GET /api/v1/search: the header's search box (docs/decisions/0034-search.md). Any staff or
 * business user may call it; each kind is answered only to those who may open its screen, and a
 * business user only within its business. Wallet users have no search (their app is one account).
 */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/search',
    {
      config: { access: { FAR: 'any', BUS: 'any', refused: 'La búsqueda es para el personal FAR y las empresas' } },
      schema: {
        tags: ['Búsqueda'],
        summary:
          'Búsqueda global: empresas, usuarios, tarjetahabientes, tarjetas, movimientos y órdenes SPEI, dispersiones y aclaraciones, agrupados por tipo, los mejores primero',
        querystring: SearchQuery,
        response: { 200: answer(SearchAnswer) },
      },
    },
    async (req) => ok(await search(app.ctx.database, actorOf(req), req.query.q, req.query.kinds, req.query.limit)),
  );
};
