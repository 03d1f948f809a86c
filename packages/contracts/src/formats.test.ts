import { describe, expect, it } from 'vitest';
import {
  FORMAT_TYPES,
  firstChars,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatPercent,
  formatValue,
  lastChars,
  lowerCase,
  titleCase,
  upperCase,
} from './formats';

describe('formatDate', () => {
  it('shows dd/mm/yyyy in Mexico City time', () => {
    expect(formatDate(new Date('2026-11-21T18:00:00Z'))).toBe('21/11/2026');
    // 02:00 UTC on the 22nd is still the evening of the 21st in Mexico City (UTC-6).
    expect(formatDate('2026-11-22T02:00:00Z')).toBe('21/11/2026');
    expect(formatDate(Date.UTC(2026, 0, 5, 12))).toBe('05/01/2026');
  });

  it('adds the 24-hour time when asked', () => {
    expect(formatDate('2026-11-21T20:05:09Z', { withTime: true })).toBe('21/11/2026 14:05');
    expect(formatDateTime('2026-11-22T05:59:00Z')).toBe('21/11/2026 23:59');
    expect(formatDateTime('2026-11-22T06:00:00Z')).toBe('22/11/2026 00:00');
  });

  it('prints a calendar date (YYYY-MM-DD) as written, without a zone shift', () => {
    expect(formatDate('2026-11-21')).toBe('21/11/2026');
    expect(formatDate('2024-02-29')).toBe('29/02/2024');
    expect(formatDateTime('2026-11-21')).toBe('21/11/2026 00:00');
  });

  it('throws on dates that do not exist', () => {
    expect(() => formatDate('2026-02-30')).toThrow(RangeError);
    expect(() => formatDate('mañana')).toThrow('Fecha no válida: mañana');
    expect(() => formatDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('formatCurrency', () => {
  it.each([
    [0n, '$0.00'],
    [5, '$0.05'],
    [123456n, '$1,234.56'],
    ['100', '$1.00'],
    [99999, '$999.99'],
    [100000, '$1,000.00'],
    [123456789012n, '$1,234,567,890.12'],
    [-123456n, '-$1,234.56'],
    [-1, '-$0.01'],
    [-0, '$0.00'],
    // Past 2^53 a float would already have lost the last cent.
    [900719925474099312n, '$9,007,199,254,740,993.12'],
  ] as const)('%s cents → %s', (cents, text) => {
    expect(formatCurrency(cents)).toBe(text);
  });

  it('matches what Intl prints for MXN in es-MX', () => {
    const intl = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });
    expect(formatCurrency(123456n)).toBe(intl.format(1234.56));
    expect(formatCurrency(-123456n)).toBe(intl.format(-1234.56));
  });

  it('refuses amounts that are not integer cents', () => {
    expect(() => formatCurrency(12.5)).toThrow(RangeError);
    expect(() => formatCurrency('12.50')).toThrow(RangeError);
  });
});

describe('formatPercent and formatDecimal', () => {
  it('format a ratio as a percentage', () => {
    expect(formatPercent(0.16)).toBe('16%');
    expect(formatPercent(0.165)).toBe('16.5%');
    expect(formatPercent('0.0125')).toBe('1.25%');
    expect(formatPercent(1.5, { minFractionDigits: 2 })).toBe('150.00%');
    expect(formatPercent(0.12345, { maxFractionDigits: 0 })).toBe('12%');
  });

  it('format decimals with es-MX grouping', () => {
    expect(formatDecimal(1234567.891)).toBe('1,234,567.89');
    expect(formatDecimal('1234.5')).toBe('1,234.5');
    expect(formatDecimal(1234.5, { minFractionDigits: 2 })).toBe('1,234.50');
    expect(formatDecimal(-0.5)).toBe('-0.5');
  });

  it('throw on values that are not numbers', () => {
    expect(() => formatPercent('abc')).toThrow(RangeError);
    expect(() => formatDecimal('')).toThrow(RangeError);
    expect(() => formatDecimal(Infinity)).toThrow(RangeError);
  });
});

describe('text formats', () => {
  it('lower and upper case in Spanish', () => {
    expect(lowerCase('ÁRBOL ÑANDÚ')).toBe('árbol ñandú');
    expect(upperCase('peña núñez')).toBe('PEÑA NÚÑEZ');
  });

  it('title case capitalises every word', () => {
    expect(titleCase('JOSÉ MARÍA de la o')).toBe('José María De La O');
    expect(titleCase('ángel  ñúñez')).toBe('Ángel  Ñúñez');
    expect(titleCase('ana-lucía pérez')).toBe('Ana-Lucía Pérez');
    expect(titleCase('')).toBe('');
  });

  it('last and first characters, six by default', () => {
    expect(lastChars('002010077777777771')).toBe('777771');
    expect(firstChars('002010077777777771')).toBe('002010');
    expect(lastChars('4152313456789012', 4)).toBe('9012');
    expect(firstChars(1234567890n, 3)).toBe('123');
    expect(lastChars('abc')).toBe('abc');
    expect(lastChars('abc', 0)).toBe('');
    expect(() => lastChars('abc', -1)).toThrow(RangeError);
  });
});

describe('formatValue', () => {
  it('knows every format type', () => {
    expect(FORMAT_TYPES).toEqual(['date', 'currency', 'percent', 'decimal', 'lowerCase', 'upperCase', 'titleCase', 'lastChars', 'firstChars']);
  });

  it('dispatches on the type with its arguments', () => {
    expect(formatValue('2026-11-21T20:05:09Z', { type: 'date' })).toBe('21/11/2026');
    expect(formatValue('2026-11-21T20:05:09Z', { type: 'date', arguments: ['datetime'] })).toBe('21/11/2026 14:05');
    expect(formatValue(123456n, { type: 'currency' })).toBe('$1,234.56');
    expect(formatValue('123456', { type: 'currency' })).toBe('$1,234.56');
    expect(formatValue(0.16, { type: 'percent' })).toBe('16%');
    expect(formatValue(0.16, { type: 'percent', arguments: [2] })).toBe('16.00%');
    expect(formatValue(1234.5, { type: 'decimal', arguments: [2, 2] })).toBe('1,234.50');
    expect(formatValue(1234.567, { type: 'decimal' })).toBe('1,234.57');
    expect(formatValue('ÁRBOL', { type: 'lowerCase' })).toBe('árbol');
    expect(formatValue('árbol', { type: 'upperCase' })).toBe('ÁRBOL');
    expect(formatValue('juan pérez', { type: 'titleCase' })).toBe('Juan Pérez');
    expect(formatValue('002010077777777771', { type: 'lastChars' })).toBe('777771');
    expect(formatValue('002010077777777771', { type: 'lastChars', arguments: [4] })).toBe('7771');
    expect(formatValue('002010077777777771', { type: 'firstChars', arguments: [3] })).toBe('002');
  });

  it('never throws: missing or unusable values give an empty string', () => {
    expect(formatValue(null, { type: 'currency' })).toBe('');
    expect(formatValue(undefined, { type: 'date' })).toBe('');
    expect(formatValue('', { type: 'titleCase' })).toBe('');
    expect(formatValue('no es fecha', { type: 'date' })).toBe('');
    expect(formatValue(12.5, { type: 'currency' })).toBe('');
    expect(formatValue({}, { type: 'upperCase' })).toBe('');
    expect(formatValue(1, { type: 'nope' as never })).toBe('');
  });

  it('ignores arguments of the wrong kind', () => {
    expect(formatValue('abcdefgh', { type: 'lastChars', arguments: ['x'] })).toBe('cdefgh');
    expect(formatValue(0.5, { type: 'percent', arguments: [-1] })).toBe('50%');
  });
});
