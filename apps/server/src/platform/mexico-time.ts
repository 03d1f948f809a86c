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

/** The instant's Mexico City date and time as the UTC fields of a Date (whole seconds). */
export function mexicoWallClock(at: Date): Date {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
  return new Date(Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)));
}
