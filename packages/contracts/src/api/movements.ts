/**
 * Business movements as they are read: their statuses and types, the row of every list and detail
 * (SPEI out and in, deposits, wallet transfers), its ledger lines, and the §3 balance. Apart from
 * spei.ts (the orders that create them), so a screen that only shows movements, such as the
 * dashboard, does not build the order schemas (issue 7 §3).
 */
import { z } from 'zod';
import { CepState } from './reconciliation';
import { AmountOut } from './money';
import { pageOf } from './common';

// ---- balances --------------------------------------------------------------------------------------

/** §3 Balance. `account` is the business's CLABE. */
export const BalanceOut = z.object({
  balance: AmountOut,
  transitBalance: AmountOut,
  account: z.string(),
  availableBalance: AmountOut,
});
export type BalanceOut = z.infer<typeof BalanceOut>;

// ---- business movements (SPEI out/in, deposits) --------------------------------------------------

/** StatusBusinessMovement: the numbers and their names. */
export const MOVEMENT_STATUS = {
  pendiente: 0,
  enviada: 1,
  liquidada: 2,
  devuelta: 3,
  rechazada: 4,
  cancelada: 5,
  eliminada: 6,
  porAutorizar: 7,
  rechazadaAutorizador: 8,
} as const;
export const MOVEMENT_STATUS_NAMES: Readonly<Record<number, string>> = {
  0: 'Pendiente',
  1: 'Enviada',
  2: 'Liquidada',
  3: 'Devuelta',
  4: 'Rechazada',
  5: 'Cancelada',
  6: 'Eliminada',
  // Maker-checker (decision 0006): nothing held or sent until a second user authorises.
  7: 'Por autorizar',
  8: 'Rechazada por el autorizador',
};
/** The highest StatusBusinessMovement (the list filters accept 0 to this). */
export const MOVEMENT_STATUS_MAX = 8;

/**
 * The orders (SPEI out/in, deposits, wallet transfers) and, after them, the movements the database
 * derives from any other ledger transaction on a customer's account (decision 0024): card funding,
 * budget moves, the return of a settled SPEI out, and any other kind as a plain credit or charge.
 */
export const MOVEMENT_TYPES = [
  'SPEI_OUT',
  'SPEI_IN',
  'DEPOSIT',
  'WALLET_OUT',
  'WALLET_IN',
  'CARD_FUNDING',
  'BUDGET_ADD',
  'BUDGET_MINUS',
  'SPEI_OUT_RETURN',
  'LEDGER_IN',
  'LEDGER_OUT',
] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];
export const MOVEMENT_TYPE_NAMES: Readonly<Record<MovementType, string>> = {
  SPEI_OUT: 'Transferencia SPEI enviada',
  SPEI_IN: 'Transferencia SPEI recibida',
  DEPOSIT: 'Depósito',
  // Wallet to wallet, inside the ledger (issue 11).
  WALLET_OUT: 'Envío a otro Wallet',
  WALLET_IN: 'Recibido de otro Wallet',
  CARD_FUNDING: 'Fondeo de tarjetas',
  BUDGET_ADD: 'Apartado a presupuesto',
  BUDGET_MINUS: 'Retiro de presupuesto',
  SPEI_OUT_RETURN: 'Devolución de transferencia SPEI',
  LEDGER_IN: 'Abono',
  LEDGER_OUT: 'Cargo',
};
/** How a movement, once posted, moves the customer's balance: money in, money out, or between the customer's own sub-accounts. */
export const MOVEMENT_DIRECTION: Readonly<Record<MovementType, 'in' | 'out' | 'own'>> = {
  SPEI_OUT: 'out',
  SPEI_IN: 'in',
  DEPOSIT: 'in',
  WALLET_OUT: 'out',
  WALLET_IN: 'in',
  CARD_FUNDING: 'out',
  BUDGET_ADD: 'own',
  BUDGET_MINUS: 'own',
  SPEI_OUT_RETURN: 'in',
  LEDGER_IN: 'in',
  LEDGER_OUT: 'out',
};

/** The movements that travel over SPEI: they carry a tracking key (and a Banxico CEP) by nature; a wallet-to-wallet transfer, a budget move or an adjustment never do. */
export const SPEI_MOVEMENT_TYPES: ReadonlySet<MovementType> = new Set<MovementType>(['SPEI_OUT', 'SPEI_IN', 'SPEI_OUT_RETURN']);

