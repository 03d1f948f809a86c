import type { FastifyInstance } from 'fastify';
import type { StpConfig } from '../../config';
import type { Db } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { cepOfMovement, externalRail } from '../spei';
import { cepOfMovement as stpCep, dispatchCeps } from './cep';
import { dispatchStpAccounts, sweepStpAccounts } from './accounts';
import { dispatchStpOrders } from './dispatch';
import { stpRail } from './rail';
import { railRoutes, stpRoutes } from './routes';

// STP, the real SPEI rail (SPEI_RAIL=stp): the adapter, its dispatcher, STP's webhooks and queries.
export { dispatchStpOrders, type DispatchResult } from './dispatch';

/** One round of STP work at `now`: queue newly issued (or closed) CLABEs, register them, send and confirm orders, fetch CEPs. */
export async function dispatchStp(db: Db, config: StpConfig, now: Date): Promise<void> {
  await sweepStpAccounts(db);
  await dispatchStpAccounts(db, config, now);
  await dispatchStpOrders(db, config, now);
  await dispatchCeps(db, config, now);
}
export { querySentOrder, queryOrdersOfDay, type StpQueriedOrder, type StpAnswer } from './client';
export { stpOrdersOfDay } from './day';

export async function register(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Provided whatever the configuration, as every hook must be at start-up; spei asks for it only
  // under SPEI_RAIL=stp, and config.ts refuses that setting without STP's variables.
  const rail = ctx.config.stp ? stpRail(ctx.config.stp) : null;
  externalRail.provide(() => {
    if (!rail) throw new Error('SPEI_RAIL no es stp: la configuración de STP no está cargada');
    return rail;
  });
  // Whatever the rail: the CEPs kept are shown as long as they exist.
  cepOfMovement.provide(stpCep);
  await app.register(stpRoutes);
  await app.register(railRoutes);
}

/** The server process's STP work, every `intervalMs`: send and confirm orders. The returned function stops it. */
export function startStpDispatcher(db: Db, config: StpConfig, opts: { intervalMs: number; onError?: (err: unknown) => void }): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    if (stopped) return;
    running = dispatchStp(db, config, new Date()).catch((err) => opts.onError?.(err));
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
