import { asc, count, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { pagesFor } from '@far/contracts';
import { builtNow, runBuilt } from '../db/built';
import type { DbOrTx } from '../db/client';

/** The Page/Size request of the profiles family. */
export interface PageInput {
  Page: number;
  Size: number;
}

export const offsetOf = (q: PageInput) => (q.Page - 1) * q.Size;

/** Pages of `size` needed for `total` records: 0 when there are none (spec). */
/** `{ Records, Page, Size, TotalPages, TotalRecords }` of docs/api.md. */
export function toPage<T>(Records: T[], total: number, q: PageInput) {
  return { Records, Page: q.Page, Size: q.Size, TotalPages: pagesFor(total, q.Size), TotalRecords: total };
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

/** How a list's total is found: the planner's estimate of the filter's matches, and a count capped past the cap. */
interface Totals {
  /** Identifies the filter and its values, to reuse an estimate. */
  key: string;
  estimate(): Promise<number>;
  /** Matching rows, counted up to EXACT_COUNT_CAP + 1. */
  capped(): Promise<number>;
}

/**
 * The total of a page of a list that can grow without bound (docs/decisions/0008-request-path-and-lists.md), without an
 * exact count(*) of every matching row (80× the page's cost at 100,000 rows):
 * - a page that is not full is the last one: the total is known without counting;
 * - otherwise PostgreSQL's plan estimates the matches; ten times the cap or more, that is the total;
 * - else the matches are counted up to EXACT_COUNT_CAP, exact below it, the estimate above it;
 * - never below what the page proves to exist.
 * Call it after reading the page, with the same table and filter.
 */
export async function listTotal(db: DbOrTx, table: PgTable, where: SQL | undefined, page: PageRead): Promise<number> {
  const probe = () =>
    db
      .select({ one: sql`1` })
      .from(table)
      .where(where);
  const built = dialect.sqlToQuery(probe().getSQL());
  return totalOf(db, page, {
    key: `${built.sql}\u0000${JSON.stringify(built.params)}`,
    estimate: async () => planRows((await db.execute(sql`EXPLAIN (FORMAT JSON) ${probe()}`)) as unknown as QueryRows),
    capped: async () =>
      (
        await db.select({ n: count() }).from(
          probe()
            .limit(EXACT_COUNT_CAP + 1)
            .as('capped'),
        )
      )[0]?.n ?? 0,
  });
}

interface PageRead {
  offset: number;
  limit: number;
  /** Rows the page read. */
  rows: number;
}

async function totalOf(db: DbOrTx, page: PageRead, totals: Totals): Promise<number> {
  if ((page.rows > 0 && page.rows < page.limit) || (page.rows === 0 && page.offset === 0)) return page.offset + page.rows;
  const known = page.offset + page.rows;
  // Planning is cheap; an estimate far past the cap is trusted without counting anything.
  const estimate = await cachedEstimate(db, totals);
  if (estimate >= 10 * EXACT_COUNT_CAP) return Math.max(estimate, known);
  const n = await totals.capped();
  return n <= EXACT_COUNT_CAP ? n : Math.max(estimate, n, known);
}

/** How long a plan estimate is reused for the same filter: under load every page of a list asks it again. */
const ESTIMATE_TTL_MS = 2_000;
const ESTIMATES_KEPT = 500;
const dialect = new PgDialect();
/** Per database handle (a test's app or a transaction never sees another's), per filter's SQL and parameters. */
const estimates = new WeakMap<object, Map<string, { rows: number; until: number }>>();

type QueryRows = { rows: Array<Record<string, unknown>> };
const planRows = (plan: QueryRows): number => {
  const json = plan.rows[0]?.['QUERY PLAN'];
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as Array<{ Plan: { 'Plan Rows': number } }> | undefined;
  return Math.round(parsed?.[0]?.Plan['Plan Rows'] ?? 0);
};

async function cachedEstimate(db: DbOrTx, totals: Totals): Promise<number> {
  let cache = estimates.get(db);
  const hit = cache?.get(totals.key);
  if (hit && hit.until > Date.now()) return hit.rows;
  const rows = await totals.estimate();
  if (!cache) estimates.set(db, (cache = new Map()));
  // Searches typed by people make new keys without end: past the bound the map starts over.
  if (cache.size >= ESTIMATES_KEPT) cache.clear();
  cache.set(totals.key, { rows, until: Date.now() + ESTIMATE_TTL_MS });
  return rows;
}

/** What a list's shape may hold: which filters it has and the sort, never a value typed by someone. */
export type ListShape = Record<string, boolean | number | string | undefined>;

interface Preparable<Row> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Row[]> };
}

/**
 * A long list whose statements are built once per shape (which filters it has, its sort) and
 * database handle, and bound on every call: drizzle otherwise builds the page select, the
 * estimate and the count again for every request (a third of the movements list's CPU at 64
 * connections). The builders see only the shape, and every value is an sql.placeholder() bound from
 * `values` (the page's 'limit' and 'offset' too), so no value becomes part of a statement's text.
 * The total is listTotal's.
 */
export function shapedList<S extends ListShape, Row>(spec: {
  table: PgTable;
  where(shape: S): SQL | undefined;
  page(db: DbOrTx, where: SQL | undefined, shape: S): Preparable<Row>;
}) {
  const prepared = new WeakMap<object, Map<string, ReturnType<typeof prepare>>>();
  const prepare = (db: DbOrTx, shape: S) => {
    const where = spec.where(shape);
    const probe = db
      .select({ one: sql`1` })
      .from(spec.table)
      .where(where);
    return {
      // Unnamed here: db/hot-statements.ts names it once hot, except searches (planned with their pattern).
      page: spec.page(db, where, shape).prepare(undefined as unknown as string),
      estimate: builtNow(sql`EXPLAIN (FORMAT JSON) ${probe}`),
      capped: builtNow(sql`SELECT count(*)::int AS n FROM (${probe.limit(EXACT_COUNT_CAP + 1)}) capped`),
    };
  };
  return async (db: DbOrTx, shape: S, values: Record<string, unknown>, page: { limit: number; offset: number }): Promise<{ rows: Row[]; total: number }> => {
    const key = JSON.stringify(shape);
    let byShape = prepared.get(db);
    if (!byShape) prepared.set(db, (byShape = new Map()));
    const statements = byShape.get(key) ?? prepare(db, shape);
    byShape.set(key, statements);
    const rows = await statements.page.execute({ ...values, limit: page.limit, offset: page.offset });
    const total = await totalOf(
      db,
      { ...page, rows: rows.length },
      {
        key: `${key}\u0000${JSON.stringify(values)}`,
        estimate: async () => planRows({ rows: await runBuilt(db, statements.estimate, values) }),
        capped: async () => (await runBuilt<{ n: number }>(db, statements.capped, values))[0]?.n ?? 0,
      },
    );
    return { rows, total };
  };
}
