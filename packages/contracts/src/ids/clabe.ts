/**
 * CLABE, the 18-digit interbank account number: bank (3) + plaza (3) + account (11) + check digit.
 * The check digit is Banxico's: weights 3, 7, 1 repeated, each product mod 10, sum mod 10,
 * check = (10 - sum) mod 10.
 */
import { z } from 'zod';
import { bankByClabePrefix } from '../catalogs';
import { checkedSchema } from '../validation/checked';

export const CLABE_LENGTH = 18;
const WEIGHTS = [3, 7, 1] as const;

export type ClabeErrorKey = 'length' | 'checkDigit' | 'bank';

export const CLABE_MESSAGES: Readonly<Record<ClabeErrorKey, string>> = {
  length: 'La CLABE debe tener 18 dígitos',
  checkDigit: 'El dígito verificador de la CLABE no es válido',
  bank: 'La CLABE no corresponde a un banco conocido',
};

export type ClabeResult = { ok: true; clabe: string; bankCode: string; bankName: string } | { ok: false; key: ClabeErrorKey; message: string };

const digitsOnly = (value: string, length: number): boolean => new RegExp(`^\\d{${length}}$`).test(value);

/** The check digit of the first 17 digits. */
export function clabeCheckDigit(first17: string): string {
  if (!digitsOnly(first17, CLABE_LENGTH - 1)) throw new RangeError('Se requieren los primeros 17 dígitos de la CLABE');
  let sum = 0;
  for (let i = 0; i < first17.length; i += 1) {
    sum += (Number(first17[i]) * (WEIGHTS[i % 3] ?? 1)) % 10;
  }
  return String((10 - (sum % 10)) % 10);
}

/** Assembles a CLABE from its parts and appends the check digit. */
export function buildClabe(bankCode3: string, plaza3: string, account11: string): string {
  if (!digitsOnly(bankCode3, 3) || !digitsOnly(plaza3, 3) || !digitsOnly(account11, 11)) {
    throw new RangeError('Banco y plaza llevan 3 dígitos y la cuenta 11');
  }
  const first17 = bankCode3 + plaza3 + account11;
  return first17 + clabeCheckDigit(first17);
}

const fail = (key: ClabeErrorKey): ClabeResult => ({ ok: false, key, message: CLABE_MESSAGES[key] });

/** Checks length, then the check digit (catches typos), then that the bank is a SPEI participant. */
export function validateClabe(value: string): ClabeResult {
  const clabe = value.trim();
  if (!digitsOnly(clabe, CLABE_LENGTH)) return fail('length');
  if (clabeCheckDigit(clabe.slice(0, 17)) !== clabe.slice(17)) return fail('checkDigit');
  const bank = bankByClabePrefix(clabe);
  if (!bank) return fail('bank');
  return { ok: true, clabe, bankCode: bank.code, bankName: bank.name };
}

/** A CLABE form field; outputs the trimmed CLABE, issues carry `params.key`. */
export const clabeSchema = checkedSchema(z.string({ error: CLABE_MESSAGES.length }).max(40, CLABE_MESSAGES.length), (value) => {
  const result = validateClabe(value);
  return result.ok ? { value: result.clabe } : result;
});
