import type { FastifyInstance } from 'fastify';
import { outboxRoutes } from './routes';

export { enqueueMessage, messageWrite, htmlFromText, sendDueMessages, startOutboxSender, type OutgoingMessage } from './service';

export async function register(app: FastifyInstance): Promise<void> {
  await app.register(outboxRoutes);
}
