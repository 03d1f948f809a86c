import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { addDays, mexicoDate } from '../../platform/mexico-time';
import { registerJobHandler } from '../jobs';
import { reconciliationRoutes } from './routes';
import { RECONCILE_JOB, reconcileJob, scheduleDay } from './service';

// The daily SPEI reconciliation (issue 24 §5): «Conciliación SPEI».

export async function register(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerJobHandler(RECONCILE_JOB, (tx, payload, { now }) => reconcileJob(tx, ctx.config, payload, now));
  await app.register(reconciliationRoutes);
}

/** At start-up: the chain of daily jobs starts with the last closed day (idempotent: one job per day). */
export const scheduleReconciliation = (db: DbOrTx, now: Date) => scheduleDay(db, addDays(mexicoDate(now), -1)).then(() => undefined);
