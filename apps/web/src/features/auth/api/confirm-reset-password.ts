import type { ConfirmResetBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { api } from '../../../lib/api';

/** POST /api/v1/account/Password/ConfirmResetPassword { Email, Code, Password }. */
export type ConfirmResetInput = z.input<typeof ConfirmResetBody>;

export const confirmResetPassword = (body: ConfirmResetInput) => api.POST('/api/v1/account/Password/ConfirmResetPassword', { body, auth: false });

export function useConfirmResetPassword() {
  return useMutation({ mutationFn: (body: ConfirmResetInput) => unwrap(confirmResetPassword(body)) });
}
