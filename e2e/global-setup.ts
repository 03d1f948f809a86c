import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Starts the real product (built web app + API) on a fresh embedded database with demo data,
 * exactly as `npm start` does, on its own port.
 */
export default async function setup(project: TestProject) {
  const root = new URL('..', import.meta.url).pathname;
  const dataDir = mkdtempSync(join(tmpdir(), 'far-e2e-'));
  const port = String(3100 + Math.floor(Math.random() * 800));
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: port, HOST: '127.0.0.1', FAR_DATA_DIR: dataDir, FAR_DEMO: '1', DATABASE_URL: '', LOG_LEVEL: 'warn', RATE_LIMIT_SIGNIN: '1000', RATE_LIMIT_MAX: '100000', SPEI_SANDBOX_DELAY_MS: '1000' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  // Migrating and seeding under tsx takes over 90 s when the machine is shared by several runs.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the server did not answer within 180 s');
    await new Promise((r) => setTimeout(r, 300));
  }
  project.provide('baseUrl', base);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
