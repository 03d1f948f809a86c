// Ledger throughput: SPEI-out movements (hold, then settle with six legs: amount, commission and
// IVA out of the business, into SPEI clearing, commission income and IVA payable) on PostgreSQL
// with 16 concurrent clients across many accounts, then all on ONE hot account, each printed
// beside pgbench's tpcb-like TPS measured in the same run on the same server; then the same
// movement on embedded PGlite (one connection, sequential).
//
// Run:   npx tsx bench/ledger/run.ts
// Env:   BENCH_DATABASE_URL (or DATABASE_URL) — a PostgreSQL where scratch databases
//        far_bench_ledger and far_bench_pgbench may be created and dropped
//        (default postgres://postgres@127.0.0.1:5432/postgres);
//        BENCH_SECONDS per measurement (default 10); PGBENCH (path to pgbench).
// Figures go to stdout; nothing is asserted.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import pg from 'pg';
import { ledger, openDatabase, runMigrations, type Database } from '@far/server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = 16;
const ACCOUNTS = 1_000;
const BASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LEDGER_DB = 'far_bench_ledger';
const PGBENCH_DB = 'far_bench_pgbench';
/** SPEI out of MXN 1,000.00 with a MXN 5.00 commission and its IVA (0.80). */
const AMOUNT = 100_000n;
const COMMISSION = 500n;
const IVA = 80n;
const TOTAL = AMOUNT + COMMISSION + IVA;
const POSTINGS_PER_MOVEMENT = 6;
const TX_PER_MOVEMENT = 2;

const urlFor = (db: string) => {
  const u = new URL(BASE_URL);
  u.pathname = `/${db}`;
  return u.toString();
};

function pgbenchPath(): string {
  const candidates = [process.env.PGBENCH, '/usr/lib/postgresql/15/bin/pgbench', '/usr/bin/pgbench'].filter((p): p is string => !!p);
  for (const p of candidates) if (existsSync(p)) return p;
  return 'pgbench';
}

async function recreate(admin: pg.Client, db: string) {
  await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${db}`);
}

function pgbench(): { tps: number; version: string } {
  const bin = pgbenchPath();
  const u = new URL(urlFor(PGBENCH_DB));
  const conn = ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres')];
  const env = { ...process.env, ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}) };
  execFileSync(bin, ['-i', '-s', '1', '-q', ...conn, PGBENCH_DB], { env, stdio: 'pipe' });
  const out = execFileSync(bin, ['-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), '-b', 'tpcb-like', ...conn, PGBENCH_DB], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1] ?? /tps = ([\d.]+)/.exec(out)?.[1]);
  const version = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
  return { tps, version };
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

async function main() {
  const cpu = cpus();
  console.log(`FAR Portal ledger bench — ${cpu.length} CPU(s) ${cpu[0]?.model ?? ''}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}`);
  console.log(`SPEI-out movement = hold (1 tx) + settle (1 tx, ${POSTINGS_PER_MOVEMENT} postings); ${SECONDS} s per measurement, ${CLIENTS} clients\n`);

  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  const server = (await admin.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]?.v;
  await recreate(admin, PGBENCH_DB);
  await recreate(admin, LEDGER_DB);

  console.log(`PostgreSQL ${server} at ${new URL(BASE_URL).host}`);
  const first = pgbench();
  console.log(`${first.version}: tpcb-like, scale 1, -c ${CLIENTS} -j 2 -T ${SECONDS}: ${first.tps.toFixed(0)} TPS before the ledger runs`);

  const database = await openDatabase({ databaseUrl: urlFor(LEDGER_DB), poolSize: CLIENTS });
  await runMigrations(database);
  const accounts = await openBusinesses(database, ACCOUNTS, 'BENCH');
  const spread = await measure(database, CLIENTS, () => accounts[Math.floor(Math.random() * accounts.length)]!);
  const hot = accounts[0]!;
  const single = await measure(database, CLIENTS, () => hot);
  const ledgerCheck = await check(database);
  await database.close();

  // pgbench again: the ratios use the mean of the runs before and after, so drift of a shared machine shows and evens out.
  const second = pgbench();
  const tps = (first.tps + second.tps) / 2;
  console.log(`pgbench tpcb-like after the ledger runs: ${second.tps.toFixed(0)} TPS; mean ${tps.toFixed(0)} TPS\n`);
  report(`PostgreSQL, ${CLIENTS} clients, ${ACCOUNTS} accounts`, spread, tps);
  report(`PostgreSQL, ${CLIENTS} clients, ONE hot account`, single, tps);
  console.log(`${ledgerCheck}\n`);

  const lite = await openDatabase({});
  await runMigrations(lite);
  const liteAccounts = await openBusinesses(lite, 100, 'LITE');
  const embedded = await measure(lite, 1, () => liteAccounts[Math.floor(Math.random() * liteAccounts.length)]!);
  report('PGlite (embedded, in memory), 1 client', embedded);
  console.log(await check(lite));
  await lite.close();

  await admin.query(`DROP DATABASE IF EXISTS ${LEDGER_DB} WITH (FORCE)`);
  await admin.query(`DROP DATABASE IF EXISTS ${PGBENCH_DB} WITH (FORCE)`);
  await admin.end();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
