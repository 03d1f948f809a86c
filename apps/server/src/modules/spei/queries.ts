// Reading movements: balances, one movement with its tenant, lists and figures (overview in movement.ts).
import { MOVEMENT_STATUS, amountOut, type BusinessMovement, type MovementSortField, type MovementType } from '@far/contracts';
import { and, count, desc, eq, gte, inArray, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { orderOf, shapedList, type SortInput } from '../../platform/paging';
import type { BusinessRow } from '../businesses';
import { businessLedgerBalance } from '../pricing';
import { businessFor } from './accounts';
import { MOVEMENT_NOT_FOUND, movementOut, type MovementRow } from './movement';
import { MATCH, newestMatchesFirst, placeholders, searchValues } from '../search';
import { businessMovements } from './schema';
import { addDays, dayBounds, mexicoMidnight } from '../../platform/mexico-time';

const S = MOVEMENT_STATUS;

/** §3 Balance of a business (account = its CLABE). */
export async function businessBalance(db: DbOrTx, b: BusinessRow) {
  const bal = await businessLedgerBalance(db, b);
  return {
    balance: amountOut(bal.balance),
    transitBalance: amountOut(bal.transitBalance),
    account: b.v_account_number,
    availableBalance: amountOut(bal.availableBalance),
  };
}

export async function getBusinessBalance(db: DbOrTx, actor: Actor, businessId: string | undefined) {
  return businessBalance(db, await businessFor(db, actor, businessId));
}

/** A movement the caller may reach (404 for another tenant's), optionally locked. */
export async function movementFor(db: DbOrTx, actor: Actor, id: string, lock = false): Promise<MovementRow> {
  const where = and(eq(businessMovements.v_uid, id), actor.kind === 'FAR' ? undefined : eq(businessMovements.v_client, actor.client));
  const q = db.select().from(businessMovements).where(where);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(MOVEMENT_NOT_FOUND);
  return row;
}

export interface MovementFilters {
  from?: string;
  to?: string;
  type?: MovementType;
  status?: number;
  search?: string;
}

/** Which filters a movements query has and its sort (shapedList builds each shape's statements once). */
type MovementShape = { status: boolean; type: boolean; from: boolean; to: boolean; search: boolean; sortBy?: MovementSortField; sortDir?: 'asc' | 'desc' };
const value = (name: string) => sql.placeholder(name);

function movementFilter(shape: MovementShape): SQL {
  const c: SQL[] = [eq(businessMovements.v_uid_business, value('business'))];
  // Removed orders are left out unless asked for by status.
  if (shape.status) c.push(eq(businessMovements.i_status, value('status')));
  else c.push(sql`${businessMovements.i_status} <> ${S.eliminada}`);
  if (shape.type) c.push(eq(businessMovements.v_type, value('type')));
  // The movement's one date (d_movement_at, decision 0037): the day it moved the balance.
  if (shape.from) c.push(gte(businessMovements.d_movement_at, value('from')));
  if (shape.to) c.push(lt(businessMovements.d_movement_at, value('to')));
  // The search's own matcher for movements (modules/search): words of the names, concept, reference
  // and alias; tracking key and CLABEs by their start; an amount exactly.
  if (shape.search) c.push(MATCH.movement(placeholders));
  return and(...c)!;
}

/** The columns behind the movements list's sort fields (contracts MOVEMENT_SORT_FIELDS). */
const MOVEMENT_SORT_COLUMNS: Record<MovementSortField, SQL | AnyColumn> = {
  MovementDate: businessMovements.d_movement_at,
  MovementType: businessMovements.v_type,
  MovementAmount: businessMovements.n_amount_cents,
  TotalAmount: businessMovements.n_total_cents,
  StatusBusinessMovement: businessMovements.i_status,
};

const movementList = shapedList({
  table: businessMovements,
  where: movementFilter,
  page: (db, where, shape: MovementShape) =>
    db
      .select()
      .from(businessMovements)
      .where(where)
      .orderBy(
        ...orderOf(
          { SortBy: shape.sortBy, SortDir: shape.sortDir },
          MOVEMENT_SORT_COLUMNS,
          shape.search
            ? newestMatchesFirst(businessMovements.d_movement_at, businessMovements.v_uid)
            : [desc(businessMovements.d_movement_at), desc(businessMovements.v_uid)],
          businessMovements.v_uid,
        ),
      )
      .limit(value('limit'))
      .offset(value('offset')),
});

/**
 * A business's (or wallet's) movements, newest first, filtered; `limit`/`offset` page them. The
 * total is capped or estimated past platform/paging's cap, exact whenever the page is not full: an
 * export asks for one row more than it allows, so a total past its maximum always shows.
 */
export async function queryMovements(
  db: DbOrTx,
  businessId: string,
  f: MovementFilters,
  page: { limit: number; offset: number },
  sort: SortInput<MovementSortField> = {},
): Promise<{ rows: BusinessMovement[]; total: number }> {
  const shape: MovementShape = {
    status: f.status !== undefined,
    type: !!f.type,
    from: !!f.from,
    to: !!f.to,
    search: !!f.search,
    sortBy: sort.SortBy,
    sortDir: sort.SortDir,
  };
  const values = {
    business: businessId,
    status: f.status,
    type: f.type,
    from: f.from && mexicoMidnight(f.from).toISOString(),
    to: f.to && mexicoMidnight(addDays(f.to, 1)).toISOString(),
    ...(f.search ? searchValues(f.search) : {}),
  };
  const { rows, total } = await movementList(db, shape, values, page);
  return { rows: rows.map((r) => movementOut(r)), total };
}

/**
 * SPEI outs of a business in some statuses, newest first: the pending transactions (pending or
 * sent, not yet settled) or the orders awaiting authorisation.
 */
export async function listSpeiOutsIn(
  db: DbOrTx,
  actor: Actor,
  q: { BusinessId?: string; Page: number; Size: number },
  statuses: number[] = [S.pendiente, S.enviada],
) {
  const b = await businessFor(db, actor, q.BusinessId);
  const where = and(eq(businessMovements.v_uid_business, b.v_uid), eq(businessMovements.v_type, 'SPEI_OUT'), inArray(businessMovements.i_status, statuses));
  const [total] = await db.select({ n: count() }).from(businessMovements).where(where);
  const rows = await db
    .select()
    .from(businessMovements)
    .where(where)
    .orderBy(desc(businessMovements.d_create_at), desc(businessMovements.v_uid))
    .limit(q.Size)
    .offset((q.Page - 1) * q.Size);
  return { rows, total: total?.n ?? 0 };
}

/** Orders not yet settled (status 0 and 1): count and held total, for one business or all. */
export async function openOrders(db: DbOrTx, businessId?: string): Promise<{ count: number; total: bigint }> {
  const [row] = await db
    .select({ n: count(), total: sql<string>`coalesce(sum(${businessMovements.n_total_cents}), 0)::text` })
    .from(businessMovements)
    .where(
      and(
        eq(businessMovements.v_type, 'SPEI_OUT'),
        inArray(businessMovements.i_status, [S.pendiente, S.enviada]),
        businessId ? eq(businessMovements.v_uid_business, businessId) : undefined,
      ),
    );
  return { count: row?.n ?? 0, total: BigInt(row?.total ?? '0') };
}

/** SPEI volume of a Mexico City day (the movements' date): orders out accepted (not cancelled, removed or rejected) and orders in. */
export async function speiVolume(db: DbOrTx, day: string): Promise<{ out: { count: number; amount: bigint }; in: { count: number; amount: bigint } }> {
  const [from, to] = dayBounds(day);
  const sum = async (type: 'SPEI_OUT' | 'SPEI_IN', statuses: number[]) => {
    const [row] = await db
      .select({ n: count(), total: sql<string>`coalesce(sum(${businessMovements.n_amount_cents}), 0)::text` })
      .from(businessMovements)
      .where(
        and(
          eq(businessMovements.v_type, type),
          inArray(businessMovements.i_status, statuses),
          gte(businessMovements.d_movement_at, from),
          lt(businessMovements.d_movement_at, to),
        ),
      );
    return { count: row?.n ?? 0, amount: BigInt(row?.total ?? '0') };
  };
  return { out: await sum('SPEI_OUT', [S.pendiente, S.enviada, S.liquidada, S.devuelta]), in: await sum('SPEI_IN', [S.liquidada]) };
}

/** The movements behind ledger transactions (statement lines carry their movement id in the memo). */
export async function movementsByIds(db: DbOrTx, ids: string[]): Promise<Map<string, MovementRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(businessMovements).where(inArray(businessMovements.v_uid, ids));
  return new Map(rows.map((r) => [r.v_uid, r]));
}

/** The tenant's newest movement with this SPEI tracking key (a clarification names the movement it disputes). */
export async function movementByTrackingKey(db: DbOrTx, client: string, trackingKey: string): Promise<MovementRow | undefined> {
  const [row] = await db
    .select()
    .from(businessMovements)
    .where(and(eq(businessMovements.v_client, client), eq(businessMovements.v_tracking_key, trackingKey)))
    .orderBy(desc(businessMovements.d_create_at))
    .limit(1);
  return row;
}
