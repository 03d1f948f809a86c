import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { businessesQueryKey } from './list-businesses';
import { api } from '../../../lib/api';

/** POST /api/v1/profiles/business/action/delete { Id }: only a business that is not active; its users go too. */
export const deleteBusiness = (id: string) => api.POST('/api/v1/profiles/business/action/delete', { body: { Id: id } });

export function useDeleteBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(deleteBusiness(id)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: businessesQueryKey }),
  });
}
