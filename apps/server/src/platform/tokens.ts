import { SignJWT, jwtVerify } from 'jose';
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

export async function verifyAccessToken(config: Config, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, config.jwtSecret, { issuer: ISSUER, algorithms: ['HS256'] });
    if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { sub: payload.sub, sid: payload.sid };
  } catch {
    return null;
  }
}
