import { SpeiRailState } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/transaction/spei-rail/state: which SPEI rail runs and whether it answers (staff). */
export const getRailState = () => apiRequest('GET', '/api/v1/transaction/spei-rail/state', { schema: SpeiRailState });

export const railStateQueryOptions = () =>
  queryOptions({ queryKey: [...queryKeys.dashboard, 'spei-rail'], queryFn: () => unwrap(getRailState()), refetchInterval: 30_000 });

export function useRailState() {
  return useQuery(railStateQueryOptions());
}
