import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/photo';
import { api } from '../../../lib/api';

/** GET /api/v1/document/{id}/file with the bearer token: the PDF, saved under its file name. */
export const downloadDocument = (id: string) => api.GET('/api/v1/document/{id}/file', { params: { path: { id } }, responseType: 'blob', timeoutMs: 120_000 });

export function useDownloadDocument() {
  return useMutation({
    mutationFn: async ({ id, fileName }: { id: string; fileName: string }) => saveBlob(await unwrap(downloadDocument(id)), fileName),
  });
}
