// The wallet as an e-money account (issue 11): the wallet user's screens and the staff panel.
export { WalletSummarySection } from './summary-section';
export { WalletTransfersPage } from './transfers-page';
export { WalletMovementsPage } from './movements-page';
export { BudgetsPage } from './budgets-page';
export { WalletSettingsCard } from './settings-card';
export { WalletStaffPanel } from './staff-panel';
