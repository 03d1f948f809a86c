import { asc, count, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

/** The Page/Size request of the profiles family. */
export interface PageInput {
  Page: number;
  Size: number;
}

export const offsetOf = (q: PageInput) => (q.Page - 1) * q.Size;

/** Pages of `size` needed for `total` records: 0 when there are none (spec). */
export const pageCount = (total: number, size: number) => Math.ceil(total / size);

/** `{ Records, Page, Size, TotalPages, TotalRecords }` of docs/api.md. */
export function toPage<T>(Records: T[], total: number, q: PageInput) {
  return { Records, Page: q.Page, Size: q.Size, TotalPages: pageCount(total, q.Size), TotalRecords: total };
}

/** The sort a list was asked for (contracts `sortQuery`): a whitelisted field and a direction. */
export interface SortInput<F extends string> {
  SortBy?: F;
  SortDir?: 'asc' | 'desc';
}

/**
 * ORDER BY of a list: the column behind the whitelisted field the caller chose (empty values last,
 * in either direction), then the row id in the same direction so that tied rows keep one order
 * across pages. Without a choice, the list's own order.
 */
export function orderOf<F extends string>(q: SortInput<F>, columns: Record<F, AnyColumn | SQL>, fallback: SQL[], id: AnyColumn): SQL[] {
  const column = q.SortBy ? columns[q.SortBy] : undefined;
  if (!column) return fallback;
  const descending = q.SortDir === 'desc';
  return [sql`${column} ${descending ? sql`desc` : sql`asc`} nulls last`, descending ? desc(id) : asc(id)];
}

/** An ILIKE pattern that matches the text literally: % and _ typed by a person are not wildcards. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Up to this many matching rows a long list counts exactly; beyond it, the planner estimates. */
export const EXACT_COUNT_CAP = 1_000;

/**
 * The total of a page of a list that can grow without bound (docs/decisions/0008-request-path-and-lists.md), without an
 * exact count(*) of every matching row (80× the page's cost at 100,000 rows):
 * - a page that is not full is the last one: the total is known without counting;
 * - otherwise PostgreSQL's plan estimates the matches; ten times the cap or more, that is the total;
 * - else the matches are counted up to EXACT_COUNT_CAP, exact below it, the estimate above it;
 * - never below what the page proves to exist.
 * Call it after reading the page, with the same table and filter.
 */
export async function listTotal(db: DbOrTx, table: PgTable, where: SQL | undefined, page: { offset: number; limit: number; rows: number }): Promise<number> {
  if ((page.rows > 0 && page.rows < page.limit) || (page.rows === 0 && page.offset === 0)) return page.offset + page.rows;
  const known = page.offset + page.rows;
  // Planning is cheap; an estimate far past the cap is trusted without counting anything.
  const estimate = await plannedRows(db, table, where);
  if (estimate >= 10 * EXACT_COUNT_CAP) return Math.max(estimate, known);
  const capped = db.select({ one: sql`1` }).from(table).where(where).limit(EXACT_COUNT_CAP + 1).as('capped');
  const [counted] = await db.select({ n: count() }).from(capped);
  const n = counted?.n ?? 0;
  return n <= EXACT_COUNT_CAP ? n : Math.max(estimate, n, known);
}

/** How long a plan estimate is reused for the same filter: under load every page of a list asks it again. */
const ESTIMATE_TTL_MS = 2_000;
const ESTIMATES_KEPT = 500;
const dialect = new PgDialect();
/** Per database handle (a test's app or a transaction never sees another's), per filter's SQL and parameters. */
const estimates = new WeakMap<object, Map<string, { rows: number; until: number }>>();

async function plannedRows(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  const probe = db.select({ one: sql`1` }).from(table).where(where);
  const built = dialect.sqlToQuery(probe.getSQL());
  const key = `${built.sql}\u0000${JSON.stringify(built.params)}`;
  let cache = estimates.get(db);
  const hit = cache?.get(key);
  if (hit && hit.until > Date.now()) return hit.rows;
  const plan = (await db.execute(sql`EXPLAIN (FORMAT JSON) ${probe}`)) as unknown as { rows: Array<Record<string, unknown>> };
  const json = plan.rows[0]?.['QUERY PLAN'];
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as Array<{ Plan: { 'Plan Rows': number } }> | undefined;
  const rows = Math.round(parsed?.[0]?.Plan['Plan Rows'] ?? 0);
  if (!cache) estimates.set(db, (cache = new Map()));
  // Searches typed by people make new keys without end: past the bound the map starts over.
  if (cache.size >= ESTIMATES_KEPT) cache.clear();
  cache.set(key, { rows, until: Date.now() + ESTIMATE_TTL_MS });
  return rows;
}
