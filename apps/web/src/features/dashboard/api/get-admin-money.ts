import { AdminDashboard } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { api } from '../../../lib/api';

/** GET /api/v1/transaction/dashboard/admin: total balances held, SPEI volume today, pending orders and the provider's books. */
export type AdminMoney = z.infer<typeof AdminDashboard>;

export const getAdminMoney = () => api.GET('/api/v1/transaction/dashboard/admin', { schema: AdminDashboard });

export const adminMoneyQueryOptions = () =>
  queryOptions({ queryKey: [...queryKeys.dashboard, 'money', 'admin'], queryFn: () => unwrap(getAdminMoney()), refetchInterval: 30_000 });

export function useAdminMoney(enabled: boolean) {
  return useQuery({ ...adminMoneyQueryOptions(), enabled });
}
