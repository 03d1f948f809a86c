import { useMutation } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client';

/** POST /api/v1/account/Signup/Token/Validate { Email, Token }: confirms the e-mail address. */
export const signupValidateToken = (body: { Email: string; Token: string }) =>
  apiRequest<unknown>('POST', '/api/v1/account/Signup/Token/Validate', { body, auth: false });

export function useSignupValidateToken() {
  return useMutation({ mutationFn: (body: { Email: string; Token: string }) => unwrap(signupValidateToken(body)) });
}
