import type { FastifyInstance } from 'fastify';
import type { StpConfig } from '../../config';
import type { Db } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { externalRail } from '../spei';
import { dispatchStpOrders } from './dispatch';
import { stpRail } from './rail';
import { stpRoutes } from './routes';

// STP, the real SPEI rail (SPEI_RAIL=stp): the adapter, its dispatcher, STP's webhooks and queries.
export { dispatchStpOrders, type DispatchResult } from './dispatch';
export { querySentOrder, queryOrdersOfDay, type StpQueriedOrder, type StpAnswer } from './client';

export async function register(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const stp = ctx.config.stp;
  if (stp) {
    const rail = stpRail(stp);
    externalRail.provide(() => rail);
  }
  await app.register(stpRoutes);
}

/** The server process's STP work, every `intervalMs`: send and confirm orders. The returned function stops it. */
export function startStpDispatcher(db: Db, config: StpConfig, opts: { intervalMs: number; onError?: (err: unknown) => void }): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    if (stopped) return;
    running = dispatchStpOrders(db, config, new Date()).catch((err) => opts.onError?.(err));
    await running;
    running = null;
    if (!stopped) timer = setTimeout(() => void tick(), opts.intervalMs).unref();
  };
  timer = setTimeout(() => void tick(), opts.intervalMs).unref();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
