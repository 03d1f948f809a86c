import { CodeDelivery } from '@far/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client';

/** POST /api/v1/security/code { Operation } (base64 envelope): e-mails a six-digit code. */
export const requestSecurityCode = (body: { Operation: 'pin' }) => apiRequest('POST', '/api/v1/security/code', { body, schema: CodeDelivery });

export function useRequestSecurityCode() {
  return useMutation({ mutationFn: (body: { Operation: 'pin' }) => unwrap(requestSecurityCode(body)) });
}
