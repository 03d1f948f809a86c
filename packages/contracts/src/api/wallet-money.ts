/**
 * The wallet as an e-money account (issue 11, docs/decisions/0015-wallet.md): its CLABE and
 * balance, SPEI out and wallet-to-wallet transfers, the user's own daily limit, budgets (spec §3
 * budget and budget-movement), movements and the monthly statement.
 */
import { z } from 'zod';
import { Uuid } from './common';
import { DateField, RequiredText, optional } from './fields';
import { AmountField, AmountOut } from './money';
import { CommissionAmountField, Percent, PercentField } from './pricing';
import { PinField } from './session';
import { BusinessMovement, MOVEMENT_STATUS_MAX, MOVEMENT_TYPES } from './movements';
import { BeneficiaryNameField, ClabeField, ConceptField, NumericReferenceField, SecurityCodeField } from './spei';

export const WALLET_MESSAGES = {
  confirmation: 'Ingresa el código de seguridad o tu NIP',
  self: 'No puedes enviarte dinero a ti mismo',
  unknown: 'No encontramos un usuario Wallet con esos datos',
  blocked: 'La cuenta Wallet destino no puede recibir dinero',
  ownLimit: (limit: string) => `Excede tu límite diario de transferencias de ${limit}`,
  budgetOver: 'El monto excede lo que tiene el presupuesto',
  budgetInactive: 'El presupuesto está inactivo',
  notAlly: 'La CLABE es de un usuario Wallet que no es aliado estratégico de la empresa',
  pinNotSet: 'Primero configura tu NIP en tu perfil',
} as const;

/** How the user confirms money leaving their wallet (chosen in /profile). */
export const CONFIRM_WITH = ['code', 'pin'] as const;
export const CONFIRM_WITH_NAMES: Readonly<Record<(typeof CONFIRM_WITH)[number], string>> = { code: 'Código de seguridad', pin: 'NIP' };

const Confirmation = {
  /** Six-digit code of operation 'spei-out' / 'wallet-transfer' (when the user confirms with codes). */
  SecurityCode: optional(SecurityCodeField),
  /** The wallet PIN (when the user confirms with the PIN). */
  Pin: optional(PinField),
};
const oneConfirmation = (d: { SecurityCode?: string; Pin?: string }, ctx: z.RefinementCtx) => {
  if (!d.SecurityCode && !d.Pin) ctx.addIssue({ code: 'custom', path: ['SecurityCode'], message: WALLET_MESSAGES.confirmation });
};

export const WalletUserBody = z.object({ UserId: optional(Uuid) });

export const WalletLimitOut = z.object({
  /** The daily limit in force now. */
  DailyLimit: AmountOut,
  /** True while the user has not set their own (1,500 UDIS at today's value). */
  IsDefault: z.boolean(),
  DefaultLimit: AmountOut,
  UsedToday: AmountOut,
  RemainingToday: AmountOut,
  /** A raise waiting for its period, and when it takes effect. */
  PendingLimit: AmountOut.nullable(),
  PendingFrom: z.string().nullable(),
});

export const WalletBalance = z.object({
  /** Posted balance of the available account (budgets apart). */
  Balance: AmountOut,
  /** Held by transfers not yet settled. */
  TransitBalance: AmountOut,
  AvailableBalance: AmountOut,
  /** What the active budgets hold. */
  Budgeted: AmountOut,
  /** Balance + Budgeted. */
  Total: AmountOut,
});

export const Budget = z.object({
  v_uid: z.string(),
  v_name: z.string(),
  n_goal_amount: AmountOut,
  /** The balance of the budget's ledger sub-account. */
  n_current_amount: AmountOut,
  i_active: z.boolean(),
  d_target_date: z.string().nullable(),
  /** 0 to 100, whole percent (floored). */
  Progress: z.number().int(),
  GoalMet: z.boolean(),
  d_create_at: z.string(),
  d_update_at: z.string(),
});
export type Budget = z.infer<typeof Budget>;

