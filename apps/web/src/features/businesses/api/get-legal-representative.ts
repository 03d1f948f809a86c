import { LegalRepresentative } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { businessesQueryKey } from './list-businesses';
import { api } from '../../../lib/api';

/** GET /api/v1/legal-representative/{id} (the record's id or the business's); 404 when there is none yet. */
export type LegalRepresentativeData = z.infer<typeof LegalRepresentative>;

export const legalRepresentativeQueryKey = (businessId: string) => [...businessesQueryKey, 'legal-representative', businessId] as const;

export const getLegalRepresentative = (businessId: string) =>
  api.GET('/api/v1/legal-representative/{id}', { params: { path: { id: businessId } }, schema: LegalRepresentative });

/** null when the business has no legal representative yet (the API's 404). */
export const legalRepresentativeQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: legalRepresentativeQueryKey(businessId),
    queryFn: async (): Promise<LegalRepresentativeData | null> => {
      const [data, error] = await getLegalRepresentative(businessId);
      if (error?.status === 404) return null;
      if (error) throw error;
      return data;
    },
  });

export function useLegalRepresentative(businessId: string, enabled = true) {
  return useQuery({ ...legalRepresentativeQueryOptions(businessId), enabled });
}
