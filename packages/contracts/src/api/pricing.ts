/**
 * SPEI commissions and transaction limits (/api/v1/transaction/speiconfig/*, /limit/*). Amounts
 * travel as two-decimal strings; percentages as decimal text ('0.5' = 0.5 %), stored as basis
 * points. Field names are the specification's (§3 Global/Business SPEI config, Cardholder limit,
 * Value-and-commission preview).
 */
import { z } from 'zod';
import { AMOUNT_FIELD_MESSAGES, AmountField, AmountOut, parseApiAmount, percentToBasisPoints } from './money';
import { Uuid, unlessMissing } from './common';
import { optional } from './fields';

export const PERCENT_MESSAGE = 'Porcentaje no válido: escribe un número de 0 a 100 con máximo dos decimales';

/** A percentage ('1.5', 0.75, '16') → basis points (bigint). */
export const PercentField = z.union([z.string().max(32), z.number()], { error: PERCENT_MESSAGE }).transform((input, ctx): bigint => {
  try {
    return percentToBasisPoints(input);
  } catch {
    ctx.addIssue({ code: 'custom', message: PERCENT_MESSAGE, params: { key: 'percent' } });
    return z.NEVER;
  }
});

/** A commission: like AmountField, but zero is allowed ('0', '0.00'). Output: bigint cents. */
export const CommissionAmountField = z.union([z.string().max(32), z.number()], unlessMissing(AMOUNT_FIELD_MESSAGES.invalid)).transform((input, ctx): bigint => {
  const text = typeof input === 'number' ? String(input) : input.trim();
  if (/^0+(\.0{1,2})?$/.test(text)) return 0n;
  const result = parseApiAmount(input);
  if ('value' in result) return result.value;
  ctx.addIssue({ code: 'custom', message: result.message, params: { key: result.key } });
  return z.NEVER;
});

export const Percent = z.string().describe("Porcentaje en texto decimal: '0.5' es 0.5 %");

// ---- global and per-business SPEI configuration ---------------------------------------------

