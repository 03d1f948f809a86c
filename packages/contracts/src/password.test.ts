import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_SPECIALS, generatePassword, isValidPassword, passwordSchema } from './password';

const MESSAGE = 'La contraseña debe tener al menos 8 caracteres, con letras y números';

describe('password policy', () => {
  it.each(['abcdef12', 'Contraseña1', '12345678a', 'a1$&?!#@', 'ñandú2024'])('accepts %j', (value) => {
    expect(isValidPassword(value)).toBe(true);
    expect(passwordSchema.parse(value)).toBe(value);
  });

  it.each(['abc12', 'abcdefgh', '12345678', '$$$$$$$$', '', 'abcdefg1'.slice(0, 7)])('refuses %j', (value) => {
    expect(isValidPassword(value)).toBe(false);
    expect(passwordSchema.safeParse(value).error?.issues.map((i) => i.message)).toEqual([MESSAGE]);
  });

  it('refuses values that are not text with the same message', () => {
    expect(passwordSchema.safeParse(undefined).error?.issues.map((i) => i.message)).toEqual([MESSAGE]);
  });
});

describe('generatePassword', () => {
  afterEach(() => vi.restoreAllMocks());

  it('has 12 characters by default, from letters, digits and $&?!#@^ only', () => {
    for (let i = 0; i < 200; i += 1) {
      const password = generatePassword();
      expect(password).toHaveLength(12);
      expect(password).toMatch(/^[A-Za-z0-9$&?!#@^]+$/);
      expect(password).toMatch(/[A-Za-z]/);
      expect(password).toMatch(/\d/);
      expect(password).toMatch(/[$&?!#@^]/);
      expect(isValidPassword(password)).toBe(true);
    }
  });

  it('takes a length between 8 and 128', () => {
    expect(generatePassword(8)).toHaveLength(8);
    expect(generatePassword(128)).toHaveLength(128);
    for (const bad of [7, 129, 10.5, Number.NaN]) expect(() => generatePassword(bad)).toThrow(RangeError);
  });

  it('uses every special character of the spec', () => {
    expect(PASSWORD_SPECIALS).toBe('$&?!#@^');
    const seen = new Set(Array.from({ length: 300 }, () => generatePassword(32)).join(''));
    for (const char of PASSWORD_SPECIALS) expect(seen.has(char)).toBe(true);
  });

  it('draws from crypto.getRandomValues and redraws values that would bias the result', () => {
    // 2^32 - 1 lies past the last whole multiple of any alphabet size here, so it must be redrawn.
    const draws = [0xffffffff, 0, 0xffffffff, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
      if (array instanceof Uint32Array) array[0] = draws.shift() ?? 0;
      return array;
    });
    const password = generatePassword(8);
    expect(spy).toHaveBeenCalled();
    // 8 picks + 7 shuffle swaps + the 2 rejected draws = 17 of the 19 values.
    expect(draws).toHaveLength(2);
    expect(isValidPassword(password)).toBe(true);
  });

  it('is not predictable between calls', () => {
    const many = new Set(Array.from({ length: 100 }, () => generatePassword()));
    expect(many.size).toBe(100);
  });
});
