// What other workspaces (benchmarks) may use to run the server in-process.
export { buildApp } from './app';
export { loadConfig, type Config } from './config';
export { openDatabase, type Database } from './db/client';
export { runMigrations } from './db/migrate';
export { seed } from './modules/seed';
