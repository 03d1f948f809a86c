import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMe, meQueryOptions } from '../../lib/api/get-me';
import { getMenu, menuQueryOptions } from '../../lib/api/get-menu';
import { getMenuPermissions, menuPermissionsQueryOptions } from '../../lib/api/get-menu-permissions';
import { businessMoneyQueryOptions, getBusinessMoney } from './api/get-business-money';
import { getSummary, summaryQueryOptions } from './api/get-summary';
import { PREFETCHED } from './prefetch';

afterEach(() => vi.unstubAllGlobals());

describe('prefetchDashboard', () => {
  it('fills the page’s and the layout’s own queries: same keys, same paths', async () => {
    expect(PREFETCHED.me.queryKey).toEqual(meQueryOptions().queryKey);
    expect(PREFETCHED.summary.queryKey).toEqual(summaryQueryOptions().queryKey);
    expect(PREFETCHED.businessMoney.queryKey).toEqual(businessMoneyQueryOptions().queryKey);
    expect(PREFETCHED.menu.queryKey).toEqual(menuQueryOptions().queryKey);
    expect(PREFETCHED.menuPermissions.queryKey).toEqual(menuPermissionsQueryOptions().queryKey);
    const paths: string[] = [];
    vi.stubGlobal('fetch', async (url: RequestInfo | URL) => {
      paths.push(new URL(String(url), 'http://localhost').pathname);
      return new Response('{}', { status: 500 });
    });
    await getMe();
    await getSummary();
    await getBusinessMoney();
    await getMenu();
    await getMenuPermissions();
    expect(paths).toEqual([PREFETCHED.me.path, PREFETCHED.summary.path, PREFETCHED.businessMoney.path, PREFETCHED.menu.path, PREFETCHED.menuPermissions.path]);
  });
});
