// SPEI commissions and transaction limits: the SPEI module reads them inside its money transactions.
export {
  seedPricing,
  seedPricingDemo,
  effectiveSpeiConfig,
  effectiveLimits,
  checkLimits,
  businessLedgerBalance,
  getGlobalSpeiConfig,
  LIMIT_MESSAGES,
  GLOBAL_SPEI_CONFIG_ID,
  DEFAULT_GLOBAL_SPEI_CONFIG,
  type EffectiveSpeiConfig,
  type Limits,
  type LimitUsage,
} from './service';
export { pricingRoutes, type PricingRouteDeps } from './routes';
