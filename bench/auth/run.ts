// The authenticated request path: `GET /api/v1/rbac/menu` with a bearer token, beside a bare
// Fastify route on the same database pool that runs the one session+user query the guard runs
// (the physical limit of a route that must check a session), in the same run. Also sign-in
// throughput (argon2id by design). On embedded PGlite, and on PostgreSQL in a scratch database
// when one is reachable (BENCH_DATABASE_URL / DATABASE_URL, default local postgres).
// The load generator runs in its own process. Run: npm run bench:auth -w @far/bench.
import { cpus } from 'node:os';
import Fastify from 'fastify';
import { actorRow, buildApp, openDatabase, type Database } from '@far/server';
import { benchDatabase } from '../lib/app';
import { inChild } from '../lib/engine-process';
import { SECONDS, WARMUP_SECONDS, alternate, line, load, ratio, scratchDatabase } from '../lib/load';

const PASSWORD = 'Demo#2026';
const CONNECTIONS = 16;
/** The menu GET and its reference are measured in turns, this many times each (lib/load.ts alternate). */
const ROUNDS = 2;

async function bench(label: string, database: Database) {
  const config = await benchDatabase(database);
  const app = await buildApp({ config, database, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  const login = await fetch(`${base}/api/v1/account/Signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: 'operador@far.mx', Password: PASSWORD }),
  });
  const token = ((await login.json()) as { data: { AccessToken: string } }).data.AccessToken;
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string };

  // The reference: the same session+user statement on the same pool, nothing else.
  const bare = Fastify();
  bare.get('/session', async () => ({ success: true, data: (await actorRow(database, claims)) ?? null }));
  const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });
  const bearer = { authorization: `Bearer ${token}` };

  console.log(
    `\n${label}: ${CONNECTIONS} connections, ${SECONDS} s per run after ${WARMUP_SECONDS} s of warm-up; menu and reference in turns, ${ROUNDS} runs each (mean throughput, worst p99)`,
  );
  const signin = await load(`${base}/api/v1/account/Signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: 'operador@far.mx', Password: PASSWORD }),
    connections: CONNECTIONS,
  });
  const [reference, authed] = await alternate(
    ROUNDS,
    () => load(`${bareBase}/session`, { connections: CONNECTIONS }),
    () => load(`${base}/api/v1/rbac/menu`, { headers: bearer, connections: CONNECTIONS }),
  );
  const health = await load(`${base}/api/health`, { connections: CONNECTIONS });
  console.log(line('POST Signin (argon2id 19 MiB, t=2)', signin));
  console.log(line('GET /api/v1/rbac/menu (bearer)', authed));
  console.log(line('reference: bare route, session+user query only', reference));
  console.log(line('GET /api/health (public)', health));
  console.log(ratio('authenticated menu ÷ reference', authed, reference, '≥ 0.70'));

  await bare.close();
  await app.close();
}

/**
 * Each engine is measured in a fresh process of its own (this script again, with BENCH_ENGINE): in
 * one process, the code the first engine's run compiled and its heap would be what the second is
 * measured with.
 */
async function main() {
  const engine = process.env.BENCH_ENGINE;
  if (!engine) {
    console.log(`FAR Portal auth bench — ${cpus().length} CPU(s) ${cpus()[0]?.model ?? ''}, node ${process.version}; load generator in a child process`);
    for (const e of ['pglite', 'postgres']) await inChild(e);
    return;
  }
  if (engine === 'pglite') {
    const lite = await openDatabase({});
    await bench('PGlite (embedded, in memory)', lite);
    await lite.close();
    return;
  }
  const scratch = await scratchDatabase('far_bench_auth');
  if (!scratch) {
    console.log('\nPostgreSQL not reachable: skipped (set BENCH_DATABASE_URL)');
    return;
  }
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 10 });
  try {
    const server = (await database.query<{ v: string }>('bench_version', "SELECT current_setting('server_version') AS v", []))[0]?.v;
    await bench(`PostgreSQL ${server}, pool of 10`, database);
  } finally {
    await database.close();
    await scratch.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
