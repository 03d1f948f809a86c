import { STATUS_IDS } from '@far/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';
import { seed } from '../../src/modules/seed';
import { testConfig } from '../config';

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

async function emptyDatabase() {
  database = await openDatabase({});
  await runMigrations(database);
  return database;
}

describe('production seed', () => {
  it('creates only the first super admin from FAR_ADMIN_EMAIL and FAR_ADMIN_PASSWORD, no demo users', async () => {
    const db = await emptyDatabase();
    await seed(db.db, testConfig({ env: 'production', seedDemo: false, adminEmail: 'jefa@far.mx', adminPassword: 'Primera2026' }));
    const rows = (await db.pglite!.query<{ v_email: string; v_uid_status: string; v_client: string }>('SELECT v_email, v_uid_status, v_client FROM users'))
      .rows;
    expect(rows).toEqual([{ v_email: 'jefa@far.mx', v_uid_status: STATUS_IDS.activo, v_client: expect.stringMatching(/^FAR\d{6}$/) }]);
  });

  it('refuses to start an empty production database without a first admin', async () => {
    const db = await emptyDatabase();
    await expect(seed(db.db, testConfig({ env: 'production', seedDemo: false, adminEmail: undefined, adminPassword: undefined }))).rejects.toThrow(
      /FAR_ADMIN_EMAIL/,
    );
  });
});
