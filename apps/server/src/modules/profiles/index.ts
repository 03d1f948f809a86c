import type { FastifyInstance } from 'fastify';
import { profileUserRoutes } from './routes';

export async function register(app: FastifyInstance): Promise<void> {
  await app.register(profileUserRoutes);
}
