import { UserListItem, pageOf, type StatusFilterName } from '@far/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client';

/** POST /api/v1/profiles/users/query/list { ClientKind: 'techfar', Page, Size, Search?, Status? }. */
export interface StaffQuery {
  Page: number;
  Size: number;
  Search: string;
  Status: StatusFilterName | null;
}

export const staffQueryKey = ['staff'] as const;

const StaffPage = pageOf(UserListItem);

export const listStaff = (q: StaffQuery) =>
  apiRequest('POST', '/api/v1/profiles/users/query/list', {
    body: { ClientKind: 'techfar', Page: q.Page, Size: q.Size, Search: q.Search.trim() || undefined, Status: q.Status ?? undefined },
    schema: StaffPage,
  });

export const staffQueryOptions = (q: StaffQuery) =>
  queryOptions({ queryKey: [...staffQueryKey, 'list', q], queryFn: () => unwrap(listStaff(q)), placeholderData: keepPreviousData });

export function useStaffList(q: StaffQuery) {
  return useQuery(staffQueryOptions(q));
}
