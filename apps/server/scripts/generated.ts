// What the generators of checked-in files share (docs/access.md, packages/client/src/schema.ts):
// the app built in memory (no network server, no data) and the write-or-check of the file.
import { readFileSync, writeFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';

/** Runs `use` on the app built in memory, then closes it. */
export async function withInMemoryApp<T>(use: (app: FastifyInstance) => T | Promise<T>): Promise<T> {
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'x'.repeat(32),
    ENVELOPE_KEY: '0'.repeat(64),
    FAR_DEMO: '0',
    LOG_LEVEL: 'silent',
    FAR_DATA_DIR: '/tmp/far-generated-unused',
  });
  const database = await openDatabase({});
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.ready();
    return await use(app);
  } finally {
    await app.close();
    await database.close();
  }
}

/** Writes `text` to `file`, or with `check` only compares them: a stale file prints `stale` and fails the process. */
export function writeOrCheck(file: string, text: string, check: boolean, stale: string): void {
  if (!check) {
    writeFileSync(file, text);
    return;
  }
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // a missing file is stale too
  }
  if (current !== text) {
    console.error(stale);
    process.exitCode = 1;
  }
}
