// Balances, movements, exports, statements and money dashboards (read-only).
export { statementRoutes } from './routes';
export { listMovements, exportMovements, movementsFile, accountState, ledgerAccountState, accountStatePdf, businessDashboard, adminDashboard, EXPORT_MAX_ROWS } from './service';
