import type { FastifyInstance } from 'fastify';
import { searchRoutes } from './routes';

export { MATCH, inline, newestMatchesFirst, placeholders, searchValues } from './query';
export { SEARCH_SETTINGS, paramValue, searchParams, searchQuery, searchRows } from './service';

export async function register(app: FastifyInstance): Promise<void> {
  await app.register(searchRoutes);
}
