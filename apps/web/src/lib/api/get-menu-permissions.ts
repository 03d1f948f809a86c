import { MenuWithGrants, type PermissionName } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '../api-client';
import { useSession } from '../session';
import { api } from '../api';

/** GET /api/v1/rbac/menu/permission: each menu entry with the permission names granted to the caller. */
export type MenuGrant = z.infer<typeof MenuWithGrants>;

export const menuPermissionsQueryKey = ['menu', 'permission'] as const;

export const menuPermissionsSchema = z.array(MenuWithGrants);

export const getMenuPermissions = () => api.GET('/api/v1/rbac/menu/permission', { schema: menuPermissionsSchema });

export const menuPermissionsQueryOptions = () =>
  queryOptions({ queryKey: menuPermissionsQueryKey, queryFn: () => unwrap(getMenuPermissions()), staleTime: 5 * 60_000 });

export function useMenuPermissions() {
  const { status, mustChangePassword } = useSession();
  // With a temporary password the server refuses everything but the profile.
  return useQuery({ ...menuPermissionsQueryOptions(), enabled: status === 'authenticated' && !mustChangePassword });
}

/**
 * Whether the caller holds `permission` on the screen at `url`. While the grants load the answer
 * is false, so a button never flashes in and out. The server checks every call anyway.
 */
export function useCan(url: string, permission: PermissionName): boolean {
  const { data } = useMenuPermissions();
  return canIn(data, url, permission);
}

export function canIn(grants: MenuGrant[] | undefined, url: string, permission: PermissionName): boolean {
  const entry = grants?.find((g) => g.v_url === url);
  return entry?.granted.includes(permission) ?? false;
}
