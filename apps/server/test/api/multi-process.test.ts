import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/modules/seed';
import { pgUrlFor } from '../config';

/**
 * Several server processes starting together on one empty PostgreSQL database: migrations and
 * seeds run under one advisory lock, so every process comes up and nothing is seeded twice.
 * PostgreSQL only (PGlite is one process by nature).
 */
const url = process.env.TEST_DATABASE_URL;
const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** Starts one server on a free port and resolves with its base URL once it listens. */
function startServer(env: NodeJS.ProcessEnv): { child: ChildProcess; ready: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (m) resolve(m[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`el proceso terminó (${code}) antes de escuchar:\n${out}`)));
  });
  return { child, ready };
}

async function startThree(extraEnv: NodeJS.ProcessEnv) {
  const name = `far_multi_${process.env.FAR_TEST_RUN ?? 'local'}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const databaseUrl = pgUrlFor(url!, name);
  const env = {
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    JWT_SECRET: 'multi-process-secret-multi-process-0123',
    ENVELOPE_KEY: '1'.repeat(64),
    FAR_WEB_DIST: '/nonexistent',
    JOBS_POLL_MS: '60000',
    DATABASE_POOL_SIZE: '4',
    ...extraEnv,
  };
  const servers = [startServer(env), startServer(env), startServer(env)];
  cleanup = async () => {
    await Promise.all(servers.map(({ child }) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : (child.once('exit', resolve), child.kill('SIGTERM'))))));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
  const bases = await Promise.all(servers.map((s) => s.ready));
  const query = async (text: string) => {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    try {
      return (await c.query(text)).rows;
    } finally {
      await c.end();
    }
  };
  return { bases, query };
}

describe.skipIf(!url)('three processes starting together on an empty PostgreSQL', () => {
  it('all serve /api/health and the demo users exist once', async () => {
    const { bases, query } = await startThree({ FAR_DEMO: '1' });
    for (const base of bases) {
      const res = await fetch(`${base}/api/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok', database: 'ok', engine: 'postgres' });
    }
    const rows = await query('SELECT lower(v_email) AS email, count(*)::int AS n FROM users GROUP BY 1 ORDER BY 1');
    expect(rows).toEqual(DEMO_USERS.map((u) => ({ email: u.email, n: 1 })).sort((a, b) => a.email.localeCompare(b.email)));
  }, 120_000);

  it('the first super admin of a production database is created once', async () => {
    const { bases, query } = await startThree({ NODE_ENV: 'production', FAR_DEMO: '0', FAR_ADMIN_EMAIL: 'jefa@far.mx', FAR_ADMIN_PASSWORD: 'Primera2026' });
    for (const base of bases) expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect(await query('SELECT v_email FROM users')).toEqual([{ v_email: 'jefa@far.mx' }]);
  }, 120_000);
});
