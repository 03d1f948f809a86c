import { describe, expect, it } from 'vitest';
import { CURP_STATES, curpCheckDigit, curpSchema, validateCurp } from './curp';

const fail = (key: string, message: string) => ({ ok: false, key, message });
const LENGTH = fail('length', 'La CURP debe tener 18 caracteres');
const FORMAT = fail('format', 'Formato de CURP no válido');
const DATE = fail('date', 'La fecha de la CURP no es válida');
const CHECK = fail('checkDigit', 'El dígito verificador de la CURP no es válido');

/** A CURP with its correct check digit, for tests about the other rules. */
const withDigit = (first17: string): string => first17 + curpCheckDigit(first17);

describe('curpCheckDigit', () => {
  it('computes the RENAPO specimen HEGG560427MVZRRL04 by hand', () => {
    // H17·18 + E14·17 + G16·16 + G16·15 + 5·14 + 6·13 + 0·12 + 4·11 + 2·10 + 7·9
    // + M22·8 + V32·7 + Z36·6 + R28·5 + R28·4 + L21·3 + 0·2 = 2246; (10 - 6) mod 10 = 4.
    expect(curpCheckDigit('HEGG560427MVZRRL0')).toBe('4');
  });

  it('values Ñ between N and O', () => {
    expect(curpCheckDigit('AÑAA000101HDFNNNA')).not.toBe(curpCheckDigit('ANAA000101HDFNNNA'));
  });

  it('needs 17 known characters', () => {
    expect(() => curpCheckDigit('HEGG560427MVZRRL')).toThrow(RangeError);
    expect(() => curpCheckDigit('HEGG560427MVZRR-0')).toThrow(RangeError);
  });
});

describe('validateCurp', () => {
  it('accepts the RENAPO specimen and reads its parts', () => {
    expect(validateCurp('HEGG560427MVZRRL04')).toEqual({
      ok: true,
      curp: 'HEGG560427MVZRRL04',
      birthDate: '1956-04-27',
      sex: 'M',
      state: 'VZ',
    });
  });

  it.each([
    ['MAHJ280603MSPRRV09', '1928-06-03', 'M', 'SP'],
    ['GOMA050101HDFMRRA7', '2005-01-01', 'H', 'DF'], // letter homoclave: born in 2000 or later
    ['PEXJ991231XNENRN06', '1999-12-31', 'X', 'NE'], // non-binary marker, born abroad
    ['PERA000229MJCRRNA1', '2000-02-29', 'M', 'JC'],
  ])('accepts %s', (curp, birthDate, sex, state) => {
    expect(validateCurp(curp)).toEqual({ ok: true, curp, birthDate, sex, state });
  });

  it('normalises spaces and case', () => {
    expect(validateCurp(' hegg560427mvzrrl04 ')).toMatchObject({ ok: true, curp: 'HEGG560427MVZRRL04' });
  });

  it('refuses the often-quoted GODE561231HDFRRN09, whose digit should be 0', () => {
    expect(validateCurp('GODE561231HDFRRN09')).toEqual(CHECK);
    expect(validateCurp('GODE561231HDFRRN00')).toMatchObject({ ok: true });
  });

  it('refuses any other wrong check digit', () => {
    expect(validateCurp('HEGG560427MVZRRL05')).toEqual(CHECK);
  });

  it.each(['', 'HEGG560427MVZRRL0', 'HEGG560427MVZRRL044'])('refuses %j: not 18 characters', (curp) => {
    expect(validateCurp(curp)).toEqual(LENGTH);
  });

  it.each([
    ['HBGG560427MVZRRL04', 'second letter is not a vowel or X'],
    ['H3GG560427MVZRRL04', 'digit among the letters'],
    ['HEGG56O427MVZRRL04', 'letter in the date'],
    ['HEGG560427FVZRRL04', 'sex is not H, M or X'],
    ['HEGG560427MXXRRL04', 'unknown state'],
    ['HEGG560427MVZARL04', 'vowel where a consonant goes'],
    ['HEGG560427MVZRR-04', 'bad homoclave'],
    ['HEGG560427MVZRRL0A', 'check character is not a digit'],
  ])('refuses %s: %s', (curp) => {
    expect(validateCurp(curp)).toEqual(FORMAT);
  });

  it('refuses dates that do not exist', () => {
    expect(validateCurp(withDigit('HEGG561327MVZRRL0'))).toEqual(DATE);
    expect(validateCurp(withDigit('HEGG560431MVZRRL0'))).toEqual(DATE);
    // 29 February 1900 (digit homoclave) does not exist; 29 February 2000 (letter) does.
    expect(validateCurp(withDigit('PERA000229MJCRRN0'))).toEqual(DATE);
    expect(validateCurp(withDigit('PERA010229MJCRRNA'))).toEqual(DATE);
  });

  it('knows the 32 states and NE', () => {
    expect(Object.keys(CURP_STATES)).toHaveLength(33);
    expect(CURP_STATES.NE).toBe('Nacido en el extranjero');
    for (const state of Object.keys(CURP_STATES)) {
      expect(validateCurp(withDigit(`HEGG560427M${state}RRL0`)).ok).toBe(true);
    }
  });
});

describe('curpSchema', () => {
  it('outputs the normalised CURP and reports the rule', () => {
    expect(curpSchema.parse('hegg560427mvzrrl04')).toBe('HEGG560427MVZRRL04');
    const issue = curpSchema.safeParse('HEGG560427MVZRRL05').error?.issues[0];
    expect(issue?.message).toBe('El dígito verificador de la CURP no es válido');
    expect(issue?.code === 'custom' ? issue.params : undefined).toEqual({ key: 'checkDigit' });
  });
});
