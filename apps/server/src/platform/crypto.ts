import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** v2 envelope: base64(iv[12] | tag[16] | AES-256-GCM ciphertext) of UTF-8 text. */
export function encryptV2(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function decryptV2(key: Buffer, token: string): string {
  const raw = Buffer.from(token, 'base64');
  if (raw.length < 29) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

export const encodeBase64 = (plain: string) => Buffer.from(plain, 'utf8').toString('base64');
export function decodeBase64(token: string): string {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(token)) throw new Error('not base64');
  return Buffer.from(token, 'base64').toString('utf8');
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
/** Six decimal digits from a CSPRNG, leading zeros kept. */
export const sixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
