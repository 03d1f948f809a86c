/**
 * A PostgreSQL array literal, for set-wise writes (`unnest(${pgArray(a)}::uuid[], …)`): drizzle
 * expands a JS array into a list of parameters, so a column array travels as one text parameter.
 * Every element is quoted (commas, quotes and backslashes in names stay data); null is NULL.
 */
export function pgArray(values: ReadonlyArray<string | bigint | number | null>): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`;
}
