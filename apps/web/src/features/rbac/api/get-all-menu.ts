import { MenuEntry } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '../../../lib/api-client';
import { api } from '../../../lib/api';

/** GET /api/v1/rbac/menu/all: every menu entry of every client kind (rows of the permission matrix). */
export const allMenuQueryKey = ['menu', 'all'] as const;

export const getAllMenu = () => api.GET('/api/v1/rbac/menu/all', { schema: z.array(MenuEntry) });

export const allMenuQueryOptions = () => queryOptions({ queryKey: allMenuQueryKey, queryFn: () => unwrap(getAllMenu()), staleTime: 5 * 60_000 });

export function useAllMenu() {
  return useQuery(allMenuQueryOptions());
}
