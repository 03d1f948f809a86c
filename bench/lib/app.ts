/** The server as every benchmark runs it: fixed keys, no log, limits out of the way, demo data. */
import { loadConfig, runMigrations, seed, type Config, type Database } from '@far/server';

export const benchConfig = (): Config =>
  loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    ENVELOPE_KEY: '1'.repeat(64),
    FAR_DEMO: '1',
    FAR_DATA_DIR: '/tmp/far-bench',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000000',
    RATE_LIMIT_SIGNIN: '100000000',
  });

/** Migrates and seeds the demo data; returns the configuration to build the app with. */
export async function benchDatabase(database: Database): Promise<Config> {
  const config = benchConfig();
  await runMigrations(database);
  await seed(database.db, config);
  return config;
}
