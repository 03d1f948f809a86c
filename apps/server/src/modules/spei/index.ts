// SPEI: accounts, orders out and in, the rail, balances; statements and dashboards read through these.
export { speiRoutes } from './routes';
export { transferenceRoutes } from './transference-routes';
export {
  businessBalance,
  getBusinessBalance,
  speiOutUsage,
  queryMovements,
  openOrders,
  speiVolume,
  movementOut,
  movementsByIds,
  sendSpeiOut,
  cancelSpeiOut,
  applyRailEvent,
  submitSpeiOut,
  receiveIncomingSpei,
  depositToBusiness,
  holdReference,
  SUBMIT_JOB,
  SPEI_OUT_DISABLED,
  NOT_CANCELLABLE,
  type MovementRow,
  type MovementFilters,
  type IncomingInput,
  type SpeiOutInput,
} from './movements';
export { legDescription } from './ledger-entries';
export { businessFor } from './accounts';
export { sandboxRail, RAIL_EVENT_JOB, SANDBOX_RETURN_REASON, SANDBOX_REJECT_REASON, UNKNOWN_BANK_REASON, type SpeiRail, type RailEvent, type RailOrder, type RailAck } from './rail';
export { MX_TIME_ZONE, mexicoDate, mexicoMidnight, addDays, dayBounds, monthBounds, monthOf, MONTH_NAMES } from './time';
export { seedSpeiDemo } from './seed';
