import type { DbOrTx } from '../../db/client';
import { hook } from '../../platform/module';

/** SPEI-out amounts already counted for a business today and this month (the SPEI module knows them). */
export type LimitUsage = (db: DbOrTx, businessId: string) => Promise<{ today: bigint; month: bigint }>;

/** What a business has sent today and this month, for its limits: SPEI owns it and imports pricing, so SPEI provides it. */
export const limitUsage = hook<LimitUsage>('pricing.limitUsage');

/**
 * Throws 404 unless the cardholder is one of the business's (a business sets limits and the
 * SPEI-out switch only for its own cardholders): the cards module owns them and imports pricing.
 */
export const assertOwnCardholder = hook<(db: DbOrTx, businessClient: string, identifier: string) => Promise<void>>('pricing.assertOwnCardholder');
