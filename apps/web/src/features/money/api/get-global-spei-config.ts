import { GlobalSpeiConfig } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { moneyKeys } from './keys';
import { api } from '../../../lib/api';

/** GET /api/v1/transaction/speiconfig/global → the provider-wide SPEI commissions and switch. */
export const getGlobalSpeiConfig = () => api.GET('/api/v1/transaction/speiconfig/global', { schema: GlobalSpeiConfig });

export const globalSpeiConfigQueryOptions = () => queryOptions({ queryKey: moneyKeys.globalConfig, queryFn: () => unwrap(getGlobalSpeiConfig()) });

export function useGlobalSpeiConfig() {
  return useQuery(globalSpeiConfigQueryOptions());
}
