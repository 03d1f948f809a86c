/** The success shape of every answer (docs/api.md). */
export function ok<T>(data: T, message = 'OK', code = 200) {
  return { success: true, IsSuccess: true, data, status: { code, message } };
}

export const iso = (d: Date | string | null | undefined): string | null =>
  d == null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();

/** d_create_at and d_update_at of a catalog-style record, as the API gives them. */
export const recordDates = (r: { d_create_at: Date; d_update_at: Date }) => ({ d_create_at: iso(r.d_create_at)!, d_update_at: iso(r.d_update_at)! });
