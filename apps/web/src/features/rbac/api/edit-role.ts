import { RoleDetail, type RoleEditBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { menuPermissionsQueryKey } from '../../../lib/api/get-menu-permissions';
import { rolesQueryKey } from './list-roles';
import { api } from '../../../lib/api';

/** PUT /api/v1/rbac/edit { v_uid, v_name, i_active, Permissions } (super only). */
export type EditRoleInput = z.input<typeof RoleEditBody>;

export const editRole = (body: EditRoleInput) => api.PUT('/api/v1/rbac/edit', { body, schema: RoleDetail });

export function useEditRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditRoleInput) => unwrap(editRole(body)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: rolesQueryKey });
      // The caller's own role may be the one edited: its menu and buttons follow.
      void queryClient.invalidateQueries({ queryKey: menuPermissionsQueryKey });
    },
  });
}
