import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMe, meQueryOptions } from '../../lib/api/get-me';
import { getMenu, menuQueryOptions } from '../../lib/api/get-menu';
import { getMenuPermissions, menuPermissionsQueryOptions } from '../../lib/api/get-menu-permissions';
import { businessMoneyQueryOptions, getBusinessMoney } from './api/get-business-money';
import { getSummary, summaryQueryOptions } from './api/get-summary';
import { session } from '../../lib/session';
import { accessTokenWith } from '../../test/tokens';
import { PREFETCHED, prefetchDashboard } from './prefetch';

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

/** The paths asked for, each answered with a server error (nothing else is needed here). */
function recordPaths(): string[] {
  const paths: string[] = [];
  vi.stubGlobal('fetch', async (url: RequestInfo | URL) => {
    paths.push(new URL(String(url), 'http://localhost').pathname);
    return new Response('{}', { status: 500 });
  });
  return paths;
}

const tokenOf = (kind: string) => accessTokenWith({ sub: 'u', kind });

describe('prefetchDashboard', () => {
  it('fills the page’s and the layout’s own queries: same keys, same paths', async () => {
    expect(PREFETCHED.me.queryKey).toEqual(meQueryOptions().queryKey);
    expect(PREFETCHED.summary.queryKey).toEqual(summaryQueryOptions().queryKey);
    expect(PREFETCHED.businessMoney.queryKey).toEqual(businessMoneyQueryOptions().queryKey);
    expect(PREFETCHED.menu.queryKey).toEqual(menuQueryOptions().queryKey);
    expect(PREFETCHED.menuPermissions.queryKey).toEqual(menuPermissionsQueryOptions().queryKey);
    const paths = recordPaths();
    await getMe();
    await getSummary();
    await getBusinessMoney();
    await getMenu();
    await getMenuPermissions();
    expect(paths).toEqual([PREFETCHED.me.path, PREFETCHED.summary.path, PREFETCHED.businessMoney.path, PREFETCHED.menu.path, PREFETCHED.menuPermissions.path]);
  });

  it('asks for everything at once, a business’s money too (the kind is in the token)', async () => {
    const paths = recordPaths();
    session.start({ AccessToken: tokenOf('BUS'), ExpiresIn: 900 });
    await prefetchDashboard(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    await vi.waitFor(() => expect(paths).toHaveLength(5));
    expect(paths.sort()).toEqual(
      Object.values(PREFETCHED)
        .map((p) => p.path)
        .sort(),
    );
  });

  it('asks a wallet for no business money, and a temporary password for the person only', async () => {
    const paths = recordPaths();
    session.start({ AccessToken: tokenOf('WAL'), ExpiresIn: 900 });
    await prefetchDashboard(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    await vi.waitFor(() => expect(paths).toHaveLength(4));
    expect(paths).not.toContain(PREFETCHED.businessMoney.path);
    paths.length = 0;
    session.start({ AccessToken: tokenOf('BUS'), ExpiresIn: 900, MustChangePassword: true });
    await prefetchDashboard(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    await vi.waitFor(() => expect(paths).toEqual([PREFETCHED.me.path]));
  });
});
