/**
 * Money is carried as integer cents (bigint). Nothing here multiplies or divides a float: amounts
 * typed by people are parsed as decimal strings, and cents are printed with bigint division.
 */
import { z } from 'zod';
import { checkedSchema } from './validation/checked';

export type CentsInput = bigint | number | string;

export type AmountErrorKey = 'invalid' | 'negative' | 'decimals';

export const AMOUNT_MESSAGES: Readonly<Record<AmountErrorKey, string>> = {
  invalid: 'El monto no es un número válido',
  negative: 'El monto no puede ser negativo',
  decimals: 'El monto no puede tener más de dos decimales',
};

export type AmountResult = { ok: true; cents: bigint } | { ok: false; key: AmountErrorKey; message: string };

/** Thrown by the throwing variants; `key` says which rule failed. */
export class AmountError extends Error {
  readonly key: AmountErrorKey;

  constructor(key: AmountErrorKey) {
    super(AMOUNT_MESSAGES[key]);
    this.name = 'AmountError';
    this.key = key;
  }
}

const fail = (key: AmountErrorKey): AmountResult => ({ ok: false, key, message: AMOUNT_MESSAGES[key] });

// Integer part either plain digits or correctly grouped with commas (es-MX), then any decimals;
// the decimals are captured whole so that "1.234" is reported as too many decimals, not as invalid.
const AMOUNT_PATTERN = /^(-?)(\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d+))?$/;

/** Parses a human amount ("1,234.5", "1234.50", 12.5) into cents without float arithmetic. */
export function tryParseAmountToCents(input: string | number): AmountResult {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return fail('invalid');
    // Beyond 2^53 a number no longer says exactly which amount was meant.
    if (Math.abs(input) > Number.MAX_SAFE_INTEGER) return fail('invalid');
    // The shortest round-trip form: 0.1 + 0.2 shows up as 0.30000000000000004 and is refused.
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return fail('invalid');
  }

  const match = AMOUNT_PATTERN.exec(text);
  if (!match) return fail('invalid');
  const [, sign = '', whole = '0', fraction = ''] = match;
  if (sign === '-') return fail('negative');
  if (fraction.length > 2) return fail('decimals');
  return { ok: true, cents: BigInt(whole.replaceAll(',', '')) * 100n + BigInt(fraction.padEnd(2, '0')) };
}

export function parseAmountToCents(input: string | number): bigint {
  const result = tryParseAmountToCents(input);
  if (!result.ok) throw new AmountError(result.key);
  return result.cents;
}

/** Normalises an integer-cents value; throws on fractions, unsafe numbers or non-integer strings. */
export function toCents(value: CentsInput): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError(`Los centavos deben ser un entero: ${value}`);
    return BigInt(value);
  }
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return BigInt(value.trim());
  throw new RangeError(`Los centavos deben ser un entero: ${String(value)}`);
}

/** Splits cents into sign, whole units and the two-digit fraction, all as strings. */
export function splitCents(value: CentsInput): { negative: boolean; units: string; fraction: string } {
  const cents = toCents(value);
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return { negative, units: (abs / 100n).toString(), fraction: (abs % 100n).toString().padStart(2, '0') };
}

/** 123450n → '1234.50'; the form servers and CSV files use. */
export function centsToDecimalString(value: CentsInput): string {
  const { negative, units, fraction } = splitCents(value);
  return `${negative ? '-' : ''}${units}.${fraction}`;
}

/** A form field holding an amount; outputs integer cents, issues carry `params.key`. */
export const amountSchema = checkedSchema(z.union([z.string(), z.number()], { error: AMOUNT_MESSAGES.invalid }), (input) => {
  const result = tryParseAmountToCents(input);
  return result.ok ? { value: result.cents } : result;
});
