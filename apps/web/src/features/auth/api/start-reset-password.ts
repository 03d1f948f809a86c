import { CodeDelivery } from '@far/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client';

/** POST /api/v1/account/Password/StartResetPassword { Email } → where the code was sent (masked). */
export const startResetPassword = (body: { Email: string }) =>
  apiRequest('POST', '/api/v1/account/Password/StartResetPassword', { body, schema: CodeDelivery, auth: false });

export function useStartResetPassword() {
  return useMutation({ mutationFn: (body: { Email: string }) => unwrap(startResetPassword(body)) });
}
