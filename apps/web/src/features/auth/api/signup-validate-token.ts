import type { SignupValidateBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { api } from '../../../lib/api';

type SignupValidateInput = z.input<typeof SignupValidateBody>;

/** POST /api/v1/account/Signup/Token/Validate { Email, Token }: confirms the e-mail address. */
export const signupValidateToken = (body: SignupValidateInput) => api.POST('/api/v1/account/Signup/Token/Validate', { body, auth: false });

export function useSignupValidateToken() {
  return useMutation({ mutationFn: (body: SignupValidateInput) => unwrap(signupValidateToken(body)) });
}
