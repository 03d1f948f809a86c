import type { Tx } from '../../db/client';
import { listeners } from '../../platform/module';
import type { MovementRow } from './movement';

/**
 * Told, inside the event's transaction, when a SPEI out changes state after it was accepted (sent,
 * settled, returned, rejected, cancelled). The dispersions and cards modules keep their counts with
 * it; the spei module cannot import them (they import spei), so they listen in their register.
 */
export const speiOutOutcome = listeners<[tx: Tx, before: MovementRow, after: MovementRow]>('spei.outOutcome');

export async function emitSpeiOutOutcome(tx: Tx, before: MovementRow, after: MovementRow): Promise<void> {
  if (before.i_status !== after.i_status) await speiOutOutcome(tx, before, after);
}
