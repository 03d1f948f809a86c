// Reports: time and the server's peak memory to stream a 100,000-row movements report (CSV and
// XLSX) on PostgreSQL. The server runs as it is deployed: the compiled apps/server/dist/main.js
// (built by apps/server/build.mjs, as `npm start` does) under plain node, in a child process of its
// own, so its RSS is the server's alone, read from /proc/<pid>/status (VmRSS sampled every 20 ms,
// and VmHWM, the kernel's high-water mark, reset before each download through clear_refs).
// The reference, measured in the same run the same way: a bare node:http + pg process that reads
// the same rows in the same keyset batches and writes them as naive CSV. Each download runs in a
// third process that only counts bytes. Every figure is printed with the load average.
// Run: npx tsx bench/reports/run.ts (BENCH_REPORT_ROWS to scale; BENCH_DATABASE_URL for PostgreSQL;
// the server runs with the production flags of apps/server/node-flags.json; BENCH_SERVER_NODE_OPTIONS
// replaces them, '' for node's defaults).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { scratchDatabase } from '../lib/load';
import { serverNodeOptions } from '../lib/server-flags';

const ROWS = Number(process.env.BENCH_REPORT_ROWS ?? 100_000);
const TARGET_S = 10;
const TARGET_MB = 300;
const MB = 1024 * 1024;
const root = new URL('../..', import.meta.url).pathname;
const serverDir = join(root, 'apps/server');

const load = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** The process's resident set now and its high-water mark, in bytes. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** Resets the kernel's peak RSS of the process to its current RSS (own processes only). */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Runs `fn` while sampling the process `pid`; the peak is the larger of the samples and VmHWM (when it could be reset). */
async function measured<T>(pid: number, fn: () => Promise<T>): Promise<{ result: T; peak: number; before: number }> {
  const hwmReset = resetPeak(pid);
  const before = memoryOf(pid).rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, memoryOf(pid).rss)), 20);
  try {
    const result = await fn();
    const end = memoryOf(pid);
    return { result, peak: Math.max(peak, end.rss, hwmReset ? end.hwm : 0), before };
  } finally {
    clearInterval(timer);
  }
}

/** Starts a child process and waits until `url` answers 200. */
async function startChild(args: string[], env: Record<string, string>, url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    if (Date.now() > deadline) throw new Error(`${url} did not answer within 180 s`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** The reference server: node:http + pg, the report's keyset batches of 2,000, naive CSV. */
const BARE_SERVER = `
  import http from 'node:http';
  import pg from 'pg';
  const [url, port, business] = process.argv.slice(1);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  http.createServer(async (req, res) => {
    if (req.url === '/health') return res.end('ok');
    res.setHeader('content-type', 'text/csv');
    let after = null;
    for (;;) {
      const { rows } = await pool.query(
        "SELECT *, d_create_at::text AS at FROM business_movements WHERE v_uid_business = $1 AND i_status <> 6 AND ($2::timestamptz IS NULL OR (d_create_at, v_uid) > ($2::timestamptz, $3::uuid)) ORDER BY d_create_at, v_uid LIMIT 2000",
        [business, after?.[0] ?? null, after?.[1] ?? null]);
      if (rows.length === 0) break;
      if (!res.write(rows.map((r) => Object.values(r).join(',') + '\\n').join(''))) await new Promise((r) => res.once('drain', r));
      const last = rows[rows.length - 1];
      after = [last.at, last.v_uid];
      if (rows.length < 2000) break;
    }
    res.end();
  }).listen(Number(port), '127.0.0.1');`;

async function seedMovements(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v_uid: string; v_client: string }>(
      "SELECT b.v_uid, b.v_client FROM businesses b JOIN users u ON u.v_client = b.v_client WHERE u.v_email = 'empresa@demo.mx'",
    );
    const demo = rows[0];
    if (!demo) throw new Error('no demo business');
    // Settled orders out over the last ~70 days (one a minute), with CLABEs, keys and references.
    await client.query(
      `INSERT INTO business_movements (v_uid_business, v_client, v_type, i_status, n_amount_cents, n_commission_cents, n_iva_cents, n_total_cents,
         d_operation_date, d_create_at, v_source_name, v_source_clabe, v_beneficiary_name, v_beneficiary_clabe, v_concept, v_reference, v_tracking_key)
       SELECT $1, $2, 'SPEI_OUT', 2, 1000 + g, 500, 80, 1580 + g, (now() - g * interval '1 minute')::date, now() - g * interval '1 minute',
         'Comercializadora Demo', '646180249000000019', 'Beneficiario ' || g, lpad(g::text, 18, '0'), 'Pago ' || g, lpad((g % 9999999)::text, 7, '0'), 'BENCHRPT' || g
       FROM generate_series(1, $3::int) g`,
      [demo.v_uid, demo.v_client, ROWS],
    );
    await client.query('ANALYZE business_movements');
    return demo;
  } finally {
    await client.end();
  }
}

