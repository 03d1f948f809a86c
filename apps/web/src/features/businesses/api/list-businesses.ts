import { BusinessListItem, pageOf, type BusinessListBody, type StatusFilterName } from '@far/contracts';
import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListSort } from '../../../components/list-scaffold';
import { unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { api } from '../../../lib/api';

/** POST /api/v1/profiles/business/query/list { Page, Size, Search?, Status? }. */
export interface BusinessesQuery extends Partial<ListSort> {
  Page: number;
  Size: number;
  Search: string;
  Status: StatusFilterName | null;
}

export const businessesQueryKey = queryKeys.businesses;

const BusinessesPage = pageOf(BusinessListItem);

type BusinessesBody = z.input<typeof BusinessListBody>;

/** The screen's filters as the body the server validates (SortBy: the column's key, one of BUSINESS_SORT_FIELDS). */
const toBody = (q: BusinessesQuery): BusinessesBody => ({
  Page: q.Page,
  Size: q.Size,
  Search: q.Search.trim() || undefined,
  Status: q.Status ?? undefined,
  SortBy: q.SortBy as BusinessesBody['SortBy'],
  SortDir: q.SortDir,
});

export const listBusinesses = (q: BusinessesQuery) => api.POST('/api/v1/profiles/business/query/list', { body: toBody(q), schema: BusinessesPage });

export const businessesQueryOptions = (q: BusinessesQuery) =>
  queryOptions({ queryKey: [...businessesQueryKey, 'list', q], queryFn: () => unwrap(listBusinesses(q)), placeholderData: keepPreviousData });

export function useBusinesses(q: BusinessesQuery) {
  return useQuery(businessesQueryOptions(q));
}
