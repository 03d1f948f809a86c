import { BulkResult, type UsersBulkBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { staffQueryKey } from './list-staff';
import { api } from '../../../lib/api';

/** POST /api/v1/profiles/users/action/bulk-action { ClientKind: 'techfar', Action, Ids } → { Affected }; all or nothing. */
export type StaffActionInput = Omit<z.input<typeof UsersBulkBody>, 'ClientKind'>;

export const staffActions = (body: StaffActionInput) =>
  api.POST('/api/v1/profiles/users/action/bulk-action', { body: { ClientKind: 'techfar', ...body }, schema: BulkResult });

export function useStaffActions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffActionInput) => unwrap(staffActions(body)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
