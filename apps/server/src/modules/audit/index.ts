import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { userNames } from './hooks';
import { auditRoutes } from './routes';

export { recordActivity, activityWrite, recordIncident, activityByDay, incidentsToday, listActivity, type ActivityInput } from './service';
export { userNames };

export async function register(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(auditRoutes({ userNames: (ids) => userNames(ctx.db, ids) }));
}
