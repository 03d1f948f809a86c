import { Beneficiary } from '@far/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { BeneficiaryFieldsInput } from './create-beneficiary';
import { api } from '../../../lib/api';

/** PUT /api/v1/beneficiary/{id} { v_names, d_birthdate_at, v_phone, v_email }. */
export const updateBeneficiary = ({ id, ...body }: BeneficiaryFieldsInput & { id: string }) =>
  api.PUT('/api/v1/beneficiary/{id}', { params: { path: { id } }, body, schema: Beneficiary });

export function useUpdateBeneficiary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BeneficiaryFieldsInput & { id: string }) => unwrap(updateBeneficiary(input)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.beneficiaries }),
  });
}
