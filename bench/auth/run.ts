// Sign-in throughput, and the latency of an authenticated GET beside a bare Fastify route in the
// same run, printed as a ratio. Uses embedded PGlite unless DATABASE_URL names a PostgreSQL.
// Run: npm run bench (figures go to stdout; nothing is asserted).
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp, loadConfig, openDatabase, runMigrations, seed } from '@far/server';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const PASSWORD = 'Demo#2026';

async function main() {
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    ENVELOPE_KEY: '1'.repeat(64),
    FAR_DEMO: '1',
    FAR_DATA_DIR: '/tmp/far-bench',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000000',
    RATE_LIMIT_SIGNIN: '100000000',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 20 });
  await runMigrations(database);
  await seed(database.db, config);
  const app = await buildApp({ config, database, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  const bare = Fastify();
  bare.get('/ping', async () => ({ success: true, data: [] }));
  const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });

  const login = await fetch(`${base}/api/v1/account/Signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ Email: 'operador@far.mx', Password: PASSWORD }) });
  const token = ((await login.json()) as { data: { AccessToken: string } }).data.AccessToken;

  const run = (opts: autocannon.Options) => autocannon({ duration: DURATION, connections: 16, ...opts });
  console.log(`FAR Portal auth bench — ${database.kind}, ${cpus().length} CPU(s) ${cpus()[0]?.model ?? ''}, ${DURATION} s per run, 16 connections`);

  const signin = await run({ url: `${base}/api/v1/account/Signin`, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ Email: 'operador@far.mx', Password: PASSWORD }) });
  const authed = await run({ url: `${base}/api/v1/rbac/menu`, headers: { authorization: `Bearer ${token}` } });
  const plain = await run({ url: `${bareBase}/ping` });

  const row = (name: string, r: autocannon.Result) =>
    `${name.padEnd(34)} ${String(Math.round(r.requests.average)).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(5)} ms   p99 ${String(r.latency.p99).padStart(5)} ms   non-2xx ${r.non2xx}`;
  console.log(row('POST Signin (argon2id 19 MiB, t=2)', signin));
  console.log(row('GET /api/v1/rbac/menu (bearer)', authed));
  console.log(row('GET bare Fastify route', plain));
  console.log(`authenticated GET / bare route: throughput ${(authed.requests.average / plain.requests.average).toFixed(3)}, mean latency ${authed.latency.average} ms vs ${plain.latency.average} ms`);

  await bare.close();
  await app.close();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
