import { Me, type UpdateMeBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/api/get-me';
import { api } from '../../../lib/api';

/** PUT /api/v1/account/me: edits the caller's own data; answers the updated profile. */
export type UpdateMeInput = z.input<typeof UpdateMeBody>;

export const updateMe = (body: UpdateMeInput) => api.PUT('/api/v1/account/me', { body, schema: Me });

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMeInput) => unwrap(updateMe(body)),
    onSuccess: (me) => {
      queryClient.setQueryData(meQueryKey, me);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
