import { StrategicAlly, type StrategicAllyCreateBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { strategicAlliesQueryKey } from './list-strategic-allies';
import { api } from '../../../lib/api';

/** POST /api/v1/strategic-ally { v_uid_user_wallet, v_uid_user_business, v_rfc?, ConfirmRfcWarning }: the link starts pendiente. */
export type CreateStrategicAllyInput = z.input<typeof StrategicAllyCreateBody>;

export const createStrategicAlly = (body: CreateStrategicAllyInput) => api.POST('/api/v1/strategic-ally', { body, schema: StrategicAlly });

export function useCreateStrategicAlly() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateStrategicAllyInput) => unwrap(createStrategicAlly(input)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: strategicAlliesQueryKey }),
  });
}
