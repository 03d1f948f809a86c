import { MENU_SEED } from '@far/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { IconArrowsExchange, IconAffiliate } from '@tabler/icons-react';
import { ForgotPasswordPage, LoginPage, SignupPage } from '../features/auth';
import { HelpPage, LegalAcceptanceGate } from '../features/help';
import type { BusinessDetailTab } from '../features/businesses';
import { AppLayout, ComingSoonPage, NotFoundPage, PublicOnly, RequireAuth, RequireMenu, RequireSuper } from '../features/shell';
import { useMe } from '../lib/api/get-me';
import { session } from '../lib/session';

// Screens behind sign-in load on first visit (the dashboard's charts are the heaviest part).
const DashboardPage = lazy(() => import('../features/dashboard').then((m) => ({ default: m.DashboardPage })));
const LogsPage = lazy(() => import('../features/logs').then((m) => ({ default: m.LogsPage })));
const MailboxPage = lazy(() => import('../features/mailbox').then((m) => ({ default: m.MailboxPage })));
const ProfilePage = lazy(() => import('../features/profile').then((m) => ({ default: m.ProfilePage })));
const RolesPage = lazy(() => import('../features/rbac').then((m) => ({ default: m.RolesPage })));
// People and organisations (issue 3).
const StaffPage = lazy(() => import('../features/staff').then((m) => ({ default: m.StaffPage })));
const StaffDetailPage = lazy(() => import('../features/staff').then((m) => ({ default: m.StaffDetailPage })));
const BusinessesPage = lazy(() => import('../features/businesses').then((m) => ({ default: m.BusinessesPage })));
const BusinessCreatePage = lazy(() => import('../features/businesses').then((m) => ({ default: m.BusinessCreatePage })));
const BusinessDetailPage = lazy(() => import('../features/businesses').then((m) => ({ default: m.BusinessDetailPage })));
const WalletUsersPage = lazy(() => import('../features/wallet-users').then((m) => ({ default: m.WalletUsersPage })));
const PostalCodesPage = lazy(() => import('../features/postal-codes').then((m) => ({ default: m.PostalCodesPage })));
// Money core (issue 4).
const AccountsPage = lazy(() => import('../features/money').then((m) => ({ default: m.AccountsPage })));
const TransfersPage = lazy(() => import('../features/money').then((m) => ({ default: m.TransfersPage })));
const MovementsPage = lazy(() => import('../features/money').then((m) => ({ default: m.MovementsPage })));
const StatementPage = lazy(() => import('../features/money').then((m) => ({ default: m.StatementPage })));
const SpeiConfigPage = lazy(() => import('../features/money').then((m) => ({ default: m.SpeiConfigPage })));
const BusinessSpeiTab = lazy(() => import('../features/money').then((m) => ({ default: m.BusinessSpeiTab })));
// Strategic allies (issue 3): a tab of the business detail.
// Content administrator and help (issue 13).
const CmsPage = lazy(() => import('../features/cms').then((m) => ({ default: m.CmsPage })));
const ContentEditorPage = lazy(() => import('../features/cms').then((m) => ({ default: m.ContentEditorPage })));
// The wallet as an e-money account (issue 11).
const WalletTransfersPage = lazy(() => import('../features/wallet').then((m) => ({ default: m.WalletTransfersPage })));
const WalletMovementsPage = lazy(() => import('../features/wallet').then((m) => ({ default: m.WalletMovementsPage })));
const BudgetsPage = lazy(() => import('../features/wallet').then((m) => ({ default: m.BudgetsPage })));
const WalletSummarySection = lazy(() => import('../features/wallet').then((m) => ({ default: m.WalletSummarySection })));
const WalletSettingsCard = lazy(() => import('../features/wallet').then((m) => ({ default: m.WalletSettingsCard })));
const WalletStaffPanel = lazy(() => import('../features/wallet').then((m) => ({ default: m.WalletStaffPanel })));

/** /dispersal/transfer and /movement serve businesses and wallet users: each kind gets its own screen. */
function ByKind({ bus, wal }: { bus: ReactNode; wal: ReactNode }) {
  const me = useMe();
  if (!me.data) return null;
  return <>{me.data.kind === 'WAL' ? wal : bus}</>;
}

const BusinessAlliesTab = lazy(() => import('../features/strategic-allies').then((m) => ({ default: m.BusinessAlliesTab })));

