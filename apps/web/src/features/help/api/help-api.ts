import { HelpContent, LegalAcceptance, PendingLegal } from '@far/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { api } from '../../../lib/api';

export const helpKey = ['help'] as const;
const pendingKey = ['legal-pending'] as const;

export function useHelp() {
  return useQuery({ queryKey: helpKey, queryFn: () => unwrap(api.GET('/api/cms/help', { schema: z.array(HelpContent) })) });
}

/** Asked once per sign-in (the cache is cleared when the session ends). */
export function usePendingLegal() {
  const { status, mustChangePassword } = useSession();
  return useQuery({
    queryKey: pendingKey,
    queryFn: () => unwrap(api.GET('/api/cms/legal/pending', { schema: z.array(PendingLegal) })),
    enabled: status === 'authenticated' && !mustChangePassword,
    staleTime: Infinity,
  });
}

export function useAcceptLegal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) =>
      unwrap(api.POST('/api/cms/legal/{uid}/accept', { params: { path: { uid: id } }, body: { i_version: version }, schema: LegalAcceptance })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pendingKey }),
  });
}
