import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildClabe } from '@far/contracts';
import { DEMO_USERS } from '../../src/modules/seed';
import { DEMO_PASSWORD, pgUrlFor } from '../config';

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
    await Promise.all(
      servers.map(({ child }) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : (child.once('exit', resolve), child.kill('SIGTERM'))))),
    );
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

/**
 * One Idempotency-Key sent to several processes at once (a client retrying on another node): the
 * key is claimed before the security code is spent, so every copy answers the first movement and
 * none is refused because of the other (issue 23 §1; decision 0022).
 */
describe.skipIf(!url)('one SPEI out sent to three processes at once under one key', () => {
  it('answers every copy with the one movement, for each of many doubled keys', async () => {
    const { bases, query } = await startThree({ FAR_DEMO: '1', RATE_LIMIT_SIGNIN: '1000' });
    const post = async (base: string, path: string, body: unknown, token: string, key?: string) => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
        body: JSON.stringify(body),
      });
      return {
        status: res.status,
        headers: res.headers,
        json: (await res.json()) as { data?: { Id?: string }; status?: { message?: string }; replay?: boolean },
      };
    };
    const signIn = async (Email: string) =>
      (
        (await (
          await fetch(`${bases[0]}/api/v1/account/Signin`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ Email, Password: DEMO_PASSWORD }),
          })
        ).json()) as { data: { AccessToken: string } }
      ).data.AccessToken;
    const [staff, business] = [await signIn('operador@far.mx'), await signIn('empresa@demo.mx')];
    const [b] = (await query(`SELECT b.v_uid FROM businesses b JOIN users u ON u.v_client = b.v_client WHERE u.v_email = 'empresa@demo.mx'`)) as Array<{
      v_uid: string;
    }>;
    expect((await post(bases[0]!, '/api/v1/transaction/limit/action/upsert', { ScopeType: 1, BusinessId: b!.v_uid, IsEnabled: true }, staff)).status).toBe(200);
    expect(
      (await post(bases[0]!, `/api/v1/transaction/business/${b!.v_uid}/deposit`, { Amount: '10000.00' }, staff, randomBytes(8).toString('hex'))).status,
    ).toBe(200);

    const doubled = 15;
    for (let i = 0; i < doubled; i++) {
      // A fresh code each time (older ones aged out of the issue limit), read from the outbox.
      await query(`UPDATE security_codes SET d_create_at = d_create_at - interval '1 hour'`);
      expect((await post(bases[i % 3]!, '/api/v1/security/code', { Operation: 'spei-out' }, business)).status).toBe(200);
      const [sent] = (await query(`SELECT t_body FROM outbox WHERE v_to = 'empresa@demo.mx' ORDER BY d_create_at DESC LIMIT 1`)) as Array<{ t_body: string }>;
      const code = sent!.t_body.match(/\b(\d{6})\b/)![1]!;
      const body = {
        ConfirmHolder: true,
        Clabe: buildClabe('990', '180', '00000000011'),
        BeneficiaryName: 'Proveedor Uno',
        Amount: `${i + 1}.00`,
        Concept: 'Pago doble',
        Reference: '1',
        SecurityCode: code,
      };
      const key = randomBytes(12).toString('hex');
      const answers = await Promise.all(bases.map((base) => post(base, '/api/v1/transaction/business-movement/speiout', body, business, key)));
      expect(answers.map((a) => [a.status, a.json.status?.message])).toEqual(bases.map(() => [200, 'Transferencia registrada']));
      expect(new Set(answers.map((a) => a.json.data?.Id)).size).toBe(1);
      expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(bases.length - 1);
    }
    const [orders] = (await query(
      `SELECT count(*)::int AS n, count(DISTINCT v_idempotency_key)::int AS keys FROM business_movements WHERE v_type = 'SPEI_OUT'`,
    )) as Array<{ n: number; keys: number }>;
    expect(orders).toEqual({ n: doubled, keys: doubled });
  }, 180_000);
});
