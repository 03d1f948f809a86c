import { BulkResult, type UsersBulkBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { api } from '../../../lib/api';

/** POST /api/v1/profiles/users/action/bulk-action with ClientKind 'business' → { Affected }; all or nothing. */
export type BusinessUserActionInput = Omit<z.input<typeof UsersBulkBody>, 'ClientKind'>;

export const businessUserActions = (body: BusinessUserActionInput) =>
  api.POST('/api/v1/profiles/users/action/bulk-action', { body: { ClientKind: 'business', ...body }, schema: BulkResult });

export function useBusinessUserActions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessUserActionInput) => unwrap(businessUserActions(body)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.businessUsers });
      void queryClient.invalidateQueries({ queryKey: queryKeys.businesses });
    },
  });
}
