import { BusinessSpeiConfig, type BusinessSpeiConfigBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { moneyKeys } from './keys';
import { api } from '../../../lib/api';

/** POST /api/v1/transaction/speiconfig/business/upsert (staff). */
export type BusinessSpeiConfigInput = z.input<typeof BusinessSpeiConfigBody>;

export const upsertBusinessSpeiConfig = (body: BusinessSpeiConfigInput) =>
  api.POST('/api/v1/transaction/speiconfig/business/upsert', { body, schema: BusinessSpeiConfig });

export function useUpsertBusinessSpeiConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessSpeiConfigInput) => unwrap(upsertBusinessSpeiConfig(body)),
    onSuccess: (data) => queryClient.setQueryData([...moneyKeys.businessConfig, data.BusinessId], data),
  });
}
