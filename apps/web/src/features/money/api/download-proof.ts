import { useMutation } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/money';
import { TX } from './keys';

/** Banxico's CEP, the product's own PDF, or (unset) the CEP when it exists and the own PDF otherwise. */
export type ProofKind = 'cep' | 'propio';

/** GET /api/v1/transaction/business-movement/{id}/proof → the proof of payment (application/pdf). */
export const downloadProof = (id: string, kind?: ProofKind) =>
  apiRequest<Blob>('GET', `${TX}/business-movement/${encodeURIComponent(id)}/proof`, { responseType: 'blob', query: { Kind: kind } });

export function useDownloadProof() {
  return useMutation({
    mutationFn: async ({ id, trackingKey, kind }: { id: string; trackingKey: string | null; kind?: ProofKind }) => {
      const blob = await unwrap(downloadProof(id, kind));
      saveBlob(blob, kind === 'cep' ? `CEP-${trackingKey ?? id}.pdf` : `comprobante-${trackingKey ?? id}.pdf`);
      return blob;
    },
  });
}
