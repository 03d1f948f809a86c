import { ClabeRegistration } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../api-client';

/** GET /api/v1/transaction/spei-rail/clabe-registration: whether the business's CLABE is registered at STP (staff name the business). */
export const getClabeRegistration = (businessId?: string) =>
  apiRequest('GET', '/api/v1/transaction/spei-rail/clabe-registration', { query: businessId ? { BusinessId: businessId } : {}, schema: ClabeRegistration });

export const clabeRegistrationQueryOptions = (businessId?: string) =>
  queryOptions({
    queryKey: ['spei-rail', 'clabe-registration', businessId ?? 'own'],
    queryFn: () => unwrap(getClabeRegistration(businessId)),
    staleTime: 60_000,
  });

export function useClabeRegistration(businessId?: string) {
  return useQuery(clabeRegistrationQueryOptions(businessId));
}
