import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client';
import { documentsQueryKey } from './list-documents';

/** POST /api/v1/document/delete/{id}: an approved document cannot be deleted. */
export const deleteDocument = (id: string) => apiRequest<unknown>('POST', `/api/v1/document/delete/${id}`);

export function useDeleteDocument(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(deleteDocument(id)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: documentsQueryKey(businessId) }),
  });
}
