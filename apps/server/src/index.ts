// What other workspaces (benchmarks) may use to run the server in-process.
export { buildApp } from './app';
export { loadConfig, type Config } from './config';
export { openDatabase, type Database } from './db/client';
export { runMigrations } from './db/migrate';
export { seed } from './modules/seed';
export { actorRow } from './modules/session';
export * as ledger from './modules/ledger';
export type { Tx } from './db/client';
export * as cards from './modules/cards';
export { runDueJobs } from './modules/jobs';
export { SEARCH_SETTINGS, paramValue, searchParams, searchQuery, searchRows } from './modules/search';
