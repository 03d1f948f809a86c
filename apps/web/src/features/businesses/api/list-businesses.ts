import { BusinessListItem, pageOf, type StatusFilterName } from '@far/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListSort } from '../../../components/list-scaffold';
import { apiRequest, unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/v1/profiles/business/query/list { Page, Size, Search?, Status? }. */
export interface BusinessesQuery extends Partial<ListSort> {
  Page: number;
  Size: number;
  Search: string;
  Status: StatusFilterName | null;
}

export const businessesQueryKey = queryKeys.businesses;

const BusinessesPage = pageOf(BusinessListItem);

export const listBusinesses = (q: BusinessesQuery) =>
  apiRequest('POST', '/api/v1/profiles/business/query/list', {
    body: { Page: q.Page, Size: q.Size, Search: q.Search.trim() || undefined, Status: q.Status ?? undefined, SortBy: q.SortBy, SortDir: q.SortDir },
    schema: BusinessesPage,
  });

export const businessesQueryOptions = (q: BusinessesQuery) =>
  queryOptions({ queryKey: [...businessesQueryKey, 'list', q], queryFn: () => unwrap(listBusinesses(q)), placeholderData: keepPreviousData });

export function useBusinesses(q: BusinessesQuery) {
  return useQuery(businessesQueryOptions(q));
}
