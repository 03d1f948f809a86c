import { BusinessDetail } from '@far/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client';
import { businessesQueryKey } from './list-businesses';

/** PUT /api/v1/profiles/business/action/update/customerid { Id, CustomerId } (the card processor's id). */
export const updateCustomerId = (body: { Id: string; CustomerId: string }) =>
  apiRequest('PUT', '/api/v1/profiles/business/action/update/customerid', { body, schema: BusinessDetail });

export function useUpdateCustomerId() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { Id: string; CustomerId: string }) => unwrap(updateCustomerId(body)),
    onSuccess: (b) => {
      queryClient.setQueryData([...businessesQueryKey, 'detail', b.Id], b);
      void queryClient.invalidateQueries({ queryKey: businessesQueryKey });
    },
  });
}
