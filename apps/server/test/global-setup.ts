import type { PGlite } from '@electric-sql/pglite';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { seed } from '../src/modules/seed';
import { TEMPLATE_DB, pgUrlFor, testConfig } from './config';

/**
 * Migrating and seeding costs seconds, so it happens once per run: into a PGlite data-folder
 * snapshot, or into a PostgreSQL template database when TEST_DATABASE_URL is set.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await dropTestDatabases(admin);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    const database = await openDatabase({ databaseUrl: pgUrlFor(url, TEMPLATE_DB), poolSize: 2 });
    await runMigrations(database);
    await seed(database.db, testConfig());
    await database.close();
    project.provide('snapshot', '');
    return async () => {
      await dropTestDatabases(admin);
      await admin.end();
    };
  }
  const database = await openDatabase({});
  await runMigrations(database);
  await seed(database.db, testConfig());
  // In this thread (no OpenOptions.thread), so it is PGlite itself.
  const dump = await (database.pglite as PGlite).dumpDataDir('none');
  const dir = join(process.cwd(), 'node_modules', '.cache', 'far-test');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `snapshot-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('snapshot', file);
}

async function dropTestDatabases(admin: pg.Client) {
  const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`, [
    TEMPLATE_DB,
    `${TEMPLATE_DB}_%`,
  ]);
  for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
}

declare module 'vitest' {
  export interface ProvidedContext {
    snapshot: string;
  }
}
