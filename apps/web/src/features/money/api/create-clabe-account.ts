import { ClabeAccount, type ClabeAccountCreateBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { moneyKeys } from './keys';
import { api } from '../../../lib/api';

/** POST /api/v1/transaction/clabe-account/action/create: the bank comes from the CLABE. The form's values: */
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
  /** Register it even though the CLABE's holder is not the name/RFC given. */
  ConfirmHolder?: boolean;
}

/**
 * The body the server validates, except AccountTypeId: the contract accepts only 40 (CLABE) while the
 * form offers the catalogue's types, so any number goes and the server answers a field error for the rest.
 */
type ClabeAccountCreateRequest = Omit<z.input<typeof ClabeAccountCreateBody>, 'AccountTypeId'> & { AccountTypeId: number };

const toBody = (v: ClabeAccountCreateInput): ClabeAccountCreateRequest => ({
  BusinessId: v.BusinessId,
  Alias: v.Alias,
  AccountHolderName: v.AccountHolderName,
  Clabe: v.Clabe,
  RFC: v.RFC,
  ClabeUsageScope: v.ClabeUsageScope,
  DailyTransferLimit: v.DailyTransferLimit,
  AccountTypeId: v.AccountTypeId,
  ConfirmHolder: v.ConfirmHolder,
});

export const createClabeAccount = (v: ClabeAccountCreateInput) =>
  api.POST('/api/v1/transaction/clabe-account/action/create', { body: toBody(v), schema: ClabeAccount });

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
