/**
 * CURP, the population registry key (RENAPO): 4 letters, birth date YYMMDD, sex (H, M, or X since
 * 2022), state of birth, 3 internal consonants, a homoclave character (a digit for births before
 * 2000, a letter from 2000 on) and a check digit.
 */
import { z } from 'zod';
import { isCalendarDate } from '../calendar';
import { checkedSchema } from '../validation/checked';

export const CURP_LENGTH = 18;

/** RENAPO state codes; NE is "nacido en el extranjero". */
export const CURP_STATES = {
  AS: 'Aguascalientes',
  BC: 'Baja California',
  BS: 'Baja California Sur',
  CC: 'Campeche',
  CL: 'Coahuila',
  CM: 'Colima',
  CS: 'Chiapas',
  CH: 'Chihuahua',
  DF: 'Ciudad de México',
  DG: 'Durango',
  GT: 'Guanajuato',
  GR: 'Guerrero',
  HG: 'Hidalgo',
  JC: 'Jalisco',
  MC: 'Estado de México',
  MN: 'Michoacán',
  MS: 'Morelos',
  NT: 'Nayarit',
  NL: 'Nuevo León',
  OC: 'Oaxaca',
  PL: 'Puebla',
  QT: 'Querétaro',
  QR: 'Quintana Roo',
  SP: 'San Luis Potosí',
  SL: 'Sinaloa',
  SR: 'Sonora',
  TC: 'Tabasco',
  TS: 'Tamaulipas',
  TL: 'Tlaxcala',
  VZ: 'Veracruz',
  YN: 'Yucatán',
  ZS: 'Zacatecas',
  NE: 'Nacido en el extranjero',
} as const;
export type CurpStateCode = keyof typeof CURP_STATES;
export type CurpSex = 'H' | 'M' | 'X';

export type CurpErrorKey = 'length' | 'format' | 'date' | 'checkDigit';

export const CURP_MESSAGES: Readonly<Record<CurpErrorKey, string>> = {
  length: 'La CURP debe tener 18 caracteres',
  format: 'Formato de CURP no válido',
  date: 'La fecha de la CURP no es válida',
  checkDigit: 'El dígito verificador de la CURP no es válido',
};

export type CurpResult = { ok: true; curp: string; birthDate: string; sex: CurpSex; state: CurpStateCode } | { ok: false; key: CurpErrorKey; message: string };

const CURP_PATTERN = new RegExp(`^[A-Z][AEIOUX][A-Z]{2}\\d{6}[HMX](?:${Object.keys(CURP_STATES).join('|')})[B-DF-HJ-NP-TV-Z]{3}[A-Z\\d]\\d$`);

// RENAPO's table: digits 0-9, A-N 10-23, Ñ 24, O-Z 25-36.
const DICTIONARY = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';

/** Weights 18..2 over the first 17 characters; digit = (10 - sum mod 10) mod 10. */
export function curpCheckDigit(first17: string): string {
  const base = first17.toUpperCase();
  if (base.length !== CURP_LENGTH - 1) throw new RangeError('Se requieren los primeros 17 caracteres de la CURP');
  let sum = 0;
  for (let i = 0; i < base.length; i += 1) {
    const value = DICTIONARY.indexOf(base.charAt(i));
    if (value < 0) throw new RangeError(`Carácter no válido en la CURP: ${base.charAt(i)}`);
    sum += value * (18 - i);
  }
  return String((10 - (sum % 10)) % 10);
}

const fail = (key: CurpErrorKey): CurpResult => ({ ok: false, key, message: CURP_MESSAGES[key] });

export function validateCurp(value: string): CurpResult {
  const curp = value.trim().toUpperCase();
  if (curp.length !== CURP_LENGTH) return fail('length');
  if (!CURP_PATTERN.test(curp)) return fail('format');

  // The homoclave tells the century: a digit before 2000, a letter from 2000.
  const century = /\d/.test(curp.charAt(16)) ? 1900 : 2000;
  const year = century + Number(curp.slice(4, 6));
  const month = Number(curp.slice(6, 8));
  const day = Number(curp.slice(8, 10));
  if (!isCalendarDate(year, month, day)) return fail('date');

  if (curpCheckDigit(curp.slice(0, 17)) !== curp.charAt(17)) return fail('checkDigit');
  return {
    ok: true,
    curp,
    birthDate: `${year}-${curp.slice(6, 8)}-${curp.slice(8, 10)}`,
    sex: curp.charAt(10) as CurpSex,
    state: curp.slice(11, 13) as CurpStateCode,
  };
}

/** A CURP form field; outputs the normalised CURP, issues carry `params.key`. */
export const curpSchema = checkedSchema(z.string({ error: CURP_MESSAGES.format }), (value) => {
  const result = validateCurp(value);
  return result.ok ? { value: result.curp } : result;
});
