import {
  AMOUNT_MAX_CENTS,
  AmountField,
  amountOut,
  basisPointsOf,
  basisPointsToPercent,
  ivaOf,
  parseApiAmount,
  percentToBasisPoints,
  speiInCharges,
  speiOutCharges,
} from '@far/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const issue = (input: unknown) => {
  const r = AmountField.safeParse(input);
  return r.success ? r.data : r.error.issues[0]!.message;
};

describe('AmountField (API amounts)', () => {
  it('turns two-decimal amounts, as strings or JSON numbers, into cents', () => {
    expect(issue('1234.50')).toBe(123450n);
    expect(issue('0.01')).toBe(1n);
    expect(issue(' 7 ')).toBe(700n);
    expect(issue('7.5')).toBe(750n);
    expect(issue(1234.5)).toBe(123450n);
    expect(issue(0.1)).toBe(10n);
    expect(issue(19.99)).toBe(1999n);
    expect(issue('999999999.99')).toBe(AMOUNT_MAX_CENTS);
    expect(issue(999999999.99)).toBe(AMOUNT_MAX_CENTS);
  });

  it('refuses zero and negative amounts', () => {
    for (const v of ['0', '0.00', 0, -0, '-0', '-5', -5, '-0.01', -0.5]) expect(issue(v)).toBe('El monto debe ser mayor a cero');
  });

  it('refuses three decimals, including float noise', () => {
    for (const v of ['1.234', '0.001', 1.005, 0.1 + 0.2, '10.000']) expect(issue(v)).toBe('El monto admite como máximo dos decimales');
  });

  it('refuses amounts over MXN 999,999,999.99', () => {
    for (const v of ['1000000000', '1000000000.00', '1000000000.01', 1e9, 1_000_000_000.5, '123456789012345678901234567890']) {
      expect(issue(v), String(v)).toBe('El monto máximo es $999,999,999.99');
    }
  });

  it('refuses anything that is not a plain decimal', () => {
    for (const v of [
      'abc',
      '',
      ' ',
      '1,000.00',
      '1e3',
      '+5',
      '.5',
      '5.',
      '0x10',
      '1 000',
      'NaN',
      'Infinity',
      1e21,
      5e-7,
      Number.NaN,
      Infinity,
      null,
      true,
      {},
      [],
      '1'.repeat(41),
    ]) {
      expect(issue(v), String(v)).toBe('Monto no válido');
    }
    // A missing amount is a missing field, as every other required field (spec §5).
    expect(issue(undefined)).toBe('Este campo es requerido');
  });

  it('round-trips every valid amount through its decimal string (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: AMOUNT_MAX_CENTS }), (cents) => {
        expect(issue(amountOut(cents))).toBe(cents);
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with exact decimal reading for JSON numbers with up to two decimals (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999_999 }), (cents) => {
        // What a client's JSON.stringify would put on the wire for that amount.
        const wire = JSON.parse(`${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`) as number;
        expect(issue(wire)).toBe(BigInt(cents));
      }),
      { numRuns: 2000 },
    );
  });

  it('carries a key per rule', () => {
    expect(parseApiAmount('x')).toMatchObject({ key: 'invalid' });
    expect(parseApiAmount('0')).toMatchObject({ key: 'positive' });
    expect(parseApiAmount('1.111')).toMatchObject({ key: 'decimals' });
    expect(parseApiAmount('1000000000')).toMatchObject({ key: 'max' });
  });
});

describe('commission arithmetic', () => {
  it('IVA is 16 % of the commission, rounded half up to the cent', () => {
    expect(ivaOf(0n)).toBe(0n);
    expect(ivaOf(1n)).toBe(0n); // 0.16
    expect(ivaOf(3n)).toBe(0n); // 0.48
    expect(ivaOf(4n)).toBe(1n); // 0.64
    expect(ivaOf(25n)).toBe(4n); // exactly 4.00
    expect(ivaOf(1000n)).toBe(160n);
    expect(ivaOf(1250n)).toBe(200n);
    expect(ivaOf(1253n)).toBe(200n); // 200.48
    expect(ivaOf(1259n)).toBe(201n); // 201.44
    expect(ivaOf(1234n)).toBe(197n); // 197.44
    // (16 × c never ends in exactly 50, so IVA never meets an exact half cent; basisPointsOf below does.)
    expect(ivaOf(1_000_000_000_000n)).toBe(160_000_000_000n);
  });

  it('IVA matches (c × 16 + 50) / 100 for any commission (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (c) => {
        const iva = ivaOf(c);
        expect(iva).toBe((c * 16n + 50n) / 100n);
        // Half up: the exact IVA is within half a cent below, and strictly less than half above.
        const exact100 = c * 16n; // IVA in hundredths of a cent
        expect(iva * 100n - exact100 <= 50n && exact100 - iva * 100n < 50n).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('a percentage commission in basis points rounds half up', () => {
    expect(basisPointsOf(10_000n, 150n)).toBe(150n); // 1.5 % of 100.00 = 1.50
    expect(basisPointsOf(3_333n, 150n)).toBe(50n); // 49.995 → 50
    expect(basisPointsOf(3_300n, 150n)).toBe(50n); // 49.5 → 50 (half up)
    expect(basisPointsOf(3_299n, 150n)).toBe(49n); // 49.485 → 49
    expect(basisPointsOf(1n, 4_999n)).toBe(0n);
    expect(basisPointsOf(1n, 5_000n)).toBe(1n);
    expect(basisPointsOf(123_456_789n, 0n)).toBe(0n);
    expect(basisPointsOf(123_456_789n, 10_000n)).toBe(123_456_789n);
  });

  it('percentages become basis points from their decimal text', () => {
    expect(percentToBasisPoints('1.5')).toBe(150n);
    expect(percentToBasisPoints(0.75)).toBe(75n);
    expect(percentToBasisPoints('16')).toBe(1600n);
    expect(percentToBasisPoints('100')).toBe(10_000n);
    expect(percentToBasisPoints(0)).toBe(0n);
    for (const bad of ['-1', '1.234', '101', 'abc', '', 1e-7, Number.NaN]) expect(() => percentToBasisPoints(bad)).toThrow(RangeError);
    expect(basisPointsToPercent(150n)).toBe('1.5');
    expect(basisPointsToPercent(1600n)).toBe('16');
    expect(basisPointsToPercent(5n)).toBe('0.05');
  });

  it('SPEI out charges amount + fixed commission + its IVA', () => {
    expect(speiOutCharges(100_000n, 500n)).toEqual({ amountCents: 100_000n, commissionCents: 500n, ivaCents: 80n, totalCents: 100_580n });
    expect(speiOutCharges(1n, 0n)).toEqual({ amountCents: 1n, commissionCents: 0n, ivaCents: 0n, totalCents: 1n });
  });

  it('SPEI in credits amount - percentage commission - its IVA', () => {
    // 1.5 % of 1,000.00 = 15.00; IVA 2.40; net 982.60
    expect(speiInCharges(100_000n, 150n)).toEqual({ amountCents: 100_000n, commissionCents: 1_500n, ivaCents: 240n, totalCents: 98_260n });
  });

  it('refuses negative inputs instead of rounding them', () => {
    expect(() => ivaOf(-1n)).toThrow(RangeError);
    expect(() => basisPointsOf(-1n, 10n)).toThrow(RangeError);
    expect(() => speiOutCharges(100n, -1n)).toThrow(RangeError);
  });
});