/** The download, in a child process: status, bytes, time to the last byte. */
function downloadInChild(url: string, headers: Record<string, string>, body: string | null): Promise<{ status: number; bytes: number; ms: number }> {
  const script = `
    const [url, headers, body] = process.argv.slice(1);
    const t0 = performance.now();
    const res = await fetch(url, { method: body ? 'POST' : 'GET', headers: JSON.parse(headers), body: body || undefined });
    let bytes = 0;
    for await (const chunk of res.body) bytes += chunk.length;
    console.log(JSON.stringify({ status: res.status, bytes, ms: performance.now() - t0 }));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, url, JSON.stringify(headers), body ?? ''], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', () => {
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new Error(`download failed: ${out.slice(0, 200)}`));
      }
    });
  });
}

const report = (name: string, r: { status: number; bytes: number; ms: number }, mem: { peak: number; before: number }, targets: boolean) =>
  `${name.padEnd(34)} status ${r.status}  ${(r.bytes / MB).toFixed(1).padStart(6)} MB  ${(r.ms / 1000).toFixed(2).padStart(6)} s${targets ? ` (target ≤ ${TARGET_S} s)` : ''}   RSS peak ${(mem.peak / MB).toFixed(0)} MB (${(mem.before / MB).toFixed(0)} MB before)${targets ? ` (target ≤ ${TARGET_MB} MB)` : ''}   ${load()}`;

async function main() {
  const nodeOptions = `; server NODE_OPTIONS '${serverNodeOptions()}'`;
  console.log(
    `FAR Portal reports bench — ${cpus().length} CPU(s), node ${process.version}; ${ROWS.toLocaleString('en')} movements; compiled server in a child process${nodeOptions}; ${load()}`,
  );
  const scratch = await scratchDatabase('far_bench_reports');
  if (!scratch) {
    console.log('PostgreSQL not reachable: skipped (set BENCH_DATABASE_URL)');
    return;
  }
  const built = spawnSync(process.execPath, [join(serverDir, 'build.mjs')], { cwd: serverDir, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('apps/server/build.mjs failed');
  const children: ChildProcess[] = [];
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let t0 = performance.now();
    const server = await startChild(
      ['--enable-source-maps', join(serverDir, 'dist/main.js')],
      {
        NODE_ENV: 'production',
        DATABASE_URL: scratch.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0',
        ENVELOPE_KEY: '1'.repeat(64),
        FAR_DEMO: '1',
        FAR_DATA_DIR: '/tmp/far-bench-reports',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '100000000',
        RATE_LIMIT_SIGNIN: '100000000',
        NODE_OPTIONS: serverNodeOptions(),
      },
      `${base}/api/health`,
    );
    children.push(server);
    console.log(
      `server: migrated, seeded and listening in ${((performance.now() - t0) / 1000).toFixed(1)} s; RSS ${(memoryOf(server.pid!).rss / MB).toFixed(0)} MB`,
    );
    t0 = performance.now();
    const demo = await seedMovements(scratch.url);
    console.log(`PostgreSQL: seeded ${ROWS.toLocaleString('en')} movements in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${load()}`);

    const barePort = await freePort();
    const bare = await startChild(
      ['--input-type=module', '-e', BARE_SERVER, scratch.url, String(barePort), demo.v_uid],
      {},
      `http://127.0.0.1:${barePort}/health`,
    );
    children.push(bare);

    const signin = await fetch(`${base}/api/v1/account/Signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Email: 'empresa@demo.mx', Password: 'Demo#2026' }),
    });
    const token = ((await signin.json()) as { data: { AccessToken: string } }).data.AccessToken;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const from = new Date(Date.now() - 120 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

    const ref = await measured(bare.pid!, () => downloadInChild(`http://127.0.0.1:${barePort}/rows`, {}, null));
    console.log(report('reference: bare keyset naive CSV', ref.result, ref, false));
    for (const format of ['csv', 'xlsx'] as const) {
      const run = await measured(server.pid!, () =>
        downloadInChild(`${base}/api/v1/reports/download`, headers, JSON.stringify({ Kind: 'movements', Format: format, From: from, To: to })),
      );
      console.log(report(`movements report ${format.toUpperCase()}`, run.result, run, true));
      console.log(`${''.padEnd(34)} ${(run.result.ms / ref.result.ms).toFixed(2)} × the reference's time`);
    }
  } finally {
    for (const child of children) await stop(child);
    await scratch.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
