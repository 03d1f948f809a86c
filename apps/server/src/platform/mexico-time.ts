/** The Mexico City wall clock and calendar of an instant (America/Mexico_City, whatever the machine's zone). */
import { TIME_ZONE } from '@far/contracts';

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function wallClockOf(ms: number): number {
  const p = Object.fromEntries(parts.formatToParts(ms).map((x) => [x.type, x.value]));
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
}

const HOUR = 3_600_000;
/** UTC hour → the zone's offset through that hour; null when it changes inside the hour. */
const offsets = new Map<number, number | null>();

/**
 * The instant's Mexico City date and time as the UTC fields of a Date (whole seconds). Reports
 * convert every row's time, and formatToParts is slow: the offset is computed once per UTC hour
 * (the zone's changes fall on whole hours; an hour whose two ends differ is computed per call).
 */
export function mexicoWallClock(at: Date): Date {
  const ms = Math.floor(at.getTime() / 1000) * 1000;
  const hour = Math.floor(ms / HOUR);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const start = hour * HOUR;
    const first = wallClockOf(start) - start;
    offset = wallClockOf(start + HOUR - 1000) - (start + HOUR - 1000) === first ? first : null;
    if (offsets.size >= 20_000) offsets.clear();
    offsets.set(hour, offset);
  }
  return new Date(offset === null ? wallClockOf(ms) : ms + offset);
}

// ---- the calendar ----------------------------------------------------------------------------------
// Days and months as they are lived in Mexico City: limits, SPEI operation days, statements,
// clarifications and dashboards count in them. Pure functions over instants.

function fields(at: Date) {
  const w = mexicoWallClock(at);
  return { y: w.getUTCFullYear(), m: w.getUTCMonth() + 1, d: w.getUTCDate(), h: w.getUTCHours(), mi: w.getUTCMinutes(), s: w.getUTCSeconds() };
}

/** Local minus UTC at an instant, in ms (−6 h in Mexico City since 2022). */
function offsetMs(at: Date): number {
  const f = fields(at);
  return Date.UTC(f.y, f.m - 1, f.d, f.h, f.mi, f.s) - Math.floor(at.getTime() / 1000) * 1000;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The Mexico City calendar day of an instant, 'YYYY-MM-DD'. */
export function mexicoDate(at: Date): string {
  const f = fields(at);
  return `${pad(f.y, 4)}-${pad(f.m)}-${pad(f.d)}`;
}

/** 'YYYYMMDD' of the Mexico City day (for tracking keys). */
export const compactDate = (day: string) => day.replaceAll('-', '');

/** The instant a Mexico City day begins. */
export function mexicoMidnight(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  let guess = wall - offsetMs(new Date(wall));
  guess = wall - offsetMs(new Date(guess));
  return new Date(guess);
}

/** The day `n` days after `day` (n may be negative). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** [start, end) of a Mexico City day. */
export const dayBounds = (day: string): [Date, Date] => [mexicoMidnight(day), mexicoMidnight(addDays(day, 1))];

/** [start, end) of a Mexico City month. */
export function monthBounds(year: number, month: number): [Date, Date] {
  const next = month === 12 ? { y: year + 1, m: 1 } : { y: year, m: month + 1 };
  return [mexicoMidnight(`${pad(year, 4)}-${pad(month)}-01`), mexicoMidnight(`${pad(next.y, 4)}-${pad(next.m)}-01`)];
}

/** [start, end) of the Mexico City month that contains an instant. */
export function monthOf(at: Date): [Date, Date] {
  const f = fields(at);
  return monthBounds(f.y, f.m);
}

export const MONTH_NAMES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
