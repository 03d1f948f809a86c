// Webhooks for business systems: notify() hands business events to them (docs/decisions/0017).
import type { FastifyInstance } from 'fastify';
import { webhookRoutes } from './routes';

export async function register(app: FastifyInstance): Promise<void> {
  await app.register(webhookRoutes);
}
