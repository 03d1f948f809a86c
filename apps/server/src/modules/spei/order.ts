// Accepted SPEI-out orders of any source (payout.ts): a single order (its row, its hold, its submission job) and the orders of a dispersion chunk, set-wise.
import { MOVEMENT_STATUS, type Charges } from '@far/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Tx } from '../../db/client';
import { insertFrom, rowFromJson } from '../../db/insert-from';
import { businessName, type BusinessRow } from '../businesses';
import { enqueueJob, jobWrite } from '../jobs';
import type { LedgerAccount } from '../ledger';
import { PROVIDER_BANK, type MovementRow } from './movement';
import { businessMovements } from './schema';
import { compactDate } from '../../platform/mexico-time';

export const SUBMIT_JOB = 'spei.submit';

export interface OrderDestination {
  clabe: string;
  bankCode: string;
  name: string;
  rfc: string | null;
  alias: string | null;
  accountId: string | null;
}

/** Who an order belongs to (business_movements.v_uid_business and v_client) and whose CLABE it leaves from: a business, or a wallet user. */
export interface OrderOwner {
  id: string;
  client: string;
  clabe: string;
  name: string;
}

export const businessOwner = (b: BusinessRow): OrderOwner => ({ id: b.v_uid, client: b.v_client, clabe: b.v_account_number, name: businessName(b) });

export interface SpeiOutOrder {
  /** The order's id: its hold (placed by payout.ts) is holdReference(id). */
  id: string;
  owner: OrderOwner;
  account: LedgerAccount;
  destination: OrderDestination;
  charges: Charges;
  concept: string;
  reference: string;
  operationDate: string;
  scheduledAt?: Date | null;
  paymentDay?: string | null;
  userId: string | null;
  idempotencyKey?: string | null;
  dispersionId?: string | null;
  /**
   * Maker-checker: 'awaiting' writes the order «Por autorizar» (no hold, no tracking key, nothing
   * queued); 'approved' turns that same row (o.id) into a normal order.
   */
  approval?: 'awaiting' | 'approved';
  /** Who last changed the order (the maker of an awaiting order, then its approver). */
  changedByEmail?: string | null;
  /** The hold is on a card's account, not the business's (a cardholder's SPEI out). */
  cardAccount?: boolean;
  now: Date;
}

/** 'FAR' + yyyymmdd + 10 digits = 21 upper-case letters and digits (≤ 29), computed by the insert itself; the sequence never repeats. */
const trackingKeySql = (operationDate: string) => sql`${`FAR${compactDate(operationDate)}`} || lpad(nextval('spei_tracking_seq')::text, 10, '0')`;

function orderValues(o: SpeiOutOrder) {
  const awaiting = o.approval === 'awaiting';
  const { owner, destination, charges } = o;
  return {
    v_uid: o.id,
    v_uid_business: owner.id,
    v_client: owner.client,
    v_type: 'SPEI_OUT' as const,
    i_status: awaiting ? MOVEMENT_STATUS.porAutorizar : MOVEMENT_STATUS.pendiente,
    n_amount_cents: charges.amountCents,
    n_commission_cents: charges.commissionCents,
    n_iva_cents: charges.ivaCents,
    n_total_cents: charges.totalCents,
    v_source_clabe: owner.clabe,
    v_source_bank_code: PROVIDER_BANK,
    v_source_name: owner.name,
    v_beneficiary_clabe: destination.clabe,
    v_beneficiary_bank_code: destination.bankCode,
    v_beneficiary_name: destination.name,
    v_beneficiary_rfc: destination.rfc,
    v_uid_clabe_account: destination.accountId,
    v_alias: destination.alias,
    v_concept: o.concept,
    v_reference: o.reference,
    v_tracking_key: awaiting ? null : trackingKeySql(o.operationDate),
    d_operation_date: o.operationDate,
    d_scheduled_at: o.scheduledAt ?? null,
    d_payment_day: o.paymentDay ?? null,
    v_uid_user: o.userId,
    v_idempotency_key: o.idempotencyKey ?? null,
    v_uid_dispersion: o.dispersionId ?? null,
    v_changed_by_email: o.changedByEmail ?? null,
    v_uid_account: o.cardAccount ? o.account.id : null,
  };
}

/** Writes an order «Por autorizar» (status 7): no hold, no tracking key, nothing queued (maker-checker). */
export async function placeAwaitingOrder(tx: Tx, o: SpeiOutOrder): Promise<MovementRow> {
  const [row] = await tx
    .insert(businessMovements)
    .values(orderValues({ ...o, approval: 'awaiting' }))
    .returning();
  return row!;
}

