import { BusinessListItem, pageOf } from '@far/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { moneyKeys } from './keys';
import { api } from '../../../lib/api';

/** POST /api/v1/profiles/business/query/list { Page, Size, Search }: the businesses staff can send a sandbox SPEI to (with their CLABE). */
const BusinessesPage = pageOf(BusinessListItem);

export const searchBusinesses = (search: string) =>
  api.POST('/api/v1/profiles/business/query/list', { body: { Page: 1, Size: 20, Search: search.trim() || undefined }, schema: BusinessesPage });

export const businessesSearchQueryOptions = (search: string) =>
  queryOptions({ queryKey: [...moneyKeys.businesses, search], queryFn: () => unwrap(searchBusinesses(search)), placeholderData: keepPreviousData });

export function useBusinessSearch(search: string) {
  return useQuery(businessesSearchQueryOptions(search));
}
