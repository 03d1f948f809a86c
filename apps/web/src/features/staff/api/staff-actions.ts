import { BulkResult, type UserAction } from '@far/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client';
import { staffQueryKey } from './list-staff';

/** POST /api/v1/profiles/users/action/bulk-action { ClientKind: 'techfar', Action, Ids } → { Affected }; all or nothing. */
export interface StaffActionInput {
  Action: UserAction;
  Ids: string[];
}

export const staffActions = (body: StaffActionInput) =>
  apiRequest('POST', '/api/v1/profiles/users/action/bulk-action', { body: { ClientKind: 'techfar', ...body }, schema: BulkResult });

export function useStaffActions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffActionInput) => unwrap(staffActions(body)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
