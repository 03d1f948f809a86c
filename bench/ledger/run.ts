// Ledger throughput: SPEI-out movements (hold, then settle with six legs: amount, commission and
// IVA out of the business, into SPEI clearing, commission income and IVA payable) on PostgreSQL
// with 16 concurrent clients across many accounts, then all on ONE hot account, each printed
// beside pgbench's tpcb-like TPS measured in the same run on the same server; then the same
// movement on embedded PGlite (one connection, sequential).
//
// Run:   npx tsx bench/ledger/run.ts
// Env:   BENCH_DATABASE_URL (or DATABASE_URL) — a PostgreSQL where scratch databases
//        (far_bench_ledger_<pid>_<random> and the like) may be created and dropped
//        (default postgres://postgres@127.0.0.1:5432/postgres);
//        BENCH_SECONDS per measurement (default 10); PGBENCH (path to pgbench).
// Figures go to stdout; nothing is asserted.
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import pg from 'pg';
import { buildClabe } from '@far/contracts';
import { buildApp, ledger, openDatabase, runMigrations, type Database } from '@far/server';
import { benchDatabase } from '../lib/app';
import { PG_URL, dropScratchDatabases, needScratch, type Scratch } from '../lib/load';
import { httpWalletTransfers } from './wallet';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = 16;
const ACCOUNTS = 1_000;
/** SPEI out of MXN 1,000.00 with a MXN 5.00 commission and its IVA (0.80). */
const AMOUNT = 100_000n;
const COMMISSION = 500n;
const IVA = 80n;
const TOTAL = AMOUNT + COMMISSION + IVA;
const POSTINGS_PER_MOVEMENT = 6;
const TX_PER_MOVEMENT = 2;

function pgbenchPath(): string {
  const candidates = [process.env.PGBENCH, '/usr/lib/postgresql/15/bin/pgbench', '/usr/bin/pgbench'].filter((p): p is string => !!p);
  for (const p of candidates) if (existsSync(p)) return p;
  return 'pgbench';
}

/**
 * CPU seconds used so far by the local PostgreSQL: every `postgres` process's own time plus that of
 * its ended children (a backend's time reaches the postmaster's when its connection closes). Null
 * when PostgreSQL is not a process of this machine (then the ceiling below is not printed).
 */
function postgresCpuSeconds(): number | null {
  let ticks = 0;
  let seen = false;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    if (!stat.includes('(postgres)')) continue;
    seen = true;
    // After "pid (comm) ": state is field 3; utime, stime, cutime, cstime are fields 14-17.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
  }
  // USER_HZ is 100 on Linux.
  return seen ? ticks / 100 : null;
}

/** PostgreSQL CPU spent while `work` ran (null when it cannot be read here). */
function postgresCpuDuring<T>(work: () => T): { result: T; pgCpu: number | null };
function postgresCpuDuring<T>(work: () => Promise<T>): Promise<{ result: T; pgCpu: number | null }>;
function postgresCpuDuring<T>(work: () => T | Promise<T>) {
  const before = postgresCpuSeconds();
  const done = (result: T) => {
    const after = postgresCpuSeconds();
    return { result, pgCpu: before === null || after === null ? null : after - before };
  };
  const r = work();
  return r instanceof Promise ? r.then(done) : done(r);
}

function pgbench(db: Scratch): { tps: number; version: string; pgCpuPerTx: number | null } {
  const bin = pgbenchPath();
  const u = new URL(db.url);
  const conn = ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres')];
  const env = { ...process.env, ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}) };
  // Scale ≥ clients, so pgbench's own clients do not all queue on a few branch rows.
  execFileSync(bin, ['-i', '-s', String(CLIENTS), '-q', ...conn, db.name], { env, stdio: 'pipe' });
  const { result: out, pgCpu } = postgresCpuDuring(() =>
    execFileSync(bin, ['-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), '-b', 'tpcb-like', ...conn, db.name], {
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1] ?? /tps = ([\d.]+)/.exec(out)?.[1]);
  const processed = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1]);
  const version = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
  return { tps, version, pgCpuPerTx: pgCpu === null || !processed ? null : pgCpu / processed };
}

async function openBusinesses(database: Database, n: number, prefix: string): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < n; start += 250) {
    await database.db.transaction(async (tx) => {
      for (let i = start; i < Math.min(n, start + 250); i++) {
        const a = await ledger.openAccount(tx, { ownerKind: 'business', owner: `${prefix}${String(i).padStart(6, '0')}`, name: `Bench ${i}` });
        await ledger.postTransaction(tx, {
          kind: 'deposit',
          reference: `fund-${a.id}`,
          postings: [
            { book: 'spei-clearing', amountCents: -10_000_000_000n },
            { accountId: a.id, amountCents: 10_000_000_000n },
          ],
        });
        ids.push(a.id);
      }
    });
  }
  return ids;
}

