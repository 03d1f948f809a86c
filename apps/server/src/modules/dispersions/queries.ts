// Reading dispersions: history (page size 10), pending, the rows with their orders, exports, the dashboards' 30 days.
import { DISPERSION_STATUS as D, MOVEMENT_STATUS_NAMES, amountOut, bankNameOf, type DispersionTransaction } from '@far/contracts';
import { and, asc, count, desc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DispersionHistoryBody } from '@far/contracts';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { offsetOf } from '../../platform/paging';
import { iso } from '../../platform/reply';
import { businessForActor } from '../businesses';
import { movementsByIds } from '../spei';
import { addDays, dayBounds, mexicoDate } from '../../platform/mexico-time';
import { dispersionRows, dispersions } from './schema';
import type { DispersionRow } from './service';

type HistoryInput = z.output<typeof DispersionHistoryBody>;

export async function listDispersions(db: DbOrTx, actor: Actor, q: HistoryInput, only?: number[]): Promise<{ rows: DispersionRow[]; total: number }> {
  const b = await businessForActor(db, actor, q.BusinessId, { field: 'BusinessId' });
  const where: Array<SQL | undefined> = [eq(dispersions.v_uid_business, b.v_uid), ne(dispersions.i_status, D.eliminada)];
  if (only) where.push(inArray(dispersions.i_status, only));
  if (q.Status !== undefined) where.push(eq(dispersions.i_status, q.Status));
  if (q.From) where.push(gte(dispersions.d_create_at, dayBounds(q.From)[0]));
  if (q.To) where.push(lt(dispersions.d_create_at, dayBounds(q.To)[1]));
  const cond = and(...where);
  const rows = await db
    .select()
    .from(dispersions)
    .where(cond)
    .orderBy(desc(dispersions.d_create_at), desc(dispersions.v_uid))
    .limit(q.Size)
    .offset(offsetOf(q));
  const [{ n }] = (await db.select({ n: count() }).from(dispersions).where(cond)) as [{ n: number }];
  return { rows, total: Number(n) };
}

const FAILED_ROW = sql`(${dispersionRows.i_state} = 2 OR ${dispersionRows.v_uid_movement} IN (SELECT v_uid FROM business_movements WHERE i_status IN (3, 4, 5, 6) AND v_uid_dispersion = ${dispersionRows.v_uid_dispersion}))`;

/** A row's status in Spanish: queued, failed before its order, or its SPEI order's status. */
export const rowStatusName = (state: number, orderStatus: number | null) =>
  state === 0 ? 'En cola' : state === 2 ? 'Fallida' : (MOVEMENT_STATUS_NAMES[orderStatus!] ?? String(orderStatus));

/** The rows of a dispersion with the state of their orders, in file order. */
export async function dispersionTransactions(
  db: DbOrTx,
  d: DispersionRow,
  q: { Page: number; Size: number; FailedOnly?: boolean },
): Promise<{ rows: DispersionTransaction[]; total: number }> {
  const cond = and(eq(dispersionRows.v_uid_dispersion, d.v_uid), q.FailedOnly ? FAILED_ROW : undefined);
  const rows = await db.select().from(dispersionRows).where(cond).orderBy(asc(dispersionRows.i_row)).limit(q.Size).offset(offsetOf(q));
  const [{ n }] = (await db.select({ n: count() }).from(dispersionRows).where(cond)) as [{ n: number }];
  const movements = await movementsByIds(
    db,
    rows.map((r) => r.v_uid_movement).filter((x): x is string => !!x),
  );
  return {
    total: Number(n),
    rows: rows.map((r) => {
      const m = r.v_uid_movement ? movements.get(r.v_uid_movement) : undefined;
      const status = m?.i_status ?? null;
      const failed = r.i_state === 2 || (status !== null && status >= 3);
      return {
        Id: r.v_uid,
        Row: r.i_row,
        IdClientBusiness: d.v_client,
        BeneficiaryName: r.v_name,
        BeneficiaryAccountClabe: r.v_clabe,
        BankCode: r.v_bank_code,
        BankName: bankNameOf(r.v_clabe),
        BeneficiaryRfc: r.v_rfc,
        BeneficiaryEmail: r.v_email,
        Concept: r.v_concept,
        Reference: r.v_reference,
        MovementAmount: amountOut(r.n_amount_cents),
        Commission: amountOut(r.n_commission_cents),
        IVA: amountOut(r.n_iva_cents),
        TotalAmount: amountOut(r.n_amount_cents + r.n_commission_cents + r.n_iva_cents),
        MovementType: 'SPEI_OUT',
        MovementDate: m ? iso(m.d_movement_at) : null,
        MovementId: m?.v_uid ?? null,
        OrderOPMId: m?.v_rail_id ?? null,
        TrackinKey: m?.v_tracking_key ?? null,
        StatusBusinessMovement: status,
        StatusName: rowStatusName(r.i_state, status),
        Failed: failed,
        ErrorDetail: r.v_error ?? m?.v_error_detail ?? null,
        HasProof: status === 2,
      };
    }),
  };
}

/** Dispersions of the last 30 days (Mexico City): one business's, or every business's for staff. */
export async function recentDispersions(db: DbOrTx, businessId: string | null, now = new Date()) {
  const since = dayBounds(addDays(mexicoDate(now), -29))[0];
  const cond = and(
    gte(dispersions.d_create_at, since),
    ne(dispersions.i_status, D.eliminada),
    businessId ? eq(dispersions.v_uid_business, businessId) : undefined,
  );
  const byStatus = await db
    .select({
      status: dispersions.i_status,
      n: count(),
      total: sql<string>`coalesce(sum(${dispersions.n_total_import_cents}), 0)::text`,
      rows: sql<string>`coalesce(sum(${dispersions.i_rows}), 0)::text`,
    })
    .from(dispersions)
    .where(cond)
    .groupBy(dispersions.i_status);
  const latest = await db.select().from(dispersions).where(cond).orderBy(desc(dispersions.d_create_at)).limit(5);
  return { byStatus, latest };
}
