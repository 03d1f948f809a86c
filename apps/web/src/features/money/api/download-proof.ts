import { useMutation } from '@tanstack/react-query';
import { proofFileName, type ProofKind } from '../../../components/proof-downloads';
import { unwrap } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/money';
import { api } from '../../../lib/api';

/** GET /api/v1/transaction/business-movement/{id}/proof → the proof of payment (application/pdf). */
export const downloadProof = (id: string, kind?: ProofKind) =>
  api.GET('/api/v1/transaction/business-movement/{id}/proof', { params: { path: { id }, query: { Kind: kind } }, responseType: 'blob' });

/** Downloads a movement's proof and saves it. */
export async function saveProof({ id, trackingKey, kind }: { id: string; trackingKey: string | null; kind?: ProofKind }) {
  const blob = await unwrap(downloadProof(id, kind));
  saveBlob(blob, proofFileName(trackingKey, id, kind));
  return blob;
}

export function useDownloadProof() {
  return useMutation({ mutationFn: saveProof });
}
