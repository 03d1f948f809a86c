import { MenuEntry } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '../api-client';
import { useSession } from '../session';
import { api } from '../api';

/** GET /api/v1/rbac/menu: the caller's side menu, already filtered and sorted by the server. */
export type MenuItem = MenuEntry;

export const menuQueryKey = ['menu'] as const;

export const menuSchema = z.array(MenuEntry);

export const getMenu = () => api.GET('/api/v1/rbac/menu', { schema: menuSchema });

export const menuQueryOptions = () => queryOptions({ queryKey: menuQueryKey, queryFn: () => unwrap(getMenu()), staleTime: 5 * 60_000 });

export function useMenu() {
  const { status, mustChangePassword } = useSession();
  // With a temporary password the server refuses everything but the profile.
  return useQuery({ ...menuQueryOptions(), enabled: status === 'authenticated' && !mustChangePassword });
}
