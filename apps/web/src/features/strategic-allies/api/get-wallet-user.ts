import { WalletUserDetail } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { api } from '../../../lib/api';

/** POST /api/v1/profiles/wallet/query/getbyid { Id }: the ally's wallet user, for its e-mail. */
export const getWalletUser = (id: string) =>
  api.POST('/api/v1/profiles/wallet/query/getbyid', { body: { Id: id }, schema: WalletUserDetail.pick({ Id: true, Email: true }) });

export const walletUserQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['strategic-allies', 'wallet-user', id], queryFn: () => unwrap(getWalletUser(id)), staleTime: 5 * 60_000 });

export function useWalletUser(id: string) {
  return useQuery(walletUserQueryOptions(id));
}
