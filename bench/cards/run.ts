// Cards at scale on PostgreSQL: a 100,000-card creation batch worked by the jobs (cards per
// second and this server process's peak memory), 10,000-row matching + activation, a
// 10,000-row load-funds-csv, and sandbox authorisations per second with 16 clients over the
// funded cards, printed beside pgbench tpcb-like (16 clients) measured in the same run.
//
// Run:   npx tsx bench/cards/run.ts          (BENCH_CARDS=20000 for a scaled-down run)
// Env:   BENCH_DATABASE_URL (or DATABASE_URL): a PostgreSQL where far_bench_cards and
//        far_bench_cards_pgbench may be created and dropped; BENCH_SECONDS (default 10); PGBENCH.
// Figures go to stdout; nothing is asserted.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { buildApp, cards, openDatabase, runDueJobs, type Database } from '@far/server';
import type { FastifyInstance } from 'fastify';
import { benchDatabase } from '../lib/app';
import { SECONDS, scratchDatabase } from '../lib/load';

const STOCK = Number(process.env.BENCH_CARDS ?? 100_000);
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const CLIENTS = 16;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const row = (name: string, value: string, target = '') => console.log(`${name.padEnd(46)} ${value.padStart(22)}   ${target}`);

function multipart(fields: Record<string, string>, csv: string) {
  const boundary = `----farbench${Date.now()}`;
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  );
  return { payload: Buffer.from(parts.join('')), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function session(app: FastifyInstance, email: string) {
  const res = await app.inject({ method: 'POST', url: '/api/v1/account/Signin', payload: { Email: email, Password: 'Demo#2026' } });
  const token = res.json().data.AccessToken as string;
  return async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const r = await app.inject({ method: 'POST', url, payload: body as never, headers: { authorization: `Bearer ${token}`, ...headers } });
    if (r.statusCode !== 200) throw new Error(`${url} → ${r.statusCode}: ${r.body.slice(0, 300)}`);
    return r.json().data;
  };
}

function pgbenchTps(url: string): number {
  const bin = [process.env.PGBENCH, '/usr/lib/postgresql/15/bin/pgbench', '/usr/bin/pgbench'].find((p) => p && existsSync(p)) ?? 'pgbench';
  const u = new URL(url);
  const args = ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres')];
  const db = u.pathname.slice(1);
  execFileSync(bin, ['-i', '-s', String(CLIENTS), '-q', ...args, db], { stdio: 'pipe' });
  const out = execFileSync(bin, ['-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), '-b', 'tpcb-like', ...args, db], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return Number(/tps = ([\d.]+)/.exec(out)?.[1]);
}

/** With `ask`, each purchase first asks the business's endpoint (issue 28 §2), as the sandbox route does. */
type Ask = (card: cards.CardRow, req: cards.PurchaseRequest, now: Date) => Promise<cards.AuthorizeOptions>;

async function authorisations(database: Database, cardRows: cards.CardRow[], ask?: Ask): Promise<{ perSecond: number; approved: number; declined: number }> {
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  let approved = 0;
  let declined = 0;
  let i = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < deadline) {
        const card = cardRows[i++ % cardRows.length]!;
        const req: cards.PurchaseRequest = { merchant: 'Bench', mcc: 5411, amountCents: 100n, channel: 'in-person', country: 'MX' };
        const now = new Date();
        const opts = ask ? await ask(card, req, now) : undefined;
        const a = await database.db.transaction((tx) => cards.sandboxProcessor.authorize(tx, card, req, now, opts));
        if (a.v_status === 'approved') approved++;
        else declined++;
      }
    }),
  );
  return { perSecond: (approved + declined) / ((performance.now() - started) / 1000), approved, declined };
}

