import type { FastifyInstance } from 'fastify';
import { catalogRoutes } from './routes';

export async function register(app: FastifyInstance): Promise<void> {
  await app.register(catalogRoutes);
}
