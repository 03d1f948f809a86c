import type { RoleBulkBody } from '@far/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '../../../lib/api-client';
import { menuPermissionsQueryKey } from '../../../lib/api/get-menu-permissions';
import { rolesQueryKey } from './list-roles';
import { api } from '../../../lib/api';

/** POST /api/v1/rbac/bulk { Action, Uids } → { Affected }; all or nothing on the server. */
type BulkRolesInput = z.input<typeof RoleBulkBody>;
export type BulkAction = BulkRolesInput['Action'];

export const bulkRoles = (body: BulkRolesInput) => api.POST('/api/v1/rbac/bulk', { body, schema: z.object({ Affected: z.number() }) });

export function useBulkRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkRolesInput) => unwrap(bulkRoles(body)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: rolesQueryKey });
      void queryClient.invalidateQueries({ queryKey: menuPermissionsQueryKey });
    },
  });
}
