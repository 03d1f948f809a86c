// Reading movements for reports: keyset batches (constant memory at any size) and the period's figures.
import { MOVEMENT_DIRECTION, MOVEMENT_STATUS, MOVEMENT_TYPES, type MovementType } from '@far/contracts';
import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { afterKey, pagedBatches } from '../../platform/batches';
import type { MovementRow } from './movement';
import { businessMovements as bm } from './schema';

const typesGoing = (direction: 'in' | 'out') =>
  sql.join(
    MOVEMENT_TYPES.filter((t) => MOVEMENT_DIRECTION[t] === direction).map((t) => sql`${t}`),
    sql`, `,
  );

export interface MovementReportFilter {
  /** One business (a business always names its own); none: every business (staff). */
  businessId?: string;
  /** [from, to) instants (Mexico City day bounds). */
  from?: Date;
  to?: Date;
  types?: readonly MovementType[];
  statuses?: readonly number[];
}

function where(f: MovementReportFilter): SQL | undefined {
  return and(
    f.businessId ? eq(bm.v_uid_business, f.businessId) : undefined,
    f.from ? gte(bm.d_movement_at, f.from) : undefined,
    f.to ? lt(bm.d_movement_at, f.to) : undefined,
    f.types?.length ? inArray(bm.v_type, [...f.types]) : undefined,
    f.statuses?.length ? inArray(bm.i_status, [...f.statuses]) : sql`${bm.i_status} <> ${MOVEMENT_STATUS.eliminada}`,
  );
}

/**
 * The columns a movements or SPEI-orders report shows, and the key: 21 of the table's 41. Reading
 * (and mapping) only these halves a 100,000-row report's work on the server.
 */
const reportColumns = {
  v_uid: bm.v_uid,
  d_movement_at: bm.d_movement_at,
  v_client: bm.v_client,
  v_type: bm.v_type,
  i_status: bm.i_status,
  v_concept: bm.v_concept,
  v_reference: bm.v_reference,
  v_tracking_key: bm.v_tracking_key,
  v_source_name: bm.v_source_name,
  v_source_clabe: bm.v_source_clabe,
  v_beneficiary_name: bm.v_beneficiary_name,
  v_beneficiary_clabe: bm.v_beneficiary_clabe,
  n_amount_cents: bm.n_amount_cents,
  n_commission_cents: bm.n_commission_cents,
  n_iva_cents: bm.n_iva_cents,
  n_total_cents: bm.n_total_cents,
  d_sent_at: bm.d_sent_at,
  d_settled_at: bm.d_settled_at,
  d_returned_at: bm.d_returned_at,
  v_return_tracking_key: bm.v_return_tracking_key,
  v_error_detail: bm.v_error_detail,
  // What the movement did to the tenant's balance (balanceEffect).
  v_uid_transaction: bm.v_uid_transaction,
  v_uid_account: bm.v_uid_account,
};
export type MovementReportRow = Pick<MovementRow, keyof typeof reportColumns>;

/** The matching movements oldest first, in keyset batches (constant memory at any size). */
export const movementBatches = (db: DbOrTx, f: MovementReportFilter, size?: number): AsyncGenerator<MovementReportRow[]> =>
  pagedBatches(
    (after: { at: string; id: string } | null, n: number) =>
      db
        .select({ ...reportColumns, at: sql<string>`${bm.d_movement_at}::text` })
        .from(bm)
        .where(and(where(f), afterKey(bm, after, bm.d_movement_at)))
        .orderBy(asc(bm.d_movement_at), asc(bm.v_uid))
        .limit(n),
    (r) => ({ at: r.at, id: r.v_uid }),
    size,
  );

const DAY = sql<string>`to_char(${bm.d_movement_at} AT TIME ZONE 'America/Mexico_City', 'YYYY-MM-DD')`;
const MONTH = sql<string>`to_char(${bm.d_movement_at} AT TIME ZONE 'America/Mexico_City', 'YYYY-MM')`;
const cents = (v: string | null) => BigInt(v ?? '0');

/** Per Mexico City day: money in and out (settled, or pending/sent for orders out) and counts; moves between a wallet and its budgets are neither. */
export async function movementsPerDay(db: DbOrTx, f: MovementReportFilter) {
  const S = MOVEMENT_STATUS;
  const rows = await db
    .select({
      day: DAY,
      n: sql<number>`count(*)::int`,
      inCents: sql<string>`coalesce(sum(${bm.n_amount_cents}) FILTER (WHERE ${bm.v_type} IN (${typesGoing('in')}) AND ${bm.i_status} = ${S.liquidada}), 0)::text`,
      outCents: sql<string>`coalesce(sum(${bm.n_total_cents}) FILTER (WHERE ${bm.v_type} IN (${typesGoing('out')}) AND ${bm.i_status} IN (${S.pendiente}, ${S.enviada}, ${S.liquidada})), 0)::text`,
    })
    .from(bm)
    .where(where(f))
    .groupBy(DAY)
    .orderBy(DAY);
  return rows.map((r) => ({ day: r.day, count: r.n, inCents: cents(r.inCents), outCents: cents(r.outCents) }));
}

/** Count and amount per status. */
export async function movementsPerStatus(db: DbOrTx, f: MovementReportFilter) {
  const rows = await db
    .select({ status: bm.i_status, n: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${bm.n_amount_cents}), 0)::text` })
    .from(bm)
    .where(where(f))
    .groupBy(bm.i_status)
    .orderBy(bm.i_status);
  return rows.map((r) => ({ status: r.status, count: r.n, amountCents: cents(r.total) }));
}

/**
 * Commissions and IVA collected per business and Mexico City month: only settled movements
 * (status liquidada) charge them; cancelled, rejected and returned orders released their hold.
 */
export async function commissionsPerBusinessMonth(db: DbOrTx, f: Omit<MovementReportFilter, 'statuses'>) {
  const rows = await db
    .select({
      businessId: bm.v_uid_business,
      client: bm.v_client,
      month: MONTH,
      n: sql<number>`count(*)::int`,
      commission: sql<string>`coalesce(sum(${bm.n_commission_cents}), 0)::text`,
      iva: sql<string>`coalesce(sum(${bm.n_iva_cents}), 0)::text`,
    })
    .from(bm)
    .where(where({ ...f, statuses: [MOVEMENT_STATUS.liquidada] }))
    .groupBy(bm.v_uid_business, bm.v_client, MONTH)
    .orderBy(MONTH, bm.v_client);
  return rows.map((r) => ({
    businessId: r.businessId,
    client: r.client,
    month: r.month,
    count: r.n,
    commissionCents: cents(r.commission),
    ivaCents: cents(r.iva),
  }));
}
