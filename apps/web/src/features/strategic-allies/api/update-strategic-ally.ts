import { StrategicAlly, type StrategicAllyUpdateBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { strategicAlliesQueryKey } from './list-strategic-allies';
import { api } from '../../../lib/api';

/** PUT /api/v1/strategic-ally/{id} { v_uid_status, t_comment? }: activo binds, rechazado refuses, inactivo unlinks. */
export type UpdateStrategicAllyInput = z.input<typeof StrategicAllyUpdateBody> & { id: string };

export const updateStrategicAlly = ({ id, ...body }: UpdateStrategicAllyInput) =>
  api.PUT('/api/v1/strategic-ally/{id}', { params: { path: { id } }, body, schema: StrategicAlly });

export function useUpdateStrategicAlly() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateStrategicAllyInput) => unwrap(updateStrategicAlly(input)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: strategicAlliesQueryKey }),
  });
}
