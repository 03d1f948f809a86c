// Reports: time and the server's peak memory to stream a 100,000-row movements report (CSV and
// XLSX) on PostgreSQL, beside a reference measured in the same run: a bare Fastify route on the
// same pool that reads the same rows in the same keyset batches and writes them as naive CSV (no
// formatting, no spreadsheet). The download runs in a child process of its own (it only counts
// bytes); this process samples its own RSS every 20 ms while the file streams.
// Run: npx tsx bench/reports/run.ts (BENCH_REPORT_ROWS to scale; BENCH_DATABASE_URL for PostgreSQL).
import { spawn } from 'node:child_process';
import { cpus } from 'node:os';
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { buildApp, openDatabase, type Database } from '@far/server';
import { benchDatabase } from '../lib/app';
import { scratchDatabase } from '../lib/load';

const ROWS = Number(process.env.BENCH_REPORT_ROWS ?? 100_000);
const TARGET_S = 10;
const TARGET_MB = 300;
const MB = 1024 * 1024;

async function seedMovements(database: Database) {
  const [demo] = await database.query<{ v_uid: string; v_client: string }>('bench_demo', "SELECT b.v_uid, b.v_client FROM businesses b JOIN users u ON u.v_client = b.v_client WHERE u.v_email = 'empresa@demo.mx'", []);
  if (!demo) throw new Error('no demo business');
  // Settled orders out over the last ~70 days (one a minute), with CLABEs, keys and references.
  await database.query(
    'bench_report_movements',
    `INSERT INTO business_movements (v_uid_business, v_client, v_type, i_status, n_amount_cents, n_commission_cents, n_iva_cents, n_total_cents,
       d_operation_date, d_create_at, v_source_name, v_source_clabe, v_beneficiary_name, v_beneficiary_clabe, v_concept, v_reference, v_tracking_key)
     SELECT $1, $2, 'SPEI_OUT', 2, 1000 + g, 500, 80, 1580 + g, (now() - g * interval '1 minute')::date, now() - g * interval '1 minute',
       'Comercializadora Demo', '646180249000000019', 'Beneficiario ' || g, lpad(g::text, 18, '0'), 'Pago ' || g, lpad((g % 9999999)::text, 7, '0'), 'BENCHRPT' || g
     FROM generate_series(1, $3::int) g`,
    [demo.v_uid, demo.v_client, ROWS],
  );
  await database.query('bench_analyze', 'ANALYZE business_movements', []);
  return demo;
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
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, url, JSON.stringify(headers), body ?? ''], { stdio: ['ignore', 'pipe', 'inherit'] });
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

/** Runs `fn` while sampling this process's RSS; returns its result and the peak. */
async function withPeakRss<T>(fn: () => Promise<T>): Promise<{ result: T; peak: number; before: number }> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const result = await fn();
    return { result, peak: Math.max(peak, process.memoryUsage().rss), before };
  } finally {
    clearInterval(timer);
  }
}

const report = (name: string, r: { status: number; bytes: number; ms: number }, mem: { peak: number; before: number }, targets: boolean) =>
  `${name.padEnd(34)} status ${r.status}  ${(r.bytes / MB).toFixed(1).padStart(6)} MB  ${(r.ms / 1000).toFixed(2).padStart(6)} s${targets ? ` (target ≤ ${TARGET_S} s)` : ''}   server RSS peak ${(mem.peak / MB).toFixed(0)} MB (+${((mem.peak - mem.before) / MB).toFixed(0)} MB over ${(mem.before / MB).toFixed(0)} MB at start)${targets ? ` (target ≤ ${TARGET_MB} MB)` : ''}`;

async function main() {
  console.log(`FAR Portal reports bench — ${cpus().length} CPU(s), node ${process.version}; ${ROWS.toLocaleString('en')} movements; download in a child process`);
  const scratch = await scratchDatabase('far_bench_reports');
  if (!scratch) {
    console.log('PostgreSQL not reachable: skipped (set BENCH_DATABASE_URL)');
    return;
  }
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 10 });
  try {
    const config = await benchDatabase(database);
    const t0 = performance.now();
    const demo = await seedMovements(database);
    console.log(`PostgreSQL: seeded ${ROWS.toLocaleString('en')} movements in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const app = await buildApp({ config, database, logger: false });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const signin = await fetch(`${base}/api/v1/account/Signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ Email: 'empresa@demo.mx', Password: 'Demo#2026' }) });
    const token = ((await signin.json()) as { data: { AccessToken: string } }).data.AccessToken;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const from = new Date(Date.now() - 120 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

    // The reference: the same rows, the same keyset batches, written as naive CSV.
    const bare = Fastify();
    bare.get('/rows', (_req, reply) => {
      async function* lines() {
        let after: [string, string] | null = null;
        for (;;) {
          const rows: Array<Record<string, unknown>> = await database.query(
            'bench_report_ref',
            `SELECT * FROM business_movements WHERE v_uid_business = $1 AND i_status <> 6 AND ($2::timestamptz IS NULL OR (d_create_at, v_uid) > ($2::timestamptz, $3::uuid)) ORDER BY d_create_at, v_uid LIMIT 2000`,
            [demo.v_uid, after?.[0] ?? null, after?.[1] ?? null],
          );
          if (rows.length === 0) return;
          yield rows.map((r) => `${Object.values(r).join(',')}\n`).join('');
          const last = rows[rows.length - 1]!;
          after = [(last.d_create_at as Date).toISOString(), String(last.v_uid)];
          if (rows.length < 2000) return;
        }
      }
      return reply.type('text/csv').send(Readable.from(lines()));
    });
    const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });

    const ref = await withPeakRss(() => downloadInChild(`${bareBase}/rows`, {}, null));
    console.log(report('reference: bare keyset naive CSV', ref.result, ref, false));
    for (const format of ['csv', 'xlsx'] as const) {
      const run = await withPeakRss(() => downloadInChild(`${base}/api/v1/reports/download`, headers, JSON.stringify({ Kind: 'movements', Format: format, From: from, To: to })));
      console.log(report(`movements report ${format.toUpperCase()}`, run.result, run, true));
      console.log(`${''.padEnd(34)} ${(run.result.ms / ref.result.ms).toFixed(2)} × the reference's time`);
    }
    await bare.close();
    await app.close();
  } finally {
    await database.close();
    await scratch.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
