import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { limitUsage } from '../pricing';
import { registerSpeiJobs } from './jobs';
import { railOf } from './rail';
import { speiRoutes } from './routes';
import { speiOutUsage } from './speiout';
import { transferenceRoutes } from './transference-routes';

// SPEI: accounts, orders out and in, the rail, balances; statements and dashboards read through these.
export { businessBalance, getBusinessBalance, movementFor, queryMovements, openOrders, speiVolume, movementsByIds, type MovementFilters } from './queries';
export { accountsSpeiOutCounted, speiOutUsage, sendSpeiOut, cancelSpeiOut, SUBMIT_JOB, SPEI_OUT_DISABLED, NOT_CANCELLABLE, type SpeiOutInput } from './speiout';
export { applyRailEvent, submitSpeiOutBatch, recordRailId } from './rail-events';
export { receiveIncomingSpei, depositToBusiness, type IncomingInput } from './incoming';
export { movementOut, movementName, balanceEffect, holdReference, type MovementRow } from './movement';
export { legDescription } from './ledger-entries';
export { businessFor } from './accounts';
export {
  sandboxRail,
  externalRail,
  RAIL_EVENT_JOB,
  SANDBOX_RETURN_REASON,
  SANDBOX_REJECT_REASON,
  UNKNOWN_BANK_REASON,
  type SpeiRail,
  type RailEvent,
  type RailOrder,
  type RailAck,
} from './rail';
export { seedSpeiDemo } from './seed';
export {
  walletHolderByClabe,
  walletReceived,
  walletOrderOutcome,
  clabeHolder,
  holderIsAllyOf,
  creditHolder,
  walletToWalletWrite,
  transferBooks,
  walletUsage,
  walletUsageSql,
  walletAccount,
  type ClabeHolder,
} from './wallet';
export { movementDetailOut } from './detail';
export { proofFile, cepOfMovement } from './proof';
export { ledgerOrdersOfDay, sandboxOrdersOfDay, RAIL_EVENT_STATE, type DayOrder } from './day-record';
export { businessOwner, placeSpeiOutOrders, type BatchOrder } from './order';
export { orderFromJson } from './order';
export { placePayout, planPayout, checkUsage, usageRead, type PayoutSource, type PayoutDestination, type PayoutPlan } from './payout';
export { speiOutOutcome } from './outcomes';
export { businessAccount as businessSpeiAccount } from './movement';
export { movementByTrackingKey } from './queries';
export {
  movementBatches,
  movementsPerDay,
  movementsPerStatus,
  commissionsPerBusinessMonth,
  type MovementReportFilter,
  type MovementReportRow,
} from './report-rows';

/** Routes, the rail's job handlers, and the limit usage pricing shows (pricing cannot import SPEI). */
export async function register(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerSpeiJobs(railOf(ctx.config.speiRail, ctx.config.speiSandboxDelayMs));
  limitUsage.provide(speiOutUsage);
  await app.register(speiRoutes);
  await app.register(transferenceRoutes);
}
