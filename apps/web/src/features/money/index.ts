export { AccountsPage } from './accounts-page';
export { BusinessSpeiTab } from './business-spei-tab';
export { MovementsPage } from './movements-page';
export { SPEI_CONFIG_PATH, SpeiConfigPage } from './spei-config-page';
export { StatementPage } from './statement-page';
export { TransfersPage } from './transfers-page';
