import { CodeDelivery } from '@far/contracts';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { api } from '../../../lib/api';

/** POST /api/v1/security/code { Operation } (base64 envelope): e-mails a six-digit code. */
export const requestSecurityCode = (body: { Operation: 'pin' }) => api.POST('/api/v1/security/code', { body, schema: CodeDelivery });

export function useRequestSecurityCode() {
  return useMutation({ mutationFn: (body: { Operation: 'pin' }) => unwrap(requestSecurityCode(body)) });
}
