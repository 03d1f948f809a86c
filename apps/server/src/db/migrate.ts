import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from './client';

/** apps/server/drizzle, from src/db/migrate.ts or from the built dist/main.js. */
export const MIGRATIONS_FOLDER = ['../../drizzle', '../drizzle']
  .map((p) => fileURLToPath(new URL(p, import.meta.url)))
  .find((p) => existsSync(`${p}/meta/_journal.json`))!;
/** Arbitrary constant: several processes starting at once on one PostgreSQL migrate and seed one at a time. */
const MIGRATION_LOCK = 725_001;

/**
 * Applies the migrations, then runs `andThen` (the seeds) while still holding the lock: a second
 * process waits, then finds the tables migrated and the users seeded, and seeds nothing twice.
 */
export async function runMigrations(database: Database, andThen?: () => Promise<void>): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    await andThen?.();
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    await andThen?.();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
