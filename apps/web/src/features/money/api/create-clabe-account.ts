import { ClabeAccount } from '@far/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client';
import { TX, moneyKeys } from './keys';

/** POST /api/v1/transaction/clabe-account/action/create: the bank comes from the CLABE. */
export interface ClabeAccountCreateInput {
  BusinessId?: string;
  Alias: string;
  AccountHolderName: string;
  Clabe: string;
  RFC?: string;
  ClabeUsageScope: 'ALL' | 'TRANSFER' | 'DISPERSION';
  /** Decimal text ('5000.00') or null for no limit of its own. */
  DailyTransferLimit: string | null;
  AccountTypeId: number;
}

export const createClabeAccount = (body: ClabeAccountCreateInput) => apiRequest('POST', `${TX}/clabe-account/action/create`, { body, schema: ClabeAccount });

export function useCreateClabeAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClabeAccountCreateInput) => unwrap(createClabeAccount(body)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: moneyKeys.accounts });
      void queryClient.invalidateQueries({ queryKey: moneyKeys.myAccounts });
    },
  });
}
