import { ClabeAccount } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '../../../lib/api-client';
import { moneyKeys } from './keys';
import { api } from '../../../lib/api';

/** POST /api/v1/transaction/clabe-account/query/my-accounts { BusinessId? } → the business's active accounts, unpaged. */
export const listMyAccounts = (businessId?: string) =>
  api.POST('/api/v1/transaction/clabe-account/query/my-accounts', { body: { BusinessId: businessId }, schema: z.array(ClabeAccount) });

export const myAccountsQueryOptions = (businessId?: string) =>
  queryOptions({ queryKey: [...moneyKeys.myAccounts, businessId ?? 'own'], queryFn: () => unwrap(listMyAccounts(businessId)) });

export function useMyAccounts(businessId?: string, enabled = true) {
  return useQuery({ ...myAccountsQueryOptions(businessId), enabled });
}
