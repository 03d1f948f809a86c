import { BankItem } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '../../../lib/api-client';
import { moneyKeys } from './keys';
import { api } from '../../../lib/api';

/** POST /api/v1/transaction/opm-features/banks { Search? } → SPEI participants and sandbox test banks. */
export const listBanks = () => api.POST('/api/v1/transaction/opm-features/banks', { body: {}, schema: z.array(BankItem) });

export const banksQueryOptions = () => queryOptions({ queryKey: moneyKeys.banks, queryFn: () => unwrap(listBanks()), staleTime: Infinity });

export function useBanks() {
  return useQuery(banksQueryOptions());
}
