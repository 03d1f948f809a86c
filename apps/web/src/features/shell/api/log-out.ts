import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { session } from '../../../lib/session';

/** POST /api/v1/account/LogOut { RefreshToken }: revokes the session on the server. */
export const logOut = () =>
  apiRequest<unknown>('POST', '/api/v1/account/LogOut', { body: { RefreshToken: session.refreshToken() ?? undefined }, timeoutMs: 8000 });

/** Signs out even when the server cannot be reached: the local session is always forgotten. */
export function useLogOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await logOut();
      return true;
    },
    onSettled: () => {
      session.clear();
      queryClient.clear();
    },
  });
}
