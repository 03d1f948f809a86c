import { MENU_SEED } from '@far/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { ForgotPasswordPage, LoginPage, SignupPage } from '../features/auth';
import { AppLayout, ComingSoonPage, NotFoundPage, PublicOnly, RequireAuth, RequireMenu, RequireSuper } from '../features/shell';
import { session } from '../lib/session';

// Screens behind sign-in load on first visit (the dashboard's charts are the heaviest part).
const DashboardPage = lazy(() => import('../features/dashboard').then((m) => ({ default: m.DashboardPage })));
const LogsPage = lazy(() => import('../features/logs').then((m) => ({ default: m.LogsPage })));
const MailboxPage = lazy(() => import('../features/mailbox').then((m) => ({ default: m.MailboxPage })));
const ProfilePage = lazy(() => import('../features/profile').then((m) => ({ default: m.ProfilePage })));
const RolesPage = lazy(() => import('../features/rbac').then((m) => ({ default: m.RolesPage })));

/** Screens that are built; every other menu route shows the honest "coming soon" screen. */
const BUILT = new Set(['/dashboard', '/profile', '/log', '/roles-permissions']);

/** The other readings of spec §2 for business routes lead to the menu's route. */
const ALIASES: Array<[string, string]> = [
  ['/transaction/dispersal/history', '/dispersal/history'],
  ['/transaction/dispersal', '/dispersal/transfer'],
  ['/transaction/transfer', '/dispersal/transfer'],
  ['/transaction/program', '/dispersal/program'],
];

export function buildRoutes(): RouteObject[] {
  const comingSoon: RouteObject[] = MENU_SEED.filter((entry) => !BUILT.has(entry.v_url)).map((entry) => ({
    path: entry.v_url,
    element: (
      <RequireMenu url={entry.v_url}>
        <ComingSoonPage title={entry.v_name} />
      </RequireMenu>
    ),
  }));

  return [
    {
      element: <PublicOnly />,
      children: [
        { path: '/login', element: <LoginPage /> },
        { path: '/forgot-password', element: <ForgotPasswordPage /> },
        { path: '/signup', element: <SignupPage /> },
      ],
    },
    {
      element: <RequireAuth />,
      children: [
        {
          element: <AppLayout />,
          children: [
            { index: true, element: <Navigate to="/dashboard" replace /> },
            // Wallet users have no Dashboard menu entry but land here on their own summary.
            { path: '/dashboard', element: <DashboardPage /> },
            {
              path: '/profile',
              element: (
                <RequireMenu url="/profile">
                  <ProfilePage />
                </RequireMenu>
              ),
            },
            {
              path: '/roles-permissions',
              element: (
                <RequireMenu url="/roles-permissions">
                  <RolesPage />
                </RequireMenu>
              ),
            },
            {
              path: '/log',
              element: (
                <RequireMenu url="/log">
                  <LogsPage />
                </RequireMenu>
              ),
            },
            {
              path: '/mailbox',
              element: (
                <RequireSuper>
                  <MailboxPage />
                </RequireSuper>
              ),
            },
            ...comingSoon,
            ...ALIASES.map(([from, to]) => ({ path: from, element: <Navigate to={to} replace /> })),
          ],
        },
      ],
    },
    { path: '*', element: <NotFoundPage /> },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  const router = createBrowserRouter(buildRoutes());
  // A session that cannot be renewed ends: forget cached data. The guard of the signed-in screens
  // then opens /login with the notice kept in the session.
  session.onExpired(() => queryClient.clear());
  return router;
}
