/**
 * Display formats of spec §9, always es-MX in Mexico City time so that server-made files (CSV,
 * PDF) and screens show the same text whatever the machine's own locale and zone.
 */
import { isCalendarDate } from './calendar';
import { splitCents, type CentsInput } from './money';

export const LOCALE = 'es-MX';
export const TIME_ZONE = 'America/Mexico_City';
export const DEFAULT_CHARS = 6;

export const FORMAT_TYPES = ['date', 'currency', 'percent', 'decimal', 'lowerCase', 'upperCase', 'titleCase', 'lastChars', 'firstChars'] as const;
export type FormatType = (typeof FORMAT_TYPES)[number];

/** The `format` member of a form-field definition. */
export interface FormatSpec {
  type: FormatType;
  arguments?: unknown[];
}

export type DateInput = Date | string | number;
export type NumberInput = number | string;

const dateParts = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

// 'YYYY-MM-DD' is a calendar day, not an instant: read as UTC midnight it would show the day
// before in Mexico City, so it is printed as written.
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** '21/11/2026', or '21/11/2026 14:05' (24 h) with `withTime`. Throws RangeError on a bad date. */
export function formatDate(value: DateInput, options: { withTime?: boolean } = {}): string {
  const dateOnly = typeof value === 'string' ? DATE_ONLY.exec(value.trim()) : null;
  if (dateOnly) {
    const [, y = '', m = '', d = ''] = dateOnly;
    if (!isCalendarDate(Number(y), Number(m), Number(d))) throw new RangeError(`Fecha no válida: ${String(value)}`);
    return options.withTime ? `${d}/${m}/${y} 00:00` : `${d}/${m}/${y}`;
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Fecha no válida: ${String(value)}`);
  const parts = dateParts.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('day')}/${part('month')}/${part('year')}`;
  return options.withTime ? `${day} ${part('hour')}:${part('minute')}` : day;
}

export function formatDateTime(value: DateInput): string {
  return formatDate(value, { withTime: true });
}

/** Groups an unsigned digit string with commas, as es-MX does ('1234567' → '1,234,567'). */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Integer cents → '$1,234.56' / '-$1,234.56'; built from bigint parts, never from a float. */
export function formatCurrency(cents: CentsInput): string {
  const { negative, units, fraction } = splitCents(cents);
  return `${negative ? '-' : ''}$${groupThousands(units)}.${fraction}`;
}

function toFiniteNumber(value: NumberInput): number {
  const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(n)) throw new RangeError(`Número no válido: ${String(value)}`);
  return n;
}

export interface FractionDigits {
  minFractionDigits?: number;
  maxFractionDigits?: number;
}

function numberFormat(style: 'percent' | 'decimal', digits: FractionDigits): Intl.NumberFormat {
  const minimumFractionDigits = digits.minFractionDigits ?? 0;
  const maximumFractionDigits = Math.max(digits.maxFractionDigits ?? 2, minimumFractionDigits);
  return new Intl.NumberFormat(LOCALE, { style, minimumFractionDigits, maximumFractionDigits });
}

/** A ratio as a percentage: 0.16 → '16%', 0.165 → '16.5%'. Not for money. */
export function formatPercent(value: NumberInput, digits: FractionDigits = {}): string {
  return numberFormat('percent', digits).format(toFiniteNumber(value));
}

/** 1234.5 → '1,234.5'; up to two decimals unless told otherwise. Not for money (use cents). */
export function formatDecimal(value: NumberInput, digits: FractionDigits = {}): string {
  return numberFormat('decimal', digits).format(toFiniteNumber(value));
}

export function lowerCase(value: string): string {
  return value.toLocaleLowerCase(LOCALE);
}

export function upperCase(value: string): string {
  return value.toLocaleUpperCase(LOCALE);
}

/** Every word capitalised, the rest lower case: 'JOSÉ MARÍA de la o' → 'José María De La O'. */
export function titleCase(value: string): string {
  return lowerCase(value).replace(/(^|[\s-])(\p{L})/gu, (_m, before: string, letter: string) => before + upperCase(letter));
}

type CharsInput = string | number | bigint;

function checkCount(count: number): number {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`Cantidad no válida: ${count}`);
  return count;
}

/** The last `count` characters (card numbers, CLABEs): lastChars('002010077777777771') → '777771'. */
export function lastChars(value: CharsInput, count: number = DEFAULT_CHARS): string {
  const chars = Array.from(String(value));
  const n = checkCount(count);
  return n === 0 ? '' : chars.slice(-n).join('');
}

export function firstChars(value: CharsInput, count: number = DEFAULT_CHARS): string {
  return Array.from(String(value)).slice(0, checkCount(count)).join('');
}

function numberArg(args: readonly unknown[], index: number): number | undefined {
  const value = args[index];
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

function digitsArgs(args: readonly unknown[]): FractionDigits {
  const minFractionDigits = numberArg(args, 0);
  const maxFractionDigits = numberArg(args, 1) ?? minFractionDigits;
  return { minFractionDigits, maxFractionDigits };
}

function isNumberInput(value: unknown): value is NumberInput {
  return typeof value === 'number' || typeof value === 'string';
}

function formatStrict(value: unknown, type: FormatType, args: readonly unknown[]): string {
  switch (type) {
    case 'date':
      if (value instanceof Date || isNumberInput(value)) return formatDate(value, { withTime: args[0] === 'datetime' });
      break;
    case 'currency':
      if (isNumberInput(value) || typeof value === 'bigint') return formatCurrency(value);
      break;
    case 'percent':
      if (isNumberInput(value)) return formatPercent(value, digitsArgs(args));
      break;
    case 'decimal':
      if (isNumberInput(value)) return formatDecimal(value, digitsArgs(args));
      break;
    case 'lowerCase':
      if (typeof value === 'string') return lowerCase(value);
      break;
    case 'upperCase':
      if (typeof value === 'string') return upperCase(value);
      break;
    case 'titleCase':
      if (typeof value === 'string') return titleCase(value);
      break;
    case 'lastChars':
    case 'firstChars':
      if (isNumberInput(value) || typeof value === 'bigint') {
        const count = numberArg(args, 0) ?? DEFAULT_CHARS;
        return type === 'lastChars' ? lastChars(value, count) : firstChars(value, count);
      }
      break;
    default: {
      const unknownType: never = type;
      throw new RangeError(`Formato desconocido: ${String(unknownType)}`);
    }
  }
  throw new TypeError(`Valor no válido para el formato ${type}`);
}

/**
 * Formats a value as a field definition asks. Arguments: date ['datetime'] for date and time;
 * percent/decimal [minFractionDigits, maxFractionDigits]; lastChars/firstChars [count]; currency
 * takes integer cents. For display only: it never throws, and a missing or unusable value gives ''.
 */
export function formatValue(value: unknown, spec: FormatSpec): string {
  if (value === null || value === undefined || value === '') return '';
  try {
    return formatStrict(value, spec.type, spec.arguments ?? []);
  } catch {
    return '';
  }
}
