import { RoleDetail, type ClientKind } from '@far/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client';
import { rolesQueryKey } from './list-roles';

export interface RoleGrant {
  v_uid_menu: string;
  v_permissions: string[];
}

/** POST /api/v1/rbac/create { v_name, v_client_prefix, i_active, Permissions } (super only). */
export interface CreateRoleInput {
  v_name: string;
  v_client_prefix: ClientKind;
  i_active: boolean;
  Permissions: RoleGrant[];
}

export const createRole = (body: CreateRoleInput) => apiRequest('POST', '/api/v1/rbac/create', { body, schema: RoleDetail });

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRoleInput) => unwrap(createRole(body)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: rolesQueryKey }),
  });
}
