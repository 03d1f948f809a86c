import { BusinessSpeiConfig } from '@far/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client';
import { TX, moneyKeys } from './keys';

/** POST /api/v1/transaction/speiconfig/business/upsert (staff). */
export interface BusinessSpeiConfigInput {
  BusinessId: string;
  CommissionSpeiIn: string;
  EnableSpeiOut: boolean;
  UseCustomSpeiOutConfig: boolean;
  CommissionSpeiOut: string;
  CommissionDepositCardholder: string;
}

export const upsertBusinessSpeiConfig = (body: BusinessSpeiConfigInput) => apiRequest('POST', `${TX}/speiconfig/business/upsert`, { body, schema: BusinessSpeiConfig });

export function useUpsertBusinessSpeiConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessSpeiConfigInput) => unwrap(upsertBusinessSpeiConfig(body)),
    onSuccess: (data) => queryClient.setQueryData([...moneyKeys.businessConfig, data.BusinessId], data),
  });
}
