import { MENU_SEED } from '@far/contracts/catalogs/rbac';
import type { QueryClient } from '@tanstack/react-query';
import { Loader } from '@mantine/core';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { IconArrowsExchange, IconAffiliate, IconCreditCard } from '@tabler/icons-react';
// Files, not the features' index: a static import of an index would pull all its screens in.
import { LoginPage } from '../features/auth/login-page';
import type { PanelSlots } from '../components/panel-slots';
import type { BusinessDetailTab } from '../features/businesses';
import { NotFoundPage } from '../features/shell/not-found-page';
import { PublicOnly } from '../features/shell/public-only';
import { session } from '../lib/session';
import { preloadElement, preloadable } from './preloadable';

// The first load is the sign-in screen: it alone (with PublicOnly and NotFoundPage) is in the entry
// chunk, without zod, the contracts' schemas or charts. Everything else loads on first visit, under
// the Suspense of main.tsx (and of AppLayout for the signed-in screens), or before the first render
// when a reload opens it (preloadOpenedScreen, app/preloadable.tsx). docs/decisions/0019.
const ForgotPasswordPage = preloadable(() => import('../features/auth').then((m) => m.ForgotPasswordPage));
const SignupPage = preloadable(() => import('../features/auth').then((m) => m.SignupPage));
const RequireAuth = preloadable(() => import('../features/shell').then((m) => m.RequireAuth));
const RequireMenu = preloadable(() => import('../features/shell').then((m) => m.RequireMenu));
const RequireSuper = preloadable(() => import('../features/shell').then((m) => m.RequireSuper));
const AppLayout = preloadable(() => import('../features/shell').then((m) => m.AppLayout));
const ComingSoonPage = preloadable(() => import('../features/shell').then((m) => m.ComingSoonPage));
const HelpPage = preloadable(() => import('../features/help').then((m) => m.HelpPage));
const SignedInProviders = preloadable(() => import('./signed-in-providers').then((m) => m.SignedInProviders));
// Its file, not the help index: it comes with the signed-in layout's chunk, without the help screen (vite.config.ts).
const LegalAcceptanceGate = preloadable(() => import('../features/help/legal-acceptance-gate').then((m) => m.LegalAcceptanceGate));

// Screens behind sign-in load on first visit (the dashboard's charts are the heaviest part).
const DashboardPage = preloadable(() => import('../features/dashboard').then((m) => m.DashboardPage));
const LogsPage = preloadable(() => import('../features/logs').then((m) => m.LogsPage));
const MailboxPage = preloadable(() => import('../features/mailbox').then((m) => m.MailboxPage));
const ProfilePage = preloadable(() => import('../features/profile').then((m) => m.ProfilePage));
const RolesPage = preloadable(() => import('../features/rbac').then((m) => m.RolesPage));
// People and organisations (issue 3).
const StaffPage = preloadable(() => import('../features/staff').then((m) => m.StaffPage));
const StaffDetailPage = preloadable(() => import('../features/staff').then((m) => m.StaffDetailPage));
const BusinessesPage = preloadable(() => import('../features/businesses').then((m) => m.BusinessesPage));
const BusinessCreatePage = preloadable(() => import('../features/businesses').then((m) => m.BusinessCreatePage));
const BusinessDetailPage = preloadable(() => import('../features/businesses').then((m) => m.BusinessDetailPage));
const WalletUsersPage = preloadable(() => import('../features/wallet-users').then((m) => m.WalletUsersPage));
const PostalCodesPage = preloadable(() => import('../features/postal-codes').then((m) => m.PostalCodesPage));
// Money core (issue 4).
const AccountsPage = preloadable(() => import('../features/money').then((m) => m.AccountsPage));
const TransfersPage = preloadable(() => import('../features/money').then((m) => m.TransfersPage));
const MovementsPage = preloadable(() => import('../features/money').then((m) => m.MovementsPage));
const StatementPage = preloadable(() => import('../features/money').then((m) => m.StatementPage));
const SpeiConfigPage = preloadable(() => import('../features/money').then((m) => m.SpeiConfigPage));
const BusinessSpeiTab = preloadable(() => import('../features/money').then((m) => m.BusinessSpeiTab));
// Strategic allies (issue 3): a tab of the business detail.
const BusinessAlliesTab = preloadable(() => import('../features/strategic-allies').then((m) => m.BusinessAlliesTab));
// Content administrator and help (issue 13).
const CmsPage = preloadable(() => import('../features/cms').then((m) => m.CmsPage));
const ContentEditorPage = preloadable(() => import('../features/cms').then((m) => m.ContentEditorPage));
// Clarifications and reports (issue 12).
const ClarificationsPage = preloadable(() => import('../features/clarifications').then((m) => m.ClarificationsPage));
const ReportsPage = preloadable(() => import('../features/reports').then((m) => m.ReportsPage));
// Daily SPEI reconciliation (issue 24 §5).
const ReconciliationPage = preloadable(() => import('../features/reconciliation').then((m) => m.ReconciliationPage));
// Notifications (issue 12).
const NotificationsPage = preloadable(() => import('../features/notifications').then((m) => m.NotificationsPage));
// Cards and cardholders (issue 9).
const PreStockPage = preloadable(() => import('../features/cards').then((m) => m.PreStockPage));
const CardholdersPage = preloadable(() => import('../features/cards').then((m) => m.CardholdersPage));
const CardsPage = preloadable(() => import('../features/cards').then((m) => m.CardsPage));
const CardDetailPage = preloadable(() => import('../features/cards').then((m) => m.CardDetailPage));
const FundingPage = preloadable(() => import('../features/cards').then((m) => m.FundingPage));
const StaffDisputesPage = preloadable(() => import('../features/cards').then((m) => m.StaffDisputesPage));
const BusinessDisputesPage = preloadable(() => import('../features/cards').then((m) => m.BusinessDisputesPage));
const BusinessCardsTab = preloadable(() => import('../features/cards').then((m) => m.BusinessCardsTab));
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
  Beneficiaries: inPlace(preloadable(() => import('../features/beneficiaries').then((m) => m.BeneficiariesPanel))),
  BusinessUsers: inPlace(preloadable(() => import('../features/business-users').then((m) => m.BusinessUsersPanel))),
};
// The business's real-time card authorisation (issue 28 §2): the form of /profile, for staff beside the business's cards.
const CardAuthSection = inPlace(preloadable(() => import('../features/profile').then((m) => m.CardAuthSection)));
// Dispersions (issue 10): the Dispersiones tab joins /dispersal/transfer through TransfersPage's `dispersions`.
const DispersionsTab = preloadable(() => import('../features/dispersions').then((m) => m.DispersionsTab));
const DispersionHistoryPage = preloadable(() => import('../features/dispersions').then((m) => m.DispersionHistoryPage));
const DispersionProgramPage = preloadable(() => import('../features/dispersions').then((m) => m.DispersionProgramPage));
// The wallet as an e-money account (issue 11).
const WalletTransfersPage = preloadable(() => import('../features/wallet').then((m) => m.WalletTransfersPage));
const WalletMovementsPage = preloadable(() => import('../features/wallet').then((m) => m.WalletMovementsPage));
const BudgetsPage = preloadable(() => import('../features/wallet').then((m) => m.BudgetsPage));
const WalletSummarySection = preloadable(() => import('../features/wallet').then((m) => m.WalletSummarySection));
const WalletSettingsCard = preloadable(() => import('../features/wallet').then((m) => m.WalletSettingsCard));
const WalletStaffPanel = preloadable(() => import('../features/wallet').then((m) => m.WalletStaffPanel));

