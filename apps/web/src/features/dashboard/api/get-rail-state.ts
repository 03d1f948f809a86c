import { SpeiRailState } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { api } from '../../../lib/api';

/** GET /api/v1/transaction/spei-rail/state: which SPEI rail runs and whether it answers (staff). */
export const getRailState = () => api.GET('/api/v1/transaction/spei-rail/state', { schema: SpeiRailState });

export const railStateQueryOptions = () =>
  queryOptions({ queryKey: [...queryKeys.dashboard, 'spei-rail'], queryFn: () => unwrap(getRailState()), refetchInterval: 30_000 });

export function useRailState() {
  return useQuery(railStateQueryOptions());
}
