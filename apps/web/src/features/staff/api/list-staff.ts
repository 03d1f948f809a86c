import { UserListItem, pageOf, type StatusFilterName, type UsersListBody } from '@far/contracts';
import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListSort } from '../../../components/list-scaffold';
import { unwrap } from '../../../lib/api-client';
import { api } from '../../../lib/api';

/** POST /api/v1/profiles/users/query/list { ClientKind: 'techfar', Page, Size, Search?, Status?, SortBy?, SortDir? }. */
export interface StaffQuery extends Partial<ListSort> {
  Page: number;
  Size: number;
  Search: string;
  Status: StatusFilterName | null;
}

export const staffQueryKey = ['staff'] as const;

const StaffPage = pageOf(UserListItem);

type StaffBody = Extract<z.input<typeof UsersListBody>, { ClientKind: 'techfar' }>;

/** The screen's filters as the body the server validates (SortBy: the column's key, one of USER_SORT_FIELDS). */
const toBody = (q: StaffQuery): StaffBody => ({
  ClientKind: 'techfar',
  Page: q.Page,
  Size: q.Size,
  Search: q.Search.trim() || undefined,
  Status: q.Status ?? undefined,
  SortBy: q.SortBy as StaffBody['SortBy'],
  SortDir: q.SortDir,
});

export const listStaff = (q: StaffQuery) => api.POST('/api/v1/profiles/users/query/list', { body: toBody(q), schema: StaffPage });

export const staffQueryOptions = (q: StaffQuery) =>
  queryOptions({ queryKey: [...staffQueryKey, 'list', q], queryFn: () => unwrap(listStaff(q)), placeholderData: keepPreviousData });

export function useStaffList(q: StaffQuery) {
  return useQuery(staffQueryOptions(q));
}
