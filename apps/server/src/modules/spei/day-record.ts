/**
 * A SPEI operation day as the rail and the ledger each tell it (issue 24 §5): the orders sent and
 * received, in one shape the daily reconciliation compares. The sandbox keeps its own record
 * (spei_sandbox_orders) of what it carried; STP answers its day queries (modules/stp).
 */
import { MOVEMENT_STATUS, type ReconciliationState } from '@far/contracts';
import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import type { MovementRow } from './movement';
import { businessMovements, speiSandboxOrders } from './schema';

const S = MOVEMENT_STATUS;

/** One order of a day: sent by us ('E') or received ('R'). */
export interface DayOrder {
  direction: 'E' | 'R';
  trackingKey: string;
  /** The sending bank of an order received (three digits); '' for one sent. */
  bankCode: string;
  amountCents: bigint;
  state: ReconciliationState;
  beneficiaryClabe: string | null;
  beneficiaryName: string | null;
  sourceClabe: string | null;
  sourceName: string | null;
  concept: string | null;
  reference: string | null;
  /** The ledger's order (ledger side only). */
  movementId?: string;
}

/** What an order's status means to the rail. */
export function ledgerState(status: number): ReconciliationState {
  if (status === S.liquidada) return 'liquidada';
  if (status === S.devuelta) return 'devuelta';
  if (status === S.rechazada || status === S.cancelada) return 'cancelada';
  return 'en_proceso';
}

/** A movement as an order of its day (its state as the ledger has it). */
export const dayOrderOf = (m: MovementRow): DayOrder => ({
  direction: m.v_type === 'SPEI_IN' ? 'R' : 'E',
  trackingKey: m.v_tracking_key!,
  bankCode: m.v_type === 'SPEI_IN' ? (m.v_source_bank_code ?? '') : '',
  amountCents: m.n_amount_cents,
  state: m.v_type === 'SPEI_IN' ? 'liquidada' : ledgerState(m.i_status),
  beneficiaryClabe: m.v_beneficiary_clabe,
  beneficiaryName: m.v_beneficiary_name,
  sourceClabe: m.v_source_clabe,
  sourceName: m.v_source_name,
  concept: m.v_concept,
  reference: m.v_reference,
  movementId: m.v_uid,
});

/**
 * The ledger's SPEI of a day: every incoming order credited, and every order sent that reached the
 * rail (in flight, settled, returned, or cancelled by the rail after it had an id). An order the
 * rail refused at once, or one never sent, is not the rail's business.
 */
export async function ledgerOrdersOfDay(db: DbOrTx, day: string): Promise<DayOrder[]> {
  const rows = await db
    .select()
    .from(businessMovements)
    .where(
      and(
        eq(businessMovements.d_operation_date, day),
        isNotNull(businessMovements.v_tracking_key),
        or(
          eq(businessMovements.v_type, 'SPEI_IN'),
          and(
            eq(businessMovements.v_type, 'SPEI_OUT'),
            or(inArray(businessMovements.i_status, [S.enviada, S.liquidada, S.devuelta]), isNotNull(businessMovements.v_rail_id)),
          ),
        ),
      ),
    );
  return rows.map(dayOrderOf);
}

/** The sandbox's record of a day. */
export async function sandboxOrdersOfDay(db: DbOrTx, day: string): Promise<DayOrder[]> {
  const rows = await db.select().from(speiSandboxOrders).where(eq(speiSandboxOrders.d_operation_date, day));
  return rows.map((r) => ({
    direction: r.v_direction,
    trackingKey: r.v_tracking_key,
    bankCode: r.v_bank_code,
    amountCents: r.n_amount_cents,
    state: r.v_state as ReconciliationState,
    beneficiaryClabe: r.v_beneficiary_clabe,
    beneficiaryName: r.v_beneficiary_name,
    sourceClabe: r.v_source_clabe,
    sourceName: r.v_source_name,
    concept: r.v_concept,
    reference: r.v_reference,
  }));
}

/**
 * The sandbox writes down an order it carried on `day`: one sent (with its outcome; a later outcome
 * replaces the state) or one delivered to us.
 */
export async function recordSandboxOrder(tx: Tx, day: string, o: DayOrder): Promise<void> {
  await tx
    .insert(speiSandboxOrders)
    .values({
      v_direction: o.direction,
      v_tracking_key: o.trackingKey,
      d_operation_date: day,
      v_bank_code: o.bankCode,
      n_amount_cents: o.amountCents,
      v_state: o.state,
      v_beneficiary_clabe: o.beneficiaryClabe ?? '',
      v_beneficiary_name: o.beneficiaryName,
      v_source_clabe: o.sourceClabe,
      v_source_name: o.sourceName,
      v_concept: o.concept,
      v_reference: o.reference,
    })
    .onConflictDoUpdate({
      target: [speiSandboxOrders.d_operation_date, speiSandboxOrders.v_direction, speiSandboxOrders.v_tracking_key, speiSandboxOrders.v_bank_code],
      set: { v_state: o.state },
    });
}

/** A rail event's outcome as the reconciliation compares it. */
export const RAIL_EVENT_STATE = { settle: 'liquidada', return: 'devuelta', reject: 'cancelada' } as const;
