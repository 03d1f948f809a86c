// Dispersions on PostgreSQL: validate + preview of a 50,000-row file (10× Fintoc's 5,000-row cap)
// through HTTP, execution of a dispersion until every row is sent to the rail, and the server's
// peak RSS (VmHWM); then the same validation on embedded PGlite. The server is the compiled one
// (apps/server/dist/main.js, built here as `npm start` builds it) in a child process, its job
// poller included; this process uploads the file and polls the database. Reference measured in
// the same run: decoding and splitting the same file alone. Every figure is printed beside its
// target and the load average (the machine is shared). A progress line every 5 s; no row sent
// for BENCH_STALL_S seconds (default 120) stops the run instead of hanging.
//
// Run:   npx tsx bench/dispersion/run.ts
// Env:   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_ROWS
//        (validation rows, default 50000), BENCH_EXEC_ROWS (rows executed, default 50000),
//        BENCH_SANDBOX_DELAY_MS (the sandbox's settlement delay, default 3000 as in production),
//        BENCH_SERVER_NODE_OPTIONS (replaces the production flags of apps/server/node-flags.json; '' for node's defaults).
// Figures go to stdout; nothing is asserted.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildClabe, sandboxAccountHolder } from '@far/contracts';
import { buildApp, openDatabase } from '@far/server';
import pg from 'pg';
import { benchDatabase } from '../lib/app';
import { scratchDatabase } from '../lib/load';
import { serverNodeOptions } from '../lib/server-flags';

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
const EXEC_ROWS = Number(process.env.BENCH_EXEC_ROWS ?? 50_000);
const PASSWORD = 'Demo#2026';
const STALL_MS = Number(process.env.BENCH_STALL_S ?? 120) * 1000;
const SANDBOX_DELAY_MS = process.env.BENCH_SANDBOX_DELAY_MS ?? '3000';
const BUILD = fileURLToPath(new URL('../../apps/server/build.mjs', import.meta.url));
const MAIN = fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url));
const load = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

function csvOf(rows: number): string {
  const lines = ['Nombre del beneficiario,CLABE,Monto,Concepto,Referencia numérica'];
  for (let i = 1; i <= rows; i++) {
    const clabe = buildClabe('990', '180', String(i).padStart(11, '0'));
    const h = sandboxAccountHolder(clabe);
    lines.push(`${h.exists ? h.name : ''},${clabe},${1 + (i % 900)}.${String(i % 100).padStart(2, '0')},Nomina,${i % 9_999_999}`);
  }
  return lines.join('\r\n');
}

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const fmt = (n: number) => `${(n / 1000).toFixed(2)} s`;

