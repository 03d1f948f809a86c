/**
 * Listeners told, inside the event's transaction, when a SPEI out changes state after it was
 * accepted (sent, settled, returned, rejected, cancelled). The dispersions module keeps its
 * counts with this; the spei module cannot import it (dispersions import spei).
 */
import type { Tx } from '../../db/client';
import type { MovementRow } from './movement';

export type SpeiOutOutcomeListener = (tx: Tx, before: MovementRow, after: MovementRow) => Promise<void>;

const listeners = new Set<SpeiOutOutcomeListener>();

export function onSpeiOutOutcome(listener: SpeiOutOutcomeListener): void {
  listeners.add(listener);
}

export async function emitSpeiOutOutcome(tx: Tx, before: MovementRow, after: MovementRow): Promise<void> {
  if (before.i_status === after.i_status) return;
  for (const l of listeners) await l(tx, before, after);
}
