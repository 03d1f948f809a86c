/**
 * Password policy and generator. The policy is the minimum both server and form enforce; the
 * generator (used for first passwords set by staff) draws from the alphabet of spec §9 with the
 * platform's CSPRNG and rejection sampling, so no character is likelier than another.
 */
import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MESSAGE = 'La contraseña debe tener al menos 8 caracteres, con letras y números';

export function isValidPassword(value: string): boolean {
  return Array.from(value).length >= PASSWORD_MIN_LENGTH && /\p{L}/u.test(value) && /\d/.test(value);
}

export const passwordSchema = z
  .string({ error: PASSWORD_MESSAGE })
  .max(128, PASSWORD_MESSAGE)
  .refine(isValidPassword, { message: PASSWORD_MESSAGE, params: { key: 'pattern' } });

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
export const PASSWORD_SPECIALS = '$&?!#@^';
const ALPHABET = LETTERS + DIGITS + PASSWORD_SPECIALS;

export const GENERATED_PASSWORD_MAX_LENGTH = 128;

/** A uniform integer in [0, bound): values past the last whole multiple of `bound` are redrawn. */
function randomBelow(bound: number): number {
  const limit = Math.floor(0x1_0000_0000 / bound) * bound;
  const buffer = new Uint32Array(1);
  for (;;) {
    globalThis.crypto.getRandomValues(buffer);
    const value = buffer[0] ?? limit;
    if (value < limit) return value % bound;
  }
}

const pick = (chars: string): string => chars.charAt(randomBelow(chars.length));

/** A random password with at least one letter, one digit and one special, in random positions. */
export function generatePassword(length = 12): string {
  if (!Number.isInteger(length) || length < PASSWORD_MIN_LENGTH || length > GENERATED_PASSWORD_MAX_LENGTH) {
    throw new RangeError(`La longitud debe estar entre ${PASSWORD_MIN_LENGTH} y ${GENERATED_PASSWORD_MAX_LENGTH}`);
  }
  const chars = [pick(LETTERS), pick(DIGITS), pick(PASSWORD_SPECIALS)];
  while (chars.length < length) chars.push(pick(ALPHABET));
  // Fisher–Yates, so the guaranteed characters are not always the first three.
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomBelow(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}
