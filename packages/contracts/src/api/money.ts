/**
 * Amounts on the API and the commission arithmetic (spec §3 values-and-commissions). Everything
 * is integer cents (bigint) and basis points; no float ever takes part in a money calculation.
 */
import { z } from 'zod';
import { centsToDecimalString } from '../money';
import { unlessMissing } from './common';
import type { Checked } from '../validation/checked';

/** MXN 999,999,999.99, the largest amount a single call may carry. */
export const AMOUNT_MAX_CENTS = 99_999_999_999n;

export const AMOUNT_FIELD_MESSAGES = {
  invalid: 'Monto no válido',
  positive: 'El monto debe ser mayor a cero',
  decimals: 'El monto admite como máximo dos decimales',
  max: 'El monto máximo es $999,999,999.99',
} as const;
export type AmountFieldKey = keyof typeof AMOUNT_FIELD_MESSAGES;

const fail = (key: AmountFieldKey): Checked<bigint> => ({ key, message: AMOUNT_FIELD_MESSAGES[key] });

// Plain decimal: optional minus, digits, optional point and digits. No thousands separators, no
// exponent, no leading '+' or '.': what a program sends, not what a person types (the form field
// of money.ts accepts '1,234.50' and turns it into this).
const API_AMOUNT = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * An API amount → cents. Strings are the exact form ('1234.50'). JSON numbers are accepted too,
 * because the specification's clients send them: a number is read through its shortest decimal
 * representation (String(n)), which is exactly what was written in the JSON for any amount with
 * at most two decimals below 2^53; anything that prints with an exponent (1e21, 5e-7) or with
 * float noise (0.30000000000000004 → too many decimals) is refused, never rounded.
 */
export function parseApiAmount(input: unknown): Checked<bigint> {
  let text: string;
  if (typeof input === 'string') text = input.trim();
  else if (typeof input === 'number' && Number.isFinite(input)) text = String(input);
  else return fail('invalid');
  if (text.length > 40) return fail('invalid');
  const m = API_AMOUNT.exec(text);
  if (!m) return fail('invalid');
  const [, sign = '', whole = '0', fraction = ''] = m;
  const cents = BigInt(whole) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  const hasValue = cents !== 0n || /[1-9]/.test(fraction);
  if (sign === '-' && hasValue) return fail('positive');
  if (fraction.length > 2) return fail('decimals');
  if (cents === 0n) return fail('positive');
  if (cents > AMOUNT_MAX_CENTS) return fail('max');
  return { value: cents };
}

/**
 * A request amount: a decimal with at most two places, greater than zero, at most
 * 999,999,999.99; a JSON string or number. Parses to bigint cents.
 */
export const AmountField = z
  .union([z.string().max(32, AMOUNT_FIELD_MESSAGES.invalid), z.number()], unlessMissing(AMOUNT_FIELD_MESSAGES.invalid))
  .transform((input, ctx): bigint => {
    const result = parseApiAmount(input);
    if ('value' in result) return result.value;
    ctx.addIssue({ code: 'custom', message: result.message, params: { key: result.key } });
    return z.NEVER;
  });

/** An answer amount: always a string with two decimals ('1234.50'), made from cents. */
export const AmountOut = z.string().regex(/^-?\d+\.\d{2}$/);
export const amountOut = (cents: bigint): string => centsToDecimalString(cents);

// ---------------------------------------------------------------------------------------------
// Commissions
// ---------------------------------------------------------------------------------------------

/** IVA: 16 % = 1600 basis points. */
export const IVA_BASIS_POINTS = 1600n;

function nonNegative(name: string, value: bigint): void {
  if (typeof value !== 'bigint' || value < 0n) throw new RangeError(`${name} debe ser un bigint no negativo: ${String(value)}`);
}

/** amount × bp / 10 000, rounded half up to the cent (integer arithmetic). */
export function basisPointsOf(amountCents: bigint, basisPoints: bigint): bigint {
  nonNegative('amountCents', amountCents);
  nonNegative('basisPoints', basisPoints);
  return (amountCents * basisPoints + 5_000n) / 10_000n;
}

/** The IVA of one commission: 16 %, rounded half up to the cent ((c × 16 + 50) / 100). */
export function ivaOf(commissionCents: bigint, ivaBasisPoints: bigint = IVA_BASIS_POINTS): bigint {
  return basisPointsOf(commissionCents, ivaBasisPoints);
}

/**
 * A percentage as people write it ('1.5', 0.75, '16') → basis points (150n, 75n, 1600n). At most
 * two decimals and between 0 and 100; parsed from the decimal text, never multiplied as a float.
 */
export function percentToBasisPoints(percent: string | number): bigint {
  const text = typeof percent === 'number' ? (Number.isFinite(percent) ? String(percent) : '') : percent.trim();
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new RangeError(`Porcentaje no válido: ${String(percent)}`);
  const bp = BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
  if (bp > 10_000n) throw new RangeError(`Porcentaje no válido: ${String(percent)}`);
  return bp;
}

/** Basis points → '1.5' (for answers and screens). */
export function basisPointsToPercent(bp: bigint): string {
  nonNegative('basisPoints', bp);
  const whole = (bp / 100n).toString();
  const frac = (bp % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}

export interface Charges {
  amountCents: bigint;
  commissionCents: bigint;
  ivaCents: bigint;
  /** SPEI out: amount + commission + IVA, what is held and then debited. */
  totalCents: bigint;
}

/** SPEI out with a fixed commission: the business pays amount + commission + IVA of the commission. */
export function speiOutCharges(amountCents: bigint, fixedCommissionCents: bigint): Charges {
  nonNegative('amountCents', amountCents);
  nonNegative('fixedCommissionCents', fixedCommissionCents);
  const ivaCents = ivaOf(fixedCommissionCents);
  return { amountCents, commissionCents: fixedCommissionCents, ivaCents, totalCents: amountCents + fixedCommissionCents + ivaCents };
}

/** SPEI in with a percentage commission: the business receives amount - commission - IVA (totalCents = that net). */
export function speiInCharges(amountCents: bigint, commissionBasisPoints: bigint): Charges {
  const commissionCents = basisPointsOf(amountCents, commissionBasisPoints);
  const ivaCents = ivaOf(commissionCents);
  return { amountCents, commissionCents, ivaCents, totalCents: amountCents - commissionCents - ivaCents };
}
