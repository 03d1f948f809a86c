import { createStorage, type AppStorage } from '@far/contracts';

/**
 * Browser storage goes through the contracts storage utility, which encodes what it writes
 * (spec §9, double base64 reversed). The refresh token is kept in sessionStorage only: it dies
 * with the tab and is never written to localStorage.
 */
const REFRESH_KEY = 'far.session.rt';

let store: AppStorage | null = null;
function sessionStore(): AppStorage {
  store ??= createStorage({ kind: 'session', encode: true, variant: 'reverse' });
  return store;
}

export const refreshTokenStore = {
  get(): string | null {
    try {
      const value = sessionStore().get<unknown>(REFRESH_KEY);
      return typeof value === 'string' && value !== '' ? value : null;
    } catch {
      return null;
    }
  },
  set(token: string): void {
    try {
      sessionStore().set(REFRESH_KEY, token);
    } catch {
      // Storage full or disabled: the session still works until the tab is reloaded.
    }
  },
  remove(): void {
    try {
      sessionStore().remove(REFRESH_KEY);
    } catch {
      // Nothing stored.
    }
  },
};
