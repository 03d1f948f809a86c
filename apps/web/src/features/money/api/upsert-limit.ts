import { TransactionLimit, type LimitUpsertBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { moneyKeys } from './keys';
import { api } from '../../../lib/api';

/** POST /api/v1/transaction/limit/action/upsert: ScopeType 0 global, 1 specific (BusinessId); a blank amount is no limit. */
export type LimitInput = z.input<typeof LimitUpsertBody>;

export const upsertLimit = (body: LimitInput) => api.POST('/api/v1/transaction/limit/action/upsert', { body, schema: TransactionLimit });

export function useUpsertLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LimitInput) => unwrap(upsertLimit(body)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: moneyKeys.limits }),
  });
}
