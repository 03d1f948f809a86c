import { BusinessLimits } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { moneyKeys } from './keys';
import { api } from '../../../lib/api';

/** POST /api/v1/transaction/limit/query/getbybusiness { BusinessId? } → its own limit, the global one, what applies and what was used. */
export const getBusinessLimits = (businessId?: string) =>
  api.POST('/api/v1/transaction/limit/query/getbybusiness', { body: { BusinessId: businessId }, schema: BusinessLimits });

export const businessLimitsQueryOptions = (businessId?: string) =>
  queryOptions({ queryKey: [...moneyKeys.limits, 'business', businessId ?? 'own'], queryFn: () => unwrap(getBusinessLimits(businessId)) });

export function useBusinessLimits(businessId?: string) {
  return useQuery(businessLimitsQueryOptions(businessId));
}
