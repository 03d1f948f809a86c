// Reading dispersions for reports (/report "dispersions"): every row with its dispersion and its SPEI order, in keyset batches.
import { DISPERSION_STATUS } from '@far/contracts';
import { and, asc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pagedBatches } from '../../platform/batches';
import { movementsByIds, type MovementRow } from '../spei';
import { rowStatusName } from './queries';
import { dispersionRows as r, dispersions as d } from './schema';

export interface DispersionReportFilter {
  /** One business (a business always names its own); none: every business (staff). */
  businessId?: string;
  /** [from, to) instants on the dispersion's creation (Mexico City day bounds). */
  from?: Date;
  to?: Date;
  /** Dispersion statuses; none: every status but removed (eliminada). */
  statuses?: readonly number[];
}

export interface DispersionReportRow {
  dispersion: typeof d.$inferSelect;
  row: typeof r.$inferSelect;
  /** The row's SPEI order, once it is one. */
  order: MovementRow | undefined;
  /** The row's status in Spanish (queued, failed before its order, or its order's status). */
  rowStatus: string;
}

function where(f: DispersionReportFilter): SQL | undefined {
  return and(
    f.businessId ? eq(d.v_uid_business, f.businessId) : undefined,
    f.from ? gte(d.d_create_at, f.from) : undefined,
    f.to ? lt(d.d_create_at, f.to) : undefined,
    f.statuses?.length ? inArray(d.i_status, [...f.statuses]) : ne(d.i_status, DISPERSION_STATUS.eliminada),
  );
}

type Key = { at: string; id: string; row: number };

/** The rows of the matching dispersions, oldest dispersion first and each in file order, in keyset batches. */
export async function* dispersionRowBatches(db: DbOrTx, f: DispersionReportFilter, size?: number): AsyncGenerator<DispersionReportRow[]> {
  const page = (after: Key | null, n: number) =>
    db
      .select({ dispersion: d, row: r, at: sql<string>`${d.d_create_at}::text` })
      .from(r)
      .innerJoin(d, eq(d.v_uid, r.v_uid_dispersion))
      .where(
        and(where(f), after ? sql`(${d.d_create_at}, ${d.v_uid}, ${r.i_row}) > (${after.at}::timestamptz, ${after.id}::uuid, ${after.row}::int)` : undefined),
      )
      .orderBy(asc(d.d_create_at), asc(d.v_uid), asc(r.i_row))
      .limit(n);
  for await (const batch of pagedBatches(page, (x) => ({ at: x.at, id: x.dispersion.v_uid, row: x.row.i_row }), size)) {
    const orders = await movementsByIds(
      db,
      batch.map((x) => x.row.v_uid_movement).filter((id): id is string => !!id),
    );
    yield batch.map(({ dispersion, row }) => {
      const order = row.v_uid_movement ? orders.get(row.v_uid_movement) : undefined;
      return { dispersion, row, order, rowStatus: rowStatusName(row.i_state, order?.i_status ?? null) };
    });
  }
}

const cents = (v: string | null) => BigInt(v ?? '0');

/** Per dispersion status: dispersions, rows, their amount and their commission + IVA. */
export async function dispersionsPerStatus(db: DbOrTx, f: DispersionReportFilter) {
  const rows = await db
    .select({
      status: d.i_status,
      dispersions: sql<number>`count(DISTINCT ${d.v_uid})::int`,
      rows: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${r.n_amount_cents}), 0)::text`,
      taxes: sql<string>`coalesce(sum(${r.n_commission_cents} + ${r.n_iva_cents}), 0)::text`,
    })
    .from(r)
    .innerJoin(d, eq(d.v_uid, r.v_uid_dispersion))
    .where(where(f))
    .groupBy(d.i_status)
    .orderBy(d.i_status);
  return rows.map((x) => ({
    status: x.status,
    dispersions: Number(x.dispersions),
    rows: Number(x.rows),
    amountCents: cents(x.amount),
    taxesCents: cents(x.taxes),
  }));
}
