/**
 * STP's changes of state of an order we sent, applied once through spei's applyRailEvent (the same
 * path as the sandbox's events): LIQUIDACION settles, DEVOLUCION returns (after a settlement it is
 * STP's devolución extemporánea: the amount comes back once), CANCELACION rejects and returns the
 * hold. An event for an order whose STP id we do not know yet is kept and applied when it is known;
 * one that cannot be applied (a settlement after a return) is an incident for staff.
 */
import { MOVEMENT_STATUS } from '@far/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { recordIncident } from '../audit';
import { applyRailEvent, type RailEvent } from '../spei';
import { queueCep } from './cep';
import { stpEstados, stpOrders } from './schema';

export type StpEvent = RailEvent['type'];

/** STP's state names in both spellings (webhook) and its one- or two-letter codes (queries). */
const STATES: Record<string, StpEvent> = {
  LIQUIDACION: 'settle',
  LIQUIDADA: 'settle',
  LQ: 'settle',
  TLQ: 'settle',
  DEVOLUCION: 'return',
  DEVUELTA: 'return',
  D: 'return',
  CANCELACION: 'reject',
  CANCELADA: 'reject',
  CN: 'reject',
  CL: 'reject',
  CR: 'reject',
  CA: 'reject',
  RL: 'reject',
  RA: 'reject',
  RB: 'reject',
  TCL: 'reject',
};

export const eventOfState = (state: string): StpEvent | null => STATES[state.trim().toUpperCase()] ?? null;

const REASONS: Record<StpEvent, string> = { settle: '', return: 'Devuelta por el banco receptor', reject: 'Cancelada por STP' };

/** Serialises everything about one STP id (its registration and its events) inside the current transaction. */
export const lockStpId = (tx: Tx, stpId: string) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`stp:${stpId}`}))`);

/** Applies one event to the order with that STP id; false when no order has it (yet). */
async function applyToOrder(tx: Tx, stpId: string, event: StpEvent, detail: string | null, now: Date): Promise<boolean> {
  const [order] = await tx.select().from(stpOrders).where(eq(stpOrders.v_stp_id, stpId));
  if (!order) return false;
  const reason = detail ? `${REASONS[event]}: ${detail}` : REASONS[event];
  const result = await applyRailEvent(
    tx,
    { type: event, trackingKey: order.v_clave_rastreo, operationDate: order.d_operation_date, railId: stpId, ...(event === 'settle' ? {} : { reason }) },
    now,
  );
  if (result.applied && event === 'settle') await queueCep(tx, order, now);
  if (!result.applied && event === 'settle' && result.movement?.i_status === MOVEMENT_STATUS.devuelta) {
    await recordIncident(tx, {
      type: 'stp',
      message: `STP liquidó la orden ${order.v_clave_rastreo} (id ${stpId}) después de devolverla: no se movió dinero; revisar con STP`,
      client: result.movement.v_client,
    });
  }
  return true;
}

/** An event STP posted: kept, then applied now if the order is known. Answers whether it was. */
export async function receiveStpEvent(
  tx: Tx,
  stpId: string,
  event: StpEvent,
  detail: string | null,
  body: Record<string, unknown>,
  now: Date,
): Promise<boolean> {
  await lockStpId(tx, stpId);
  const [kept] = await tx.insert(stpEstados).values({ v_stp_id: stpId, v_event: event, v_detail: detail, t_body: body }).returning();
  const known = await applyToOrder(tx, stpId, event, detail, now);
  if (known) await tx.update(stpEstados).set({ b_applied: true }).where(eq(stpEstados.v_uid, kept!.v_uid));
  else
    await recordIncident(tx, {
      type: 'stp',
      message: `STP informó ${detail ? `${event} (${detail})` : event} de una orden desconocida (id ${stpId}); se aplicará si la orden aparece`,
    });
  return known;
}

/** STP's id became known (the dispatcher recorded it): events that arrived before it are applied now, in arrival order. */
export async function applyWaitingEvents(tx: Tx, stpId: string, now: Date): Promise<void> {
  const waiting = await tx
    .select()
    .from(stpEstados)
    .where(and(eq(stpEstados.v_stp_id, stpId), eq(stpEstados.b_applied, false)))
    .orderBy(stpEstados.d_create_at);
  for (const e of waiting) {
    await applyToOrder(tx, stpId, e.v_event as StpEvent, e.v_detail, now);
    await tx.update(stpEstados).set({ b_applied: true }).where(eq(stpEstados.v_uid, e.v_uid));
  }
}

/** A final state STP's query showed for an order (after a time-out): applied like a posted event. */
export const applyQueriedState = (tx: Tx, stpId: string, state: string, detail: string | null, now: Date) => {
  const event = eventOfState(state);
  return event ? applyToOrder(tx, stpId, event, detail, now) : Promise.resolve(false);
};