async function call(base: string, token: string | null, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data: Record<string, unknown> };
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(json).slice(0, 400)}`);
  return json.data;
}

/** The process's peak (VmHWM) and current (VmRSS) resident set, in MB. */
function rssMb(pid: number): { peak: number; now: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { peak: kb('VmHWM'), now: kb('VmRSS') };
}

async function main() {
  const csv = csvOf(ROWS);
  const file = { Name: 'bench.csv', ContentBase64: Buffer.from(csv).toString('base64') };
  console.log(`dispersion bench: ${ROWS} rows to validate (${(csv.length / 1024 / 1024).toFixed(1)} MB), ${EXEC_ROWS} rows to execute`);

  let t0 = process.hrtime.bigint();
  const lines = Buffer.from(file.ContentBase64, 'base64')
    .toString('utf8')
    .split(/\r?\n/)
    .map((l) => l.split(','));
  console.log(`reference: decoding and splitting the same file alone   ${fmt(ms(t0))} (${lines.length} lines)`);

  // The compiled server, built as `npm start` builds it (esbuild, apps/server/build.mjs).
  t0 = process.hrtime.bigint();
  const built = spawnSync(process.execPath, [BUILD], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('no se pudo compilar el servidor');
  console.log(`server compiled (esbuild)                               ${fmt(ms(t0))}`);
  const scratch = await scratchDatabase('far_bench_dispersion');
  if (!scratch) throw new Error('PostgreSQL no disponible');
  const server = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: scratch.url,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      JWT_SECRET: 'bench-dispersion-secret-0123456789abcdef',
      ENVELOPE_KEY: '3'.repeat(64),
      FAR_WEB_DIST: '/nonexistent',
      FAR_DEMO: '1',
      FAR_DEMO_PASSWORD: PASSWORD,
      JOBS_POLL_MS: '100',
      SPEI_SANDBOX_DELAY_MS: SANDBOX_DELAY_MS,
      RATE_LIMIT_MAX: '100000000',
      RATE_LIMIT_SIGNIN: '100000000',
      NODE_OPTIONS: serverNodeOptions(),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    const on = (c: Buffer) => {
      out += c.toString();
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]!);
    };
    server.stdout!.on('data', on);
    server.stderr!.on('data', on);
    server.once('exit', () => reject(new Error(out.slice(-2000))));
  });
  console.log(
    `server started (node dist/main.js, NODE_OPTIONS '${serverNodeOptions()}', pid ${server.pid})    RSS ${rssMb(server.pid!).now.toFixed(0)} MB   ${load()}`,
  );
  const db = new pg.Client({ connectionString: scratch.url });
  await db.connect();
  try {
    const staff = (await call(base, null, '/api/v1/account/Signin', { Email: 'operador@far.mx', Password: PASSWORD })).AccessToken as string;
    const {
      rows: [b],
    } = await db.query(`SELECT b.v_uid FROM businesses b JOIN users u ON u.v_client = b.v_client WHERE u.v_email = 'empresa@demo.mx'`);
    await call(base, staff, '/api/v1/transaction/limit/action/upsert', { ScopeType: 1, BusinessId: b.v_uid, IsEnabled: true });
    await call(base, staff, `/api/v1/transaction/business/${b.v_uid}/deposit`, { Amount: '900000000.00' }, { 'idempotency-key': randomUUID() });
    const token = (await call(base, null, '/api/v1/account/Signin', { Email: 'empresa@demo.mx', Password: PASSWORD })).AccessToken as string;

    t0 = process.hrtime.bigint();
    const preview = await call(base, token, '/api/v1/transaction/business-movement/speiout-dispersion/validate', { File: file });
    const validateMs = ms(t0);
    console.log(
      `PostgreSQL: validate + preview of ${ROWS} rows (HTTP)   ${fmt(validateMs)}   target ≤ 3.00 s   errors: ${(preview.Errors as unknown[]).length}   ${load()}`,
    );
    console.log(`server peak RSS after validate (VmHWM)                  ${rssMb(server.pid!).peak.toFixed(0)} MB   target ≤ 400 MB`);

    await call(base, token, '/api/v1/security/code', { Operation: 'dispersion' });
    const {
      rows: [msg],
    } = await db.query(`SELECT t_body FROM outbox WHERE v_to = 'empresa@demo.mx' ORDER BY d_create_at DESC LIMIT 1`);
    const code = /\b(\d{6})\b/.exec(msg.t_body)![1]!;
    const execFile = EXEC_ROWS === ROWS ? file : { Name: 'bench-exec.csv', ContentBase64: Buffer.from(csvOf(EXEC_ROWS)).toString('base64') };
    t0 = process.hrtime.bigint();
    const d = await call(
      base,
      token,
      '/api/v1/transaction/business-movement/speiout-dispersion',
      { File: execFile, SecurityCode: code },
      { 'idempotency-key': randomUUID() },
    );
    console.log(`PostgreSQL: ${EXEC_ROWS} rows, request accepted              ${fmt(ms(t0))}   ${load()}`);
    // Poll until every row is sent; a progress line every 5 s, and a stall (no row sent for
    // STALL_MS) or 30 minutes stops the run instead of hanging.
    let lastSent = -1;
    let lastChange = Date.now();
    let lastLine = 0;
    let stopped: string | null = null;
    for (;;) {
      if (server.exitCode !== null || server.signalCode) {
        stopped = `the server exited (${server.exitCode ?? server.signalCode})`;
        break;
      }
      const {
        rows: [s],
      } = await db.query(
        `SELECT i_queued, (SELECT count(*) FROM business_movements WHERE v_uid_dispersion = $1 AND i_status >= 1)::int AS sent FROM dispersions WHERE v_uid = $1`,
        [d.Id],
      );
      if (s.i_queued === 0 && s.sent === EXEC_ROWS) break;
      if (s.sent !== lastSent) [lastSent, lastChange] = [s.sent, Date.now()];
      if (Date.now() - lastLine >= 5000) {
        lastLine = Date.now();
        const rss = rssMb(server.pid!);
        console.log(
          `  … ${fmt(ms(t0))}: ${s.sent} of ${EXEC_ROWS} sent, ${s.i_queued} queued, RSS ${rss.now.toFixed(0)} MB (peak ${rss.peak.toFixed(0)} MB), ${load()}`,
        );
      }
      if (Date.now() - lastChange > STALL_MS) {
        stopped = `stalled: no row sent for ${STALL_MS / 1000} s (${s.sent} of ${EXEC_ROWS} sent)`;
        break;
      }
      if (ms(t0) > 30 * 60_000) {
        stopped = `stopped after 30 min: ${s.sent} of ${EXEC_ROWS} rows sent`;
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    if (stopped) console.log(`STOPPED: ${stopped}`);
    const sentMs = ms(t0);
    if (!stopped)
      console.log(
        `PostgreSQL: ${EXEC_ROWS} rows, execution to all rows sent    ${fmt(sentMs)}   target ≤ 60.00 s (for 50,000 rows)   ${(EXEC_ROWS / (sentMs / 1000)).toFixed(0)} rows/s   ${load()}`,
      );
    console.log(`server peak RSS (VmHWM), whole run                     ${rssMb(server.pid!).peak.toFixed(0)} MB   target ≤ 400 MB   ${load()}`);
  } finally {
    await db.end();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await scratch.drop();
  }

  // The same validation on embedded PGlite, in this process (one connection).
  const database = await openDatabase({});
  const config = await benchDatabase(database);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const signin = await app.inject({ method: 'POST', url: '/api/v1/account/Signin', payload: { Email: 'empresa@demo.mx', Password: config.demoPassword } });
  const token = signin.json().data.AccessToken as string;
  t0 = process.hrtime.bigint();
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/transaction/business-movement/speiout-dispersion/validate',
    headers: { authorization: `Bearer ${token}` },
    payload: { File: file },
  });
  console.log(`PGlite: validate + preview of ${ROWS} rows (inject)        ${fmt(ms(t0))}   target ≤ 3.00 s   status ${res.statusCode}   ${load()}`);
  await app.close();
  await database.close();
}

await main();
