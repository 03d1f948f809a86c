import type { QueryClient } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { apiUrl } from '../../lib/api';
import { apiRequest, unwrap } from '../../lib/api-client';
import { session } from '../../lib/session';

/**
 * The dashboard's data, asked for as soon as the session is back (main.tsx), while the signed-in
 * layout's code still downloads: the page finds it in the cache instead of asking after its first
 * render. This file is a chunk of its own and imports no schema, so the requests leave right after
 * the session's renewal; each answer is checked with its schema once the layout's chunk (which
 * holds them) has arrived. The keys and paths are the page's and the layout's queries'
 * (prefetch.test.tsx). Every request leaves at once: on a phone each one waited for is a round trip
 * before the greeting can be painted (issue 7 §3).
 */
export const PREFETCHED = {
  me: { queryKey: ['me'], path: apiUrl('/api/v1/account/me') },
  summary: { queryKey: ['dashboard', 'summary'], path: apiUrl('/api/v1/dashboard/summary') },
  businessMoney: { queryKey: ['dashboard', 'money', 'business'], path: apiUrl('/api/v1/transaction/dashboard/business') },
  menu: { queryKey: ['menu'], path: apiUrl('/api/v1/rbac/menu') },
  menuPermissions: { queryKey: ['menu', 'permission'], path: apiUrl('/api/v1/rbac/menu/permission') },
} as const;

type Prefetched = (typeof PREFETCHED)[keyof typeof PREFETCHED];

const ask = (queryClient: QueryClient, { queryKey, path }: Prefetched, schema: () => Promise<ZodType<unknown>>, staleTime?: number) =>
  queryClient.prefetchQuery({ queryKey, queryFn: () => unwrap(apiRequest('GET', path, { schema })), staleTime });

export async function prefetchDashboard(queryClient: QueryClient): Promise<void> {
  const { me, summary, businessMoney, menu, menuPermissions } = PREFETCHED;
  const kind = session.kind();
  void ask(queryClient, me, () => import('../../lib/api/get-me').then((m) => m.meSchema), 60_000);
  // With a temporary password the server refuses everything but the profile (the layout asks for nothing else).
  if (session.get().mustChangePassword) return;
  void ask(queryClient, summary, () => import('./api/get-summary').then((m) => m.Summary));
  void ask(queryClient, menu, () => import('../../lib/api/get-menu').then((m) => m.menuSchema), 5 * 60_000);
  void ask(queryClient, menuPermissions, () => import('../../lib/api/get-menu-permissions').then((m) => m.menuPermissionsSchema), 5 * 60_000);
  if (kind === 'BUS') await ask(queryClient, businessMoney, () => import('./api/get-business-money').then((m) => m.businessMoneySchema));
}
