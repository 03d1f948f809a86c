import { describe, expect, it } from 'vitest';
import { AmountError, amountSchema, centsToDecimalString, parseAmountToCents, splitCents, toCents, tryParseAmountToCents } from './money';
import { issueKey } from './validation/engine';

describe('parseAmountToCents', () => {
  it.each([
    ['0', 0n],
    ['1', 100n],
    ['1.5', 150n],
    ['1.05', 105n],
    ['1234.50', 123450n],
    ['1,234.56', 123456n],
    ['1,234,567.89', 123456789n],
    ['  12.3 ', 1230n],
    ['0.01', 1n],
    ['99999999999999999.99', 9999999999999999999n],
  ] as const)('%j → %s cents', (input, cents) => {
    expect(parseAmountToCents(input)).toBe(cents);
  });

  it('parses numbers through their exact decimal text', () => {
    expect(parseAmountToCents(12.5)).toBe(1250n);
    expect(parseAmountToCents(0.07)).toBe(7n); // 0.07 * 100 is 7.000000000000001 in floats
    expect(parseAmountToCents(1234.56)).toBe(123456n);
    expect(parseAmountToCents(0)).toBe(0n);
  });

  it('refuses three decimals', () => {
    expect(() => parseAmountToCents('1.234')).toThrow('El monto no puede tener más de dos decimales');
    expect(tryParseAmountToCents('0.001')).toEqual({
      ok: false,
      key: 'decimals',
      message: 'El monto no puede tener más de dos decimales',
    });
    // A float that is not exactly two decimals is refused rather than rounded.
    expect(tryParseAmountToCents(0.1 + 0.2)).toMatchObject({ ok: false, key: 'decimals' });
  });

  it('refuses negative amounts', () => {
    expect(() => parseAmountToCents('-5')).toThrow('El monto no puede ser negativo');
    expect(tryParseAmountToCents(-0.5)).toMatchObject({ ok: false, key: 'negative' });
  });

  it.each(['', 'abc', '1.', '.5', '1..2', '1,23', '12,34.5', '1 000', '$100', '1e3', '0x10', 'Infinity', '١٢'])('refuses %j as not a number', (input) => {
    expect(tryParseAmountToCents(input)).toEqual({ ok: false, key: 'invalid', message: 'El monto no es un número válido' });
  });

  it('refuses numbers that are not exact', () => {
    for (const n of [Number.NaN, Infinity, 2 ** 53 + 2, 1e21]) {
      expect(tryParseAmountToCents(n)).toMatchObject({ ok: false, key: 'invalid' });
    }
  });

  it('throws an AmountError with the key', () => {
    try {
      parseAmountToCents('x');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AmountError);
      expect((error as AmountError).key).toBe('invalid');
    }
  });
});

describe('centsToDecimalString', () => {
  it.each([
    [0n, '0.00'],
    [5n, '0.05'],
    [50, '0.50'],
    [123450n, '1234.50'],
    ['123456', '1234.56'],
    [-123456n, '-1234.56'],
    [-5, '-0.05'],
    [9007199254740993n, '90071992547409.93'],
  ] as const)('%s → %s', (cents, text) => {
    expect(centsToDecimalString(cents)).toBe(text);
  });

  it('round-trips with parseAmountToCents', () => {
    for (const text of ['0.00', '0.01', '10.10', '1234567.89']) expect(centsToDecimalString(parseAmountToCents(text))).toBe(text);
  });
});

describe('toCents and splitCents', () => {
  it('accept only integers', () => {
    expect(toCents(' -12 ')).toBe(-12n);
    expect(() => toCents(1.5)).toThrow(RangeError);
    expect(() => toCents(2 ** 53)).toThrow(RangeError);
    expect(() => toCents('1.50')).toThrow(RangeError);
    expect(() => toCents('')).toThrow(RangeError);
  });

  it('split into sign, units and two-digit fraction', () => {
    expect(splitCents(-100001n)).toEqual({ negative: true, units: '1000', fraction: '01' });
    expect(splitCents(0)).toEqual({ negative: false, units: '0', fraction: '00' });
  });
});

describe('amountSchema', () => {
  it('outputs cents', () => {
    expect(amountSchema.parse('1,000.5')).toBe(100050n);
  });

  it('reports the broken rule with its message and key', () => {
    const issue = amountSchema.safeParse('10.999').error?.issues[0];
    expect(issue?.message).toBe('El monto no puede tener más de dos decimales');
    expect(issue && issueKey(issue)).toBeUndefined(); // not an engine key, but carried in params
    expect(issue?.code === 'custom' ? issue.params : undefined).toEqual({ key: 'decimals' });
    expect(amountSchema.safeParse(null).error?.issues[0]?.message).toBe('El monto no es un número válido');
  });
});
