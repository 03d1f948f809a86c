import { and, asc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

/** A table with the §3 record columns (every module's tables have them). */
type RecordTable = PgTable & { d_create_at: PgColumn; v_uid: PgColumn };

/**
 * The rows matching `where`, oldest first, `size` at a time, each batch read after the previous
 * one's key (d_create_at, v_uid): no OFFSET and no cursor held open between batches, so a report
 * reads its 100,000th row as cheaply as its first and memory holds one batch.
 */
export function keysetBatches<T extends RecordTable>(db: DbOrTx, table: T, where: SQL | undefined, size = 2_000): AsyncGenerator<T['$inferSelect'][]> {
  // The key's time travels as text: a JS Date keeps milliseconds only, and PostgreSQL's microseconds
  // would make `d_create_at > key` read the last row (and its same-instant peers) again.
  const page = (after: { at: string; id: string } | null, n: number) =>
    db
      .select({ row: table as PgTable, at: sql<string>`${table.d_create_at}::text` } as never)
      .from(table as PgTable)
      .where(and(where, afterKey(table, after)))
      .orderBy(asc(table.d_create_at), asc(table.v_uid))
      .limit(n) as unknown as Promise<Array<{ row: T['$inferSelect'] & { v_uid: string }; at: string }>>;
  return mapBatches(
    pagedBatches(page, (x) => ({ at: x.at, id: x.row.v_uid }), size),
    (x) => x.row,
  );
}

/** Rows after the key (the time column, d_create_at unless named, as text; v_uid) in keyset order; none: from the first. */
export const afterKey = (table: RecordTable, after: { at: string; id: string } | null, at: PgColumn = table.d_create_at): SQL | undefined =>
  after ? sql`(${at}, ${table.v_uid}) > (${after.at}::timestamptz, ${after.id}::uuid)` : undefined;

async function* mapBatches<A, B>(batches: AsyncIterable<A[]>, f: (a: A) => B): AsyncGenerator<B[]> {
  for await (const batch of batches) yield batch.map(f);
}

/**
 * Keyset batches over any query (joins included): `page(after, size)` reads the `size` rows that
 * follow the key `after` (null: the first), `keyOf` gives a row's key. Same constant memory as
 * keysetBatches (two batches: the one being written and the next). Keys should carry timestamps as
 * text, so microseconds survive the round trip.
 */
export async function* pagedBatches<R, K>(page: (after: K | null, size: number) => Promise<R[]>, keyOf: (row: R) => K, size = 2_000): AsyncGenerator<R[]> {
  // Promise.resolve runs a query builder once (each `then` of a drizzle query runs it again).
  const read = (after: K | null) => Promise.resolve(page(after, size));
  let next = read(null);
  for (;;) {
    const rows = await next;
    const more = rows.length === size;
    if (more) {
      // The next batch is read while this one is written: the database and the writer work at once.
      next = read(keyOf(rows[rows.length - 1]!));
      // A consumer that stops early leaves this read behind: its failure must not go unhandled.
      next.catch(() => undefined);
    }
    if (rows.length > 0) yield rows;
    if (!more) return;
  }
}
