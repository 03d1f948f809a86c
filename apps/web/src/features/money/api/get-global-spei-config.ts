import { GlobalSpeiConfig } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client';
import { TX, moneyKeys } from './keys';

/** GET /api/v1/transaction/speiconfig/global → the provider-wide SPEI commissions and switch. */
export const getGlobalSpeiConfig = () => apiRequest('GET', `${TX}/speiconfig/global`, { schema: GlobalSpeiConfig });

export const globalSpeiConfigQueryOptions = () => queryOptions({ queryKey: moneyKeys.globalConfig, queryFn: () => unwrap(getGlobalSpeiConfig()) });

export function useGlobalSpeiConfig() {
  return useQuery(globalSpeiConfigQueryOptions());
}
