import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/money';
import { api } from '../../../lib/api';

/** GET /api/v1/transaction/business-movement/{id}/proof → the proof of payment (application/pdf). */
export const downloadProof = (id: string) => api.GET('/api/v1/transaction/business-movement/{id}/proof', { params: { path: { id } }, responseType: 'blob' });

export function useDownloadProof() {
  return useMutation({
    mutationFn: async ({ id, trackingKey }: { id: string; trackingKey: string | null }) => {
      const blob = await unwrap(downloadProof(id));
      saveBlob(blob, `comprobante-${trackingKey ?? id}.pdf`);
      return blob;
    },
  });
}
