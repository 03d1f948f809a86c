// A throwaway RSA key pair for STP tests, made at test time: the private key as STP issues it
// (encrypted PKCS#8 PEM, written to a temporary file) and the public key the fake STP verifies with.
import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const STP_PASSPHRASE = 'frase-de-prueba-12345678';

export interface StpKeys {
  file: string;
  publicKey: KeyObject;
}

export function makeStpKeys(): StpKeys {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: STP_PASSPHRASE },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const file = join(mkdtempSync(join(tmpdir(), 'far-stp-')), 'llave.pem');
  // STP's files start with "Bag Attributes" text before the PEM block.
  writeFileSync(file, `Bag Attributes\n    friendlyName: prueba\nKey Attributes: <No Attributes>\n${privateKey}`, { mode: 0o600 });
  return { file, publicKey: createPublicKey(publicKey) };
}
