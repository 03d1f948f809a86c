import { useMutation } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/money';
import { TX } from './keys';

/** GET /api/v1/transaction/business-movement/{id}/proof → the proof of payment (application/pdf). */
export const downloadProof = (id: string) => apiRequest<Blob>('GET', `${TX}/business-movement/${encodeURIComponent(id)}/proof`, { responseType: 'blob' });

export function useDownloadProof() {
  return useMutation({
    mutationFn: async ({ id, trackingKey }: { id: string; trackingKey: string | null }) => {
      const blob = await unwrap(downloadProof(id));
      saveBlob(blob, `comprobante-${trackingKey ?? id}.pdf`);
      return blob;
    },
  });
}