export const WalletSummary = z.object({
  UserId: z.string(),
  ClientNumber: z.string(),
  Name: z.string(),
  Email: z.string(),
  Clabe: z.string(),
  ConfirmWith: z.enum(CONFIRM_WITH),
  HasPin: z.boolean(),
  Balance: WalletBalance,
  Limit: WalletLimitOut,
  Budgets: z.array(Budget),
  LastMovements: z.array(BusinessMovement),
});

export const WalletDepositBody = z.object({ UserId: Uuid, Amount: AmountField, Concept: optional(ConceptField), SenderName: optional(BeneficiaryNameField) });

/** Sandbox: an incoming SPEI to a wallet CLABE (staff). */
export const WalletSandboxIncomingBody = z.object({ Clabe: ClabeField, Amount: AmountField, SenderName: BeneficiaryNameField, Concept: ConceptField });

/** A wallet's own list of CLABE accounts it sends to. */
export const WalletSavedAccount = z.object({
  Id: z.string(),
  Alias: z.string(),
  HolderName: z.string(),
  Clabe: z.string(),
  BankCode: z.string(),
  BankName: z.string(),
  CreatedAt: z.string(),
});
export const WalletSavedAccountBody = z.object({ UserId: optional(Uuid), Alias: RequiredText(40), HolderName: BeneficiaryNameField, Clabe: ClabeField });

export const WalletPreviewBody = z.object({
  Kind: z.enum(['SPEI', 'WALLET'], { message: 'Tipo de envío no válido' }),
  Amount: AmountField,
  /** WALLET: e-mail, phone (10 digits) or CLABE of the receiver. */
  Recipient: optional(z.string().trim().max(80)),
});
export const WalletPreview = z.object({
  Amount: AmountOut,
  Commission: AmountOut,
  IVA: AmountOut,
  Total: AmountOut,
  RemainingBalance: AmountOut,
  RemainingLimit: AmountOut,
  /** WALLET: who receives it (name, masked CLABE). */
  Recipient: z.object({ Name: z.string(), Clabe: z.string() }).nullable(),
});
export type WalletPreview = z.infer<typeof WalletPreview>;

export const WalletSpeiOutBody = z
  .object({
    SavedAccountId: optional(Uuid),
    Clabe: optional(ClabeField),
    BeneficiaryName: optional(BeneficiaryNameField),
    Amount: AmountField,
    Concept: ConceptField,
    Reference: NumericReferenceField,
    ...Confirmation,
  })
  .superRefine((d, ctx) => {
    if (!d.SavedAccountId === !d.Clabe) ctx.addIssue({ code: 'custom', path: ['Clabe'], message: 'Elige una cuenta registrada o escribe una CLABE' });
    if (d.Clabe && !d.BeneficiaryName) ctx.addIssue({ code: 'custom', path: ['BeneficiaryName'], message: 'Este campo es requerido' });
    oneConfirmation(d, ctx);
  });

export const WalletTransferBody = z
  .object({
    /** E-mail, 10-digit phone or CLABE of another wallet user. */
    Recipient: RequiredText(80),
    Amount: AmountField,
    Concept: optional(ConceptField),
    ...Confirmation,
  })
  .superRefine(oneConfirmation);

export const WalletLimitBody = z.object({ DailyLimit: AmountField });
export const WalletPreferencesBody = z.object({ ConfirmWith: z.enum(CONFIRM_WITH, { message: 'Opción no válida' }) });

/** Staff-maintained wallet settings: UDI value, waiting period, commissions. */
export const WalletConfig = z.object({
  /** Pesos per UDI, six decimals ('8.512345'). */
  UdiValue: z.string(),
  DefaultLimitUdis: z.number().int(),
  DefaultLimit: AmountOut,
  LimitRaiseWaitHours: z.number().int(),
  CommissionSpeiIn: Percent,
  EnableSpeiOut: z.boolean(),
  CommissionSpeiOut: AmountOut,
  CommissionWalletTransfer: AmountOut,
  UpdatedAt: z.string(),
});
const UdiValueField = z
  .union([z.string().max(20), z.number()], { message: 'Valor de la UDI no válido' })
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .pipe(
    z
      .string()
      .regex(/^\d{1,3}(\.\d{1,6})?$/, 'El valor de la UDI admite máximo seis decimales')
      .refine((v) => Number(v) > 0, 'El valor de la UDI debe ser mayor a cero'),
  );
