import { MENU_SEED } from '@far/contracts/catalogs/rbac';
import type { QueryClient } from '@tanstack/react-query';
import { Loader } from '@mantine/core';
import { Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { IconArrowsExchange, IconAffiliate, IconCreditCard } from '@tabler/icons-react';
// Files, not the features' index: a static import of an index would pull all its screens in.
import { LoginPage } from '../features/auth/login-page';
import type { PanelSlots } from '../components/panel-slots';
import type { BusinessDetailTab } from '../features/businesses';
import { NotFoundPage } from '../features/shell/not-found-page';
import { PublicOnly } from '../features/shell/public-only';
import { session } from '../lib/session';
import { preloadable } from './preloadable';

// The first load is the sign-in screen: it alone (with PublicOnly and NotFoundPage) is in the entry
// chunk, without zod, the contracts' schemas or charts. Everything else loads on first visit, under
// the Suspense of main.tsx (and of AppLayout for the signed-in screens). docs/decisions/0019.
const ForgotPasswordPage = lazy(() => import('../features/auth').then((m) => ({ default: m.ForgotPasswordPage })));
const SignupPage = lazy(() => import('../features/auth').then((m) => ({ default: m.SignupPage })));
const RequireAuth = preloadable(() => import('../features/shell').then((m) => m.RequireAuth));
const RequireMenu = lazy(() => import('../features/shell').then((m) => ({ default: m.RequireMenu })));
const RequireSuper = lazy(() => import('../features/shell').then((m) => ({ default: m.RequireSuper })));
const AppLayout = preloadable(() => import('../features/shell').then((m) => m.AppLayout));
const ComingSoonPage = lazy(() => import('../features/shell').then((m) => ({ default: m.ComingSoonPage })));
const HelpPage = lazy(() => import('../features/help').then((m) => ({ default: m.HelpPage })));
const SignedInProviders = preloadable(() => import('./signed-in-providers').then((m) => m.SignedInProviders));
// Its file, not the help index: it comes with the signed-in layout's chunk, without the help screen (vite.config.ts).
const LegalAcceptanceGate = preloadable(() => import('../features/help/legal-acceptance-gate').then((m) => m.LegalAcceptanceGate));

// Screens behind sign-in load on first visit (the dashboard's charts are the heaviest part).
const DashboardPage = preloadable(() => import('../features/dashboard').then((m) => m.DashboardPage));
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
const BusinessAlliesTab = lazy(() => import('../features/strategic-allies').then((m) => ({ default: m.BusinessAlliesTab })));
// Content administrator and help (issue 13).
const CmsPage = lazy(() => import('../features/cms').then((m) => ({ default: m.CmsPage })));
const ContentEditorPage = lazy(() => import('../features/cms').then((m) => ({ default: m.ContentEditorPage })));
// Clarifications and reports (issue 12).
const ClarificationsPage = lazy(() => import('../features/clarifications').then((m) => ({ default: m.ClarificationsPage })));
const ReportsPage = lazy(() => import('../features/reports').then((m) => ({ default: m.ReportsPage })));
// Notifications (issue 12).
const NotificationsPage = lazy(() => import('../features/notifications').then((m) => ({ default: m.NotificationsPage })));
// Cards and cardholders (issue 9).
const PreStockPage = lazy(() => import('../features/cards').then((m) => ({ default: m.PreStockPage })));
const CardholdersPage = lazy(() => import('../features/cards').then((m) => ({ default: m.CardholdersPage })));
const CardsPage = lazy(() => import('../features/cards').then((m) => ({ default: m.CardsPage })));
const CardDetailPage = lazy(() => import('../features/cards').then((m) => ({ default: m.CardDetailPage })));
const FundingPage = lazy(() => import('../features/cards').then((m) => ({ default: m.FundingPage })));
const BusinessCardsTab = lazy(() => import('../features/cards').then((m) => ({ default: m.BusinessCardsTab })));
// Panels several features show (beneficiaries, a business's users), handed to the pages: features
// never import each other (components/panel-slots.ts).
// Each waits for its code in its own place, not by hiding the page that shows it.
function inPlace<P extends object>(Panel: ComponentType<P>): ComponentType<P> {
  return function Slot(props: P) {
    return (
      <Suspense fallback={<Loader size="sm" role="status" aria-label="Cargando" />}>
        <Panel {...props} />
      </Suspense>
    );
  };
}
const PANELS: PanelSlots = {
  Beneficiaries: inPlace(lazy(() => import('../features/beneficiaries').then((m) => ({ default: m.BeneficiariesPanel })))),
  BusinessUsers: inPlace(lazy(() => import('../features/business-users').then((m) => ({ default: m.BusinessUsersPanel })))),
};
// Dispersions (issue 10): the Dispersiones tab joins /dispersal/transfer through TransfersPage's `dispersions`.
const DispersionsTab = lazy(() => import('../features/dispersions').then((m) => ({ default: m.DispersionsTab })));
const DispersionHistoryPage = lazy(() => import('../features/dispersions').then((m) => ({ default: m.DispersionHistoryPage })));
const DispersionProgramPage = lazy(() => import('../features/dispersions').then((m) => ({ default: m.DispersionProgramPage })));
// The wallet as an e-money account (issue 11).
const WalletTransfersPage = lazy(() => import('../features/wallet').then((m) => ({ default: m.WalletTransfersPage })));
const WalletMovementsPage = lazy(() => import('../features/wallet').then((m) => ({ default: m.WalletMovementsPage })));
const BudgetsPage = lazy(() => import('../features/wallet').then((m) => ({ default: m.BudgetsPage })));
const WalletSummarySection = lazy(() => import('../features/wallet').then((m) => ({ default: m.WalletSummarySection })));
const WalletSettingsCard = lazy(() => import('../features/wallet').then((m) => ({ default: m.WalletSettingsCard })));
const WalletStaffPanel = lazy(() => import('../features/wallet').then((m) => ({ default: m.WalletStaffPanel })));

// /dispersal/transfer and /movement serve businesses and wallet users: each kind gets its own screen
// (its own file, so the sign-in chunk does not carry the session query).
const ByKind = lazy(() => import('./by-kind'));


/**
 * The business detail's tabs from other features (features do not import each other): «Configuración
 * SPEI y límites» (money) and «Aliados estratégicos» (strategic-allies).
 */
const BUSINESS_EXTRA_TABS: BusinessDetailTab[] = [
  { value: 'spei', label: 'Configuración SPEI y límites', icon: <IconArrowsExchange size={16} />, render: (b) => <BusinessSpeiTab businessId={b.Id} /> },
  { value: 'aliados', label: 'Aliados estratégicos', icon: <IconAffiliate size={16} />, render: (b) => <BusinessAlliesTab businessId={b.Id} /> },
  { value: 'tarjetas', label: 'Tarjetas', icon: <IconCreditCard size={16} />, render: (b) => <BusinessCardsTab businessId={b.Id} /> },
];

/** Screens that are built; every other menu route shows the honest "coming soon" screen. */
const BUILT = new Set(['/dashboard', '/profile', '/log', '/roles-permissions', '/user/techfar', '/user/business', '/user/wallet', '/account', '/dispersal/transfer', '/movement', '/account/status', '/cms', '/help', '/clarification', '/report', '/pre-stock-cards', '/notification', '/dispersal/history', '/dispersal/program', '/dispersal/budget']);

/** People and organisations (issue 3): each screen behind its menu entry and permission. */
const PEOPLE_ROUTES: Array<{ path: string; url: string; permission?: 'Ver' | 'Agregar'; page: ReactNode }> = [
  { path: '/user/techfar', url: '/user/techfar', page: <StaffPage /> },
  { path: '/user/techfar/:id', url: '/user/techfar', page: <StaffDetailPage /> },
  { path: '/user/business', url: '/user/business', page: <BusinessesPage /> },
  { path: '/user/business/nueva', url: '/user/business', permission: 'Agregar', page: <BusinessCreatePage /> },
  { path: '/user/business/codigos-postales', url: '/user/business', page: <PostalCodesPage /> },
  // A colleague's «Configuración SPEI y límites» joins through BusinessDetailPage's `extraTabs`.
  { path: '/user/business/:id', url: '/user/business', page: <BusinessDetailPage extraTabs={BUSINESS_EXTRA_TABS} panels={PANELS} /> },
  { path: '/user/wallet', url: '/user/wallet', page: <WalletUsersPage panels={PANELS} walletPanel={(id) => <WalletStaffPanel userId={id} />} /> },
];

/** Money core (issue 4): the business screens behind their menu entries; SPEI settings behind Cuentas Business. */
const MONEY_ROUTES: Array<{ path: string; url: string; page: ReactNode }> = [
  { path: '/account', url: '/account', page: <AccountsPage /> },
  { path: '/dispersal/transfer', url: '/dispersal/transfer', page: <ByKind bus={<TransfersPage dispersions={(canSend) => <DispersionsTab canSend={canSend} />} />} wal={<WalletTransfersPage />} /> },
  { path: '/dispersal/history', url: '/dispersal/history', page: <DispersionHistoryPage /> },
  { path: '/dispersal/program', url: '/dispersal/program', page: <DispersionProgramPage /> },
  { path: '/movement', url: '/movement', page: <ByKind bus={<MovementsPage />} wal={<WalletMovementsPage />} /> },
  { path: '/dispersal/budget', url: '/dispersal/budget', page: <BudgetsPage /> },
  { path: '/account/status', url: '/account/status', page: <StatementPage /> },
  { path: '/user/business/spei', url: '/user/business', page: <SpeiConfigPage /> },
  // Cards (issue 9): staff Pre Stock; a business's cards area as sub-routes of Alta de cuentas.
  { path: '/pre-stock-cards', url: '/pre-stock-cards', page: <PreStockPage /> },
  { path: '/account/cardholders', url: '/account', page: <CardholdersPage /> },
  { path: '/account/cards', url: '/account', page: <CardsPage /> },
  { path: '/account/cards/:id', url: '/account', page: <CardDetailPage /> },
  { path: '/account/funding', url: '/account', page: <FundingPage /> },
  { path: '/user/business/:businessId/tarjetas/:id', url: '/user/business', page: <CardDetailPage /> },
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
            <SignedInProviders>
              <AppLayout />
              <LegalAcceptanceGate />
            </SignedInProviders>
          ),
          children: [
            { index: true, element: <Navigate to="/dashboard" replace /> },
            // Wallet users have no Dashboard menu entry but land here on their own summary.
            { path: '/dashboard', element: <DashboardPage walletMoney={<WalletSummarySection />} /> },
            {
              path: '/profile',
              element: (
                <RequireMenu url="/profile">
                  <ProfilePage panels={PANELS} walletSettings={<WalletSettingsCard />} />
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
            { path: '/clarification', element: <RequireMenu url="/clarification">{<ClarificationsPage />}</RequireMenu> },
            { path: '/report', element: <RequireMenu url="/report">{<ReportsPage />}</RequireMenu> },
            { path: '/notification', element: <RequireMenu url="/notification">{<NotificationsPage />}</RequireMenu> },
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

/** Fetch the signed-in layout before it is needed: while a session renews, or while someone signs in. */
export function preloadSignedIn(): Promise<unknown> {
  return Promise.all([RequireAuth.preload(), AppLayout.preload(), SignedInProviders.preload(), LegalAcceptanceGate.preload()]);
}

/** The page opened is the dashboard (the index route leads there). */
export const opensDashboard = () => ['/', '/dashboard'].includes(window.location.pathname);

/**
 * The dashboard's code; with a session being renewed, its data too, asked for the moment the session
 * is back (the small prefetch chunk is fetched meanwhile).
 */
export function preloadDashboard(renewal?: { queryClient: QueryClient; restored: Promise<boolean> }): Promise<unknown> {
  const code = DashboardPage.preload();
  if (!renewal) return code;
  const prefetch = import('../features/dashboard/prefetch').then((m) => m.prefetchDashboard);
  void renewal.restored.then(async (ok) => ok && (await prefetch)(renewal.queryClient));
  return code;
}

export function createAppRouter(queryClient: QueryClient) {
  const router = createBrowserRouter(buildRoutes());
  // A session that cannot be renewed ends: forget cached data. The guard of the signed-in screens
  // then opens /login with the notice kept in the session.
  session.onExpired(() => queryClient.clear());
  return router;
}
