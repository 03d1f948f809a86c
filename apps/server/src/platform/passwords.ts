import { hash, verify } from '@node-rs/argon2';

// argon2id (Algorithm.Argon2id = 2; the enum is const and cannot be imported under isolatedModules)
// with the OWASP minimum: 19 MiB, 2 iterations, 1 lane.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashSecret = (secret: string) => hash(secret, OPTIONS);

/** A hash of a random string: verifying against it costs the same as against a real one. */
let dummy: Promise<string> | undefined;
export async function verifySecret(stored: string | null | undefined, secret: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashSecret('far-portal-timing-equaliser');
    await verify(await dummy, secret).catch(() => false);
    return false;
  }
  return verify(stored, secret).catch(() => false);
}
