import { WalletUserListItem, pageOf } from '@far/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { api } from '../../../lib/api';

/** POST /api/v1/profiles/wallet/query/list { Page, Size, Search }: wallet users to pick as an ally. */
const WalletPage = pageOf(WalletUserListItem);

export const searchWalletUsers = (search: string) =>
  api.POST('/api/v1/profiles/wallet/query/list', { body: { Page: 1, Size: 20, Search: search.trim() || undefined }, schema: WalletPage });

export const walletUserSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['strategic-allies', 'wallet-users', search.trim()],
    queryFn: () => unwrap(searchWalletUsers(search)),
    placeholderData: keepPreviousData,
  });

export function useWalletUserSearch(search: string, enabled = true) {
  return useQuery({ ...walletUserSearchQueryOptions(search), enabled });
}
