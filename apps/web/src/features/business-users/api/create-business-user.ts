import { BusinessUserDetail, type BusinessUserCreateBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { api } from '../../../lib/api';

/**
 * POST /api/v1/profiles/users/action/create with ClientKind 'business': invites a user to a business;
 * the server e-mails a temporary password to be changed at the first sign-in.
 */
export type CreateBusinessUserInput = Omit<z.input<typeof BusinessUserCreateBody>, 'ClientKind'>;

export const createBusinessUser = (body: CreateBusinessUserInput) =>
  api.POST('/api/v1/profiles/users/action/create', { body: { ClientKind: 'business', ...body }, schema: BusinessUserDetail });

export function useCreateBusinessUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBusinessUserInput) => unwrap(createBusinessUser(body)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.businessUsers });
      void queryClient.invalidateQueries({ queryKey: queryKeys.businesses });
    },
  });
}