async function main() {
  const scratch = await scratchDatabase('far_bench_cards');
  const pgbenchDb = await scratchDatabase('far_bench_cards_pgbench');
  if (!scratch || !pgbenchDb) throw new Error('No PostgreSQL at BENCH_DATABASE_URL');
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: CLIENTS + 4 });
  const config = await benchDatabase(database);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const staff = await session(app, 'super@far.mx');
  const business = await session(app, 'empresa@demo.mx');
  console.log(
    `cards bench · PostgreSQL · ${STOCK.toLocaleString('en')} cards · ${ROWS.toLocaleString('en')} rows · load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  // 1. A creation batch generated from the BIN, worked by the jobs in this process.
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  let t0 = performance.now();
  const batch = await staff('/api/v1/cards/action/generate', { Count: STOCK });
  for (;;) {
    await runDueJobs(database.db, new Date(Date.now() + 1000), { kinds: [cards.BATCH_JOB] });
    const b = await staff('/api/v1/cards/cardbatchcreations/query/getbyreferencebatch', { ReferenceBatch: batch.ReferenceBatch });
    if (b.Status !== 'INPROGRESS') break;
  }
  const createSeconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  row(
    'cards created per second',
    `${Math.round(STOCK / createSeconds).toLocaleString('en')} /s`,
    `(${createSeconds.toFixed(1)} s for ${STOCK.toLocaleString('en')}; target ≤ 60 s for 100,000)`,
  );
  row('server peak memory (RSS) during the batch', mb(peak), '');

  // 2. Cardholders, then a 10,000-row matching file and the activation of every assigned card.
  const holders = Array.from({ length: ROWS }, (_, i) => `BEN${String(i).padStart(6, '0')}`);
  const upload = multipart(
    {},
    `CardholderIdentifier,Names,LastName,Email,CellPhone\n${holders.map((h) => `${h},Ana,Bench,${h.toLowerCase()}@bench.mx,5512345678`).join('\n')}\n`,
  );
  const up = await app.inject({
    method: 'POST',
    url: '/api/v1/cardholders/action/upload-csv',
    payload: upload.payload,
    headers: {
      ...upload.headers,
      authorization: `Bearer ${(await app.inject({ method: 'POST', url: '/api/v1/account/Signin', payload: { Email: 'empresa@demo.mx', Password: 'Demo#2026' } })).json().data.AccessToken}`,
    },
  });
  if (up.statusCode !== 200) throw new Error(up.body);
  const stockIds = (
    await database.pool!.query<{ id: string }>(`SELECT v_card_identifier AS id FROM cards WHERE i_status = 1 ORDER BY v_card_identifier LIMIT ${ROWS}`)
  ).rows.map((r) => r.id);
  const token = (await app.inject({ method: 'POST', url: '/api/v1/account/Signin', payload: { Email: 'empresa@demo.mx', Password: 'Demo#2026' } })).json().data
    .AccessToken as string;
  const send = async (url: string, m: ReturnType<typeof multipart>, headers: Record<string, string> = {}) => {
    const r = await app.inject({ method: 'POST', url, payload: m.payload, headers: { ...m.headers, authorization: `Bearer ${token}`, ...headers } });
    if (r.statusCode !== 200) throw new Error(`${url} → ${r.statusCode}: ${r.body.slice(0, 300)}`);
    return r.json().data;
  };
  t0 = performance.now();
  const matched = await send(
    '/api/v1/cards/matchcards',
    multipart({}, `CardIdentifier,CardholderIdentifier\n${stockIds.map((id, i) => `${id},${holders[i]}`).join('\n')}\n`),
  );
  const activated = await business('/api/v1/cards/activate', {});
  const activationSeconds = (performance.now() - t0) / 1000;
  row(
    `${ROWS.toLocaleString('en')}-row matching + activation`,
    `${activationSeconds.toFixed(1)} s`,
    `(${matched.MatchedRecords} matched, ${activated.Activated} activated)`,
  );

  // 3. A 10,000-row load-funds-csv, executed with its code.
  const { BusinessId } = await business('/api/v1/cardholders/query/count-by-business', {});
  await staff(`/api/v1/transaction/business/${BusinessId}/deposit`, { Amount: '100000000.00' }, { 'idempotency-key': `bench-${Date.now()}` });
  await business('/api/v1/security/code', { Operation: 'card-funding' });
  const code = (
    await database.pool!.query<{ t_body: string }>(`SELECT t_body FROM outbox WHERE v_to = 'empresa@demo.mx' ORDER BY d_create_at DESC LIMIT 1`)
  ).rows[0]!.t_body.match(/\b(\d{6})\b/)![1]!;
  t0 = performance.now();
  const funded = await send(
    '/api/v1/transaction/cardholdermovements/load-funds-csv',
    multipart({ SecurityCode: code }, `CardIdentifier,Amount\n${stockIds.map((id) => `${id},100.00`).join('\n')}\n`),
    { 'idempotency-key': `bench-fund-${Date.now()}` },
  );
  const fundingSeconds = (performance.now() - t0) / 1000;
  row(
    `${ROWS.toLocaleString('en')}-row load-funds-csv`,
    `${fundingSeconds.toFixed(1)} s`,
    `(${funded.Rows.length} rows, total ${funded.Total}; target ≤ 20 s)`,
  );

  // 4. Authorisations per second beside pgbench tpcb-like on the same server, same run.
  const rows = await cards.cardsByIdentifiers(database.db, stockIds);
  const auth = await authorisations(database, rows);
  const tps = pgbenchTps(pgbenchDb.url);
  row(
    'sandbox authorisations per second (16 clients)',
    `${Math.round(auth.perSecond).toLocaleString('en')} /s`,
    `(${auth.approved} approved, ${auth.declined} declined)`,
  );
  row('pgbench tpcb-like (16 clients)', `${Math.round(tps).toLocaleString('en')} tps`, '');
  row('authorisations / pgbench', `${((auth.perSecond / tps) * 100).toFixed(0)} %`, '(target ≥ 60 %)');

  // 5. The same, each purchase asked to the business's endpoint first: a local server that approves at once.
  const endpoint = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('{"approved":true}'));
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  const port = (endpoint.address() as AddressInfo).port;
  const set = await app.inject({
    method: 'PUT',
    url: '/api/v1/cards/authorization-endpoint',
    payload: { BusinessId, Url: `http://127.0.0.1:${port}/auth`, TimeoutMs: 5000, Default: 'decline', AllowLoopback: true },
    headers: {
      authorization: `Bearer ${(await app.inject({ method: 'POST', url: '/api/v1/account/Signin', payload: { Email: 'super@far.mx', Password: 'Demo#2026' } })).json().data.AccessToken}`,
    },
  });
  if (set.statusCode !== 200) throw new Error(set.body);
  const out = { resolve: app.ctx.resolveHost, production: false };
  const asked = await authorisations(database, rows, (card, req, now) => cards.askBusiness(database.db, config.envelopeKey, out, card, req, now));
  endpoint.close();
  row(
    'authorisations asking the business (16 clients)',
    `${Math.round(asked.perSecond).toLocaleString('en')} /s`,
    `(${asked.approved} approved, ${asked.declined} declined)`,
  );
  row('authorisations asking the business / pgbench', `${((asked.perSecond / tps) * 100).toFixed(0)} %`, '(target ≥ 30 %)');
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  await app.close();
  await database.close();
  await scratch.drop();
  await pgbenchDb.drop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
