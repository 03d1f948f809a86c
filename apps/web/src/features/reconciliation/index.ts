export { ReconciliationPage } from './reconciliation-page';
