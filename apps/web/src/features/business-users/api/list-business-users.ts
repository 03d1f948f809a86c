import { UserListItem, pageOf, type StatusFilterName, type UsersListBody } from '@far/contracts';
import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListSort } from '../../../components/list-scaffold';
import { unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { api } from '../../../lib/api';

/**
 * POST /api/v1/profiles/users/query/list with ClientKind 'business': the users of one business.
 * Staff name the business (BusinessId); a business user always gets their own.
 */
export interface BusinessUsersQuery extends Partial<ListSort> {
  BusinessId?: string;
  Page: number;
  Size: number;
  Search?: string;
  Status?: StatusFilterName;
}

const UsersPage = pageOf(UserListItem);

type BusinessUsersBody = Extract<z.input<typeof UsersListBody>, { ClientKind: 'business' }>;

/** The screen's filters as the body the server validates (SortBy: the column's key, one of USER_SORT_FIELDS). */
const toBody = (q: BusinessUsersQuery): BusinessUsersBody => ({
  ClientKind: 'business',
  BusinessId: q.BusinessId,
  Page: q.Page,
  Size: q.Size,
  Search: q.Search?.trim() || undefined,
  Status: q.Status,
  SortBy: q.SortBy as BusinessUsersBody['SortBy'],
  SortDir: q.SortDir,
});

export const listBusinessUsers = (q: BusinessUsersQuery) => api.POST('/api/v1/profiles/users/query/list', { body: toBody(q), schema: UsersPage });

export const businessUsersQueryOptions = (q: BusinessUsersQuery) =>
  queryOptions({
    queryKey: [...queryKeys.businessUsers, q.BusinessId ?? 'own', q],
    queryFn: () => unwrap(listBusinessUsers(q)),
    placeholderData: keepPreviousData,
  });

export function useBusinessUsers(q: BusinessUsersQuery) {
  return useQuery(businessUsersQueryOptions(q));
}
