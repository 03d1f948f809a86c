import { useSyncExternalStore } from 'react';
import type { Notice } from './notice';
import { sessionHint } from './storage';

/**
 * The signed-in session. The access token lives in memory only (a reload loses it on purpose);
 * the refresh token lives in an httpOnly cookie that no script can read, so a reload or a new tab
 * silently gets a new access token. JavaScript storage holds only a hint that a session exists.
 */
export type SessionStatus = 'restoring' | 'authenticated' | 'anonymous';

export interface SessionState {
  status: SessionStatus;
  accessToken: string | null;
  /** Epoch ms when the access token stops working. */
  expiresAt: number | null;
  roleId: string | null;
  mustChangePassword: boolean;
  /** Why the last session ended (sign-out, expiry); shown once on /login. */
  endNotice: (Notice & { signedOut?: boolean }) | null;
}

/** What sign-in and refresh hand back (the login result of spec §3). */
export interface SessionTokens {
  AccessToken: string | null;
  /** Also set as an httpOnly cookie by the server; the web app never keeps it. */
  RefreshToken?: string | null;
  ExpiresIn: number;
  RoleId?: string | null;
  MustChangePassword?: boolean;
}

export const SESSION_EXPIRED_MESSAGE = 'Tu sesión expiró. Inicia sesión de nuevo.';

const ANONYMOUS: SessionState = { status: 'anonymous', accessToken: null, expiresAt: null, roleId: null, mustChangePassword: false, endNotice: null };

let state: SessionState = sessionHint.get() ? { ...ANONYMOUS, status: 'restoring' } : ANONYMOUS;
const listeners = new Set<() => void>();
const expiredHandlers = new Set<(message: string) => void>();

function emit(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

export const session = {
  get: (): SessionState => state,
  accessToken: (): string | null => state.accessToken,
  /**
   * The client kind the access token names, read from its payload without verifying it: only to
   * choose which data to ask for first. The server checks the token on every call.
   */
  kind(): string | null {
    try {
      const payload = state.accessToken?.split('.')[1];
      const kind: unknown = payload ? JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/'))).kind : null;
      return typeof kind === 'string' ? kind : null;
    } catch {
      return null;
    }
  },
  /** This browser signed in and did not sign out: a renewal from the cookie is worth trying. */
  mayRestore: (): boolean => sessionHint.get(),

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Starts (or renews) the session from a login or refresh result. */
  start(tokens: SessionTokens): void {
    if (!tokens.AccessToken) return;
    sessionHint.set();
    emit({
      status: 'authenticated',
      accessToken: tokens.AccessToken,
      expiresAt: Date.now() + Math.max(0, tokens.ExpiresIn) * 1000,
      roleId: tokens.RoleId ?? state.roleId,
      mustChangePassword: tokens.MustChangePassword ?? state.mustChangePassword,
      endNotice: null,
    });
  },

  markRestoring(): void {
    if (state.status !== 'authenticated') emit({ ...state, status: 'restoring' });
  },

  /** Signed out for now without forgetting the session (the server could not be reached). */
  settleAnonymous(): void {
    emit(ANONYMOUS);
  },

  passwordChanged(): void {
    emit({ ...state, mustChangePassword: false });
  },

  /**
   * Forgets the session (sign-out, failed refresh). The screens behind sign-in then send the
   * person to /login, carrying `notice`.
   */
  clear(notice: SessionState['endNotice'] = null): void {
    sessionHint.remove();
    emit({ ...ANONYMOUS, endNotice: notice });
  },

  /** The notice was shown. */
  dismissNotice(): void {
    if (state.endNotice) emit({ ...state, endNotice: null });
  },

  /** The session could not be renewed: forget it; /login says why. */
  expire(message: string = SESSION_EXPIRED_MESSAGE): void {
    const wasSignedIn = state.status !== 'anonymous' || sessionHint.get();
    if (!wasSignedIn) return;
    session.clear({ color: 'yellow', message });
    for (const handler of expiredHandlers) handler(message);
  },

  onExpired(handler: (message: string) => void): () => void {
    expiredHandlers.add(handler);
    return () => expiredHandlers.delete(handler);
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
