import { BulkResult, type WalletBulkBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { walletUsersQueryKey } from './list-wallet-users';
import { api } from '../../../lib/api';

/** POST /api/v1/profiles/wallet/action/bulk-action { Action, Ids } → { Affected }; all or nothing. */
export type WalletActionInput = z.input<typeof WalletBulkBody>;

export const walletUserActions = (body: WalletActionInput) => api.POST('/api/v1/profiles/wallet/action/bulk-action', { body, schema: BulkResult });

export function useWalletUserActions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WalletActionInput) => unwrap(walletUserActions(body)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: walletUsersQueryKey }),
  });
}
