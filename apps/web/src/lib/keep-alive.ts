import { useEffect } from 'react';
import { refreshSession } from './api-client';
import { useSession } from './session';

/** Renews the access token a minute before it expires, so a working person is not interrupted. */
export function useSessionKeepAlive(): void {
  const { status, expiresAt } = useSession();
  useEffect(() => {
    if (status !== 'authenticated' || expiresAt === null) return;
    const wait = Math.max(5_000, expiresAt - Date.now() - 60_000);
    const timer = setTimeout(() => void refreshSession(), wait);
    return () => clearTimeout(timer);
  }, [status, expiresAt]);
}
