import { describe, expect, it } from 'vitest';
import { rfcCheckDigit, rfcSchema, validateRfc } from './rfc';

const LENGTH_12 = { key: 'length', message: 'El RFC debe tener 12 caracteres' };
const LENGTH_13 = { key: 'length', message: 'El RFC debe tener 13 caracteres' };
const FORMAT = { key: 'format', message: 'Formato de RFC no válido' };
const DATE = { key: 'date', message: 'La fecha del RFC no es válida' };
const CHECK = { key: 'checkDigit', message: 'El dígito verificador del RFC no coincide' };

describe('rfcCheckDigit', () => {
  it('computes GODE561231GR8 by hand', () => {
    // G16·13 + O25·12 + D13·11 + E14·10 + 5·9 + 6·8 + 1·7 + 2·6 + 3·5 + 1·4 + G16·3 + R28·2 = 1026;
    // 1026 mod 11 = 3; 11 - 3 = 8.
    expect(rfcCheckDigit('GODE561231GR')).toBe('8');
  });

  it('pads a persona moral with a leading space', () => {
    expect(rfcCheckDigit('SAT970701NN')).toBe('3');
    expect(rfcCheckDigit(' SAT970701NN')).toBe('3');
  });

  it('maps 11 to 0 and 10 to A', () => {
    expect(rfcCheckDigit('XEXX010101000'.slice(0, 12))).toBe('0');
    expect(rfcCheckDigit('GODE561231AE')).toBe('A');
  });

  it('values &, Ñ and lower case like SAT does', () => {
    expect(rfcCheckDigit('MA&8001011A')).toBe('A');
    expect(rfcCheckDigit('ÑAÑ010101AA')).toBe('1');
    expect(rfcCheckDigit('gode561231gr')).toBe('8');
  });

  it('refuses bad input', () => {
    expect(() => rfcCheckDigit('GODE561231GR8X')).toThrow(RangeError);
    expect(() => rfcCheckDigit('GODE56-231GR')).toThrow(RangeError);
  });
});

describe('validateRfc', () => {
  it.each([
    ['GODE561231GR8', 'fisica'], // the commonly cited persona física example
    ['SAT970701NN3', 'moral'], // Servicio de Administración Tributaria
    ['CFE370814QI0', 'moral'], // Comisión Federal de Electricidad
    ['IMS421231I45', 'moral'], // Instituto Mexicano del Seguro Social
    ['BNM840515VB1', 'moral'], // Banco Nacional de México
    ['BBA830831LJ2', 'moral'], // BBVA México
    ['TME840315KT6', 'moral'], // Teléfonos de México
    ['BIM011108DJ5', 'moral'], // Grupo Bimbo
    ['MA&8001011AA', 'moral'],
    ['ÑAÑ010101AA1', 'moral'],
  ] as const)('accepts the published RFC %s (%s)', (rfc, kind) => {
    expect(validateRfc(rfc)).toEqual({ ok: true, rfc, kind, generic: false, errors: [], warnings: [] });
    expect(validateRfc(rfc, kind).ok).toBe(true);
  });

  it.each(['XAXX010101000', 'XEXX010101000'])('accepts the generic RFC %s without a digit check', (rfc) => {
    expect(validateRfc(rfc)).toEqual({ ok: true, rfc, kind: 'fisica', generic: true, errors: [], warnings: [] });
  });

  it('normalises spaces and case', () => {
    expect(validateRfc('  gode561231gr8 ')).toMatchObject({ ok: true, rfc: 'GODE561231GR8' });
  });

  it('only warns about a check digit that does not match', () => {
    expect(validateRfc('GODE561231GR9')).toEqual({
      ok: true,
      rfc: 'GODE561231GR9',
      kind: 'fisica',
      generic: false,
      errors: [],
      warnings: [CHECK],
    });
  });

  it('needs the length of the kind asked for', () => {
    expect(validateRfc('GODE561231GR8', 'moral')).toMatchObject({ ok: false, kind: 'moral', errors: [LENGTH_12] });
    expect(validateRfc('SAT970701NN3', 'fisica')).toMatchObject({ ok: false, kind: 'fisica', errors: [LENGTH_13] });
    expect(validateRfc('XAXX010101000', 'moral').errors).toEqual([LENGTH_12]);
  });

  it('refuses other lengths when no kind is given', () => {
    for (const rfc of ['', 'GODE561231', 'GODE561231GR8X']) {
      expect(validateRfc(rfc)).toMatchObject({ ok: false, kind: undefined, errors: [FORMAT] });
    }
  });

  it.each([
    'GOD3561231GR8', // digit among the letters
    'GODE56123AGR8', // letter in the date
    'GODE561231GR-', // bad check character
    'GODE561231GRB', // the check character is a digit or A
    'S4T970701NN3',
    'SAT970701N_3',
  ])('refuses the shape of %s', (rfc) => {
    expect(validateRfc(rfc).errors).toEqual([FORMAT]);
  });

  it('refuses dates that do not exist', () => {
    expect(validateRfc(`GODE561331GR${rfcCheckDigit('GODE561331GR')}`).errors).toEqual([DATE]);
    expect(validateRfc(`GODE560431GR${rfcCheckDigit('GODE560431GR')}`).errors).toEqual([DATE]);
    expect(validateRfc(`GODE560230GR${rfcCheckDigit('GODE560230GR')}`).errors).toEqual([DATE]);
    expect(validateRfc(`GODE561200GR${rfcCheckDigit('GODE561200GR')}`).errors).toEqual([DATE]);
    expect(validateRfc(`GODE550229GR${rfcCheckDigit('GODE550229GR')}`).errors).toEqual([DATE]);
  });

  it('accepts 29 February of leap years', () => {
    expect(validateRfc(`GODE560229AB${rfcCheckDigit('GODE560229AB')}`).ok).toBe(true);
    expect(validateRfc(`GODE000229AB${rfcCheckDigit('GODE000229AB')}`).ok).toBe(true);
  });

  it('reports a bad date and a bad digit together', () => {
    const result = validateRfc(`GODE561331GR${rfcCheckDigit('GODE561331GR') === '1' ? '2' : '1'}`);
    expect(result.errors).toEqual([DATE]);
    expect(result.warnings).toEqual([CHECK]);
  });
});

describe('rfcSchema', () => {
  it('outputs the normalised RFC and fails only on errors', () => {
    expect(rfcSchema().parse('sat970701nn3')).toBe('SAT970701NN3');
    expect(rfcSchema().parse('GODE561231GR9')).toBe('GODE561231GR9');
    expect(rfcSchema('moral').safeParse('GODE561231GR8').error?.issues[0]?.message).toBe('El RFC debe tener 12 caracteres');
    expect(rfcSchema('fisica').safeParse('SAT970701NN3').error?.issues[0]?.message).toBe('El RFC debe tener 13 caracteres');
    expect(rfcSchema().safeParse(12).error?.issues[0]?.message).toBe('Formato de RFC no válido');
  });
});
