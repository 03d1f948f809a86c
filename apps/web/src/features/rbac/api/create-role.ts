import { RoleDetail, type RoleCreateBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { rolesQueryKey } from './list-roles';
import { api } from '../../../lib/api';

/** POST /api/v1/rbac/create { v_name, v_client_prefix, i_active, Permissions } (super only). */
export type CreateRoleInput = z.input<typeof RoleCreateBody>;

export const createRole = (body: CreateRoleInput) => api.POST('/api/v1/rbac/create', { body, schema: RoleDetail });

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRoleInput) => unwrap(createRole(body)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: rolesQueryKey }),
  });
}
