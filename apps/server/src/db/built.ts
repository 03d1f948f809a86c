import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

const dialect = new PgDialect();
export type BuiltQuery = ReturnType<PgDialect['sqlToQuery']> & { name?: string };

/**
 * A hot statement rendered to text once. Its values are sql.placeholder(name)s, bound by name on
 * each run (runBuilt). db.execute(sql`…`) renders a composed statement again on every call:
 * 0.2 ms of node per card authorisation, as much as one of its round trips (issue 9). It is also
 * named (prepared once per connection) from the start, not only once hot-statements.ts has room.
 */
export function builtOnce(build: () => SQL): () => BuiltQuery {
  let query: BuiltQuery | undefined;
  return () => {
    if (!query) {
      const q = dialect.sqlToQuery(build());
      query = { ...q, name: `far_built_${createHash('sha256').update(q.sql).digest('base64url').slice(0, 24)}` };
    }
    return query;
  };
}

/** Renders a statement with placeholders now (one built per call, for the less hot paths). */
export const builtNow = (statement: SQL): BuiltQuery => dialect.sqlToQuery(statement);

/** Runs a built statement with its placeholders' values and returns its rows (either engine). */
export async function runBuilt<T>(db: DbOrTx, query: BuiltQuery, values: Record<string, unknown>): Promise<T[]> {
  const result = await db._.session.prepareQuery(query, undefined, query.name, false).execute(values);
  return (result as unknown as { rows: T[] }).rows;
}
