import { and, asc, eq, gt, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

/** A table with the §3 record columns (every module's tables have them). */
type RecordTable = PgTable & { d_create_at: PgColumn; v_uid: PgColumn };

/**
 * The rows matching `where`, oldest first, `size` at a time, each batch read after the previous
 * one's key (d_create_at, v_uid): no OFFSET and no cursor held open between batches, so a report
 * reads its 100,000th row as cheaply as its first and memory holds one batch.
 */
export async function* keysetBatches<T extends RecordTable>(db: DbOrTx, table: T, where: SQL | undefined, size = 2_000): AsyncGenerator<T['$inferSelect'][]> {
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const cursor = after ? or(gt(table.d_create_at, after.at), and(eq(table.d_create_at, after.at), gt(table.v_uid, after.id))) : undefined;
    const rows = (await db
      .select()
      .from(table as PgTable)
      .where(and(where, cursor))
      .orderBy(asc(table.d_create_at), asc(table.v_uid))
      .limit(size)) as Array<T['$inferSelect'] & { d_create_at: Date; v_uid: string }>;
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.d_create_at, id: last.v_uid };
  }
}

/**
 * Keyset batches over any query (joins included): `page(after, size)` reads the `size` rows that
 * follow the key `after` (null: the first), `keyOf` gives a row's key. Same constant memory as
 * keysetBatches. Keys should carry timestamps as text, so microseconds survive the round trip.
 */
export async function* pagedBatches<R, K>(page: (after: K | null, size: number) => Promise<R[]>, keyOf: (row: R) => K, size = 2_000): AsyncGenerator<R[]> {
  let after: K | null = null;
  for (;;) {
    const rows = await page(after, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}
