import { hook } from '../../platform/module';
import type { LimitUsage } from './service';

/** What a business has sent today and this month, for its limits: SPEI owns it and imports pricing, so SPEI provides it. */
export const limitUsage = hook<LimitUsage>('pricing.limitUsage');
