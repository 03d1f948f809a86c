// The ledger's public surface: other modules (SPEI, commissions, statements, dispersions) call these.
export { INSUFFICIENT_FUNDS, MAX_POSTING_CENTS, translateDbError, type CustomerKind, type OwnerKind } from './shared';
export {
  PROVIDER_BOOKS,
  PROVIDER_BOOK_NAMES,
  BOOK_SHARDS,
  bookAccountId,
  bookAccountCode,
  shardFor,
  ensureProviderBooks,
  bookBalances,
  type ProviderBook,
} from './books';
export {
  customerAccountCode,
  openAccount,
  getAccount,
  getAccountByCode,
  accountByCodeRead,
  type ReadAccount,
  listAccounts,
  balanceOf,
  type LedgerAccount,
  type Balance,
} from './accounts';
export { type LockedAccount } from './shared';
export {
  POSTED,
  lockedAccountsRead,
  postingWrite,
  postTransaction,
  reverseTransaction,
  type PostingInput,
  type TransactionInput,
  type Posting,
  type PostedTransaction,
} from './post';
export {
  getHold,
  lockAccount,
  placeHold,
  placeNewHold,
  newHoldCtes,
  newHoldValues,
  PLACED_HOLD,
  placeHolds,
  settleHold,
  releaseHold,
  type Hold,
  type HoldStatus,
  type HoldTransition,
  type HoldInput,
  type AlsoWrites,
} from './holds';
export { statement, type Statement, type StatementEntry } from './statement';
export { linesOfReference, type LedgerLine } from './lines';
