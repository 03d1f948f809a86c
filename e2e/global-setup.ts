import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { E2E_WORKERS } from './workers';

/**
 * Starts the real product (built web app + API) with demo data on its own port: one server per
 * test worker, so that journeys running side by side never share data (each journey was written
 * to run alone on a server). Each server has a fresh database: a PostgreSQL database of its own
 * when TEST_DATABASE_URL is set (as in CI: PGlite's engine in WebAssembly costs the two cores
 * several times what PostgreSQL does, and the API suite runs on both engines anyway), else the
 * embedded one, exactly as `npm start` does.
 */
export default async function setup(project: TestProject) {
  const servers = await Promise.all(Array.from({ length: E2E_WORKERS }, (_, i) => startServer(i)));
  project.provide(
    'baseUrls',
    servers.map((s) => s.base),
  );
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}

/** A fresh, empty PostgreSQL database (the server migrates and seeds it) and how to drop it. */
async function postgresDatabase(url: string, i: number): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `far_e2e_${(process.env.FAR_TEST_RUN ?? 'local').replace(/\W/g, '')}_${i}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: url });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

/** One product server on a fresh database; `env` adds to its environment (the STP journey starts one with SPEI_RAIL=stp). */
export async function startServer(i: number, env: NodeJS.ProcessEnv = {}): Promise<{ base: string; stop: () => Promise<void> }> {
  const root = new URL('..', import.meta.url).pathname;
  const dataDir = mkdtempSync(join(tmpdir(), 'far-e2e-'));
  const database = process.env.TEST_DATABASE_URL ? await postgresDatabase(process.env.TEST_DATABASE_URL, i) : null;
  const port = String(3100 + i * 400 + Math.floor(Math.random() * 400));
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: port,
      HOST: '127.0.0.1',
      FAR_DATA_DIR: dataDir,
      FAR_DEMO: '1',
      DATABASE_URL: database?.url ?? '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SIGNIN: '1000',
      RATE_LIMIT_MAX: '100000',
      SPEI_SANDBOX_DELAY_MS: '1000',
      // Webhook hosts are resolved at registration; there is no DNS here (docs/decisions/0027).
      FAR_RESOLVE: 'sistemas.demo.mx=93.184.215.14',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  // Migrating and seeding under tsx takes over 90 s when the machine is shared by several runs.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the server did not answer within 180 s');
    await new Promise((r) => setTimeout(r, 300));
  }
  await acceptDemoLegalTexts(base);
  return {
    base,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}

/**
 * Every user accepts the published legal texts themselves, at sign-up or at their first sign-in
 * (issue 26 §1), and nothing else records an acceptance. The demo business and wallet users are
 * shared by many journeys, so here each of them does what its first sign-in would: signs in,
 * reads what is pending and accepts it, through the same calls as the gate's «Acepto».
 * Journeys of new users (sign-up, invitations) go through the screens themselves.
 */
async function acceptDemoLegalTexts(base: string): Promise<void> {
  const call = async (path: string, init: RequestInit & { token?: string } = {}) => {
    const res = await fetch(`${base}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()).data;
  };
  for (const email of ['empresa@demo.mx', 'negocio@demo.mx', 'wallet@demo.mx']) {
    const login = await call('/api/v1/account/Signin', { method: 'POST', body: JSON.stringify({ Email: email, Password: 'Demo#2026' }) });
    const token = login.AccessToken as string;
    for (const text of (await call('/api/cms/legal/pending', { token })) as Array<{ v_uid: string; i_version: number }>) {
      await call(`/api/cms/legal/${text.v_uid}/accept`, { method: 'POST', token, body: JSON.stringify({ i_version: text.i_version }) });
    }
    await call('/api/v1/account/LogOut', { method: 'POST', token, body: JSON.stringify({ RefreshToken: login.RefreshToken }) });
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrls: string[];
  }
}
