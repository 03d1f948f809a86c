import type { FastifyInstance } from 'fastify';
import { sessionRoutes } from './routes';
import { profileRoutes } from './profile-routes';

export { profileRules } from './profile-routes';

export { actorRow, loadActor, revokeAllSessions } from './service';

export async function register(app: FastifyInstance): Promise<void> {
  await app.register(sessionRoutes);
  await app.register(profileRoutes);
}
