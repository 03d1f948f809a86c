import { ReconciliationDay, ReconciliationLine, type ReconciliationDayQuery } from '@far/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, unwrap } from '../../lib/api-client';
import { IDEMPOTENCY_HEADER, saveBlob } from '../../lib/money';

const BASE = '/api/v1/transaction/spei-reconciliation';
const keys = { all: ['spei-reconciliation'] as const };

export type DayAsk = z.input<typeof ReconciliationDayQuery>;

export const useReconciliationDay = (ask: DayAsk) =>
  useQuery({
    queryKey: [...keys.all, ask],
    queryFn: () => unwrap(apiRequest('GET', `${BASE}/day`, { query: { ...ask }, schema: ReconciliationDay })),
  });

function useInvalidating<V, T>(fn: (v: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.all }) });
}

/** POST run: the rail is asked now for the day and compared with the ledger. */
export const useRunDay = () =>
  useInvalidating((day: string) => unwrap(apiRequest('POST', `${BASE}/run`, { body: { Day: day }, schema: ReconciliationDay, timeoutMs: 120_000 })));

export const useReviewLine = () =>
  useInvalidating(({ id, comment }: { id: string; comment: string }) =>
    unwrap(apiRequest('POST', `${BASE}/line/${encodeURIComponent(id)}/review`, { body: { Comment: comment }, schema: ReconciliationLine })),
  );

/** Credits a missed incoming transfer (money: one Idempotency-Key per intent). */
export const useCreditLine = () =>
  useInvalidating(({ id, idempotencyKey }: { id: string; idempotencyKey: string }) =>
    unwrap(
      apiRequest('POST', `${BASE}/line/${encodeURIComponent(id)}/credit`, {
        schema: z.object({ Line: ReconciliationLine, Duplicate: z.boolean() }),
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
    ),
  );

export function useDownloadCsv() {
  return useMutation({
    mutationFn: async (ask: DayAsk) => {
      const blob = await unwrap(apiRequest<Blob>('GET', `${BASE}/day/csv`, { query: { ...ask }, responseType: 'blob' }));
      saveBlob(blob, `conciliacion-spei-${ask.Day}.csv`);
    },
  });
}
