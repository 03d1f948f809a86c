import { BusinessMovement, type SpeiOutBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { IDEMPOTENCY_HEADER } from '../../../lib/money';
import { queryKeys } from '../../../lib/query-keys';
import { moneyKeys } from './keys';
import { api } from '../../../lib/api';

/**
 * POST /api/v1/transaction/business-movement/speiout with `Idempotency-Key`: a registered account
 * (ClabeAccountId) or a CLABE with the beneficiary's name, the amount, concept, numeric reference
 * and the six-digit code of the 'spei-out' operation. The total is held until it settles.
 */
export type SpeiOutInput = z.input<typeof SpeiOutBody>;

export const sendSpeiOut = (body: SpeiOutInput, idempotencyKey: string) =>
  api.POST('/api/v1/transaction/business-movement/speiout', { body, schema: BusinessMovement, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });

export function useSendSpeiOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: SpeiOutInput; idempotencyKey: string }) => unwrap(sendSpeiOut(body, idempotencyKey)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: moneyKeys.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
}
