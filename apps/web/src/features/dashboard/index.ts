export { DashboardPage } from './dashboard-page';
export { prefetchDashboard } from './prefetch';
