import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { session } from '../../../lib/session';
import { api } from '../../../lib/api';

/** POST /api/v1/account/LogOut: revokes the session on the server and clears the refresh cookie. */
export const logOut = () => api.POST('/api/v1/account/LogOut', { body: {}, timeoutMs: 8000 });

/**
 * Signs out: tells the server, then forgets the session and cached data, even when the server
 * could not be reached; the guard of the signed-in screens then opens /login with a notice.
 */
export function useLogOut() {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const signOut = async () => {
    setPending(true);
    await logOut();
    queryClient.clear();
    // The guard of the signed-in screens sends the person to /login with this notice.
    session.clear({ color: 'blue', message: 'Cerraste sesión correctamente.', signedOut: true });
  };
  return { signOut, pending };
}