/** Whether a movement's detail and receipt show «Clave de rastreo»: over SPEI (even before the key exists), or when one was given anyway. */
export const showsTrackingKey = (type: MovementType, trackingKey: string | null): boolean => trackingKey !== null || SPEI_MOVEMENT_TYPES.has(type);

/** The folio of a movement (its receipt's, and what identifies one without a tracking key): 'CP-20261123-1A2B3C4D', the operation day and the start of its id. */
export const movementFolio = (operationDate: string, id: string): string =>
  `CP-${operationDate.replaceAll('-', '')}-${id.replaceAll('-', '').slice(0, 8).toUpperCase()}`;

const Party = z.object({ Clabe: z.string().nullable(), BankCode: z.string().nullable(), BankName: z.string().nullable(), Name: z.string().nullable() });

/** A business movement: the §3 Pending transaction / Dispersion transaction fields and a few more. */
export const BusinessMovement = z.object({
  Id: z.string(),
  BusinessId: z.string(),
  IdClientBusiness: z.string(),
  MovementType: z.enum(MOVEMENT_TYPES),
  MovementName: z.string(),
  /** The transfer amount (SPEI in: the amount received, before commission). */
  MovementAmount: AmountOut,
  Commission: AmountOut,
  IVA: AmountOut,
  /** SPEI out: amount + commission + IVA (what is held, then debited). SPEI in / deposit: the net credited. */
  TotalAmount: AmountOut,
  /**
   * Signed: what this movement has done to the account's balance (the ledger's postings): −total
   * once a charge is posted, +net once a credit is, 0 while held, cancelled or returned before
   * settling, 0 for a move between the customer's own sub-accounts (a wallet's budgets) and for a
   * card's own SPEI out (the card's account pays it). Over a period the effects add up to
   * closing − opening balance.
   */
  BalanceEffect: AmountOut,
  /**
   * The movement's one date (decision 0037): when it moved the balance (its ledger posting, the
   * date of its statement line) once posted; its creation while not (StatusName says which).
   * The list's From/To and sort, its export, the dashboard and the reports use the same date.
   */
  MovementDate: z.string(),
  MovementUpdateDate: z.string(),
  MovementDateScheduled: z.string().nullable(),
  PaymentDay: z.string().nullable(),
  /** The business's available balance right after the call that answers this (null in lists). */
  RemainingBalance: AmountOut.nullable(),
  SourceAccount: Party,
  Beneficiary: Party,
  BeneficiaryAccountClabe: z.string().nullable(),
  BankCode: z.string().nullable(),
  BankName: z.string().nullable(),
  ClabeAccountId: z.string().nullable(),
  Alias: z.string().nullable(),
  Concept: z.string().nullable(),
  Reference: z.string().nullable(),
  TrackingKey: z.string().nullable(),
  /** The SPEI operation day (America/Mexico_City) of the tracking key. */
  OperationDate: z.string(),
  OrderOPMId: z.string().nullable(),
  DispersionId: z.string().nullable(),
  StatusBusinessMovement: z.number().int(),
  StatusName: z.string(),
  PreviousStatusBusinessMovement: z.number().int().nullable(),
  ChangedByUserEmail: z.string().nullable(),
  /** Why it was rejected or returned. */
  ErrorDetail: z.string().nullable(),
  ReturnTrackingKey: z.string().nullable(),
  SentAt: z.string().nullable(),
  SettledAt: z.string().nullable(),
  ReturnedAt: z.string().nullable(),
  /** Pending (0) and not yet sent, or awaiting authorisation (7): cancel and remove are allowed. */
  CanCancel: z.boolean(),
});
export type BusinessMovement = z.infer<typeof BusinessMovement>;
export const BusinessMovementPage = pageOf(BusinessMovement);

/** One ledger line of a movement: the account in words, and the amount on its debit or credit side. */
export const LedgerEntry = z.object({
  /** «Cuenta de la empresa», «Comisiones SPEI», «IVA por pagar», «Liquidación SPEI»… */
  Account: z.string(),
  Description: z.string(),
  /** Lowers the account's balance. */
  Debit: AmountOut.nullable(),
  /** Raises the account's balance. */
  Credit: AmountOut.nullable(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

/** GET business-movement/{id}: the movement and the lines of its ledger transaction(s) (none while it is only held). */
export const BusinessMovementDetail = BusinessMovement.extend({
  Entries: z.array(LedgerEntry).optional(),
  /** A SPEI out sent through STP: Banxico's CEP, when it exists, is the proof offered (issue 24 §6). */
  Cep: CepState.nullable().optional(),
});
export type BusinessMovementDetail = z.infer<typeof BusinessMovementDetail>;
