import type { EmailBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client';

type EmailInput = z.input<typeof EmailBody>;

/** POST /api/v1/account/Signup/VerificationCode { Email }: sends a six-digit code by SMS. */
export const signupVerificationCode = (body: EmailInput) => apiRequest<unknown>('POST', '/api/v1/account/Signup/VerificationCode', { body, auth: false });

export function useSignupVerificationCode() {
  return useMutation({ mutationFn: (body: EmailInput) => unwrap(signupVerificationCode(body)) });
}
