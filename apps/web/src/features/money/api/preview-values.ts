import type { ValuesAndCommissionsBody } from '@far/contracts';
import type { z } from 'zod';
import { ValuesAndCommissions } from '@far/contracts';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { api } from '../../../lib/api';

type ValuesInput = z.input<typeof ValuesAndCommissionsBody>;

/** POST /api/v1/transaction/speiconfig/values-and-commissions { Amount, BusinessId? }: what a transfer of Amount costs and leaves. */
export const previewValues = (body: ValuesInput) => api.POST('/api/v1/transaction/speiconfig/values-and-commissions', { body, schema: ValuesAndCommissions });

export function usePreviewValues() {
  return useMutation({ mutationFn: (body: ValuesInput) => unwrap(previewValues(body)) });
}
