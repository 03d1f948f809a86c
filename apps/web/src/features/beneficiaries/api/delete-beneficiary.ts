import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/v1/beneficiary/delete/{id}. */
export const deleteBeneficiary = (id: string) => apiRequest<unknown>('POST', `/api/v1/beneficiary/delete/${id}`);

export function useDeleteBeneficiary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(deleteBeneficiary(id)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.beneficiaries }),
  });
}
