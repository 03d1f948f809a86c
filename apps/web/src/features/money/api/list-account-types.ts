import { CatalogEntry } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '../../../lib/api-client';
import { moneyKeys } from './keys';
import { api } from '../../../lib/api';

/** POST /api/v1/transaction/opm-features/account-types → [{ key, description, active }] (40 CLABE, 3 tarjeta, 10 teléfono). */
export const listAccountTypes = () => api.POST('/api/v1/transaction/opm-features/account-types', { body: {}, schema: z.array(CatalogEntry) });

export const accountTypesQueryOptions = () =>
  queryOptions({ queryKey: moneyKeys.accountTypes, queryFn: () => unwrap(listAccountTypes()), staleTime: Infinity });

export function useAccountTypes() {
  return useQuery(accountTypesQueryOptions());
}
