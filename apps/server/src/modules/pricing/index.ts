import type { FastifyInstance } from 'fastify';
import { assertOwnCardholder, limitUsage, type LimitUsage } from './hooks';
import { pricingRoutes } from './routes';

// SPEI commissions and transaction limits: the SPEI module reads them inside its money transactions.
export {
  seedPricing,
  seedPricingDemo,
  effectiveSpeiConfig,
  effectiveSpeiConfigRead,
  speiCommissions,
  effectiveLimits,
  effectiveLimitsRead,
  cardholderLimits,
  cardholderLimitsSql,
  limitsOfColumns,
  type CardholderLimitsColumns,
  cardholderSpeiOutEnabled,
  checkLimits,
  businessLedgerBalance,
  getGlobalSpeiConfig,
  LIMIT_MESSAGES,
  GLOBAL_SPEI_CONFIG_ID,
  DEFAULT_GLOBAL_SPEI_CONFIG,
  type EffectiveSpeiConfig,
  type Limits,
} from './service';
export { limitUsage, assertOwnCardholder, type LimitUsage };

export async function register(app: FastifyInstance): Promise<void> {
  await app.register(pricingRoutes({ limitUsage }));
}
