import { useMutation } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client';

/**
 * POST /api/v1/account/Signup/Token/Resend { Names, LastName1, LastName2, Email, CellPhone, PhoneCode }:
 * registers the wallet applicant and e-mails a six-digit token (also used to send it again).
 */
export interface SignupStartInput {
  Names: string;
  LastName1: string;
  LastName2?: string;
  Email: string;
  CellPhone: string;
  PhoneCode: string;
}

export const signupResendToken = (body: SignupStartInput) =>
  apiRequest<unknown>('POST', '/api/v1/account/Signup/Token/Resend', { body, auth: false });

export function useSignupResendToken() {
  return useMutation({ mutationFn: (body: SignupStartInput) => unwrap(signupResendToken(body)) });
}
