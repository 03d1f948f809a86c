import { Beneficiary, type BeneficiaryUpdateBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { BeneficiaryOwner } from './list-beneficiaries';
import { api } from '../../../lib/api';

/** POST /api/v1/beneficiary { v_uid_user? | v_uid_business?, v_names, d_birthdate_at, v_phone, v_email } (at most 10 per owner). */
export type BeneficiaryFieldsInput = z.input<typeof BeneficiaryUpdateBody>;

export const createBeneficiary = (body: BeneficiaryOwner & BeneficiaryFieldsInput) => api.POST('/api/v1/beneficiary', { body, schema: Beneficiary });

export function useCreateBeneficiary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BeneficiaryOwner & BeneficiaryFieldsInput) => unwrap(createBeneficiary(body)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.beneficiaries }),
  });
}
