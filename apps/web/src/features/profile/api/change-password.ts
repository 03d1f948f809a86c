import type { ChangePasswordBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/api/get-me';
import { session } from '../../../lib/session';
import { api } from '../../../lib/api';

/** POST /api/v1/account/Password/Change { CurrentPassword, NewPassword }. */
export type ChangePasswordInput = z.input<typeof ChangePasswordBody>;

export const changePassword = (body: ChangePasswordInput) => api.POST('/api/v1/account/Password/Change', { body });

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordInput) => unwrap(changePassword(body)),
    onSuccess: () => {
      // A temporary password no longer blocks the rest of the app: reload what it had refused.
      session.passwordChanged();
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['menu'] });
    },
  });
}
