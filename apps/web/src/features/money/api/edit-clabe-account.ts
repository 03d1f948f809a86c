import { ClabeAccount, type ClabeAccountEditBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { moneyKeys } from './keys';
import { api } from '../../../lib/api';

/** PUT /api/v1/transaction/clabe-account/action/edit { Id, … }; IsActive false deactivates, true reactivates. The CLABE never changes. */
export type ClabeAccountEditInput = z.input<typeof ClabeAccountEditBody>;

export const editClabeAccount = (body: ClabeAccountEditInput) => api.PUT('/api/v1/transaction/clabe-account/action/edit', { body, schema: ClabeAccount });

export function useEditClabeAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClabeAccountEditInput) => unwrap(editClabeAccount(body)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: moneyKeys.accounts });
      void queryClient.invalidateQueries({ queryKey: moneyKeys.myAccounts });
    },
  });
}
