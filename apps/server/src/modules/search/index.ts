import type { FastifyInstance } from 'fastify';
import { searchRoutes } from './routes';

export { MATCH, placeholders, searchValues, type SearchValues } from './query';
export { runSearch, searchStatement } from './service';

export async function register(app: FastifyInstance): Promise<void> {
  await app.register(searchRoutes);
}
