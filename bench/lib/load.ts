// Shared by the benchmarks: the load generator runs in a child process of its own (autocannon's
// CLI), so its CPU never counts against the server measured in this process.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { createRequire } from 'node:module';
import pg from 'pg';

const require = createRequire(import.meta.url);
const AUTOCANNON = require.resolve('autocannon/autocannon.js');

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Every figure is taken after the same load has run this long unmeasured, for the route and its
 * reference alike: a server's first seconds compile its code paths, and a long path (hooks, guard,
 * envelope) takes longer to compile than a bare route, which would otherwise be measured cold.
 */
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 3);
/** A PostgreSQL where scratch databases may be created and dropped. */
export const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  mean: number;
  non2xx: number;
  errors: number;
  /** The machine's 1-minute load average when the run ended (others share the cores). */
  load1: number;
}

export interface LoadOptions {
  connections?: number;
  seconds?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Runs autocannon against `url` in a child process, after its warm-up, and returns its summary. */
export async function load(url: string, o: LoadOptions = {}): Promise<Load> {
  if (WARMUP_SECONDS > 0) await run(url, { ...o, seconds: WARMUP_SECONDS });
  return run(url, o);
}

function run(url: string, o: LoadOptions): Promise<Load> {
  const args = [AUTOCANNON, '--json', '-c', String(o.connections ?? 16), '-d', String(o.seconds ?? SECONDS), '-m', o.method ?? 'GET'];
  for (const [k, v] of Object.entries(o.headers ?? {})) args.push('-H', `${k}=${v}`);
  if (o.body !== undefined) args.push('-b', o.body);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        const r = JSON.parse(out) as { requests: { average: number }; latency: { p50: number; p99: number; average: number }; non2xx: number; errors: number };
        resolve({
          rps: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          mean: r.latency.average,
          non2xx: r.non2xx,
          errors: r.errors,
          load1: loadavg()[0]!,
        });
      } catch {
        reject(new Error(`autocannon terminó con ${code}: ${out.slice(0, 200)}`));
      }
    });
  });
}

/**
 * A route and its reference measured in turns (A B A B …): the machine's drift during a run (other
 * tenants of the host, the heap growing) falls on both alike. Returns each side's runs merged.
 */
export async function alternate(rounds: number, a: () => Promise<Load>, b: () => Promise<Load>): Promise<[Load, Load]> {
  const as: Load[] = [];
  const bs: Load[] = [];
  for (let i = 0; i < rounds; i++) {
    as.push(await a());
    bs.push(await b());
  }
  return [merge(as), merge(bs)];
}

/** Several runs of one load as one figure: mean throughput and p50, the worst p99. */
function merge(runs: Load[]): Load {
  const mean = (f: (r: Load) => number) => runs.reduce((sum, r) => sum + f(r), 0) / runs.length;
  return {
    rps: mean((r) => r.rps),
    p50: mean((r) => r.p50),
    p99: Math.max(...runs.map((r) => r.p99)),
    mean: mean((r) => r.mean),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    load1: runs[runs.length - 1]!.load1,
  };
}

export const line = (name: string, r: Load) =>
  `${name.padEnd(52)} ${String(Math.round(r.rps)).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(5)} ms   non-2xx ${r.non2xx}  errors ${r.errors}   load ${r.load1.toFixed(1)}`;

export const ratio = (name: string, a: Load, b: Load, target?: string) =>
  `${name.padEnd(52)} ${(a.rps / b.rps).toFixed(3)} of the reference's throughput${target ? `   (target ${target})` : ''}`;

export const urlFor = (db: string) => {
  const u = new URL(PG_URL);
  u.pathname = `/${db}`;
  return u.toString();
};

export interface Scratch {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** Scratch databases of this run not yet dropped: an interrupted run drops them on its way out. */
const live = new Map<string, () => Promise<void>>();
let trapped = false;

function dropOnSignal() {
  if (trapped) return;
  trapped = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      console.error(`\n${signal}: dropping ${[...live.keys()].join(', ') || 'no scratch database'}`);
      void dropScratchDatabases().then(() => process.exit(130));
    });
}

/** Drops every scratch database of this run still open (on a signal, or when a run fails). */
export const dropScratchDatabases = () => Promise.allSettled([...live.values()].map((drop) => drop()));

/**
 * Creates a scratch database of this run and returns its URL and a function that drops it. The
 * name is the base plus the process id and a random suffix, so two runs at once never share one and
 * a crashed run's leftover never blocks the next; SIGINT and SIGTERM drop what is still open.
 */
export async function scratchDatabase(base: string): Promise<Scratch | null> {
  const name = `${base}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  await admin.query(`CREATE DATABASE ${name}`);
  let dropped: Promise<void> | undefined;
  const drop = () =>
    (dropped ??= (async () => {
      live.delete(name);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    })());
  live.set(name, drop);
  dropOnSignal();
  return { name, url: urlFor(name), drop };
}

/** A scratch database, or an error when PostgreSQL is not reachable (benches that need it). */
export async function needScratch(base: string): Promise<Scratch> {
  const scratch = await scratchDatabase(base);
  if (!scratch) throw new Error(`No PostgreSQL at ${new URL(PG_URL).host} (set BENCH_DATABASE_URL)`);
  return scratch;
}
