import { readFileSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../src/db/migrate';
import { SUPER, createTestApp, type TestApp } from '../helpers';

// A database where unaccent cannot be installed: the search migration's far_norm falls back to
// translate() of the Spanish accents, and the search says so (docs/decisions/0034-search.md).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.sql('DROP EXTENSION unaccent');
  const migration = readFileSync(`${MIGRATIONS_FOLDER}/${readdirSync(MIGRATIONS_FOLDER).find((f) => f.endsWith('_search.sql'))!}`, 'utf8');
  // The migration's own far_norm block, run again now that the extension is gone.
  const block = migration.split('--> statement-breakpoint').find((s) => s.includes('FUNCTION far_norm'))!;
  await t.sql(block);
});
afterAll(() => t.close());

describe('search without unaccent', () => {
  it('still ignores the Spanish accents, and says what it lacks', async () => {
    const res = await t.call(SUPER, { method: 'GET', url: '/api/v1/search?q=LUCIA%20hernandez&kinds=business' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.Groups[0].Results.map((r: { Title: string }) => r.Title)).toEqual(['Lucía Hernández Vega']);
    expect(data.Fallbacks).toEqual(['Sin la extensión unaccent: solo se ignoran los acentos del español (á, é, í, ó, ú, ü, ñ, ç)']);
  });
});
