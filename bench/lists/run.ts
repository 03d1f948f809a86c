// Long lists and the search: the movements list of a business with 100,000 movements, the staff
// business list with 20,000 businesses, and the header search (issue 27) over them and 100,000
// cards, at 64 connections, each beside a bare Fastify route on the same pool that runs the same
// query alone (no auth, no total), in the same run. On PostgreSQL (a scratch database created and
// dropped here) and on embedded PGlite. Realistic data (seed.ts: faker es_MX names) in bulk.
// The load generator runs in its own process. Run: npm run bench:lists -w @far/bench.
import Fastify from 'fastify';
import { buildApp, openDatabase, searchRows, type Database } from '@far/server';
import { SEARCH_KINDS } from '@far/contracts';
import { cpus, loadavg } from 'node:os';
import { execSync } from 'node:child_process';
import { benchDatabase } from '../lib/app';
import { inChild } from '../lib/engine-process';
import { SECONDS, WARMUP_SECONDS, alternate, line, load, ratio, scratchDatabase, type Load } from '../lib/load';
import { seedRealistic } from './seed';

const CONNECTIONS = 64;
const MOVEMENTS = Number(process.env.BENCH_MOVEMENTS ?? 100_000);
const BUSINESSES = Number(process.env.BENCH_BUSINESSES ?? 20_000);
const CARDS = Number(process.env.BENCH_CARDS ?? 100_000);
const SIZE = 10;
/** Each list and its reference are measured in turns, this many times each (lib/load.ts alternate). */
const ROUNDS = 2;
const ELIMINADA = 6;
/** The server's own default (DATABASE_POOL_SIZE); the list and its reference share the pool. */
const POOL = Number(process.env.BENCH_POOL ?? 10);
/** Typed in the search box: the start of a common surname (Martínez, Martín, Marteínez…). */
const TEXT_QUERY = process.env.BENCH_SEARCH ?? 'mart';
/** Staff see every tenant: the statement of a super administrator's search. */
const STAFF_SCOPE = { kind: 'FAR', client: 'FAR000001' } as const;
/** The machine is shared: its load goes beside the figures. */
const uptime = () => {
  try {
    return execSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`;
  }
};

async function bench(label: string, database: Database, p99Target: number, searchTarget: number) {
  const config = await benchDatabase(database);
  console.log(`uptime: ${uptime()}`);
  const t0 = performance.now();
  const { demoBusinessId: businessId, sampleRfc } = await seedRealistic(database, { businesses: BUSINESSES, movements: MOVEMENTS, cards: CARDS });
  console.log(
    `\n${label}: seeded ${MOVEMENTS.toLocaleString('en')} movements, ${BUSINESSES.toLocaleString('en')} businesses and ${CARDS.toLocaleString('en')} cards in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${CONNECTIONS} connections, ${SECONDS} s per run after ${WARMUP_SECONDS} s of warm-up; list and reference in turns, ${ROUNDS} runs each (mean throughput, worst p99)`,
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
  const everyKind = [...SEARCH_KINDS];
  bare.get<{ Querystring: { q: string } }>('/search', async (req) => ({
    data: await searchRows(database, STAFF_SCOPE, req.query.q, everyKind, 5),
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
  // The header search (issue 27) as the super administrator (every kind), beside a bare route running
  // the same statement: typed words (a common surname's start) and the start of an RFC.
  const superUser = { ...json, authorization: `Bearer ${await token('super@far.mx')}` };
  const searches: Array<[string, string]> = [
    [`search "${TEXT_QUERY}" (words, every kind)`, TEXT_QUERY],
    [`search "${sampleRfc.slice(0, 6)}" (start of an RFC)`, sampleRfc.slice(0, 6)],
  ];
  const searchRuns: Array<[string, Load, Load]> = [];
  for (const [name, q] of searches) {
    const url = `/api/v1/search?q=${encodeURIComponent(q)}`;
    const first = (await (await fetch(`${base}${url}`, { headers: superUser })).json()) as { data: { Groups: Array<{ Kind: string; Results: unknown[] }> } };
    console.log(`${name}: ${first.data.Groups.map((g) => `${g.Kind} ${g.Results.length}`).join(', ')}`);
    const [r, ref] = await alternate(
      ROUNDS,
      () => load(`${base}${url}`, { headers: superUser, connections: CONNECTIONS }),
      () => load(`${bareBase}/search?q=${encodeURIComponent(q)}`, { connections: CONNECTIONS }),
    );
    searchRuns.push([name, r, ref]);
  }
  const listSearch = await load(`${base}/api/v1/profiles/business/query/list`, {
    method: 'POST',
    headers: staff,
    body: JSON.stringify({ Page: 1, Size: SIZE, Search: TEXT_QUERY }),
    connections: CONNECTIONS,
  });

  for (const [name, r, ref] of runs) {
    console.log(line(name, r));
    console.log(line('  reference: bare route, page query alone', ref));
    console.log(ratio('  list ÷ reference', r, ref, `≥ 0.50; p99 ${r.p99} ms, target ≤ ${p99Target} ms`));
  }
  for (const [name, r, ref] of searchRuns) {
    console.log(line(name, r));
    console.log(line('  reference: bare route, same statement alone', ref));
    console.log(ratio('  search ÷ reference', r, ref, `≥ 0.50; p99 ${r.p99} ms, target ≤ ${searchTarget} ms`));
  }
  console.log(line(`business list, search "${TEXT_QUERY}" (search matcher)`, listSearch));
  console.log(`uptime: ${uptime()}`);

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
      await bench(`PostgreSQL, pool of ${POOL}`, database, 50, 50);
    } finally {
      await database.close();
      await scratch.drop();
    }
    return;
  }
  const thread = engine === 'pglite-thread';
  const lite = await openDatabase({ thread });
  await bench(`PGlite (embedded, in memory, ${thread ? 'in a worker thread, as npm start runs it' : "on the server's thread"})`, lite, 250, 300);
  await lite.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
