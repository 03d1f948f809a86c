import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { api } from '../../../lib/api';

/** POST /api/internal/account-state { Year, Month, Format: 'pdf' } → the statement as application/pdf. */
export const downloadAccountState = (year: number, month: number, businessId?: string) =>
  api.POST('/api/internal/account-state', {
    body: { BusinessId: businessId, Year: year, Month: month, Format: 'pdf' },
    responseType: 'blob',
    timeoutMs: 120_000,
  });

export function useAccountStatePdf() {
  return useMutation({
    mutationFn: ({ year, month, businessId }: { year: number; month: number; businessId?: string }) => unwrap(downloadAccountState(year, month, businessId)),
  });
}
