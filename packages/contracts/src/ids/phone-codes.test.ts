import { describe, expect, it } from 'vitest';
import { DEFAULT_PHONE_CODE, PHONE_CODES, isMxPhone, mxPhoneSchema, normalizePhone, phoneCodeByCountry } from './phone-codes';

describe('phone codes', () => {
  it('start with Mexico +52, the default', () => {
    expect(DEFAULT_PHONE_CODE).toEqual({ country: 'MX', label: 'México', code: '+52' });
    expect(PHONE_CODES[0]).toBe(DEFAULT_PHONE_CODE);
  });

  it('list the Americas and Spain with well-formed, unique entries', () => {
    expect(PHONE_CODES.length).toBeGreaterThanOrEqual(20);
    for (const entry of PHONE_CODES) {
      expect(entry.country).toMatch(/^[A-Z]{2}$/);
      expect(entry.code).toMatch(/^\+\d{1,4}$/);
    }
    expect(new Set(PHONE_CODES.map((e) => e.country)).size).toBe(PHONE_CODES.length);
    expect(phoneCodeByCountry('us')?.code).toBe('+1');
    expect(phoneCodeByCountry('ES')).toEqual({ country: 'ES', label: 'España', code: '+34' });
    expect(phoneCodeByCountry('GT')?.code).toBe('+502');
    expect(phoneCodeByCountry('CO')?.code).toBe('+57');
    expect(phoneCodeByCountry('ZZ')).toBeUndefined();
  });
});

describe('Mexican phone numbers', () => {
  it.each(['5512345678', '55 1234 5678', '(55) 1234-5678', '55.1234.5678'])('accept %j', (value) => {
    expect(isMxPhone(value)).toBe(true);
    expect(mxPhoneSchema.parse(value)).toBe('5512345678');
  });

  it.each(['', '551234567', '55123456789', '+525512345678', '55-1234-567a'])('refuse %j', (value) => {
    expect(isMxPhone(value)).toBe(false);
    expect(mxPhoneSchema.safeParse(value).error?.issues[0]?.message).toBe('El teléfono debe tener 10 dígitos');
  });

  it('drop only separators', () => {
    expect(normalizePhone(' (55) 12-34.56 78 ')).toBe('5512345678');
    expect(normalizePhone('+52 55')).toBe('+5255');
  });
});
