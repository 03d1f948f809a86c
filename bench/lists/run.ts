// Long lists: the movements list of a business with 100,000 movements and the staff business list
// with 20,000 businesses, at 64 connections, each beside a bare Fastify route on the same pool that
// runs the page query alone (no auth, no total), in the same run. On PostgreSQL (a scratch
// database created and dropped here) and on embedded PGlite. Data is seeded in bulk with SQL.
// The load generator runs in its own process. Run: npm run bench:lists -w @far/bench.
import { cpus } from 'node:os';
import Fastify from 'fastify';
import { buildApp, openDatabase, type Database } from '@far/server';
import { benchDatabase } from '../lib/app';
import { inChild } from '../lib/engine-process';
import { SECONDS, WARMUP_SECONDS, alternate, line, load, ratio, scratchDatabase, type Load } from '../lib/load';

const CONNECTIONS = 64;
const MOVEMENTS = Number(process.env.BENCH_MOVEMENTS ?? 100_000);
const BUSINESSES = Number(process.env.BENCH_BUSINESSES ?? 20_000);
const SIZE = 10;
/** Each list and its reference are measured in turns, this many times each (lib/load.ts alternate). */
const ROUNDS = 2;
const ELIMINADA = 6;
/** The server's own default (DATABASE_POOL_SIZE); the list and its reference share the pool. */
const POOL = Number(process.env.BENCH_POOL ?? 10);

async function seedBulk(database: Database): Promise<string> {
  const [demo] = await database.query<{ v_uid: string; v_client: string }>(
    'bench_demo',
    "SELECT b.v_uid, b.v_client FROM businesses b JOIN users u ON u.v_client = b.v_client WHERE u.v_email = 'empresa@demo.mx'",
    [],
  );
  if (!demo) throw new Error('no demo business');
  await database.query(
    'bench_movements',
    `INSERT INTO business_movements (v_uid_business, v_client, v_type, i_status, n_amount_cents, n_commission_cents, n_iva_cents, n_total_cents,
       d_operation_date, d_create_at, v_beneficiary_name, v_beneficiary_clabe, v_concept, v_reference, v_tracking_key)
     SELECT $1, $2, 'SPEI_OUT', 2, 1000 + g, 500, 80, 1580 + g, (now() - g * interval '1 minute')::date, now() - g * interval '1 minute',
       'Beneficiario ' || g, lpad(g::text, 18, '0'), 'Pago ' || g, lpad((g % 9999999)::text, 7, '0'), 'BENCH' || g
     FROM generate_series(1, $3::int) g`,
    [demo.v_uid, demo.v_client, MOVEMENTS],
  );
  await database.query(
    'bench_businesses',
    `INSERT INTO businesses (v_client, v_uid_type_person, v_company_name, v_rfc, v_email, v_street, v_number_outside, v_zip_code, v_uid_colony,
       v_colony, v_municipality, v_state, v_account_number, v_uid_status, d_create_at)
     SELECT 'BUSX' || lpad(g::text, 6, '0'), b.v_uid_type_person, 'Empresa de prueba ' || g, 'BEN' || lpad(g::text, 9, '0'), 'empresa' || g || '@bench.mx',
       b.v_street, b.v_number_outside, b.v_zip_code, b.v_uid_colony, b.v_colony, b.v_municipality, b.v_state, '99' || lpad(g::text, 16, '0'), b.v_uid_status,
       now() - g * interval '1 minute'
     FROM generate_series(1, $1::int) g, (SELECT * FROM businesses WHERE v_uid = $2) b`,
    [BUSINESSES, demo.v_uid],
  );
  await database.query('bench_analyze', 'ANALYZE', []);
  return demo.v_uid;
}