let seq = 0;
/** One SPEI-out: the order is accepted (hold), later the rail settles it (six-leg posting). */
async function speiOut(database: Database, accountId: string): Promise<void> {
  const reference = `bench-${process.pid}-${++seq}`;
  await database.db.transaction((tx) => ledger.placeHold(tx, { accountId, amountCents: TOTAL, reference }));
  await database.db.transaction((tx) =>
    ledger.settleHold(tx, {
      reference,
      postings: [
        { accountId, amountCents: -AMOUNT, leg: 'amount' },
        { book: 'spei-clearing', amountCents: AMOUNT, leg: 'amount' },
        { accountId, amountCents: -COMMISSION, leg: 'commission' },
        { book: 'commission-income', amountCents: COMMISSION, leg: 'commission' },
        { accountId, amountCents: -IVA, leg: 'iva' },
        { book: 'iva-payable', amountCents: IVA, leg: 'iva' },
      ],
    }),
  );
}

interface Run {
  movements: number;
  errors: number;
  seconds: number;
  latencies: number[];
  /** CPU this Node process used, as a share of one core (the database shares the machine). */
  clientCpu: number;
}

async function measure(database: Database, clients: number, pick: () => string): Promise<Run> {
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  const latencies: number[] = [];
  let movements = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          await speiOut(database, pick());
          movements += 1;
          latencies.push(performance.now() - t0);
        } catch (err) {
          errors += 1;
          if (errors <= 3) console.error('  error:', (err as Error).message);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return { movements, errors, seconds, latencies, clientCpu: (cpu.user + cpu.system) / 1e6 / seconds };
}

const pct = (xs: number[], p: number) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

function report(name: string, r: Run, pgbenchTps?: number) {
  const movements = r.movements / r.seconds;
  const postings = movements * POSTINGS_PER_MOVEMENT;
  const txs = movements * TX_PER_MOVEMENT;
  console.log(
    `${name.padEnd(38)} ${movements.toFixed(0).padStart(7)} movements/s  ${postings.toFixed(0).padStart(7)} postings/s  ${txs.toFixed(0).padStart(7)} ledger tx/s` +
      `   p50 ${pct(r.latencies, 50).toFixed(1)} ms  p99 ${pct(r.latencies, 99).toFixed(1)} ms  errors ${r.errors}  node CPU ${(r.clientCpu * 100).toFixed(0)}%`,
  );
  if (pgbenchTps) {
    console.log(
      `${''.padEnd(38)} vs pgbench tpcb-like ${pgbenchTps.toFixed(0)} TPS (mean): postings/s ÷ TPS = ${(postings / pgbenchTps).toFixed(2)}, ledger tx/s ÷ TPS = ${(txs / pgbenchTps).toFixed(2)}`,
    );
  }
}

async function check(database: Database) {
  const rows = (await database.db.execute(`
    SELECT (SELECT coalesce(sum(n_balance_cents), 0) FROM ledger_accounts)::text AS total,
           (SELECT count(*) FROM ledger_accounts WHERE b_customer AND n_balance_cents - n_held_cents < 0)::int AS overdrawn,
           (SELECT count(*) FROM ledger_postings)::text AS postings`)) as unknown as { rows: { total: string; overdrawn: number; postings: string }[] };
  const r = rows.rows[0]!;
  return `ledger check: all accounts sum to ${r.total}, customer accounts below zero: ${r.overdrawn}, postings written: ${r.postings}`;
}

/**
 * SPEI out through HTTP, as a business user does it: bearer token, Idempotency-Key, security code,
 * limits, the hold (one ledger transaction) and the audit entry, at CLIENTS connections from a
 * load generator in its own process. Each call needs a fresh security code, which a person asks
 * for beforehand; the bench inserts that code row (one INSERT) for every call instead.
 */
