import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './routes';

export async function register(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
}
