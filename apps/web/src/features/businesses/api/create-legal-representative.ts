import { LegalRepresentative, type LegalRepresentativeCreateBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { legalRepresentativeQueryKey } from './get-legal-representative';
import { api } from '../../../lib/api';

/** The legal representative's fields (v_-style). */
export type LegalRepresentativeInput = z.input<typeof LegalRepresentativeCreateBody>;

/** POST /api/v1/legal-representative { v_uid_business, ...fields } (persona moral only, one per business). */
export const createLegalRepresentative = (body: LegalRepresentativeInput & { v_uid_business: string }) =>
  api.POST('/api/v1/legal-representative', { body, schema: LegalRepresentative });

export function useCreateLegalRepresentative() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LegalRepresentativeInput & { v_uid_business: string }) => unwrap(createLegalRepresentative(body)),
    onSuccess: (rep) => queryClient.setQueryData(legalRepresentativeQueryKey(rep.v_uid_business), rep),
  });
}
