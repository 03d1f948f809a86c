// SPEI: accounts, orders out and in, the rail, balances; statements and dashboards read through these.
export { speiRoutes } from './routes';
export { transferenceRoutes } from './transference-routes';
export { businessBalance, getBusinessBalance, movementFor, queryMovements, openOrders, speiVolume, movementsByIds, type MovementFilters } from './queries';
export { hasOrderForKey, speiOutUsage, sendSpeiOut, cancelSpeiOut, SUBMIT_JOB, SPEI_OUT_DISABLED, NOT_CANCELLABLE, type SpeiOutInput } from './speiout';
export { applyRailEvent, submitSpeiOut } from './rail-events';
export { receiveIncomingSpei, depositToBusiness, type IncomingInput } from './incoming';
export { movementOut, holdReference, type MovementRow } from './movement';
export { legDescription } from './ledger-entries';
export { businessFor } from './accounts';
export { sandboxRail, RAIL_EVENT_JOB, SANDBOX_RETURN_REASON, SANDBOX_REJECT_REASON, UNKNOWN_BANK_REASON, type SpeiRail, type RailEvent, type RailOrder, type RailAck } from './rail';
export { mexicoDate, mexicoMidnight, addDays, dayBounds, monthBounds, monthOf, MONTH_NAMES } from './time';
export { seedSpeiDemo } from './seed';
export { registerClabeHolders, clabeHolder, creditHolder, acceptWalletSpeiOut, walletToWallet, walletOutgoingSum, walletAccount, type ClabeHolder } from './wallet';
export { movementEntries } from './ledger-entries';
export { proofOfPayment } from './proof';
