import type { QueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../lib/api-client';

/**
 * The dashboard's data, asked for as soon as the session is back (main.tsx), while the signed-in
 * layout's code still downloads: the page finds it in the cache instead of asking after its first
 * render. This file is a chunk of its own and imports no schema, so the requests leave right after
 * the session's renewal; each answer is checked with its schema once the layout's chunk (which
 * holds them) has arrived. The keys and paths are the page's queries' (prefetch.test.ts).
 */
export const PREFETCHED = {
  me: { queryKey: ['me'], path: '/api/v1/account/me' },
  summary: { queryKey: ['dashboard', 'summary'], path: '/api/v1/dashboard/summary' },
  businessMoney: { queryKey: ['dashboard', 'money', 'business'], path: '/api/v1/transaction/dashboard/business' },
} as const;

export async function prefetchDashboard(queryClient: QueryClient): Promise<void> {
  const { me, summary, businessMoney } = PREFETCHED;
  void queryClient.prefetchQuery({ queryKey: summary.queryKey, queryFn: () => unwrap(apiRequest('GET', summary.path, { schema: () => import('./api/get-summary').then((m) => m.Summary) })) });
  const person = await queryClient
    .fetchQuery({ queryKey: me.queryKey, queryFn: () => unwrap(apiRequest('GET', me.path, { schema: () => import('../../lib/api/get-me').then((m) => m.meSchema) })), staleTime: 60_000 })
    .catch(() => null);
  if (person?.kind === 'BUS') {
    await queryClient.prefetchQuery({ queryKey: businessMoney.queryKey, queryFn: () => unwrap(apiRequest('GET', businessMoney.path, { schema: () => import('./api/get-business-money').then((m) => m.businessMoneySchema) })) });
  }
}
