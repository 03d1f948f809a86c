/**
 * STP's signatures (docs/decisions/0026-stp-rail.md): `firma` is base64 of an RSA-SHA256
 * (PKCS#1 v1.5) signature over the *cadena original*: `||`, the fields in STP's documented order
 * joined by `|`, then `||`; an absent field stays empty and amounts carry two decimals.
 */
import { createSign, createVerify, type KeyObject } from 'node:crypto';
import { bankByClabePrefix } from '@far/contracts';

/** registraOrden's fields, in the order of the cadena original. */
export const ORDER_FIELDS = [
  'institucionContraparte',
  'empresa',
  'fechaOperacion',
  'folioOrigen',
  'claveRastreo',
  'institucionOperante',
  'monto',
  'tipoPago',
  'tipoCuentaOrdenante',
  'nombreOrdenante',
  'cuentaOrdenante',
  'rfcCurpOrdenante',
  'tipoCuentaBeneficiario',
  'nombreBeneficiario',
  'cuentaBeneficiario',
  'rfcCurpBeneficiario',
  'emailBeneficiario',
  'tipoCuentaBeneficiario2',
  'nombreBeneficiario2',
  'cuentaBeneficiario2',
  'rfcCurpBeneficiario2',
  'conceptoPago',
  'conceptoPago2',
  'claveCatUsuario1',
  'claveCatUsuario2',
  'clavePago',
  'referenciaCobranza',
  'referenciaNumerica',
  'tipoOperacion',
  'topologia',
  'usuario',
  'medioEntrega',
  'prioridad',
  'iva',
] as const;

/** An account registration's cadena: empresa, cuenta, RFC or CURP. */
export const ACCOUNT_FIELDS = ['empresa', 'cuenta', 'rfcCurp'] as const;

export type StpFields = Partial<Record<string, string | number | null>>;

export const cadenaOriginal = (fields: readonly string[], values: StpFields): string => `||${fields.map((f) => (values[f] ?? '').toString()).join('|')}||`;

export const sign = (key: KeyObject, cadena: string): string => createSign('RSA-SHA256').update(cadena, 'utf8').sign(key, 'base64');

/** What STP does with a firma: true when it is the signature of `cadena` under the public key. */
export const verifySignature = (key: KeyObject, cadena: string, firma: string): boolean =>
  createVerify('RSA-SHA256').update(cadena, 'utf8').verify(key, firma, 'base64');

/** STP's participant number. */
export const STP_INSTITUTION = '90646';

/** STP's limits: names and concepts 39 characters, tracking key 29, numeric reference 7 digits. */
const LIMITS = { nombre: 39, concepto: 39, claveRastreo: 29 } as const;

/** STP takes plain ASCII: accents are dropped (Ñ → N), anything else outside printable ASCII becomes a space. */
export function stpText(text: string, max: number): string {
  const ascii = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return ascii.slice(0, max).trim();
}

/** Two decimals from cents, without floating point. */
export const montoText = (cents: bigint): string => `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;

/** tipoCuentaBeneficiario: 40 a CLABE (18 digits), 3 a card (15 or 16), 10 a phone (10). */
export function accountType(cuenta: string): number {
  if (cuenta.length === 18) return 40;
  if (cuenta.length === 15 || cuenta.length === 16) return 3;
  if (cuenta.length === 10) return 10;
  throw new Error(`Cuenta beneficiaria de ${cuenta.length} dígitos: no es CLABE, tarjeta ni teléfono`);
}

/** referenciaNumerica: the order's reference when it is a number of up to 7 digits (and not 0), else the tracking key's last 7 digits. */
export function numericReference(reference: string, trackingKey: string): number {
  const own = /^\d{1,7}$/.test(reference.trim()) ? Number(reference.trim()) : 0;
  if (own > 0) return own;
  const digits = trackingKey.replace(/\D/g, '').slice(-7);
  return Number(digits) > 0 ? Number(digits) : 1;
}

/** institucionContraparte: the participant's five-digit key from the catalogue. */
export function counterpartInstitution(bankCode: string): string {
  const bank = bankByClabePrefix(bankCode);
  if (!bank) throw new Error(`Banco ${bankCode} fuera del catálogo de participantes SPEI`);
  return bank.speiKey.padStart(5, '0');
}

/** What an order needs to become STP's fields (spei's RailOrder has them; kept apart so the fake STP imports no server code). */
export interface StpOrderInput {
  trackingKey: string;
  amountCents: bigint;
  beneficiaryClabe: string;
  beneficiaryBankCode: string;
  beneficiaryName: string;
  senderName: string;
  concept: string;
  reference: string;
}

/** The order's fields as STP receives them (without empresa and firma, added at each send). */
export function orderFields(order: StpOrderInput, cuentaOrdenante: string): Record<string, string | number> {
  return {
    institucionContraparte: counterpartInstitution(order.beneficiaryBankCode),
    claveRastreo: order.trackingKey.slice(0, LIMITS.claveRastreo),
    institucionOperante: STP_INSTITUTION,
    monto: montoText(order.amountCents),
    tipoPago: 1,
    tipoCuentaOrdenante: 40,
    nombreOrdenante: stpText(order.senderName, LIMITS.nombre),
    cuentaOrdenante,
    tipoCuentaBeneficiario: accountType(order.beneficiaryClabe),
    nombreBeneficiario: stpText(order.beneficiaryName, LIMITS.nombre),
    cuentaBeneficiario: order.beneficiaryClabe,
    rfcCurpBeneficiario: 'ND',
    conceptoPago: stpText(order.concept, LIMITS.concepto) || 'PAGO',
    referenciaNumerica: numericReference(order.reference, order.trackingKey),
    topologia: 'T',
    medioEntrega: 3,
    prioridad: 0,
  };
}

/** The JSON body of registraOrden: the fields, empresa and firma; monto goes as a JSON number with its two decimals. */
export function signedOrderBody(fields: Record<string, string | number>, empresa: string, key: KeyObject): string {
  const values: Record<string, string | number> = { ...fields, empresa };
  const firma = sign(key, cadenaOriginal(ORDER_FIELDS, values));
  const { monto, ...rest } = values;
  // The amount stays exactly the text the cadena signed (e.g. 1.20), written as a JSON number.
  return JSON.stringify({ ...rest, firma }).replace(/^\{/, `{"monto":${monto},`);
}
