import { TransactionLimit } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { moneyKeys } from './keys';
import { api } from '../../../lib/api';

/** POST /api/v1/transaction/limit/query/global {} → the global limit of the business accounts' SPEI out (or null). */
export const getGlobalLimit = () => api.POST('/api/v1/transaction/limit/query/global', { body: {}, schema: TransactionLimit.nullable() });

export const globalLimitQueryOptions = () => queryOptions({ queryKey: [...moneyKeys.limits, 'global'], queryFn: () => unwrap(getGlobalLimit()) });

export function useGlobalLimit() {
  return useQuery(globalLimitQueryOptions());
}
