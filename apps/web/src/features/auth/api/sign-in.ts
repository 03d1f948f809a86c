import type { SigninBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/v1/account/Signin { Email, Password } → login result (spec §3). */
export type SignInInput = z.input<typeof SigninBody>;

// Loaded with the answer: the sign-in screen's first load carries no zod schema.
const loadLoginResult = () => import('@far/contracts').then((m) => m.LoginResult);

export const signIn = (body: SignInInput) => api.POST('/api/v1/account/Signin', { body, schema: loadLoginResult, auth: false });

export function useSignIn() {
  return useMutation({
    mutationFn: async (body: SignInInput) => signIn(body),
  });
}
