import { BusinessDetail } from '@far/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import type { BusinessInput } from './create-business';
import { businessesQueryKey } from './list-businesses';
import { api } from '../../../lib/api';

/** PUT /api/v1/profiles/business/action/update { Id, ...fields } (the kind of person does not change). */
export const updateBusiness = (body: BusinessInput & { Id: string }) => api.PUT('/api/v1/profiles/business/action/update', { body, schema: BusinessDetail });

export function useUpdateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessInput & { Id: string }) => unwrap(updateBusiness(body)),
    onSuccess: (b) => {
      queryClient.setQueryData([...businessesQueryKey, 'detail', b.Id], b);
      void queryClient.invalidateQueries({ queryKey: businessesQueryKey });
    },
  });
}
