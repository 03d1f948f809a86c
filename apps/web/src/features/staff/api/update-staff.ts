import { AdminUserDetail } from '@far/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/api/get-me';
import type { StaffInput } from './create-staff';
import { staffQueryKey } from './list-staff';
import { api } from '../../../lib/api';

/** PUT /api/v1/profiles/users/action/update { ClientKind: 'techfar', Id, ...every field }. */
export const updateStaff = (body: StaffInput & { Id: string }) =>
  api.PUT('/api/v1/profiles/users/action/update', { body: { ClientKind: 'techfar', ...body }, schema: AdminUserDetail });

export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffInput & { Id: string }) => unwrap(updateStaff(body)),
    onSuccess: (user) => {
      queryClient.setQueryData([...staffQueryKey, 'detail', user.Id], user);
      void queryClient.invalidateQueries({ queryKey: staffQueryKey });
      // The person may have edited themselves.
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
