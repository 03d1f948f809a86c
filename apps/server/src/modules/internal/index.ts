import type { FastifyInstance } from 'fastify';
import { internalRoutes } from './routes';

export async function register(app: FastifyInstance): Promise<void> {
  await app.register(internalRoutes);
}
