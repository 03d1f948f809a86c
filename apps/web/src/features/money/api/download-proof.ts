import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/money';
import { api } from '../../../lib/api';

/** Banxico's CEP, the product's own PDF, or (unset) the CEP when it exists and the own PDF otherwise. */
export type ProofKind = 'cep' | 'propio';

/** GET /api/v1/transaction/business-movement/{id}/proof → the proof of payment (application/pdf). */
export const downloadProof = (id: string, kind?: ProofKind) =>
  api.GET('/api/v1/transaction/business-movement/{id}/proof', { params: { path: { id }, query: { Kind: kind } }, responseType: 'blob' });

export function useDownloadProof() {
  return useMutation({
    mutationFn: async ({ id, trackingKey, kind }: { id: string; trackingKey: string | null; kind?: ProofKind }) => {
      const blob = await unwrap(downloadProof(id, kind));
      saveBlob(blob, kind === 'cep' ? `CEP-${trackingKey ?? id}.pdf` : `comprobante-${trackingKey ?? id}.pdf`);
      return blob;
    },
  });
}
