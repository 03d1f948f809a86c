import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { documentsQueryKey } from './list-documents';
import { api } from '../../../lib/api';

/** POST /api/v1/document/delete/{id}: an approved document cannot be deleted. */
export const deleteDocument = (id: string) => api.POST('/api/v1/document/delete/{id}', { params: { path: { id } } });

export function useDeleteDocument(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(deleteDocument(id)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: documentsQueryKey(businessId) }),
  });
}
