import { AdminUserDetail } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { staffQueryKey } from './list-staff';
import { api } from '../../../lib/api';

/** POST /api/v1/profiles/users/query/getbyid { ClientKind: 'techfar', Id } → the admin user with its dates. */
export const getStaff = (id: string) => api.POST('/api/v1/profiles/users/query/getbyid', { body: { ClientKind: 'techfar', Id: id }, schema: AdminUserDetail });

export const staffDetailQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...staffQueryKey, 'detail', id], queryFn: () => unwrap(getStaff(id)), staleTime: 0 });

export function useStaff(id: string | null) {
  return useQuery({ ...staffDetailQueryOptions(id ?? ''), enabled: id !== null });
}
