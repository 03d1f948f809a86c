import { ApprovalConfig, type ApprovalConfigBody } from '@far/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { unwrap } from '../../../lib/api-client';
import { dispersionApprovalQueryKey } from './get-dispersion-approval';

/** PUT /api/v1/transaction/business/{id}/dispersion-approval { Enabled, ThresholdAmount? } (staff, Editar). */
type DispersionApprovalInput = z.input<typeof ApprovalConfigBody>;

const updateDispersionApproval = (businessId: string, body: DispersionApprovalInput) =>
  api.PUT('/api/v1/transaction/business/{id}/dispersion-approval', { params: { path: { id: businessId } }, body, schema: ApprovalConfig });

export function useUpdateDispersionApproval(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DispersionApprovalInput) => unwrap(updateDispersionApproval(businessId, body)),
    onSuccess: (data) => queryClient.setQueryData(dispersionApprovalQueryKey(businessId), data),
  });
}
