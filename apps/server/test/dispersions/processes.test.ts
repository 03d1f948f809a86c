/**
 * Exactly once across processes, on PostgreSQL (PGlite is one process by nature): two real server
 * processes polling the jobs of one database never send a dispersion row twice, and a server
 * killed with SIGKILL in the middle of a 5,000-row dispersion is restarted and the dispersion
 * finishes with every row sent exactly once and the ledger balanced.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { buildClabe, sandboxAccountHolder } from '@far/contracts';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { pgUrlFor } from '../config';

const url = process.env.TEST_DATABASE_URL;
const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const PASSWORD = 'Demo#2026';

let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
}, 120_000);

function startServer(env: NodeJS.ProcessEnv): { child: ChildProcess; ready: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (m) resolve(m[1]!);
      if (out.length > 200_000) out = out.slice(-50_000);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) => reject(new Error(`el proceso terminó (${code ?? signal}) antes de escuchar:\n${out.slice(-3000)}`)));
  });
  cleanup.push(
    () => new Promise((resolve) => (child.exitCode !== null || child.signalCode ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM')))),
  );
  return { child, ready };
}

async function freshDatabase() {
  const name = `far_disp_${process.env.FAR_TEST_RUN ?? 'local'}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const databaseUrl = pgUrlFor(url!, name);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // DROP … WITH (FORCE) terminates whatever is still connected: that is expected, not a failure.
  pool.on('error', () => {});
  cleanup.push(async () => {
    await pool.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  const env = {
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    JWT_SECRET: 'dispersion-process-secret-0123456789abc',
    ENVELOPE_KEY: '2'.repeat(64),
    FAR_WEB_DIST: '/nonexistent',
    FAR_DEMO: '1',
    FAR_DEMO_PASSWORD: PASSWORD,
    JOBS_POLL_MS: '100',
    SPEI_SANDBOX_DELAY_MS: '0',
    DATABASE_POOL_SIZE: '4',
    RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_SIGNIN: '100000',
  };
  const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[];
  return { env, q };
}

async function api(base: string, token: string | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: Record<string, unknown> & { AccessToken?: string; Id?: string } };
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 500)}`);
  return json.data;
}

/** Funds the demo business and creates a dispersion of `rows` rows to the settling sandbox bank, through the API. */
async function dispersionOf(base: string, q: Awaited<ReturnType<typeof freshDatabase>>['q'], rows: number) {
  const staff = (await api(base, null, 'POST', '/api/v1/account/Signin', { Email: 'operador@far.mx', Password: PASSWORD })).AccessToken!;
  const [b] = await q<{ v_uid: string }>(`SELECT b.v_uid FROM businesses b JOIN users u ON u.v_client = b.v_client WHERE u.v_email = 'empresa@demo.mx'`);
  await api(base, staff, 'POST', '/api/v1/transaction/limit/action/upsert', { ScopeType: 1, BusinessId: b!.v_uid, IsEnabled: true });
  await api(base, staff, 'POST', `/api/v1/transaction/business/${b!.v_uid}/deposit`, { Amount: '500000.00' }, { 'idempotency-key': randomUUID() });
  const token = (await api(base, null, 'POST', '/api/v1/account/Signin', { Email: 'empresa@demo.mx', Password: PASSWORD })).AccessToken!;
  await api(base, token, 'POST', '/api/v1/security/code', { Operation: 'dispersion' });
  const [msg] = await q<{ t_body: string }>(`SELECT t_body FROM outbox WHERE v_to = 'empresa@demo.mx' ORDER BY d_create_at DESC LIMIT 1`);
  const code = msg!.t_body.match(/\b(\d{6})\b/)![1]!;
  const lines = ['Nombre,CLABE,Monto,Concepto,Referencia'];
  for (let i = 1; i <= rows; i++) {
    const clabe = buildClabe('990', '180', String(i).padStart(11, '0'));
    const h = sandboxAccountHolder(clabe);
    lines.push(`${h.exists ? h.name : ''},${clabe},1.${String(i % 100).padStart(2, '0')},Nomina,${i}`);
  }
  const d = await api(
    base,
    token,
    'POST',
    '/api/v1/transaction/business-movement/speiout-dispersion',
    { File: { Name: 'grande.csv', ContentBase64: Buffer.from(lines.join('\n')).toString('base64') }, SecurityCode: code },
    { 'idempotency-key': randomUUID() },
  );
  return { id: d.Id as string, businessClient: (await q<{ v_client: string }>(`SELECT v_client FROM users WHERE v_email = 'empresa@demo.mx'`))[0]!.v_client };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`no terminó a tiempo: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Every row sent once: one order per row, distinct keys, one settlement per order, the ledger balanced, nothing held. */
async function assertExactlyOnce(q: Awaited<ReturnType<typeof freshDatabase>>['q'], id: string, rows: number, client: string) {
  const [d] = await q<{ i_status: number; i_settled: number; i_failed: number; i_open: number; i_queued: number; total: string }>(
    `SELECT i_status, i_settled, i_failed, i_open, i_queued, n_total_import_cents::text AS total FROM dispersions WHERE v_uid = $1`,
    [id],
  );
  expect(d).toMatchObject({ i_status: 3, i_settled: rows, i_failed: 0, i_open: 0, i_queued: 0 });
  const [m] = await q<{ n: string; keys: string; settled: string; rows: string }>(
    `SELECT count(*)::text AS n, count(DISTINCT v_tracking_key)::text AS keys, count(*) FILTER (WHERE i_status = 2)::text AS settled,
            (SELECT count(DISTINCT v_uid_movement) FROM dispersion_rows WHERE v_uid_dispersion = $1 AND i_state = 1)::text AS rows
       FROM business_movements WHERE v_uid_dispersion = $1`,
    [id],
  );
  expect(m).toEqual({ n: String(rows), keys: String(rows), settled: String(rows), rows: String(rows) });
  const [tx] = await q<{ n: string; refs: string }>(
    `SELECT count(*)::text AS n, count(DISTINCT v_reference)::text AS refs FROM ledger_transactions WHERE v_kind = 'spei-out' AND v_reference IN (SELECT v_uid::text FROM business_movements WHERE v_uid_dispersion = $1)`,
    [id],
  );
  expect(tx).toEqual({ n: String(rows), refs: String(rows) });
  const [sent] = await q<{ n: string }>(
    `SELECT count(*)::text AS n FROM jobs WHERE v_kind = 'spei.rail-event' AND v_unique_key LIKE 'spei.rail-event:%' AND (t_payload->>'trackingKey') IN (SELECT v_tracking_key FROM business_movements WHERE v_uid_dispersion = $1)`,
    [id],
  );
  expect(sent!.n).toBe(String(rows));
  const [sum] = await q<{ s: string }>(`SELECT coalesce(sum(n_amount_cents), 0)::text AS s FROM ledger_postings`);
  expect(sum!.s).toBe('0');
  const [acct] = await q<{ held: string }>(`SELECT n_held_cents::text AS held FROM ledger_accounts WHERE v_owner = $1`, [client]);
  expect(acct!.held).toBe('0');
  const [debited] = await q<{ s: string }>(
    `SELECT (-sum(p.n_amount_cents))::text AS s FROM ledger_postings p JOIN ledger_transactions t ON t.v_uid = p.v_uid_transaction JOIN ledger_accounts a ON a.v_uid = p.v_uid_account
      WHERE a.v_owner = $1 AND t.v_kind = 'spei-out'`,
    [client],
  );
  expect(debited!.s).toBe(d!.total);
  expect(await q(`SELECT 1 FROM ledger_holds WHERE v_reference LIKE $1 AND v_status = 'held'`, [`dispersion:${id}:%`])).toHaveLength(0);
}

describe.skipIf(!url)('dispersions across processes (PostgreSQL)', () => {
  it('two server processes never send a row twice', async () => {
    const { env, q } = await freshDatabase();
    const first = startServer(env);
    const base = await first.ready;
    const second = startServer(env);
    await second.ready;
    const rows = 600;
    const { id, businessClient } = await dispersionOf(base, q, rows);
    await waitFor(
      async () => (await q<{ done: boolean }>(`SELECT i_status IN (3, 4, 5) AND i_open = 0 AS done FROM dispersions WHERE v_uid = $1`, [id]))[0]!.done,
      240_000,
      'dos procesos',
    );
    await assertExactlyOnce(q, id, rows, businessClient);
  }, 300_000);

  it('a server killed with SIGKILL mid-dispersion (5,000 rows by default) is restarted and every row is sent exactly once', async () => {
    const { env, q } = await freshDatabase();
    const first = startServer(env);
    const base = await first.ready;
    // 5,000 rows as the issue asks; DISPERSION_KILL_ROWS scales it down on a loaded machine.
    const rows = Number(process.env.DISPERSION_KILL_ROWS ?? 5000);
    const { id, businessClient } = await dispersionOf(base, q, rows);
    // Kill it once part of the rows are orders and part are still queued.
    await waitFor(
      async () => {
        const [d] = await q<{ i_queued: number }>(`SELECT i_queued FROM dispersions WHERE v_uid = $1`, [id]);
        return d!.i_queued < rows;
      },
      120_000,
      'primer bloque',
    );
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    // Killed in the middle: the dispersion was still running.
    const [mid] = await q<{ i_status: number; left: number }>(`SELECT i_status, i_queued + i_open AS left FROM dispersions WHERE v_uid = $1`, [id]);
    expect(mid).toMatchObject({ i_status: 2 });
    expect(mid!.left).toBeGreaterThan(0);
    // Restarted as two processes (the rows left are shared between them, and still sent once).
    const restarted = [startServer(env), startServer(env)];
    await Promise.all(restarted.map((s) => s.ready));
    await waitFor(
      async () => (await q<{ done: boolean }>(`SELECT i_status IN (3, 4, 5) AND i_open = 0 AS done FROM dispersions WHERE v_uid = $1`, [id]))[0]!.done,
      600_000,
      'tras el reinicio',
    );
    await assertExactlyOnce(q, id, rows, businessClient);
  }, 780_000);
});
