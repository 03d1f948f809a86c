import { RoleDetail } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { unwrap } from '../../../lib/api-client';
import { rolesQueryKey } from './list-roles';
import { api } from '../../../lib/api';

/** POST /api/v1/rbac/role/detail { v_uid } → the role and its grants. */
export type RoleDetailData = z.infer<typeof RoleDetail>;

export const getRole = (uid: string) => api.POST('/api/v1/rbac/role/detail', { body: { v_uid: uid }, schema: RoleDetail });

export const roleQueryOptions = (uid: string) =>
  queryOptions({ queryKey: [...rolesQueryKey, 'detail', uid], queryFn: () => unwrap(getRole(uid)), staleTime: 0 });

export function useRole(uid: string | null) {
  return useQuery({ ...roleQueryOptions(uid ?? ''), enabled: uid !== null });
}
