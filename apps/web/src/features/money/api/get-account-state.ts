import { AccountState } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { moneyKeys } from './keys';
import { api } from '../../../lib/api';

/** POST /api/internal/account-state { BusinessId?, Year, Month, Format: 'json' } → the month's statement figures. */

export const getAccountState = (year: number, month: number, businessId?: string) =>
  api.POST('/api/internal/account-state', { body: { BusinessId: businessId, Year: year, Month: month, Format: 'json' }, schema: AccountState });

export const accountStateQueryOptions = (year: number, month: number, businessId?: string) =>
  queryOptions({ queryKey: [...moneyKeys.accountState, businessId ?? 'own', year, month], queryFn: () => unwrap(getAccountState(year, month, businessId)) });

export function useAccountState(year: number, month: number, businessId?: string) {
  return useQuery(accountStateQueryOptions(year, month, businessId));
}
