import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { rolesQueryKey } from './list-roles';
import { api } from '../../../lib/api';

/** POST /api/v1/rbac/delete { v_uid } (super only; system roles and roles with users are refused). */
export const deleteRole = (uid: string) => api.POST('/api/v1/rbac/delete', { body: { v_uid: uid } });

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uid: string) => unwrap(deleteRole(uid)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: rolesQueryKey }),
  });
}
