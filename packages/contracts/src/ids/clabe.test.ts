import { describe, expect, it } from 'vitest';
import { issueKey } from '../validation/engine';
import { buildClabe, clabeCheckDigit, clabeSchema, validateClabe } from './clabe';

describe('clabeCheckDigit', () => {
  it('follows the 3-7-1 weights worked by hand', () => {
    // 0 0 2 0 1 0 0 7 7 7 7 7 7 7 7 7 7 × 3 7 1 3 7 1 … → products mod 10:
    // 0 0 2 0 7 0 0 9 7 1 9 7 1 9 7 1 9 = 69; (10 - 9) mod 10 = 1.
    expect(clabeCheckDigit('00201007777777777')).toBe('1');
  });

  it('gives 0 when the sum is a multiple of ten', () => {
    expect(clabeCheckDigit('00000000000000000')).toBe('0');
  });

  it('needs exactly 17 digits', () => {
    expect(() => clabeCheckDigit('0020100777777777')).toThrow(RangeError);
    expect(() => clabeCheckDigit('0020100777777777a')).toThrow(RangeError);
  });
});

describe('buildClabe', () => {
  it('assembles bank, plaza and account and appends the digit', () => {
    expect(buildClabe('002', '010', '07777777777')).toBe('002010077777777771');
    expect(buildClabe('646', '180', '15700000000')).toBe('646180157000000004');
  });

  it('refuses parts of the wrong size', () => {
    expect(() => buildClabe('02', '010', '07777777777')).toThrow(RangeError);
    expect(() => buildClabe('002', '010', '0777777777')).toThrow(RangeError);
    expect(() => buildClabe('002', '01a', '07777777777')).toThrow(RangeError);
  });
});

describe('validateClabe', () => {
  it.each([
    ['002010077777777771', '002', 'Banamex'],
    ['002115016003269411', '002', 'Banamex'],
    ['014027000005555558', '014', 'Santander'],
    ['072691004495711499', '072', 'Banorte'],
    ['646180157000000004', '646', 'STP'],
  ])('accepts %s (%s %s)', (clabe, bankCode, bankName) => {
    expect(validateClabe(clabe)).toEqual({ ok: true, clabe, bankCode, bankName });
  });

  it('trims surrounding spaces', () => {
    expect(validateClabe(' 002010077777777771 ')).toMatchObject({ ok: true, clabe: '002010077777777771' });
  });

  it.each(['', '00201007777777777', '0020100777777777712', '00201007777777777a', '002 010 077777777771'])('refuses %j: not 18 digits', (clabe) => {
    expect(validateClabe(clabe)).toEqual({ ok: false, key: 'length', message: 'La CLABE debe tener 18 dígitos' });
  });

  it('refuses a wrong check digit', () => {
    expect(validateClabe('002010077777777772')).toEqual({
      ok: false,
      key: 'checkDigit',
      message: 'El dígito verificador de la CLABE no es válido',
    });
    // Two swapped digits are caught too.
    expect(validateClabe('002010077777777717').ok).toBe(false);
  });

  it('refuses a CLABE of a bank outside the catalogue', () => {
    const unknownBank = buildClabe('999', '180', '00000000000');
    expect(validateClabe(unknownBank)).toEqual({
      ok: false,
      key: 'bank',
      message: 'La CLABE no corresponde a un banco conocido',
    });
  });
});

describe('clabeSchema', () => {
  it('outputs the CLABE and reports the rule with its key', () => {
    expect(clabeSchema.parse('002010077777777771')).toBe('002010077777777771');
    const issue = clabeSchema.safeParse('002010077777777772').error?.issues[0];
    expect(issue?.message).toBe('El dígito verificador de la CLABE no es válido');
    expect(issue?.code === 'custom' ? issue.params : undefined).toEqual({ key: 'checkDigit' });
    expect(issue && issueKey(issue)).toBeUndefined();
    expect(clabeSchema.safeParse(2010077777777771).error?.issues[0]?.message).toBe('La CLABE debe tener 18 dígitos');
  });
});
