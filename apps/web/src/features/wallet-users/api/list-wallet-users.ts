import { WalletUserListItem, pageOf, type StatusFilterName, type WalletListBody } from '@far/contracts';
import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListSort } from '../../../components/list-scaffold';
import { unwrap } from '../../../lib/api-client';
import { api } from '../../../lib/api';

/** POST /api/v1/profiles/wallet/query/list { Page, Size, Search?, Status? }. */
export interface WalletUsersQuery extends Partial<ListSort> {
  Page: number;
  Size: number;
  Search: string;
  Status: StatusFilterName | null;
}

export const walletUsersQueryKey = ['wallet-users'] as const;

const WalletPage = pageOf(WalletUserListItem);

type WalletUsersBody = z.input<typeof WalletListBody>;

/** The screen's filters as the body the server validates (SortBy: the column's key, one of USER_SORT_FIELDS). */
const toBody = (q: WalletUsersQuery): WalletUsersBody => ({
  Page: q.Page,
  Size: q.Size,
  Search: q.Search.trim() || undefined,
  Status: q.Status ?? undefined,
  SortBy: q.SortBy as WalletUsersBody['SortBy'],
  SortDir: q.SortDir,
});

export const listWalletUsers = (q: WalletUsersQuery) => api.POST('/api/v1/profiles/wallet/query/list', { body: toBody(q), schema: WalletPage });

export const walletUsersQueryOptions = (q: WalletUsersQuery) =>
  queryOptions({ queryKey: [...walletUsersQueryKey, 'list', q], queryFn: () => unwrap(listWalletUsers(q)), placeholderData: keepPreviousData });

export function useWalletUsers(q: WalletUsersQuery) {
  return useQuery(walletUsersQueryOptions(q));
}
