import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { addDays, mexicoDate } from '../../platform/mexico-time';
import { registerJobHandler } from '../jobs';
import { reconciliationRoutes } from './routes';
import { RECONCILE_JOB, reconcileJob, scheduleDay } from './service';

// The daily SPEI reconciliation (issue 24 §5): «Conciliación SPEI».
export { compareDay } from './service';

export async function register(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerJobHandler(RECONCILE_JOB, (tx, payload, { now }) => reconcileJob(tx, ctx.config, payload, now));
  // The chain of daily jobs starts with the last closed day (idempotent: one job per day).
  app.addHook('onReady', async () => {
    await scheduleDay(ctx.db, addDays(mexicoDate(ctx.now()), -1));
  });
  await app.register(reconciliationRoutes);
}
