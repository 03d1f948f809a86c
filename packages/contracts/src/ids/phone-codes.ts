/**
 * Dialling codes for the phone fields (spec §3/§9): Mexico +52 is the default and comes first;
 * the rest are the Americas and Spain, alphabetical by Spanish name.
 */
import { z } from 'zod';
import { checkedSchema } from '../validation/checked';

export interface PhoneCodeEntry {
  /** ISO 3166-1 alpha-2. */
  country: string;
  label: string;
  code: string;
}

export const DEFAULT_PHONE_CODE: PhoneCodeEntry = { country: 'MX', label: 'México', code: '+52' };

export const PHONE_CODES: ReadonlyArray<PhoneCodeEntry> = [
  DEFAULT_PHONE_CODE,
  { country: 'AR', label: 'Argentina', code: '+54' },
  { country: 'BZ', label: 'Belice', code: '+501' },
  { country: 'BO', label: 'Bolivia', code: '+591' },
  { country: 'BR', label: 'Brasil', code: '+55' },
  { country: 'CA', label: 'Canadá', code: '+1' },
  { country: 'CL', label: 'Chile', code: '+56' },
  { country: 'CO', label: 'Colombia', code: '+57' },
  { country: 'CR', label: 'Costa Rica', code: '+506' },
  { country: 'CU', label: 'Cuba', code: '+53' },
  { country: 'EC', label: 'Ecuador', code: '+593' },
  { country: 'SV', label: 'El Salvador', code: '+503' },
  { country: 'ES', label: 'España', code: '+34' },
  { country: 'US', label: 'Estados Unidos', code: '+1' },
  { country: 'GT', label: 'Guatemala', code: '+502' },
  { country: 'HN', label: 'Honduras', code: '+504' },
  { country: 'NI', label: 'Nicaragua', code: '+505' },
  { country: 'PA', label: 'Panamá', code: '+507' },
  { country: 'PY', label: 'Paraguay', code: '+595' },
  { country: 'PE', label: 'Perú', code: '+51' },
  { country: 'DO', label: 'República Dominicana', code: '+1' },
  { country: 'UY', label: 'Uruguay', code: '+598' },
  { country: 'VE', label: 'Venezuela', code: '+58' },
];

export function phoneCodeByCountry(country: string): PhoneCodeEntry | undefined {
  return PHONE_CODES.find((entry) => entry.country === country.toUpperCase());
}

export const MX_PHONE_DIGITS = 10;
export const MX_PHONE_MESSAGE = 'El teléfono debe tener 10 dígitos';

/** Drops the separators people type ('55 1234-5678', '(55) 1234 5678'); keeps anything else. */
export function normalizePhone(value: string): string {
  return value.replace(/[\s().-]/g, '');
}

/** A Mexican number: ten digits once separators are removed. */
export function isMxPhone(value: string): boolean {
  return /^\d{10}$/.test(normalizePhone(value));
}

/** A Mexican phone field; outputs the ten digits. */
export const mxPhoneSchema = checkedSchema(z.string({ error: MX_PHONE_MESSAGE }), (value) =>
  isMxPhone(value) ? { value: normalizePhone(value) } : { key: 'pattern', message: MX_PHONE_MESSAGE },
);
