import { BusinessSpeiConfig } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client';
import { TX, moneyKeys } from './keys';

/** POST /api/v1/transaction/speiconfig/business/query { BusinessId? } → its own values and the ones that apply. */
export const getBusinessSpeiConfig = (businessId?: string) =>
  apiRequest('POST', `${TX}/speiconfig/business/query`, { body: { BusinessId: businessId }, schema: BusinessSpeiConfig });

export const businessSpeiConfigQueryOptions = (businessId?: string) =>
  queryOptions({ queryKey: [...moneyKeys.businessConfig, businessId ?? 'own'], queryFn: () => unwrap(getBusinessSpeiConfig(businessId)) });

export function useBusinessSpeiConfig(businessId?: string) {
  return useQuery(businessSpeiConfigQueryOptions(businessId));
}
