import { WalletUserDetail } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { walletUsersQueryKey } from './list-wallet-users';
import { api } from '../../../lib/api';

/** POST /api/v1/profiles/wallet/query/getbyid { Id } → the wallet user with their address. */
export const getWalletUser = (id: string) => api.POST('/api/v1/profiles/wallet/query/getbyid', { body: { Id: id }, schema: WalletUserDetail });

export const walletUserQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...walletUsersQueryKey, 'detail', id], queryFn: () => unwrap(getWalletUser(id)), staleTime: 0 });

export function useWalletUser(id: string | null) {
  return useQuery({ ...walletUserQueryOptions(id ?? ''), enabled: id !== null });
}
