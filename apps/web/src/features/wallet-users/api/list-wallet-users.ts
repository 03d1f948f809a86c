import { WalletUserListItem, pageOf, type StatusFilterName } from '@far/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListSort } from '../../../components/list-scaffold';
import { apiRequest, unwrap } from '../../../lib/api-client';

/** POST /api/v1/profiles/wallet/query/list { Page, Size, Search?, Status? }. */
export interface WalletUsersQuery extends Partial<ListSort> {
  Page: number;
  Size: number;
  Search: string;
  Status: StatusFilterName | null;
}

export const walletUsersQueryKey = ['wallet-users'] as const;

const WalletPage = pageOf(WalletUserListItem);

export const listWalletUsers = (q: WalletUsersQuery) =>
  apiRequest('POST', '/api/v1/profiles/wallet/query/list', {
    body: { Page: q.Page, Size: q.Size, Search: q.Search.trim() || undefined, Status: q.Status ?? undefined, SortBy: q.SortBy, SortDir: q.SortDir },
    schema: WalletPage,
  });

export const walletUsersQueryOptions = (q: WalletUsersQuery) =>
  queryOptions({ queryKey: [...walletUsersQueryKey, 'list', q], queryFn: () => unwrap(listWalletUsers(q)), placeholderData: keepPreviousData });

export function useWalletUsers(q: WalletUsersQuery) {
  return useQuery(walletUsersQueryOptions(q));
}