/**
 * The business detail's tabs from other features (features do not import each other): «Configuración
 * SPEI y límites» (money) and «Aliados estratégicos» (strategic-allies).
 */
const BUSINESS_EXTRA_TABS: BusinessDetailTab[] = [
  { value: 'spei', label: 'Configuración SPEI y límites', icon: <IconArrowsExchange size={16} />, render: (b) => <BusinessSpeiTab businessId={b.Id} /> },
  { value: 'aliados', label: 'Aliados estratégicos', icon: <IconAffiliate size={16} />, render: (b) => <BusinessAlliesTab businessId={b.Id} /> },
];

/** Screens that are built; every other menu route shows the honest "coming soon" screen. */
const BUILT = new Set(['/dashboard', '/profile', '/log', '/roles-permissions', '/user/techfar', '/user/business', '/user/wallet', '/account', '/dispersal/transfer', '/movement', '/account/status', '/cms', '/help', '/dispersal/budget']);

/** People and organisations (issue 3): each screen behind its menu entry and permission. */
const PEOPLE_ROUTES: Array<{ path: string; url: string; permission?: 'Ver' | 'Agregar'; page: ReactNode }> = [
  { path: '/user/techfar', url: '/user/techfar', page: <StaffPage /> },
  { path: '/user/techfar/:id', url: '/user/techfar', page: <StaffDetailPage /> },
  { path: '/user/business', url: '/user/business', page: <BusinessesPage /> },
  { path: '/user/business/nueva', url: '/user/business', permission: 'Agregar', page: <BusinessCreatePage /> },
  { path: '/user/business/codigos-postales', url: '/user/business', page: <PostalCodesPage /> },
  // A colleague's «Configuración SPEI y límites» joins through BusinessDetailPage's `extraTabs`.
  { path: '/user/business/:id', url: '/user/business', page: <BusinessDetailPage extraTabs={BUSINESS_EXTRA_TABS} /> },
  { path: '/user/wallet', url: '/user/wallet', page: <WalletUsersPage walletPanel={(id) => <WalletStaffPanel userId={id} />} /> },
];

/** Money core (issue 4): the business screens behind their menu entries; SPEI settings behind Cuentas Business. */
const MONEY_ROUTES: Array<{ path: string; url: string; page: ReactNode }> = [
  { path: '/account', url: '/account', page: <AccountsPage /> },
  { path: '/dispersal/transfer', url: '/dispersal/transfer', page: <ByKind bus={<TransfersPage />} wal={<WalletTransfersPage />} /> },
  { path: '/movement', url: '/movement', page: <ByKind bus={<MovementsPage />} wal={<WalletMovementsPage />} /> },
  { path: '/dispersal/budget', url: '/dispersal/budget', page: <BudgetsPage /> },
  { path: '/account/status', url: '/account/status', page: <StatementPage /> },
  { path: '/user/business/spei', url: '/user/business', page: <SpeiConfigPage /> },
];

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
          // New legal texts are accepted right after sign-in (issue 13).
          element: (
            <>
              <AppLayout />
              <LegalAcceptanceGate />
            </>
          ),
          children: [
            { index: true, element: <Navigate to="/dashboard" replace /> },
            // Wallet users have no Dashboard menu entry but land here on their own summary.
            { path: '/dashboard', element: <DashboardPage walletMoney={<WalletSummarySection />} /> },
            {
              path: '/profile',
              element: (
                <RequireMenu url="/profile">
                  <ProfilePage walletSettings={<WalletSettingsCard />} />
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
            ...PEOPLE_ROUTES.map(({ path, url, permission, page }) => ({
              path,
              element: (
                <RequireMenu url={url} permission={permission}>
                  {page}
                </RequireMenu>
              ),
            })),
            ...MONEY_ROUTES.map(({ path, url, page }) => ({
              path,
              element: (
                <RequireMenu url={url}>
                  {page}
                </RequireMenu>
              ),
            })),
            { path: '/cms', element: <RequireMenu url="/cms">{<CmsPage />}</RequireMenu> },
            { path: '/cms/contenido/:id', element: <RequireMenu url="/cms">{<ContentEditorPage />}</RequireMenu> },
            // Business reach it from their menu, wallet users from their profile; the server decides the section.
            { path: '/help', element: <HelpPage /> },
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
