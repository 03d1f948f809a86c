/** The Mexico City wall clock of an instant (America/Mexico_City, whatever the machine's zone). */
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
