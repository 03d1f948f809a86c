import { CodeDelivery } from '@far/contracts';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { api } from '../../../lib/api';

/** POST /api/v1/security/code { Operation: 'spei-out' } (base64 envelope): e-mails a six-digit code for the transfer. */
export const requestSecurityCode = () => api.POST('/api/v1/security/code', { body: { Operation: 'spei-out' }, schema: CodeDelivery });

export function useRequestSecurityCode() {
  return useMutation({ mutationFn: () => unwrap(requestSecurityCode()) });
}