/** The CTE of orderWrites whose row is the order written (none when `from` had none). */
export const PLACED_ORDER = sql.raw('placed_order');

/**
 * The accepted order (status 0) with its own tracking key, and its submission job, as parts of the
 * caller's statement (payout.ts): written only for a row of `from` (the placed hold). An approved
 * order keeps its row (id, creation date) and becomes pending only if it is still awaiting.
 */
export function orderWrites(o: SpeiOutOrder, from: SQL): SQL[] {
  const values = orderValues(o);
  const approved = o.approval === 'approved';
  const set = Object.keys(values)
    .filter((c) => c !== 'v_uid')
    .map((c) => sql`${sql.identifier(c)} = EXCLUDED.${sql.identifier(c)}`);
  const upsert = sql`ON CONFLICT (v_uid) DO UPDATE SET ${sql.join(set, sql`, `)}, i_previous_status = ${MOVEMENT_STATUS.porAutorizar}, d_update_at = now()
    WHERE ${businessMovements}.i_status = ${MOVEMENT_STATUS.porAutorizar}`;
  return [
    sql`${PLACED_ORDER} AS (${insertFrom(businessMovements, values, from, sql`${approved ? upsert : sql``} RETURNING *`)})`,
    sql`placed_order_job AS (${jobWrite({ kind: SUBMIT_JOB, payload: { movementId: o.id }, runAt: o.scheduledAt ?? o.now, uniqueKey: `${SUBMIT_JOB}:${o.id}` }, PLACED_ORDER)})`,
  ];
}

/** An order row as orderWrites' statement returned it (to_jsonb of PLACED_ORDER). */
export const orderFromJson = (json: Record<string, unknown>): MovementRow => rowFromJson<MovementRow>(businessMovements, json);

/** Job kind that sends a batch of accepted orders to the rail in one transaction. */
export const SUBMIT_BATCH_JOB = 'spei.submit-batch';

export interface BatchOrder {
  id: string;
  destination: Pick<OrderDestination, 'clabe' | 'bankCode' | 'name' | 'rfc'>;
  charges: Charges;
  concept: string;
  reference: string;
}

/**
 * Many orders of one business at once (a dispersion chunk), each with its own tracking key, in
 * one multi-row insert, and one submission job for all of them. The caller has placed their
 * holds (ledger placeHolds, reference holdReference(id)) in the same transaction.
 */
export async function placeSpeiOutOrders(
  tx: Tx,
  o: { owner: OrderOwner; operationDate: string; userId: string | null; dispersionId: string | null; now: Date; orders: BatchOrder[] },
): Promise<void> {
  if (o.orders.length === 0) return;
  const { owner, orders } = o;
  const col = <T extends string | bigint | null>(f: (b: BatchOrder) => T) => pgArray(orders.map(f));
  await tx.execute(sql`
    INSERT INTO ${businessMovements} (v_uid, v_uid_business, v_client, v_type, i_status, n_amount_cents, n_commission_cents, n_iva_cents, n_total_cents,
      v_source_clabe, v_source_bank_code, v_source_name, v_beneficiary_clabe, v_beneficiary_bank_code, v_beneficiary_name, v_beneficiary_rfc,
      v_concept, v_reference, v_tracking_key, d_operation_date, v_uid_user, v_uid_dispersion)
    SELECT id, ${owner.id}::uuid, ${owner.client}, 'SPEI_OUT', 0, amount, commission, iva, total,
      ${owner.clabe}, ${PROVIDER_BANK}, ${owner.name}, clabe, bank, name, rfc,
      concept, reference, ${trackingKeySql(o.operationDate)}, ${o.operationDate}::date, ${o.userId}::uuid, ${o.dispersionId}::uuid
    FROM unnest(${col((b) => b.id)}::uuid[], ${col((b) => b.charges.amountCents)}::bigint[], ${col((b) => b.charges.commissionCents)}::bigint[], ${col((b) => b.charges.ivaCents)}::bigint[],
      ${col((b) => b.charges.totalCents)}::bigint[], ${col((b) => b.destination.clabe)}::text[], ${col((b) => b.destination.bankCode)}::text[], ${col((b) => b.destination.name)}::text[],
      ${col((b) => b.destination.rfc)}::text[], ${col((b) => b.concept)}::text[], ${col((b) => b.reference)}::text[])
      AS x(id, amount, commission, iva, total, clabe, bank, name, rfc, concept, reference)`);
  await enqueueJob(tx, {
    kind: SUBMIT_BATCH_JOB,
    payload: { movementIds: orders.map((b) => b.id) },
    runAt: o.now,
    uniqueKey: `${SUBMIT_BATCH_JOB}:${orders[0]!.id}`,
  });
}
