import { formatValue } from '@far/contracts';

/**
 * Display helpers over the contracts formats (spec §9): es-MX, Mexico City time. They never throw;
 * a missing value shows as an em dash so an empty cell is not mistaken for zero.
 */
export const EMPTY = '—';

const orEmpty = (text: string) => (text === '' ? EMPTY : text);

/** Integer cents → '$1,234.56'. */
export function money(cents: bigint | number | string | null | undefined): string {
  return orEmpty(formatValue(cents, { type: 'currency' }));
}

/** '21/11/2026'. */
export function date(value: Date | string | number | null | undefined): string {
  return orEmpty(formatValue(value, { type: 'date' }));
}

/** '21/11/2026 14:05'. */
export function dateTime(value: Date | string | number | null | undefined): string {
  return orEmpty(formatValue(value, { type: 'date', arguments: ['datetime'] }));
}

/** 1234 → '1,234'. */
export function integer(value: number | null | undefined): string {
  return orEmpty(formatValue(value, { type: 'decimal', arguments: [0, 0] }));
}

export function fullName(person: { v_names?: string | null; v_last_name_1?: string | null; v_last_name_2?: string | null }): string {
  return [person.v_names, person.v_last_name_1, person.v_last_name_2].filter((p) => p && p.trim() !== '').join(' ');
}

/** Today in Mexico City as YYYY-MM-DD (for date filters). */
export function todayIso(): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return parts;
}