async function bench(label: string, database: Database, p99Target: number) {
  const config = await benchDatabase(database);
  const t0 = performance.now();
  const businessId = await seedBulk(database);
  console.log(
    `\n${label}: seeded ${MOVEMENTS.toLocaleString('en')} movements and ${BUSINESSES.toLocaleString('en')} businesses in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${CONNECTIONS} connections, ${SECONDS} s per run after ${WARMUP_SECONDS} s of warm-up; list and reference in turns, ${ROUNDS} runs each (mean throughput, worst p99)`,
  );

  const app = await buildApp({ config, database, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = async (email: string) => {
    const res = await fetch(`${base}/api/v1/account/Signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Email: email, Password: 'Demo#2026' }),
    });
    return ((await res.json()) as { data: { AccessToken: string } }).data.AccessToken;
  };
  const json = { 'content-type': 'application/json' };
  const page = JSON.stringify({ Page: 1, Size: SIZE });

  // The references: the same page query, alone, on the same pool.
  const bare = Fastify();
  bare.get('/movements', async () => ({
    data: await database.query(
      'bench_movements_page',
      `SELECT * FROM business_movements WHERE v_uid_business = $1 AND i_status <> $2 ORDER BY d_create_at DESC, v_uid DESC LIMIT $3 OFFSET 0`,
      [businessId, ELIMINADA, SIZE],
    ),
  }));
  bare.get('/businesses', async () => ({
    data: await database.query(
      'bench_businesses_page',
      `SELECT * FROM businesses WHERE d_deleted_at IS NULL ORDER BY d_create_at DESC, v_uid DESC LIMIT $1 OFFSET 0`,
      [SIZE],
    ),
  }));
  const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });

  const runs: Array<[string, Load, Load]> = [];
  const business = { ...json, authorization: `Bearer ${await token('empresa@demo.mx')}` };
  const staff = { ...json, authorization: `Bearer ${await token('operador@far.mx')}` };
  const first = (await (await fetch(`${base}/api/v1/transaction/business-movement/movements`, { method: 'POST', headers: business, body: page })).json()) as {
    data: { TotalRecords: number };
  };
  console.log(`movements list answers TotalRecords ${first.data.TotalRecords} (estimate past the exact cap)`);

  const [mov, movRef] = await alternate(
    ROUNDS,
    () => load(`${base}/api/v1/transaction/business-movement/movements`, { method: 'POST', headers: business, body: page, connections: CONNECTIONS }),
    () => load(`${bareBase}/movements`, { connections: CONNECTIONS }),
  );
  runs.push(['movements list, page 1 of 100,000 (business user)', mov, movRef]);
  const [biz, bizRef] = await alternate(
    ROUNDS,
    () => load(`${base}/api/v1/profiles/business/query/list`, { method: 'POST', headers: staff, body: page, connections: CONNECTIONS }),
    () => load(`${bareBase}/businesses`, { connections: CONNECTIONS }),
  );
  runs.push(['business list, page 1 of 20,000 (staff)', biz, bizRef]);
  const searchBody = JSON.stringify({ Page: 1, Size: SIZE, Search: 'prueba 1999' });
  const search = await load(`${base}/api/v1/profiles/business/query/list`, { method: 'POST', headers: staff, body: searchBody, connections: CONNECTIONS });

  for (const [name, r, ref] of runs) {
    console.log(line(name, r));
    console.log(line('  reference: bare route, page query alone', ref));
    console.log(ratio('  list ÷ reference', r, ref, `≥ 0.50; p99 ${r.p99} ms, target ≤ ${p99Target} ms`));
  }
  console.log(line('business list, search "prueba 1999" (trigram)', search));

  await bare.close();
  await app.close();
}

/**
 * Each engine is measured in a fresh process of its own (this script again, with BENCH_ENGINE set;
 * set it yourself to run one): postgres, pglite (on the server's thread, as tests run it) and
 * pglite-thread (in a worker thread of its own, db/pglite-thread.ts, as npm start runs it).
 */
async function main() {
  const engine = process.env.BENCH_ENGINE;
  if (!engine) {
    console.log(`FAR Portal lists bench — ${cpus().length} CPU(s) ${cpus()[0]?.model ?? ''}, node ${process.version}; load generator in a child process`);
    for (const e of ['postgres', 'pglite', 'pglite-thread']) await inChild(e);
    return;
  }
  if (engine === 'postgres') {
    const scratch = await scratchDatabase('far_bench_lists');
    if (!scratch) return console.log('PostgreSQL not reachable: skipped (set BENCH_DATABASE_URL)');
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: POOL });
    try {
      await bench(`PostgreSQL, pool of ${POOL}`, database, 50);
    } finally {
      await database.close();
      await scratch.drop();
    }
    return;
  }
  const thread = engine === 'pglite-thread';
  const lite = await openDatabase({ thread });
  await bench(`PGlite (embedded, in memory, ${thread ? 'in a worker thread, as npm start runs it' : "on the server's thread"})`, lite, 250);
  await lite.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
