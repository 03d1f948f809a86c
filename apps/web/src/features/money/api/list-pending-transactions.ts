import { BusinessMovementPage, type PendingTransactionsBody } from '@far/contracts';
import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { isOnItsWay } from '../../../lib/money';
import { moneyKeys } from './keys';
import { api } from '../../../lib/api';

/** POST /api/v1/transaction/business-movement/pending-transactions { BusinessId?, Page, Size }: orders not yet settled. */
export type PendingQuery = z.input<typeof PendingTransactionsBody>;

export const listPendingTransactions = (q: PendingQuery) =>
  api.POST('/api/v1/transaction/business-movement/pending-transactions', { body: q, schema: BusinessMovementPage });

/** While an order is on its way the list asks again every few seconds, until every order settles or comes back. */
export const pendingQueryOptions = (q: PendingQuery) =>
  queryOptions({
    queryKey: [...moneyKeys.pending, q],
    queryFn: () => unwrap(listPendingTransactions(q)),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const rows = query.state.data?.Records ?? [];
      return rows.some(isOnItsWay) ? 3_000 : rows.length > 0 ? 60_000 : false;
    },
  });

export function usePendingTransactions(q: PendingQuery) {
  return useQuery(pendingQueryOptions(q));
}
