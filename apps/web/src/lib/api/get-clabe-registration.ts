import { ClabeRegistration } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../api-client';
import { api } from '../api';

/** GET /api/v1/transaction/spei-rail/clabe-registration: whether the business's CLABE is registered at STP (staff name the business). */
export const getClabeRegistration = (businessId?: string) =>
  api.GET('/api/v1/transaction/spei-rail/clabe-registration', { params: { query: businessId ? { BusinessId: businessId } : {} }, schema: ClabeRegistration });

export const clabeRegistrationQueryOptions = (businessId?: string) =>
  queryOptions({
    queryKey: ['spei-rail', 'clabe-registration', businessId ?? 'own'],
    queryFn: () => unwrap(getClabeRegistration(businessId)),
    staleTime: 60_000,
  });

export function useClabeRegistration(businessId?: string) {
  return useQuery(clabeRegistrationQueryOptions(businessId));
}
