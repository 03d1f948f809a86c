import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { api } from '../../../lib/api';

/** POST /api/v1/beneficiary/delete/{id}. */
export const deleteBeneficiary = (id: string) => api.POST('/api/v1/beneficiary/delete/{id}', { params: { path: { id } } });

export function useDeleteBeneficiary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(deleteBeneficiary(id)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.beneficiaries }),
  });
}
