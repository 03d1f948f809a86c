import type { SignupPasswordBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { api } from '../../../lib/api';

/** POST /api/v1/account/Signup/Password { Email, Code, Password }: activates the wallet account. */
export type SignupPasswordInput = z.input<typeof SignupPasswordBody>;

export const signupPassword = (body: SignupPasswordInput) => api.POST('/api/v1/account/Signup/Password', { body, auth: false });

export function useSignupPassword() {
  return useMutation({ mutationFn: (body: SignupPasswordInput) => unwrap(signupPassword(body)) });
}
