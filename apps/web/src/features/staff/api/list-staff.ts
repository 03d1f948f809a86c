import { UserListItem, pageOf, type StatusFilterName } from '@far/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListSort } from '../../../components/list-scaffold';
import { apiRequest, unwrap } from '../../../lib/api-client';

/** POST /api/v1/profiles/users/query/list { ClientKind: 'techfar', Page, Size, Search?, Status?, SortBy?, SortDir? }. */
export interface StaffQuery extends Partial<ListSort> {
  Page: number;
  Size: number;
  Search: string;
  Status: StatusFilterName | null;
}

export const staffQueryKey = ['staff'] as const;

const StaffPage = pageOf(UserListItem);

export const listStaff = (q: StaffQuery) =>
  apiRequest('POST', '/api/v1/profiles/users/query/list', {
    body: { ClientKind: 'techfar', Page: q.Page, Size: q.Size, Search: q.Search.trim() || undefined, Status: q.Status ?? undefined, SortBy: q.SortBy, SortDir: q.SortDir },
    schema: StaffPage,
  });

export const staffQueryOptions = (q: StaffQuery) =>
  queryOptions({ queryKey: [...staffQueryKey, 'list', q], queryFn: () => unwrap(listStaff(q)), placeholderData: keepPreviousData });

export function useStaffList(q: StaffQuery) {
  return useQuery(staffQueryOptions(q));
}
