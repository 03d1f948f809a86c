import type { FastifyInstance } from 'fastify';
import { sessionRoutes } from './routes';
import { profileRoutes } from './profile-routes';
import { actorStillLive } from '../../platform/money-command';
import { actorStillLive as stillLive } from './service';

export { profileRules } from './profile-routes';

export { actorRow, loadActor, revokeAllSessions } from './service';

export async function register(app: FastifyInstance): Promise<void> {
  actorStillLive.provide(stillLive);
  await app.register(sessionRoutes);
  await app.register(profileRoutes);
}
