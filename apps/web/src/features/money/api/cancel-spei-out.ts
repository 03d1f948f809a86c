import { BusinessMovement, type MovementIdBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { unwrap } from '../../../lib/api-client';
import { IDEMPOTENCY_HEADER } from '../../../lib/money';
import { queryKeys } from '../../../lib/query-keys';
import { moneyKeys } from './keys';

/**
 * POST /api/v1/transaction/business-movement/speiout/cancel | remove { Id } with `Idempotency-Key`:
 * a pending order not yet sent; the hold is released.
 */
export type CancelMode = 'cancel' | 'remove';

export const cancelSpeiOut = (mode: CancelMode, id: string, idempotencyKey: string) => {
  const init = { body: { Id: id } satisfies z.input<typeof MovementIdBody>, schema: BusinessMovement, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } };
  return mode === 'cancel'
    ? api.POST('/api/v1/transaction/business-movement/speiout/cancel', init)
    : api.POST('/api/v1/transaction/business-movement/speiout/remove', init);
};

export function useCancelSpeiOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mode, id, idempotencyKey }: { mode: CancelMode; id: string; idempotencyKey: string }) => unwrap(cancelSpeiOut(mode, id, idempotencyKey)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: moneyKeys.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
}
