import type { EmailBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { api } from '../../../lib/api';

type EmailInput = z.input<typeof EmailBody>;

/** POST /api/v1/account/Signup/VerificationCode { Email }: sends a six-digit code by SMS. */
export const signupVerificationCode = (body: EmailInput) => api.POST('/api/v1/account/Signup/VerificationCode', { body, auth: false });

export function useSignupVerificationCode() {
  return useMutation({ mutationFn: (body: EmailInput) => unwrap(signupVerificationCode(body)) });
}
