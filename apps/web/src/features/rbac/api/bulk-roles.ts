import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, unwrap } from '../../../lib/api-client';
import { menuPermissionsQueryKey } from '../../../lib/api/get-menu-permissions';
import { rolesQueryKey } from './list-roles';

/** POST /api/v1/rbac/bulk { Action, Uids } → { Affected }; all or nothing on the server. */
export type BulkAction = 'activar' | 'desactivar' | 'borrar';

export const bulkRoles = (body: { Action: BulkAction; Uids: string[] }) =>
  apiRequest('POST', '/api/v1/rbac/bulk', { body, schema: z.object({ Affected: z.number() }) });

export function useBulkRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { Action: BulkAction; Uids: string[] }) => unwrap(bulkRoles(body)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: rolesQueryKey });
      void queryClient.invalidateQueries({ queryKey: menuPermissionsQueryKey });
    },
  });
}
