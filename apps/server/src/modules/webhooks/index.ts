// Webhooks for business systems: notify() hands business events to them (docs/decisions/0017).
import type { FastifyInstance } from 'fastify';
import { businessEvents } from '../notifications';
import { webhookRoutes } from './routes';
import { fanOutToWebhooks } from './service';

export async function register(app: FastifyInstance): Promise<void> {
  businessEvents.provide(fanOutToWebhooks);
  await app.register(webhookRoutes);
}
export { SIGNATURE_HEADER, checkUrl, policyFor, sign, type WebhookOutbound } from './service';
