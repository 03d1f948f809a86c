import { BusinessDocument } from '@far/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { documentsQueryKey } from './list-documents';
import { api } from '../../../lib/api';

/**
 * POST /api/v1/document, multipart: v_uid_business, v_name and file (PDF ≤ 10 MB). It starts pendiente.
 * No contracts schema to type it from: the server reads these multipart fields by hand (records-routes.ts).
 */
export interface UploadDocumentInput {
  businessId: string;
  name: string;
  file: File;
}

export const uploadDocument = ({ businessId, name, file }: UploadDocumentInput) => {
  const body = new FormData();
  body.append('v_uid_business', businessId);
  body.append('v_name', name);
  body.append('file', file);
  return api.POST('/api/v1/document', { body, schema: BusinessDocument, timeoutMs: 120_000 });
};

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadDocumentInput) => unwrap(uploadDocument(input)),
    onSuccess: (doc) => void queryClient.invalidateQueries({ queryKey: documentsQueryKey(doc.v_uid_business) }),
  });
}
