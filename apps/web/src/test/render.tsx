import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { session } from '../lib/session';
import { theme } from '../app/theme';
import { STACK_QUERY } from '../components/stacked-rows';
import { fixedMediaList } from './media';

interface Options extends Omit<RenderOptions, 'wrapper'> {
  route?: string;
  /** Path pattern the element is mounted on; other paths render their name, to check navigation. */
  path?: string;
  extraRoutes?: string[];
}

/** Renders a screen with the app's providers, a fresh query cache and an in-memory router. */
export function renderWithApp(ui: ReactElement, { route = '/', path = '*', extraRoutes = [], ...options }: Options = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme}>
        <ModalsProvider>
          <Notifications />
          <MemoryRouter initialEntries={[route]}>
            <Routes>
              <Route path={path} element={children} />
              {extraRoutes.map((r) => (
                <Route key={r} path={r} element={<div data-testid="navigated">{r}</div>} />
              ))}
            </Routes>
          </MemoryRouter>
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
  return { queryClient, ...render(ui, { wrapper: Wrapper, ...options }) };
}

/** A JSON answer in the API's outer shape. */
export function answer(data: unknown, status = 200, extra: Record<string, unknown> = {}): Response {
  const success = status < 400;
  return new Response(JSON.stringify({ success, IsSuccess: success, data, status: { code: status, message: success ? 'OK' : 'Error' }, ...extra }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** For each test of the file: a signed-in session and a fresh fetch mock that answers what the test says. */
export function signedInWithFetch() {
  const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    session.start({ AccessToken: 'tok', RefreshToken: 'refresh-token-1', ExpiresIn: 3600 });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });
  return fetchMock;
}

/** The window is a phone's (lists whose columns mark stack places draw cards) or not: only the stacking query answers `narrow`. */
export function screenIs(narrow: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => fixedMediaList(query, narrow && query === STACK_QUERY));
}
