import type { FastifyInstance } from 'fastify';
import { statementRoutes } from './routes';

// Balances, movements, exports, statements and money dashboards (read-only).
export {
  listMovements,
  exportMovements,
  movementsFile,
  accountState,
  ledgerAccountState,
  accountStatePdf,
  businessDashboard,
  adminDashboard,
  EXPORT_MAX_ROWS,
} from './service';

export async function register(app: FastifyInstance): Promise<void> {
  await app.register(statementRoutes);
}
