import { SandboxIncomingResult, type SandboxIncomingBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { IDEMPOTENCY_HEADER } from '../../../lib/money';
import { queryKeys } from '../../../lib/query-keys';
import { moneyKeys } from './keys';
import { api } from '../../../lib/api';

/**
 * POST /api/v1/transaction/spei/sandbox/incoming with `Idempotency-Key` (staff): a simulated SPEI
 * to a business CLABE. Same tracking key, day and sending bank = the same order, credited once.
 */
export type SandboxIncomingInput = z.input<typeof SandboxIncomingBody>;

export const sendSandboxIncoming = (body: SandboxIncomingInput, idempotencyKey: string) =>
  api.POST('/api/v1/transaction/spei/sandbox/incoming', { body, schema: SandboxIncomingResult, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });

export function useSendSandboxIncoming() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: SandboxIncomingInput; idempotencyKey: string }) => unwrap(sendSandboxIncoming(body, idempotencyKey)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: moneyKeys.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
}
