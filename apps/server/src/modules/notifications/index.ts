// Notices to people: other modules call notify() (or notifyClient / notifyStaff) inside the transaction of the event.
import type { FastifyInstance } from 'fastify';
import { notificationRoutes } from './routes';
export { emailOffRead, noticeWrite, notify, notifyClient, notifyStaff, type Notice } from './service';
export { businessEvents, type BusinessEvent } from './hooks';

export async function register(app: FastifyInstance): Promise<void> {
  await app.register(notificationRoutes);
}
