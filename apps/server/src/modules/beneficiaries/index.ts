import type { FastifyInstance } from 'fastify';
import { beneficiaryRoutes } from './routes';

export async function register(app: FastifyInstance): Promise<void> {
  await app.register(beneficiaryRoutes);
}