export const GlobalSpeiConfig = z.object({
  Id: z.string(),
  CommissionSpeiInGlobal: Percent,
  EnableSpeiOutGlobal: z.boolean(),
  CommissionSpeiOutTransaction: AmountOut,
  CommissionDepositCardholder: AmountOut,
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type GlobalSpeiConfig = z.infer<typeof GlobalSpeiConfig>;

export const GlobalSpeiConfigBody = z.object({
  CommissionSpeiInGlobal: PercentField,
  EnableSpeiOutGlobal: z.boolean({ message: 'Este campo es requerido' }),
  CommissionSpeiOutTransaction: CommissionAmountField,
  CommissionDepositCardholder: CommissionAmountField,
});

/** What applies to a business: its own values with UseCustomSpeiOutConfig, the global ones otherwise; SPEI out needs both switches on. */
export const EffectiveSpeiConfig = z.object({
  CommissionSpeiIn: Percent,
  EnableSpeiOut: z.boolean(),
  CommissionSpeiOut: AmountOut,
  CommissionDepositCardholder: AmountOut,
  Source: z.enum(['business', 'global']),
});

export const BusinessSpeiConfig = z.object({
  /** null while the business has no configuration of its own (the values shown are the global ones). */
  Id: z.string().nullable(),
  BusinessId: z.string(),
  CommissionSpeiIn: Percent,
  EnableSpeiOut: z.boolean(),
  UseCustomSpeiOutConfig: z.boolean(),
  CommissionSpeiOut: AmountOut,
  CommissionDepositCardholder: AmountOut,
  Effective: EffectiveSpeiConfig,
  CreatedAt: z.string().nullable(),
  UpdatedAt: z.string().nullable(),
});
export type BusinessSpeiConfig = z.infer<typeof BusinessSpeiConfig>;

/** Staff name the business; a business user reads their own (BusinessId optional). */
export const BusinessScopeBody = z.object({ BusinessId: optional(Uuid) });

/** The business's own commissions: applied only with UseCustomSpeiOutConfig (decision 0024). */
export const BUSINESS_COMMISSION_FIELDS = ['CommissionSpeiIn', 'CommissionSpeiOut', 'CommissionDepositCardholder'] as const;
export const BUSINESS_COMMISSION_NAMES: Readonly<Record<(typeof BUSINESS_COMMISSION_FIELDS)[number], string>> = {
  CommissionSpeiIn: 'comisión por SPEI recibido',
  CommissionSpeiOut: 'comisión por SPEI enviado',
  CommissionDepositCardholder: 'comisión por depósito a tarjetahabiente',
};

/**
 * With UseCustomSpeiOutConfig the three commissions are required and applied; without it the
 * global ones apply, so the commissions may be left out, and one that differs from the global
 * value is refused by the server (it would not be applied).
 */
export const BusinessSpeiConfigBody = z
  .object({
    BusinessId: Uuid,
    CommissionSpeiIn: optional(PercentField),
    EnableSpeiOut: z.boolean({ message: 'Este campo es requerido' }),
    UseCustomSpeiOutConfig: z.boolean({ message: 'Este campo es requerido' }),
    CommissionSpeiOut: optional(CommissionAmountField),
    CommissionDepositCardholder: optional(CommissionAmountField),
  })
  .superRefine((b, ctx) => {
    if (!b.UseCustomSpeiOutConfig) return;
    for (const field of BUSINESS_COMMISSION_FIELDS)
      if (b[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'Este campo es requerido' });
  });

export const ValuesAndCommissionsBody = z.object({
  Amount: AmountField,
  BusinessId: optional(Uuid),
});

/** The four commission fields of the §3 value-and-commission preview (a dispersion's preview answers them too). */
export const SpeiCommissions = z.object({
  CommissionSpeiInInPercentage: Percent,
  EnableSpeiOut: z.boolean(),
  CommissionSpeiOutInFixedValue: AmountOut,
  CommisionIvaPercentage: Percent,
});
export type SpeiCommissions = z.infer<typeof SpeiCommissions>;

export const ValuesAndCommissions = z.object({
  Commissions: SpeiCommissions,
  Values: z.object({
    Amount: AmountOut,
    Commission: AmountOut,
    IVA: AmountOut,
    TotalAmount: AmountOut,
    /** Available balance minus TotalAmount; negative when the balance does not cover the transfer. */
    RemainingBalance: AmountOut,
  }),
});
export type ValuesAndCommissions = z.infer<typeof ValuesAndCommissions>;

export const CardholderIdentifierField = z
  .string({ message: 'Este campo es requerido' })
  .trim()
  .min(1, 'Este campo es requerido')
  .max(64, 'Debe contener máximo 64 caracteres');

export const CardholderSpeiOutBody = z.object({
  CardholderIdentifier: CardholderIdentifierField,
  EnableSpeiOut: z.boolean({ message: 'Este campo es requerido' }),
});
export const CardholderSpeiOut = z.object({ CardholderIdentifier: z.string(), EnableSpeiOut: z.boolean(), UpdatedAt: z.string() });

// ---- transaction limits ---------------------------------------------------------------------------

export const LIMIT_SCOPE = { global: 0, specific: 1 } as const;
/** The card type of the cardholder limits the card network and a cardholder's SPEI out enforce. */
export const CARDHOLDER_LIMIT_CARD_TYPE = 'prepago';
export const LIMIT_CAP_MESSAGES = {
  perTransaction: (global: string) => `El límite por operación no puede superar el límite global de ${global}`,
  daily: (global: string) => `El límite diario no puede superar el límite global de ${global}`,
  monthly: (global: string) => `El límite mensual no puede superar el límite global de ${global}`,
  businessScope: 'Una empresa solo puede fijar límites de sus tarjetahabientes',
} as const;
const CardType = z.string().trim().min(1).max(30, 'Debe contener máximo 30 caracteres');

export const TransactionLimit = z.object({
  Id: z.string(),
  ScopeType: z.union([z.literal(0), z.literal(1)]),
  /** The business's client number (BUS…) for a business; the cardholder id for a cardholder; null for global. */
  CardholderIdentifier: z.string().nullable(),
  /** null: the business accounts' SPEI out; a card type for cards (later issues). */
  CardType: z.string().nullable(),
  /** null: no limit of that kind. */
  LimitPerTransaction: AmountOut.nullable(),
  DailyLimit: AmountOut.nullable(),
  MonthlyLimit: AmountOut.nullable(),
  IsEnabled: z.boolean(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type TransactionLimit = z.infer<typeof TransactionLimit>;

const LimitAmount = z.preprocess((v) => (v === '' ? null : v), AmountField.nullable().optional());

export const LimitUpsertBody = z
  .object({
    ScopeType: z.union([z.literal(0), z.literal(1)], { message: 'El alcance debe ser 0 (global) o 1 (específico)' }),
    CardholderIdentifier: optional(CardholderIdentifierField),
    /** Alternative to CardholderIdentifier for a business (ScopeType 1). */
    BusinessId: optional(Uuid),
    CardType: optional(CardType),
    LimitPerTransaction: LimitAmount,
    DailyLimit: LimitAmount,
    MonthlyLimit: LimitAmount,
    IsEnabled: z.boolean({ message: 'Este campo es requerido' }),
  })
  .superRefine((d, ctx) => {
    if (d.ScopeType === 1 && !d.CardholderIdentifier && !d.BusinessId)
      ctx.addIssue({ code: 'custom', path: ['CardholderIdentifier'], message: 'Indica el titular del límite' });
    if (d.ScopeType === 0 && (d.CardholderIdentifier || d.BusinessId))
      ctx.addIssue({ code: 'custom', path: ['CardholderIdentifier'], message: 'Un límite global no lleva titular' });
    const per = d.LimitPerTransaction ?? null;
    const day = d.DailyLimit ?? null;
    const month = d.MonthlyLimit ?? null;
    if (per !== null && day !== null && day < per)
      ctx.addIssue({ code: 'custom', path: ['DailyLimit'], message: 'El límite diario no puede ser menor que el límite por operación' });
    if (day !== null && month !== null && month < day)
      ctx.addIssue({ code: 'custom', path: ['MonthlyLimit'], message: 'El límite mensual no puede ser menor que el límite diario' });
    if (per !== null && month !== null && month < per)
      ctx.addIssue({ code: 'custom', path: ['MonthlyLimit'], message: 'El límite mensual no puede ser menor que el límite por operación' });
  });

export const LimitByCardholderBody = z.object({ CardholderIdentifier: CardholderIdentifierField, CardType: optional(CardType) });
export const LimitGlobalBody = z.object({ CardType: optional(CardType) });

export const EffectiveLimits = z.object({
  LimitPerTransaction: AmountOut.nullable(),
  DailyLimit: AmountOut.nullable(),
  MonthlyLimit: AmountOut.nullable(),
  /** Which row applies: the business's own (enabled), else the global (enabled), else none. */
  Source: z.enum(['specific', 'global', 'none']),
});

export const BusinessLimits = z.object({
  Specific: TransactionLimit.nullable(),
  Global: TransactionLimit.nullable(),
  Effective: EffectiveLimits,
  /** SPEI-out amounts already counted today and this month (America/Mexico_City). */
  Usage: z.object({ Today: AmountOut, Month: AmountOut }),
});
export type BusinessLimits = z.infer<typeof BusinessLimits>;

export const CardholderLimits = z.object({
  Specific: TransactionLimit.nullable(),
  Global: TransactionLimit.nullable(),
  /** What is enforced: the cardholder's own row capped field by field by the global one. */
  Effective: EffectiveLimits,
  /** The cardholder's SPEI-out switch (off until the business turns it on). */
  SpeiOutEnabled: z.boolean(),
});
export type CardholderLimits = z.infer<typeof CardholderLimits>;
