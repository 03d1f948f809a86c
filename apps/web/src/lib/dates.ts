import { isCalendarDate } from '@far/contracts';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * What a person types in a date control, as the API's calendar day (YYYY-MM-DD): '15/03/1990',
 * '15-3-1990' or '1990-03-15'. Anything else (or a day that does not exist) is null.
 */
export function parseDayInput(value: string): string | null {
  const text = value.trim();
  let y: number, m: number, d: number;
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (dmy) [d, m, y] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
  else if (ymd) [y, m, d] = [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])];
  else return null;
  return isCalendarDate(y, m, d) ? `${y}-${pad(m)}-${pad(d)}` : null;
}
