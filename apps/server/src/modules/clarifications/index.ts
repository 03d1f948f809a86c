// Clarifications (support cases): routes, and the case reader the reports use.
import type { FastifyInstance } from 'fastify';
import { clarificationRoutes } from './routes';
export { clarificationBatches } from './service';

export async function register(app: FastifyInstance): Promise<void> {
  await app.register(clarificationRoutes);
}
export { CSV_COLUMNS as CLARIFICATION_COLUMNS } from './routes';
