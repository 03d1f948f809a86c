import type { QueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../../lib/api/get-me';
import { businessMoneyQueryOptions } from './api/get-business-money';
import { summaryQueryOptions } from './api/get-summary';

/**
 * The dashboard's data, asked for as soon as the session is back (main.tsx), while the signed-in
 * layout's code still loads: the page finds it in the cache instead of asking after its first render.
 */
export async function prefetchDashboard(queryClient: QueryClient): Promise<void> {
  void queryClient.prefetchQuery(summaryQueryOptions());
  const me = await queryClient.fetchQuery(meQueryOptions()).catch(() => null);
  if (me?.kind === 'BUS') await queryClient.prefetchQuery(businessMoneyQueryOptions());
}
