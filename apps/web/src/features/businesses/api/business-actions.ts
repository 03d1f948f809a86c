import { BulkResult, type BusinessBulkBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { businessesQueryKey } from './list-businesses';
import { api } from '../../../lib/api';

/**
 * POST /api/v1/profiles/business/action/bulk-action { Action, Ids } → { Affected }; all or nothing.
 * The first activation needs the business's KYC (legal representative, an approved document).
 */
export type BusinessActionInput = z.input<typeof BusinessBulkBody>;

export const businessActions = (body: BusinessActionInput) => api.POST('/api/v1/profiles/business/action/bulk-action', { body, schema: BulkResult });

export function useBusinessActions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessActionInput) => unwrap(businessActions(body)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: businessesQueryKey }),
  });
}
