import { useMutation } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client';

/** POST /api/v1/account/Signup/VerificationCode { Email }: sends a six-digit code by SMS. */
export const signupVerificationCode = (body: { Email: string }) =>
  apiRequest<unknown>('POST', '/api/v1/account/Signup/VerificationCode', { body, auth: false });

export function useSignupVerificationCode() {
  return useMutation({ mutationFn: (body: { Email: string }) => unwrap(signupVerificationCode(body)) });
}
