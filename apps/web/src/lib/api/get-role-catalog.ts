import type { ClientKind } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../api';
import { unwrap } from '../api-client';
import { queryKeys } from '../query-keys';

/** GET /api/v1/catalogs/roles: every role, with its client kind (admins create their own). */
export const CatalogRole = z.object({ v_uid: z.string(), v_name: z.string(), i_active: z.boolean(), v_client_prefix: z.string() });
export type CatalogRole = z.infer<typeof CatalogRole>;

export const getRoleCatalog = () => api.GET('/api/v1/catalogs/{name}', { params: { path: { name: 'roles' } }, schema: z.array(CatalogRole) });

export const roleCatalogQueryOptions = () => queryOptions({ queryKey: queryKeys.roleCatalog, queryFn: () => unwrap(getRoleCatalog()), staleTime: 5 * 60_000 });

/** The active roles of one client kind (FAR for admin users, BUS for the users of a business). */
export function useRolesOf(kind: ClientKind) {
  return useQuery({ ...roleCatalogQueryOptions(), select: (roles) => roles.filter((r) => r.v_client_prefix === kind && r.i_active) });
}
