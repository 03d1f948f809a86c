import { BalanceOut } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { moneyKeys } from './keys';
import { api } from '../../../lib/api';

/** POST /api/v1/transaction/opm-features/balance { BusinessId? } → §3 Balance (the caller's own business; staff name one). */
export const getBalance = (businessId?: string) =>
  api.POST('/api/v1/transaction/opm-features/balance', { body: { BusinessId: businessId }, schema: BalanceOut });

export const balanceQueryOptions = (businessId?: string) =>
  queryOptions({ queryKey: [...moneyKeys.balance, businessId ?? 'own'], queryFn: () => unwrap(getBalance(businessId)), staleTime: 5_000 });

export function useBalance(businessId?: string, options: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...balanceQueryOptions(businessId), refetchInterval: options.refetchInterval });
}
