import type { EmailBody } from '@far/contracts';
import type { z } from 'zod';
import { CodeDelivery } from '@far/contracts';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { api } from '../../../lib/api';

type EmailInput = z.input<typeof EmailBody>;

/** POST /api/v1/account/Password/StartResetPassword { Email } → where the code was sent (masked). */
export const startResetPassword = (body: EmailInput) => api.POST('/api/v1/account/Password/StartResetPassword', { body, schema: CodeDelivery, auth: false });

export function useStartResetPassword() {
  return useMutation({ mutationFn: (body: EmailInput) => unwrap(startResetPassword(body)) });
}
