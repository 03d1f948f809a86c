// Staff announcements: a notice to every business, every wallet user or one business. Its own
// module because it looks businesses up, and notifications, which every domain calls (businesses
// and session too), must not.
import type { FastifyInstance } from 'fastify';
import { announcementRoutes } from './routes';

export async function register(app: FastifyInstance): Promise<void> {
  await app.register(announcementRoutes);
}
