import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_TTL_DAYS } from './service';

/**
 * The refresh token travels to browsers in an httpOnly cookie that only the refresh call sees
 * (SameSite=Strict, Secure when the request came over TLS), so no script can read it and a new
 * tab or a reload renews the session by itself. API clients keep sending `RefreshToken` in the body.
 */
export const REFRESH_PATH = '/api/v1/account/Token/Refresh';
const REFRESH_COOKIE = 'far_refresh';
/** Renewals per minute per session: reloads and tabs of one person, not the sign-in limit of a whole office's IP. */
export const REFRESH_PER_SESSION = 60;

const options = (req: FastifyRequest) => ({ path: REFRESH_PATH, httpOnly: true, sameSite: 'strict' as const, secure: req.protocol === 'https' });

export function setRefreshCookie(req: FastifyRequest, reply: FastifyReply, token: string | null): void {
  if (token) reply.setCookie(REFRESH_COOKIE, token, { ...options(req), maxAge: REFRESH_TTL_DAYS * 86_400 });
}

export function clearRefreshCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, options(req));
}

/** The token of a refresh call: the body's (API clients) or else the cookie's (the web app). */
export function presentedRefreshToken(req: FastifyRequest): string | undefined {
  return (req.body as { RefreshToken?: string } | undefined)?.RefreshToken ?? req.server.parseCookie(req.headers.cookie ?? '')[REFRESH_COOKIE];
}

/** The per-session renewal budget's key: the session id in the token (an unreadable token counts per IP). */
export function refreshBudgetKey(req: FastifyRequest): string {
  const sid = presentedRefreshToken(req)?.split('.')[0];
  return sid && /^[0-9a-f-]{36}$/.test(sid) ? `refresh:${sid}` : `refresh-ip:${req.ip}`;
}