export const WalletConfigBody = z.object({
  UdiValue: UdiValueField,
  LimitRaiseWaitHours: z.coerce
    .number({ message: 'Número no válido' })
    .int('Debe ser un número entero')
    .min(0, 'No puede ser negativo')
    .max(720, 'Máximo 720 horas'),
  CommissionSpeiIn: PercentField,
  EnableSpeiOut: z.boolean(),
  CommissionSpeiOut: CommissionAmountField,
  CommissionWalletTransfer: CommissionAmountField,
});

/** UDI text ('8.512345') → millionths of a peso (8512345n), parsed from the digits. */
export function udiToMicros(text: string): bigint {
  const [whole = '0', frac = ''] = text.split('.');
  return BigInt(whole) * 1_000_000n + BigInt(frac.padEnd(6, '0'));
}
export const microsToUdi = (m: bigint) => `${m / 1_000_000n}.${(m % 1_000_000n).toString().padStart(6, '0')}`;
/** UDIS × value in cents, rounded half up: udis × micros / 10 000. */
export const udisToCents = (udis: bigint, micros: bigint) => (udis * micros + 5_000n) / 10_000n;

// ---- budgets (spec §3) ------------------------------------------------------------------------------

export const BudgetListQuery = z.object({ UserId: optional(Uuid) });
export const BudgetCreateBody = z.object({ v_name: RequiredText(60), n_goal_amount: AmountField, d_target_date: optional(DateField) });
export const BudgetUpdateBody = z.object({
  v_name: RequiredText(60).optional(),
  n_goal_amount: AmountField.optional(),
  d_target_date: z.preprocess((v) => (v === '' ? null : v), DateField.nullable().optional()),
  /** false returns the budget's money to the available balance (same transaction). */
  i_active: z.boolean().optional(),
});
export const BudgetMovementBody = z.object({ v_type: z.enum(['add', 'minus'], { message: 'Tipo no válido: add o minus' }), n_amount: AmountField });
export const BudgetMovementOut = z.object({
  v_uid: z.string(),
  v_uid_budget: z.string(),
  v_type: z.enum(['add', 'minus']),
  n_amount: AmountOut,
  d_create_at: z.string(),
  Budget,
  AvailableBalance: AmountOut,
});

// ---- movements -----------------------------------------------------------------------------------------

const WalletMovementFilters = z.object({
  UserId: optional(Uuid),
  From: optional(DateField),
  To: optional(DateField),
  Type: optional(z.enum(MOVEMENT_TYPES, { message: 'Tipo de movimiento no válido' })),
  Status: optional(z.coerce.number().int().min(0).max(MOVEMENT_STATUS_MAX)),
  Search: optional(z.string().trim().max(60)),
  Page: z.coerce.number().int().min(1).default(1),
  Size: z.coerce.number().int().min(1).max(100).default(10),
});
const ordered = (d: { From?: string; To?: string }) => !d.From || !d.To || d.From <= d.To;
const dateOrder = { path: ['To'], message: 'La fecha final no puede ser anterior a la inicial' };
export const WalletMovementsBody = WalletMovementFilters.refine(ordered, dateOrder);
export const WalletMovementsExportBody = WalletMovementFilters.extend({ Format: z.enum(['csv', 'xlsx'], { message: 'Formato no válido: csv o xlsx' }) }).refine(
  ordered,
  dateOrder,
);
export const WalletStatementBody = z.object({
  UserId: optional(Uuid),
  Year: z.coerce.number().int().min(2000, 'Año no válido').max(2100, 'Año no válido'),
  Month: z.coerce.number().int().min(1, 'Mes no válido').max(12, 'Mes no válido'),
  Format: z.enum(['json', 'pdf']).default('json'),
});
