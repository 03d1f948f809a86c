import { ReconciliationDay, ReconciliationLine, type ReconciliationDayQuery } from '@far/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '../../lib/api-client';
import { IDEMPOTENCY_HEADER, saveBlob } from '../../lib/money';
import { api } from '../../lib/api';

const keys = { all: ['spei-reconciliation'] as const };

export type DayAsk = z.input<typeof ReconciliationDayQuery>;

export const useReconciliationDay = (ask: DayAsk) =>
  useQuery({
    queryKey: [...keys.all, ask],
    queryFn: () => unwrap(api.GET('/api/v1/transaction/spei-reconciliation/day', { params: { query: { ...ask } }, schema: ReconciliationDay })),
  });

function useInvalidating<V, T>(fn: (v: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.all }) });
}

/** POST run: the rail is asked now for the day and compared with the ledger. */
export const useRunDay = () =>
  useInvalidating((day: string) =>
    unwrap(api.POST('/api/v1/transaction/spei-reconciliation/run', { body: { Day: day }, schema: ReconciliationDay, timeoutMs: 120_000 })),
  );

export const useReviewLine = () =>
  useInvalidating(({ id, comment }: { id: string; comment: string }) =>
    unwrap(
      api.POST('/api/v1/transaction/spei-reconciliation/line/{id}/review', {
        params: { path: { id } },
        body: { Comment: comment },
        schema: ReconciliationLine,
      }),
    ),
  );

/** Credits a missed incoming transfer (money: one Idempotency-Key per intent). */
export const useCreditLine = () =>
  useInvalidating(({ id, idempotencyKey }: { id: string; idempotencyKey: string }) =>
    unwrap(
      api.POST('/api/v1/transaction/spei-reconciliation/line/{id}/credit', {
        params: { path: { id } },
        schema: z.object({ Line: ReconciliationLine, Duplicate: z.boolean() }),
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
    ),
  );

export function useDownloadCsv() {
  return useMutation({
    mutationFn: async (ask: DayAsk) => {
      const blob = await unwrap(api.GET('/api/v1/transaction/spei-reconciliation/day/csv', { params: { query: { ...ask } }, responseType: 'blob' }));
      saveBlob(blob, `conciliacion-spei-${ask.Day}.csv`);
    },
  });
}
