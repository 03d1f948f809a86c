import type { DbOrTx } from '../../db/client';
import { hook } from '../../platform/module';

/** One event of a business (for its webhooks): one per business, kind and key, however many of its users were notified. */
export interface BusinessEvent {
  client: string;
  kind: string;
  key: string;
  data: Record<string, unknown>;
}

/**
 * Hands a transaction's business events to the business's webhooks: the webhooks module owns them
 * and imports notifications (which every domain calls, so it depends on no business lookup), so
 * webhooks provides it.
 */
export const businessEvents = hook<(db: DbOrTx, events: BusinessEvent[], now: Date) => Promise<void>>('notifications.businessEvents');
