/**
 * Balances and movements (/movement), exports, the monthly account statement
 * (POST /api/internal/account-state) and the money dashboards.
 */
import { z } from 'zod';
import { AmountOut } from './money';
import { Uuid, sortQuery } from './common';
import { DateField, optional } from './fields';
import { BalanceOut, BusinessMovement, MOVEMENT_STATUS_MAX, MOVEMENT_TYPES } from './movements';

const MovementsFilters = z.object({
  BusinessId: optional(Uuid),
  /** Inclusive days, America/Mexico_City. */
  From: optional(DateField),
  To: optional(DateField),
  Type: optional(z.enum(MOVEMENT_TYPES, { message: 'Tipo de movimiento no válido' })),
  Status: optional(z.coerce.number().int().min(0).max(MOVEMENT_STATUS_MAX)),
  /** The search's matcher (decision 0034): words of the names, concept, reference and alias; tracking key or CLABE by its start; an exact amount. */
  Search: optional(z.string().trim().max(60)),
  Page: z.coerce.number().int().min(1).default(1),
  Size: z.coerce.number().int().min(1).max(100).default(10),
});
/** What the movements list sorts by. */
export const MOVEMENT_SORT_FIELDS = ['MovementDate', 'MovementType', 'MovementAmount', 'TotalAmount', 'StatusBusinessMovement'] as const;
export type MovementSortField = (typeof MOVEMENT_SORT_FIELDS)[number];
const dateOrder = { path: ['To'], message: 'La fecha final no puede ser anterior a la inicial' };
const ordered = (d: { From?: string; To?: string }) => !d.From || !d.To || d.From <= d.To;

export const MovementsBody = MovementsFilters.extend(sortQuery(MOVEMENT_SORT_FIELDS)).refine(ordered, dateOrder);
/** The same filters; every matching row (up to 50,000), not a page. */
export const MovementsExportBody = MovementsFilters.extend({ Format: z.enum(['csv', 'xlsx'], { message: 'Formato no válido: csv o xlsx' }) }).refine(
  ordered,
  dateOrder,
);

export const AccountStateBody = z.object({
  BusinessId: optional(Uuid),
  Year: z.coerce.number().int().min(2000, 'Año no válido').max(2100, 'Año no válido'),
  Month: z.coerce.number().int().min(1, 'Mes no válido').max(12, 'Mes no válido'),
  /** json (default): the data; pdf: the statement as application/pdf. */
  Format: z.enum(['json', 'pdf']).default('json'),
});

export const AccountStateLine = z.object({
  Date: z.string(),
  /** 'Transferencia SPEI enviada', 'Comisión', 'IVA de la comisión', … */
  Description: z.string(),
  MovementType: z.string(),
  /** amount, commission, iva */
  Leg: z.string().nullable(),
  /**
   * Money moved between the customer's own accounts (a wallet and its budgets): shown, but neither
   * a deposit nor a withdrawal, and the balance (the customer's total) does not change.
   */
  OwnTransfer: z.boolean(),
  TrackingKey: z.string().nullable(),
  Reference: z.string().nullable(),
  Concept: z.string().nullable(),
  /** Signed: negative is a charge. */
  Amount: AmountOut,
  Balance: AmountOut,
});

export const AccountState = z.object({
  Business: z.object({ Id: z.string(), Name: z.string(), Rfc: z.string(), AccountNumber: z.string(), ClientNumber: z.string() }),
  Period: z.object({ Year: z.number(), Month: z.number(), From: z.string(), To: z.string(), Label: z.string() }),
  OpeningBalance: AmountOut,
  Deposits: AmountOut,
  Withdrawals: AmountOut,
  Commissions: AmountOut,
  IVA: AmountOut,
  ClosingBalance: AmountOut,
  Movements: z.array(AccountStateLine),
  GeneratedAt: z.string(),
});
export type AccountState = z.infer<typeof AccountState>;

export const DashboardBusinessQuery = z.object({ BusinessId: optional(Uuid) });

export const DayFlow = z.object({ Date: z.string(), In: AmountOut, Out: AmountOut });

export const BusinessDashboard = z.object({
  Balance: BalanceOut,
  LastMovements: z.array(BusinessMovement),
  /** The last 30 days (America/Mexico_City), oldest first: money credited and debited on the ledger. */
  Series: z.array(DayFlow),
  PendingOrders: z.object({ Count: z.number().int(), Amount: AmountOut }),
});

export const AdminDashboard = z.object({
  /** All customer money the provider holds (minus the sum of its own books). */
  TotalBalancesHeld: AmountOut,
  /** Business money held for transfers not yet settled. */
  TotalInTransit: AmountOut,
  SpeiToday: z.object({
    Out: z.object({ Count: z.number().int(), Amount: AmountOut }),
    In: z.object({ Count: z.number().int(), Amount: AmountOut }),
  }),
  PendingOrders: z.object({ Count: z.number().int(), Amount: AmountOut }),
  Books: z.object({ CommissionIncome: AmountOut, IvaPayable: AmountOut, SpeiClearing: AmountOut, SettlementInTransit: AmountOut }),
});
