import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { QueryBuilder, type PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';
import { rowFromJson } from './insert-from';

/**
 * A read that can run alone or folded with others into one statement (issue 23 §5, decision 0030):
 * a money route's plan — the business, its account under lock, its commissions and limits, the
 * destination, the payee, the approval policy — is one round trip instead of nine. Each module
 * writes its read once as a Read; its ordinary function runs that same Read alone (`readNow`),
 * so the folded plan and the single look-up cannot drift apart.
 *
 * A part is a SELECT of one table's columns; each comes back as one jsonb array of its rows, in
 * one row of one statement, and is mapped to drizzle's types (rowFromJson). A part may lock its
 * rows (FOR UPDATE): the lock is taken by the same statement, and the locked rows are read as of
 * the lock (READ COMMITTED), while the other parts see the statement's snapshot.
 */
export interface Read<T> {
  readonly parts: readonly SQL[];
  readonly parse: (values: readonly unknown[]) => T;
}

/** Builds the SELECTs of reads without a database at hand. */
export const qb = new QueryBuilder();

/** Every row of `query`, a SELECT of `table`'s columns (qb.select().from(table)…). */
export const readRows = <R>(table: PgTable, query: SQLWrapper): Read<R[]> =>
  mapRead(readQuery<Record<string, unknown>>(query), (rows) => rows.map((json) => rowFromJson<R>(table, json)));

/** The rows of any SELECT, as its JSON gives them (bigints come as numbers: pass them as text). */
export const readQuery = <R>(query: SQLWrapper): Read<R[]> => ({
  parts: [sql`(SELECT coalesce(jsonb_agg(to_jsonb(q)), '[]'::jsonb) FROM (${query}) q)`],
  parse: ([v]) => (v ?? []) as R[],
});

/** A read of nothing (a part a plan does not need this time). */
export const NOTHING: Read<undefined> = { parts: [], parse: () => undefined };

/** The first row of `query` (it selects at most one), or undefined. */
export const readRow = <R>(table: PgTable, query: SQLWrapper): Read<R | undefined> => mapRead(readRows<R>(table, query), (rows) => rows[0]);

/** A read whose answer is `f` of another's. */
export const mapRead = <A, B>(r: Read<A>, f: (a: A) => B): Read<B> => ({ parts: r.parts, parse: (values) => f(r.parse(values)) });

/** What a read answers. */
export type ReadAnswer<R> = R extends Read<infer T> ? T : never;
type Answers<R extends Record<string, Read<unknown>>> = { [K in keyof R]: ReadAnswer<R[K]> };

/** Several reads as one: their answers by name. */
export function readTogether<R extends Record<string, Read<unknown>>>(reads: R): Read<Answers<R>> {
  const entries = Object.entries(reads);
  const parts = entries.flatMap(([, r]) => r.parts);
  return {
    parts,
    parse: (values) => {
      const out: Record<string, unknown> = {};
      let at = 0;
      for (const [name, r] of entries) {
        out[name] = r.parse(values.slice(at, at + r.parts.length));
        at += r.parts.length;
      }
      return out as Answers<R>;
    },
  };
}

/** Runs a read (one or many folded) in one statement: one round trip. */
export async function readNow<T>(db: DbOrTx, r: Read<T>): Promise<T> {
  const statement: SQL = sql`SELECT ${sql.join(
    r.parts.map((p, i) => sql`${p} AS ${sql.raw(`r${i}`)}`),
    sql`, `,
  )}`;
  const [row] = ((await db.execute(statement)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return r.parse(r.parts.map((_, i) => parseJson(row?.[`r${i}`])));
}

// A driver that hands jsonb over as text (none of ours today) is read the same.
const parseJson = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);
