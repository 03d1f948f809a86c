import { SQL, getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * One row's INSERT as a part (CTE) of a caller's statement, written once for each row of `from`
 * (a CTE of that statement): a write that must happen only if an earlier part did — the order,
 * its job and its audit entry only when the hold was placed (spei/payout.ts). Values are given by
 * column name, as drizzle's insert takes them (SQL is used as written); each parameter is cast to
 * its column's type, which a SELECT list does not infer. Columns left out take their defaults.
 */
export function insertFrom(table: PgTable, values: Record<string, unknown>, from: SQL, tail: SQL = sql``): SQL {
  const columns = getTableColumns(table);
  const names: SQL[] = [];
  const exprs: SQL[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const column = columns[key];
    if (!column) throw new Error(`insertFrom: ${key} no es una columna`);
    names.push(sql`${sql.identifier(column.name)}`);
    exprs.push(value instanceof SQL ? value : sql`${value === null ? null : column.mapToDriverValue(value)}::${sql.raw(column.getSQLType())}`);
  }
  return sql`INSERT INTO ${table} (${sql.join(names, sql`, `)}) SELECT ${sql.join(exprs, sql`, `)} FROM ${from} ${tail}`;
}

/** A row of a table as to_jsonb gave it, in drizzle's types (bigint, Date, …). */
export function rowFromJson<T>(table: PgTable, json: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const v = json[column.name];
    out[key] = v === null || v === undefined ? null : column.mapFromDriverValue(typeof v === 'number' && column.columnType === 'PgBigInt64' ? String(v) : v);
  }
  return out as T;
}
