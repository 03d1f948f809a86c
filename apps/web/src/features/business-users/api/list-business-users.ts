import { UserListItem, pageOf, type StatusFilterName } from '@far/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListSort } from '../../../components/list-scaffold';
import { apiRequest, unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

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

export const listBusinessUsers = (q: BusinessUsersQuery) =>
  apiRequest('POST', '/api/v1/profiles/users/query/list', {
    body: { ClientKind: 'business', ...q, Search: q.Search?.trim() || undefined },
    schema: UsersPage,
  });

export const businessUsersQueryOptions = (q: BusinessUsersQuery) =>
  queryOptions({ queryKey: [...queryKeys.businessUsers, q.BusinessId ?? 'own', q], queryFn: () => unwrap(listBusinessUsers(q)), placeholderData: keepPreviousData });

export function useBusinessUsers(q: BusinessUsersQuery) {
  return useQuery(businessUsersQueryOptions(q));
}
