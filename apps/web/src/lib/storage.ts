import { createStorage, type AppStorage } from '@far/contracts/storage';

/**
 * Browser storage goes through the contracts storage utility, which encodes what it writes
 * (spec §9, double base64 reversed). No token is ever stored: the refresh token lives in an
 * httpOnly cookie the server sets. Only a hint that this browser has a session is kept, shared by
 * its tabs, so a new tab or a reload tries a silent renewal and a first visit does not.
 */
const HINT_KEY = 'far.session.active';

let store: AppStorage | null = null;
function localStore(): AppStorage {
  store ??= createStorage({ kind: 'local', encode: true, variant: 'reverse' });
  return store;
}

export const sessionHint = {
  get(): boolean {
    try {
      return localStore().get<unknown>(HINT_KEY) === true;
    } catch {
      return false;
    }
  },
  set(): void {
    try {
      localStore().set(HINT_KEY, true);
    } catch {
      // Storage full or disabled: a reload then shows the sign-in page.
    }
  },
  remove(): void {
    try {
      localStore().remove(HINT_KEY);
    } catch {
      // Nothing stored.
    }
  },
};