async function httpSpeiOut(): Promise<{ ledgerTxPerSecond: number; calls: number; non2xx: number; p50: number; p99: number; pgCpuPerOrder: number | null }> {
  const scratch = await needScratch('far_bench_ledger_http');
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: CLIENTS });
  const config = await benchDatabase(database);
  const app = await buildApp({ config, database, logger: false });
  const CODE = '123456';
  app.addHook('onRequest', async (req) => {
    if (!req.url.endsWith('/speiout') || !req.actor) return;
    const id = randomUUID();
    await database.query(
      'bench_code',
      `INSERT INTO security_codes (v_uid, v_uid_user, v_operation, v_code_hash, d_expires_at, i_attempts_left) VALUES ($1, $2, 'spei-out', $3, now() + interval '5 minutes', 3)`,
      [id, req.actor.userId, createHash('sha256').update(`${id}:${CODE}`).digest('hex')],
    );
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const post = async (path: string, token: string | null, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { data: Record<string, string> };
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  const signin = async (email: string) => (await post('/api/v1/account/Signin', null, { Email: email, Password: 'Demo#2026' })).AccessToken!;
  const staff = await signin('operador@far.mx');
  // CLIENTS businesses, each with one user, so the holds spread over CLIENTS accounts: the two
  // demo businesses and copies of the first (business and user rows cloned in SQL).
  const columns = async (table: string) =>
    (
      await database.query<{ c: string }>(
        'bench_columns',
        'SELECT column_name AS c FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position',
        [table],
      )
    ).map((r) => r.c);
  const clone = (cols: string[], overrides: Record<string, string>) => cols.map((c) => overrides[c] ?? c).join(', ');
  const [bizCols, userCols] = [await columns('businesses'), await columns('users')];
  const emails = ['empresa@demo.mx', 'negocio@demo.mx'];
  for (let i = 1; i <= CLIENTS - 2; i++) {
    const client = `BUS9${String(i).padStart(5, '0')}`;
    const email = `bench${i}@bench.mx`;
    await database.query(
      'bench_clone_business',
      `INSERT INTO businesses (${bizCols.join(', ')}) SELECT ${clone(bizCols, { v_uid: 'gen_random_uuid()', v_client: '$1', v_rfc: "'BEN' || $1", v_account_number: "'99' || lpad(substr($1, 4), 16, '0')", v_email: '$2', v_customer_id: 'NULL' })}
       FROM businesses WHERE v_client = (SELECT v_client FROM users WHERE v_email = 'empresa@demo.mx')`,
      [client, email],
    );
    await database.query(
      'bench_clone_user',
      `INSERT INTO users (${userCols.join(', ')}) SELECT ${clone(userCols, { v_uid: 'gen_random_uuid()', v_client: '$1', v_email: '$2' })} FROM users WHERE v_email = 'empresa@demo.mx'`,
      [client, email],
    );
    emails.push(email);
  }
  const tokens = await Promise.all(emails.map(signin));
  const businesses = await database.query<{ v_uid: string }>(
    'bench_biz',
    'SELECT DISTINCT b.v_uid FROM businesses b JOIN users u ON u.v_client = b.v_client WHERE u.v_email = ANY($1)',
    [emails],
  );
  for (const b of businesses) await post(`/api/v1/transaction/business/${b.v_uid}/deposit`, staff, { Amount: '9000000.00' });

  // An accepted SPEI out is one ledger transaction: its hold (settlement comes later, by a job).
  const count = async () =>
    Number(
      (
        await database.query<{ n: string }>(
          'bench_count',
          'SELECT ((SELECT count(*) FROM ledger_holds) + (SELECT count(*) FROM ledger_transactions))::text AS n',
          [],
        )
      )[0]!.n,
    );
  const before = await count();
  const body = JSON.stringify({
    ConfirmHolder: true,
    Clabe: buildClabe('990', '180', '00000000011'),
    BeneficiaryName: 'Proveedor de prueba',
    Amount: '1.00',
    Concept: 'Pago de prueba',
    Reference: '1234',
    SecurityCode: CODE,
  });
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      new URL('../lib/spread-load.ts', import.meta.url).pathname,
      JSON.stringify({ url: `${base}/api/v1/transaction/business-movement/speiout`, tokens, body, seconds: SECONDS, connections: CLIENTS }),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  // The database's CPU for the orders (each with the bench's one INSERT of its code), to print the
  // ceiling that alone sets on the ratio.
  const { pgCpu } = await postgresCpuDuring(() => new Promise((resolve) => child.on('exit', resolve)));
  // Per second of load (autocannon's duration), not counting the child process's start.
  const seconds = SECONDS;
  const r = JSON.parse(out) as { ok: number; non2xx: number; p50: number; p99: number };
  const ledgerTx = (await count()) - before;
  await app.close();
  await database.close();
  await scratch.drop();
  return {
    ledgerTxPerSecond: ledgerTx / seconds,
    calls: r.ok,
    non2xx: r.non2xx,
    p50: r.p50,
    p99: r.p99,
    pgCpuPerOrder: pgCpu === null || !r.ok ? null : pgCpu / r.ok,
  };
}

async function main() {
  const cpu = cpus();
  console.log(`FAR Portal ledger bench — ${cpu.length} CPU(s) ${cpu[0]?.model ?? ''}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}`);
  console.log(`SPEI-out movement = hold (1 tx) + settle (1 tx, ${POSTINGS_PER_MOVEMENT} postings); ${SECONDS} s per measurement, ${CLIENTS} clients\n`);

  const pgbenchDb = await needScratch('far_bench_pgbench');
  const ledgerDb = await needScratch('far_bench_ledger');
  const admin = new pg.Client({ connectionString: ledgerDb.url });
  await admin.connect();
  const server = (await admin.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]?.v;
  await admin.end();

  console.log(`PostgreSQL ${server} at ${new URL(PG_URL).host}`);
  const first = pgbench(pgbenchDb);
  console.log(`${first.version}: tpcb-like, scale ${CLIENTS}, -c ${CLIENTS} -j 2 -T ${SECONDS}: ${first.tps.toFixed(0)} TPS before the ledger runs`);

  const database = await openDatabase({ databaseUrl: ledgerDb.url, poolSize: CLIENTS });
  await runMigrations(database);
  const accounts = await openBusinesses(database, ACCOUNTS, 'BENCH');
  const spread = await measure(database, CLIENTS, () => accounts[Math.floor(Math.random() * accounts.length)]!);
  const hot = accounts[0]!;
  const single = await measure(database, CLIENTS, () => hot);
  const ledgerCheck = await check(database);
  await database.close();
  await ledgerDb.drop();
  const http = await httpSpeiOut();
  const wallet = await httpWalletTransfers({ clients: CLIENTS, seconds: SECONDS });

  // pgbench again: the ratios use the mean of the runs before and after, so drift of a shared machine shows and evens out.
  const second = pgbench(pgbenchDb);
  const tps = (first.tps + second.tps) / 2;
  console.log(`pgbench tpcb-like after the ledger runs: ${second.tps.toFixed(0)} TPS; mean ${tps.toFixed(0)} TPS\n`);
  report(`PostgreSQL, ${CLIENTS} clients, ${ACCOUNTS} accounts`, spread, tps);
  report(`PostgreSQL, ${CLIENTS} clients, ONE hot account`, single, tps);
  console.log(`${ledgerCheck}\n`);
  console.log(
    `HTTP SPEI out (POST .../speiout: auth, Idempotency-Key, code, hold, audit), ${CLIENTS} connections, ${CLIENTS} businesses: ${http.calls} accepted, non-2xx ${http.non2xx}, p50 ${http.p50} ms, p99 ${http.p99} ms`,
  );
  console.log(
    `${''.padEnd(38)} ${http.ledgerTxPerSecond.toFixed(0)} ledger tx/s ÷ pgbench ${tps.toFixed(0)} TPS = ${(http.ledgerTxPerSecond / tps).toFixed(2)}   (target ≥ 0.25; p99 target ≤ 100 ms)`,
  );
  const perTx = [first.pgCpuPerTx, second.pgCpuPerTx].filter((v): v is number => v !== null);
  if (http.pgCpuPerOrder !== null && perTx.length) {
    // What PostgreSQL alone allows: all the cores for the database, none for node or the load generator.
    const pgbenchTx = perTx.reduce((a, b) => a + b, 0) / perTx.length;
    const ceiling = cpus().length / http.pgCpuPerOrder;
    console.log(
      `${''.padEnd(38)} PostgreSQL CPU: ${(http.pgCpuPerOrder * 1000).toFixed(2)} ms per SPEI out, ${(pgbenchTx * 1000).toFixed(2)} ms per pgbench transaction (${(http.pgCpuPerOrder / pgbenchTx).toFixed(1)}×);` +
        ` with all ${cpus().length} cores for the database alone at most ${ceiling.toFixed(0)} SPEI outs/s, ${(ceiling / tps).toFixed(2)} of pgbench`,
    );
  }
  console.log('');
  console.log(
    `HTTP wallet to wallet (POST /api/v1/wallet/transfer: auth, Idempotency-Key, code, limits, 1 ledger tx, notice, audit), ${CLIENTS} wallets in a ring: ${wallet.calls} accepted, non-2xx ${wallet.non2xx}, p50 ${wallet.p50} ms, p99 ${wallet.p99} ms`,
  );
  console.log(
    `${''.padEnd(38)} ${wallet.transfersPerSecond.toFixed(0)} transfers/s ÷ pgbench ${tps.toFixed(0)} TPS = ${(wallet.transfersPerSecond / tps).toFixed(2)}   (target ≥ 0.25; p99 target ≤ 100 ms)`,
  );
  console.log(`${wallet.check}\n`);

  const lite = await openDatabase({});
  await runMigrations(lite);
  const liteAccounts = await openBusinesses(lite, 100, 'LITE');
  const embedded = await measure(lite, 1, () => liteAccounts[Math.floor(Math.random() * liteAccounts.length)]!);
  report('PGlite (embedded, in memory), 1 client', embedded);
  console.log(await check(lite));
  await lite.close();

  await pgbenchDb.drop();
}

main().catch(async (err) => {
  console.error(err);
  await dropScratchDatabases();
  process.exit(1);
});
