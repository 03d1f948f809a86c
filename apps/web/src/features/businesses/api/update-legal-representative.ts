import { LegalRepresentative } from '@far/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import type { LegalRepresentativeInput } from './create-legal-representative';
import { legalRepresentativeQueryKey } from './get-legal-representative';
import { api } from '../../../lib/api';

/** PUT /api/v1/legal-representative/{id} (the record's id or the business's). */
export const updateLegalRepresentative = ({ businessId, ...body }: LegalRepresentativeInput & { businessId: string }) =>
  api.PUT('/api/v1/legal-representative/{id}', { params: { path: { id: businessId } }, body, schema: LegalRepresentative });

export function useUpdateLegalRepresentative() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LegalRepresentativeInput & { businessId: string }) => unwrap(updateLegalRepresentative(input)),
    onSuccess: (rep) => queryClient.setQueryData(legalRepresentativeQueryKey(rep.v_uid_business), rep),
  });
}
