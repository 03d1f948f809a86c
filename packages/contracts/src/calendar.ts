/** Calendar helpers shared by date formats and identifiers that embed a birth or founding date. */

/** True when year-month-day is a real date (no 31 April, 29 February only in leap years). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (![year, month, day].every(Number.isInteger)) return false;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
