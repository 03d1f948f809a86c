import { BusinessDetail } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { businessesQueryKey } from './list-businesses';
import { api } from '../../../lib/api';

/** POST /api/v1/profiles/business/query/getbyid { Id } → the business with its address, CLABE and dates. */
export const getBusiness = (id: string) => api.POST('/api/v1/profiles/business/query/getbyid', { body: { Id: id }, schema: BusinessDetail });

export const businessQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...businessesQueryKey, 'detail', id], queryFn: () => unwrap(getBusiness(id)), staleTime: 0 });

export function useBusiness(id: string) {
  return useQuery(businessQueryOptions(id));
}
