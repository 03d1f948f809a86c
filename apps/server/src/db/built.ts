import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

const dialect = new PgDialect();
export type BuiltQuery = ReturnType<PgDialect['sqlToQuery']>;

/**
 * A hot statement rendered to text once. Its values are sql.placeholder(name)s, bound by name on
 * each run (runBuilt). db.execute(sql`…`) renders a composed statement again on every call:
 * 0.2 ms of node per card authorisation, as much as one of its round trips (issue 9).
 */
export function builtOnce(build: () => SQL): () => BuiltQuery {
  let query: BuiltQuery | undefined;
  return () => (query ??= dialect.sqlToQuery(build()));
}

/** Renders a statement with placeholders now (one built per call, for the less hot paths). */
export const builtNow = (statement: SQL): BuiltQuery => dialect.sqlToQuery(statement);

/** Runs a built statement with its placeholders' values and returns its rows (either engine). */
export async function runBuilt<T>(db: DbOrTx, query: BuiltQuery, values: Record<string, unknown>): Promise<T[]> {
  const result = await db._.session.prepareQuery(query, undefined, undefined, false).execute(values);
  return (result as unknown as { rows: T[] }).rows;
}
