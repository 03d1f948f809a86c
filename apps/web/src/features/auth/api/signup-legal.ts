import { PendingLegal } from '@far/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '../../../lib/api-client';
import { api } from '../../../lib/api';

/** GET /api/cms/legal/signup: the wallet's published legal texts, read and ticked at sign-up step 1. */
export const signupLegal = () => unwrap(api.GET('/api/cms/legal/signup', { auth: false, schema: z.array(PendingLegal) }));

export function useSignupLegal() {
  return useQuery({ queryKey: ['signup-legal'], queryFn: signupLegal, staleTime: 60_000 });
}
