import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Config } from '../config';

export const ACCESS_TTL_SECONDS = 3600;
const ISSUER = 'far-portal';

export interface AccessClaims {
  sub: string;
  sid: string;
}

export async function signAccessToken(config: Config, claims: AccessClaims & { role: string; kind: string }): Promise<string> {
  return new SignJWT({ sid: claims.sid, role: claims.role, kind: claims.kind, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TTL_SECONDS}s`)
    .sign(config.jwtSecret);
}

/** The identity token carries the user group, the user type (FAR/BUS/WAL) and the role id. */
export async function signIdToken(
  config: Config,
  u: { sub: string; email: string; name: string; group: string; type: string; roleId: string },
): Promise<string> {
  return new SignJWT({
    email: u.email,
    name: u.name,
    'custom:user_group': u.group,
    'custom:user_type': u.type,
    'custom:role_id': u.roleId,
    typ: 'id',
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(u.sub)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TTL_SECONDS}s`)
    .sign(config.jwtSecret);
}

/**
 * Checked on every authenticated request, so HS256 is verified with node:crypto directly: jose
 * imports the key on every call, which cost about an eighth of a request. Same checks as jose:
 * the header says HS256, the signature matches in constant time, the issuer is ours, not expired.
 */
const keys = new WeakMap<Uint8Array, KeyObject>();
function keyOf(secret: Uint8Array): KeyObject {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(secret)));
  return key;
}

/**
 * Tokens already verified, with their expiry: a page asks for several calls with one token, so its
 * HMAC and JSON are checked once. The key is the whole signed token, so a hit is the same token;
 * the expiry is still checked on every call. Bounded: emptied when full.
 */
const verified = new Map<string, AccessClaims & { exp: number; secret: Uint8Array }>();
const VERIFIED_MAX = 10_000;

export async function verifyAccessToken(config: Config, token: string): Promise<AccessClaims | null> {
  const hit = verified.get(token);
  if (hit && hit.secret === config.jwtSecret) return hit.exp > Date.now() / 1000 ? { sub: hit.sub, sid: hit.sid } : null;
  const claims = verifySignedToken(config, token);
  if (claims) {
    if (verified.size >= VERIFIED_MAX) verified.clear();
    verified.set(token, { ...claims, secret: config.jwtSecret });
    return { sub: claims.sub, sid: claims.sid };
  }
  return null;
}

function verifySignedToken(config: Config, token: string): (AccessClaims & { exp: number }) | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, body, signature] = parts as [string, string, string];
  const expected = createHmac('sha256', keyOf(config.jwtSecret)).update(`${header}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const head = parseSegment(header);
  const payload = parseSegment(body);
  if (head?.alg !== 'HS256' || head.crit !== undefined || !payload) return null;
  const now = Math.floor(Date.now() / 1000);
  if (payload.iss !== ISSUER || typeof payload.exp !== 'number' || payload.exp <= now) return null;
  if (typeof payload.nbf === 'number' && payload.nbf > now) return null;
  if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
  return { sub: payload.sub, sid: payload.sid, exp: payload.exp };
}

function parseSegment(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
