import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../src/db/migrate';
import { FIELDS } from '../../src/modules/search/fields';
import { searchValues } from '../../src/modules/search/query';

describe('search fields and what a typed text can be', () => {
  it('every searched expression is in the newest definition of an index (else PostgreSQL scans)', () => {
    // Each index as the migrations leave it, in order: a later CREATE replaces it, a DROP removes it.
    const indexes = new Map<string, string>();
    const files = readdirSync(MIGRATIONS_FOLDER)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    for (const file of files)
      for (const [statement, created, dropped] of readFileSync(`${MIGRATIONS_FOLDER}/${file}`, 'utf8').matchAll(
        /CREATE (?:UNIQUE )?INDEX (?:IF NOT EXISTS )?"?(\w+)"?[^;]*;|DROP INDEX (?:IF EXISTS )?"?(\w+)"?/g,
      ))
        if (created) indexes.set(created, statement);
        else indexes.delete(dropped!);
    const live = [...indexes.values()];
    for (const [name, expression] of Object.entries(FIELDS))
      expect(
        live.some((definition) => definition.includes(expression)),
        name,
      ).toBe(true);
    // The movements list's old substring search is gone with its trigram index.
    expect(indexes.has('business_movements_search_idx')).toBe(false);
  });

  it('reads amounts in pesos as integer cents, never through a float', () => {
    expect(searchValues('1,234.50').cents).toBe('123450');
    expect(searchValues('1234.5').cents).toBe('123450');
    expect(searchValues('$1,234').cents).toBe('123400');
    expect(searchValues('0.07').cents).toBe('7');
    expect(searchValues('9999999999999.99').cents).toBe('999999999999999');
    expect(searchValues('1,23.50').cents).toBeNull();
    expect(searchValues('1.234').cents).toBeNull();
    expect(searchValues('0').cents).toBeNull();
  });

  it('folds accents and case into prefix words, and keeps keys, e-mails, digits and cards apart', () => {
    expect(searchValues('  Empré  DÉMO ').words).toBe('empre:* & demo:*');
    // "Starts with" is a range: key ≤ x < keyEnd.
    expect(searchValues('cde190')).toMatchObject({ key: 'CDE190', keyEnd: 'CDE191' });
    expect(searchValues('ACL-2026-9')).toMatchObject({ key: 'ACL-2026-9', keyEnd: 'ACL-2026-:' });
    expect(searchValues('cde 190').key).toBeNull();
    expect(searchValues('Ana_%@X')).toMatchObject({ email: 'ana_%@x', emailEnd: 'ana_%@y' });
    expect(searchValues('josé')).toMatchObject({ email: 'josé', emailEnd: 'josê' });
    expect(searchValues('55 1234').digits).toBeNull();
    expect(searchValues('+52-55-1234')).toMatchObject({ digits: '52551234', digitsEnd: '52551235' });
    expect(searchValues('4321')).toMatchObject({ last4: '4321', first6: null, cents: '432100' });
    expect(searchValues('516789******4321')).toMatchObject({ last4: '4321', first6: '516789' });
  });
});
