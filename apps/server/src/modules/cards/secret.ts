/**
 * The card key: AES-256-GCM for PAN, CVV and PIN at rest, and HMACs to find a card by its PAN or
 * by the last 8 digits printed on it without storing them. Its own key (config.cardKey), never
 * the envelope's. Nothing here logs; callers must not log what these functions return either.
 */
import { createHash, createHmac, randomInt } from 'node:crypto';
import { luhnCheckDigit } from '@far/contracts';
import { decryptV2, encryptV2 } from '../../platform/crypto';

export interface CardKeys {
  seal(plain: string): string;
  open(sealed: string): string;
  panHash(pan: string): string;
  tailHash(last8: string): string;
}

export function cardKeys(key: Buffer): CardKeys {
  // A separate sub-key for the HMACs, so the cipher key is used for one purpose only.
  const macKey = createHash('sha256').update(key).update('far-card-hmac').digest();
  return {
    seal: (plain) => encryptV2(key, plain),
    open: (sealed) => decryptV2(key, sealed),
    panHash: (pan) => createHmac('sha256', macKey).update(`pan:${pan}`).digest('hex'),
    tailHash: (last8) => createHmac('sha256', macKey).update(`tail:${last8}`).digest('hex'),
  };
}

/** BIN + 9-digit serial + Luhn digit. */
export function panFromSerial(bin: string, serial: bigint): string {
  const body = `${bin}${serial.toString().padStart(9, '0')}`;
  if (body.length !== 15) throw new RangeError('El rango de BIN se agotó');
  return body + luhnCheckDigit(body);
}

export const randomDigits = (n: number) => String(randomInt(0, 10 ** n)).padStart(n, '0');

/** MM/YY five years after `now` (Mexico's issuers use 3–5 years for prepaid cards). */
export function validDate(now: Date): string {
  return `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String((now.getUTCFullYear() + 5) % 100).padStart(2, '0')}`;
}
