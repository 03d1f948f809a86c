import { BusinessDashboard } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { api } from '../../../lib/api';

/** GET /api/v1/transaction/dashboard/business: balance, in transit, last movements and 30 days of money in and out. */
export type BusinessMoney = z.infer<typeof BusinessDashboard>;
/** The answer's schema, for a request made before this module is loaded (prefetch.ts). */
export const businessMoneySchema = BusinessDashboard;

export const getBusinessMoney = () => api.GET('/api/v1/transaction/dashboard/business', { schema: BusinessDashboard });

export const businessMoneyQueryOptions = () =>
  queryOptions({ queryKey: [...queryKeys.dashboard, 'money', 'business'], queryFn: () => unwrap(getBusinessMoney()), refetchInterval: 30_000 });

export function useBusinessMoney(enabled: boolean) {
  return useQuery({ ...businessMoneyQueryOptions(), enabled });
}
