import { useMutation } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/photo';

/** GET /api/v1/document/{id}/file with the bearer token: the PDF, saved under its file name. */
export const downloadDocument = (id: string) => apiRequest<Blob>('GET', `/api/v1/document/${id}/file`, { responseType: 'blob', timeoutMs: 120_000 });

export function useDownloadDocument() {
  return useMutation({
    mutationFn: async ({ id, fileName }: { id: string; fileName: string }) => saveBlob(await unwrap(downloadDocument(id)), fileName),
  });
}
