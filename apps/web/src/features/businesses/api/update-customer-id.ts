import type { BusinessCustomerIdBody } from '@far/contracts';
import type { z } from 'zod';
import { BusinessDetail } from '@far/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { businessesQueryKey } from './list-businesses';
import { api } from '../../../lib/api';

type CustomerIdInput = z.input<typeof BusinessCustomerIdBody>;

/** PUT /api/v1/profiles/business/action/update/customerid { Id, CustomerId } (the card processor's id). */
export const updateCustomerId = (body: CustomerIdInput) => api.PUT('/api/v1/profiles/business/action/update/customerid', { body, schema: BusinessDetail });

export function useUpdateCustomerId() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerIdInput) => unwrap(updateCustomerId(body)),
    onSuccess: (b) => {
      queryClient.setQueryData([...businessesQueryKey, 'detail', b.Id], b);
      void queryClient.invalidateQueries({ queryKey: businessesQueryKey });
    },
  });
}
