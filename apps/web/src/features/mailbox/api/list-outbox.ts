import { OutboxMessage, perPageOf, type PerPageQuery } from '@far/contracts';
import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { api } from '../../../lib/api';

/** GET /api/v1/outbox?page&perPage&search → messages the product sent, newest first (super only). */
export { OutboxMessage };

export interface OutboxQuery {
  page: number;
  perPage: number;
  search: string;
}

export const outboxQueryKey = ['outbox'] as const;

/** The screen's query as the query string the server validates (`satisfies`: the contract checks the names, the values stay query-string values). */
const toQuery = (q: OutboxQuery) => ({ page: q.page, perPage: q.perPage, search: q.search.trim() }) satisfies z.input<typeof PerPageQuery>;

export const listOutbox = (q: OutboxQuery) => api.GET('/api/v1/outbox', { params: { query: toQuery(q) }, schema: perPageOf(OutboxMessage) });

export const AUTO_REFRESH_MS = 5000;

export const outboxQueryOptions = (q: OutboxQuery) =>
  queryOptions({
    queryKey: [...outboxQueryKey, q],
    queryFn: () => unwrap(listOutbox(q)),
    placeholderData: keepPreviousData,
    refetchInterval: AUTO_REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });

export function useOutbox(q: OutboxQuery) {
  return useQuery(outboxQueryOptions(q));
}
