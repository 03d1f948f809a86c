/**
 * RFC, the SAT tax id. Persona moral: 3 letters + YYMMDD + 3-character homoclave (12). Persona
 * física: 4 letters + YYMMDD + homoclave (13). A wrong length, shape or date is an error; a wrong
 * check digit only a warning, because SAT has issued RFCs whose digit does not follow its algorithm.
 */
import { z } from 'zod';
import { isCalendarDate } from '../calendar';
import { checkedSchema } from '../validation/checked';

export type RfcKind = 'moral' | 'fisica';
export type RfcIssueKey = 'length' | 'format' | 'date' | 'checkDigit';

export interface RfcIssue {
  key: RfcIssueKey;
  message: string;
}

export interface RfcResult {
  ok: boolean;
  /** Trimmed and upper-cased. */
  rfc: string;
  kind: RfcKind | undefined;
  /** One of SAT's generic RFCs (general public, foreigners), accepted without a digit check. */
  generic: boolean;
  errors: RfcIssue[];
  warnings: RfcIssue[];
}

export const RFC_LENGTH: Readonly<Record<RfcKind, number>> = { moral: 12, fisica: 13 };

export const RFC_MESSAGES = {
  lengthMoral: 'El RFC debe tener 12 caracteres',
  lengthFisica: 'El RFC debe tener 13 caracteres',
  format: 'Formato de RFC no válido',
  date: 'La fecha del RFC no es válida',
  checkDigit: 'El dígito verificador del RFC no coincide',
} as const;

/** XAXX010101000: sales to the general public; XEXX010101000: foreign residents. */
export const GENERIC_RFCS = ['XAXX010101000', 'XEXX010101000'] as const;

const RFC_PATTERN: Readonly<Record<RfcKind, RegExp>> = {
  moral: /^[A-ZÑ&]{3}\d{6}[A-Z\d]{2}[A\d]$/,
  fisica: /^[A-ZÑ&]{4}\d{6}[A-Z\d]{2}[A\d]$/,
};

// SAT's table: digits 0-9, A-N 10-23, & 24, O-Z 25-36, space 37, Ñ 38.
const DICTIONARY = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';

/**
 * The check digit of an RFC without it (11 characters for moral, 12 for física). Moral RFCs are
 * padded with a leading space to 12; weights 13..2; 11 - (sum mod 11), where 11 → '0', 10 → 'A'.
 */
export function rfcCheckDigit(rfcWithoutDigit: string): string {
  const base = rfcWithoutDigit.toUpperCase().padStart(12, ' ');
  if (base.length !== 12) throw new RangeError('Se requieren los primeros 11 o 12 caracteres del RFC');
  let sum = 0;
  for (let i = 0; i < 12; i += 1) {
    const value = DICTIONARY.indexOf(base.charAt(i));
    if (value < 0) throw new RangeError(`Carácter no válido en el RFC: ${base.charAt(i)}`);
    sum += value * (13 - i);
  }
  const digit = 11 - (sum % 11);
  return digit === 11 ? '0' : digit === 10 ? 'A' : String(digit);
}

const issue = (key: RfcIssueKey, message: string): RfcIssue => ({ key, message });

function kindOf(rfc: string, expected: RfcKind | undefined): { kind?: RfcKind; error?: RfcIssue } {
  if (expected === 'moral' && rfc.length !== RFC_LENGTH.moral) return { error: issue('length', RFC_MESSAGES.lengthMoral) };
  if (expected === 'fisica' && rfc.length !== RFC_LENGTH.fisica) {
    return { error: issue('length', RFC_MESSAGES.lengthFisica) };
  }
  if (rfc.length === RFC_LENGTH.moral) return { kind: 'moral' };
  if (rfc.length === RFC_LENGTH.fisica) return { kind: 'fisica' };
  return { error: issue('format', RFC_MESSAGES.format) };
}

/** Validates an RFC; without `kind` the length decides which one it is. */
export function validateRfc(value: string, kind?: RfcKind): RfcResult {
  const rfc = value.trim().toUpperCase();
  const generic = (GENERIC_RFCS as readonly string[]).includes(rfc);
  const found = kindOf(rfc, kind);
  const result: RfcResult = { ok: false, rfc, kind: found.kind ?? kind, generic, errors: [], warnings: [] };
  if (found.error || !found.kind) {
    if (found.error) result.errors.push(found.error);
    return result;
  }
  if (!RFC_PATTERN[found.kind].test(rfc)) {
    result.errors.push(issue('format', RFC_MESSAGES.format));
    return result;
  }

  // YYMMDD without a century; leap years are the same in 19YY and 20YY except 1900, read as 2000.
  const date = rfc.slice(-9, -3);
  const [yy, mm, dd] = [date.slice(0, 2), date.slice(2, 4), date.slice(4, 6)].map(Number);
  if (!isCalendarDate(2000 + (yy ?? 0), mm ?? 0, dd ?? 0)) result.errors.push(issue('date', RFC_MESSAGES.date));

  if (!generic && rfcCheckDigit(rfc.slice(0, -1)) !== rfc.slice(-1)) {
    result.warnings.push(issue('checkDigit', RFC_MESSAGES.checkDigit));
  }
  result.ok = result.errors.length === 0;
  return result;
}

/** An RFC form field; outputs the normalised RFC. Check-digit warnings do not fail it. */
export function rfcSchema(kind?: RfcKind): z.ZodType<string, unknown> {
  return checkedSchema(z.string({ error: RFC_MESSAGES.format }).max(40, RFC_MESSAGES.format), (value) => {
    const result = validateRfc(value, kind);
    const [first] = result.errors;
    return first ?? { value: result.rfc };
  });
}