// /dispersal/transfer and /movement serve businesses and wallet users: each kind gets its own screen
// (its own file, so the sign-in chunk does not carry the session query).
const ByKind = preloadable(() => import('./by-kind').then((m) => m.default));

/**
 * The business detail's tabs from other features (features do not import each other): «Configuración
 * SPEI y límites» (money), «Aliados estratégicos» (strategic-allies) and «Tarjetas» (cards, with the
 * real-time authorisation form of profile).
 */
const BUSINESS_EXTRA_TABS: BusinessDetailTab[] = [
  { value: 'spei', label: 'Configuración SPEI y límites', icon: <IconArrowsExchange size={16} />, render: (b) => <BusinessSpeiTab businessId={b.Id} /> },
  { value: 'aliados', label: 'Aliados estratégicos', icon: <IconAffiliate size={16} />, render: (b) => <BusinessAlliesTab businessId={b.Id} /> },
  {
    value: 'tarjetas',
    label: 'Tarjetas',
    icon: <IconCreditCard size={16} />,
    render: (b) => (
      <>
        <BusinessCardsTab businessId={b.Id} />
        <CardAuthSection businessId={b.Id} />
      </>
    ),
  },
];

/** Screens that are built; every other menu route shows the honest "coming soon" screen. */
const BUILT = new Set([
  '/dashboard',
  '/profile',
  '/log',
  '/roles-permissions',
  '/user/techfar',
  '/user/business',
  '/user/wallet',
  '/account',
  '/dispersal/transfer',
  '/movement',
  '/account/status',
  '/cms',
  '/help',
  '/clarification',
  '/report',
  '/pre-stock-cards',
  '/notification',
  '/dispersal/history',
  '/dispersal/program',
  '/dispersal/budget',
  '/spei-reconciliation',
]);

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
  {
    path: '/dispersal/transfer',
    url: '/dispersal/transfer',
    page: <ByKind bus={<TransfersPage dispersions={(canSend) => <DispersionsTab canSend={canSend} />} />} wal={<WalletTransfersPage />} />,
  },
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
  // Card disputes (issue 28 §3): a business's beside its cards; staff's beside the clarifications queue.
  { path: '/account/disputes', url: '/account', page: <BusinessDisputesPage /> },
  { path: '/account/disputes/:id', url: '/account', page: <BusinessDisputesPage /> },
  { path: '/clarification/disputes', url: '/clarification', page: <StaffDisputesPage /> },
  { path: '/clarification/disputes/:id', url: '/clarification', page: <StaffDisputesPage /> },
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
              element: <RequireMenu url={url}>{page}</RequireMenu>,
            })),
            { path: '/cms', element: <RequireMenu url="/cms">{<CmsPage />}</RequireMenu> },
            { path: '/clarification', element: <RequireMenu url="/clarification">{<ClarificationsPage />}</RequireMenu> },
            { path: '/report', element: <RequireMenu url="/report">{<ReportsPage />}</RequireMenu> },
            { path: '/notification', element: <RequireMenu url="/notification">{<NotificationsPage />}</RequireMenu> },
            { path: '/spei-reconciliation', element: <RequireMenu url="/spei-reconciliation">{<ReconciliationPage />}</RequireMenu> },
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

/**
 * The code of the screen a reload opens (its guards, page and the components in their children),
 * so that it renders at once instead of through a Suspense fallback. Screens given as other props
 * (a kind's screen in ByKind, a wallet's sections) still load when rendered.
 */
export function preloadOpenedScreen(routes: RouteObject[]): Promise<unknown> {
  return Promise.all((matchRoutes(routes, window.location) ?? []).flatMap((m) => preloadElement(m.route.element)));
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
