import { ValuesAndCommissions } from '@far/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client';
import { TX } from './keys';

/** POST /api/v1/transaction/speiconfig/values-and-commissions { Amount, BusinessId? }: what a transfer of Amount costs and leaves. */
export const previewValues = (body: { Amount: string; BusinessId?: string }) =>
  apiRequest('POST', `${TX}/speiconfig/values-and-commissions`, { body, schema: ValuesAndCommissions });

export function usePreviewValues() {
  return useMutation({ mutationFn: (body: { Amount: string; BusinessId?: string }) => unwrap(previewValues(body)) });
}
