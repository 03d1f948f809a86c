import { GlobalSpeiConfig, type GlobalSpeiConfigBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { moneyKeys } from './keys';
import { api } from '../../../lib/api';

/** PUT /api/v1/transaction/speiconfig/global: percent as decimal text ('0.5'), amounts as '5.00'. */
export type GlobalSpeiConfigInput = z.input<typeof GlobalSpeiConfigBody>;

export const updateGlobalSpeiConfig = (body: GlobalSpeiConfigInput) => api.PUT('/api/v1/transaction/speiconfig/global', { body, schema: GlobalSpeiConfig });

export function useUpdateGlobalSpeiConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GlobalSpeiConfigInput) => unwrap(updateGlobalSpeiConfig(body)),
    onSuccess: (data) => {
      queryClient.setQueryData(moneyKeys.globalConfig, data);
      // What applies to each business may come from the global values.
      void queryClient.invalidateQueries({ queryKey: moneyKeys.businessConfig });
    },
  });
}
