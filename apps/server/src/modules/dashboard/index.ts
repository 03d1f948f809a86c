import type { FastifyInstance } from 'fastify';
import { dashboardRoutes } from './routes';

export async function register(app: FastifyInstance): Promise<void> {
  await app.register(dashboardRoutes);
}
