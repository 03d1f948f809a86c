import { BusinessDocument, type DocumentUpdateBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { documentsQueryKey } from './list-documents';
import { api } from '../../../lib/api';

/** PUT /api/v1/document/{id} { v_uid_status, t_comment }: staff approve (activo) or refuse (rechazado, with a comment). */
export type ReviewDocumentInput = z.input<typeof DocumentUpdateBody> & { id: string };

export const reviewDocument = ({ id, ...body }: ReviewDocumentInput) =>
  api.PUT('/api/v1/document/{id}', { params: { path: { id } }, body, schema: BusinessDocument });

export function useReviewDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewDocumentInput) => unwrap(reviewDocument(input)),
    onSuccess: (doc) => void queryClient.invalidateQueries({ queryKey: documentsQueryKey(doc.v_uid_business) }),
  });
}
