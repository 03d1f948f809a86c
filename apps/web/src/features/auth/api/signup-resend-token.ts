import type { SignupStartBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { api } from '../../../lib/api';

/**
 * POST /api/v1/account/Signup/Token/Resend { Names, LastName1, LastName2, Email, CellPhone, PhoneCode }:
 * registers the wallet applicant and e-mails a six-digit token (also used to send it again).
 */
export type SignupStartInput = z.input<typeof SignupStartBody>;

export const signupResendToken = (body: SignupStartInput) => api.POST('/api/v1/account/Signup/Token/Resend', { body, auth: false });

export function useSignupResendToken() {
  return useMutation({ mutationFn: (body: SignupStartInput) => unwrap(signupResendToken(body)) });
}
