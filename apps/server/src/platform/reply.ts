/** The success shape of every answer (docs/api.md). */
export function ok<T>(data: T, message = 'OK', code = 200) {
  return { success: true, IsSuccess: true, data, status: { code, message } };
}

export const iso = (d: Date | string | null | undefined): string | null =>
  d == null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();
