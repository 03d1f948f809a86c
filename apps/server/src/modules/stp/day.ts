/**
 * An operation day as STP tells it (consOrdenesFech, sent 'E' and received 'R'), in spei's DayOrder
 * shape for the daily reconciliation. STP's list items are read without case, as its webhooks are
 * (`claveRastreo` / `ClaveRastreo`).
 */
import type { ReconciliationState } from '@far/contracts';
import type { StpConfig } from '../../config';
import { RAIL_EVENT_STATE, type DayOrder } from '../spei';
import { queryOrdersOfDay } from './client';
import { eventOfState } from './events';
import { byLowerKey, monto } from './webhooks';

function dayOrder(direction: 'E' | 'R', item: object): DayOrder | null {
  const f = byLowerKey(item as Record<string, unknown>);
  const text = (k: string) => {
    const v = f.get(k);
    return v === undefined || v === null || v === '' ? null : String(v).trim();
  };
  const trackingKey = text('claverastreo');
  const amount = monto.safeParse(f.get('monto'));
  if (!trackingKey || !amount.success) return null;
  const estado = text('estado');
  const event = estado ? eventOfState(estado) : null;
  // A received order listed without a state is one STP credited to us.
  const state: ReconciliationState = event ? RAIL_EVENT_STATE[event] : direction === 'R' && !estado ? 'liquidada' : 'en_proceso';
  const sourceClabe = text('cuentaordenante');
  return {
    direction,
    trackingKey,
    bankCode: direction === 'R' ? (sourceClabe ?? '').slice(0, 3) : '',
    amountCents: amount.data,
    state,
    beneficiaryClabe: text('cuentabeneficiario'),
    beneficiaryName: text('nombrebeneficiario'),
    sourceClabe,
    sourceName: text('nombreordenante'),
    concept: text('conceptopago'),
    reference: text('referencianumerica'),
  };
}

/** Both lists of a day, or why STP could not give them. An item STP lists without a tracking key or an amount is skipped. */
export async function stpOrdersOfDay(config: StpConfig, day: string): Promise<{ ok: true; orders: DayOrder[] } | { ok: false; reason: string }> {
  const orders: DayOrder[] = [];
  for (const tipo of ['E', 'R'] as const) {
    const answer = await queryOrdersOfDay(config, tipo, day);
    if (answer.kind !== 'ok') return { ok: false, reason: answer.kind === 'refused' ? answer.message : answer.reason };
    for (const item of answer.value) {
      const o = dayOrder(tipo, item);
      if (o) orders.push(o);
    }
  }
  return { ok: true, orders };
}
