import { BusinessSpeiConfig } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { moneyKeys } from './keys';
import { api } from '../../../lib/api';

/** POST /api/v1/transaction/speiconfig/business/query { BusinessId? } → its own values and the ones that apply. */
export const getBusinessSpeiConfig = (businessId?: string) =>
  api.POST('/api/v1/transaction/speiconfig/business/query', { body: { BusinessId: businessId }, schema: BusinessSpeiConfig });

export const businessSpeiConfigQueryOptions = (businessId?: string) =>
  queryOptions({ queryKey: [...moneyKeys.businessConfig, businessId ?? 'own'], queryFn: () => unwrap(getBusinessSpeiConfig(businessId)) });

export function useBusinessSpeiConfig(businessId?: string) {
  return useQuery(businessSpeiConfigQueryOptions(businessId));
}
