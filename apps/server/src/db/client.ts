import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { nameHotStatements } from './hot-statements';
import { PgliteThread, type Embedded } from './pglite-thread';

/**
 * One type for both engines: the queries are the same PostgreSQL either way. drizzle is given no
 * schema: nothing uses its relational queries (db.query.*), and with one every transaction builds
 * a query builder per table (measured 0.13 ms per transaction, a sixth of a card authorisation's
 * time in node; issue 9). Tables are imported where they are used.
 */
type NoSchema = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, NoSchema>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
/** Repository functions take either, so the caller decides where the transaction begins. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Run a raw statement on a connection of its own (advisory locks, CREATE DATABASE). */
  close(): Promise<void>;
  /**
   * A hot read outside drizzle: on PostgreSQL a named prepared statement (parsed and planned once
   * per connection), on PGlite its extended-protocol query. For the few queries every request runs.
   */
  query<T>(name: string, text: string, params: unknown[]): Promise<T[]>;
  /**
   * PostgreSQL only: a named statement on connections of its own whose sessions plan it once for
   * every value (generic plan) and never by a sequential scan. For a statement that must read
   * through its indexes whatever the values, planned once (the search, decision 0034): one round
   * trip, where setting the planner for one transaction took four.
   */
  indexedQuery?<T>(name: string, text: string, params: unknown[]): Promise<T[]>;
  /** The embedded database, in this thread or (OpenOptions.thread) in a worker of its own. */
  pglite?: Embedded;
  pool?: pg.Pool;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data folder; omitted means in memory. */
  dataDir?: string;
  /** A dumped PGlite data folder to start from (tests start from a migrated snapshot). */
  loadDataDir?: Blob;
  poolSize?: number;
  /**
   * PGlite in a worker thread (pglite-thread.ts), so its work does not hold back HTTP answers; the
   * server runs it so. Tests keep it in their thread (they start from a dumped data folder).
   */
  thread?: boolean;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { pool, close } = openPool(opts.databaseUrl, opts.poolSize ?? 10);
    nameHotStatements(pool);
    let indexed: ReturnType<typeof openPool> | undefined;
    const indexedPool = () =>
      (indexed ??= openPool(
        opts.databaseUrl!,
        Math.max(2, Math.ceil((opts.poolSize ?? 10) / 2)),
        '-c enable_seqscan=off -c plan_cache_mode=force_generic_plan',
      ));
    // bigint (int8) comes back as string by default; keep it a string and convert explicitly where used.
    const db = drizzlePg({ client: pool }) as unknown as Db;
    const query = async <T>(name: string, text: string, values: unknown[]) => (await pool.query({ name, text, values })).rows as T[];
    const indexedQuery = async <T>(name: string, text: string, values: unknown[]) => (await indexedPool().pool.query({ name, text, values })).rows as T[];
    return { db, kind: 'postgres', pool, close: async () => void (await Promise.all([close(), indexed?.close()])), query, indexedQuery };
  }
  // pg_trgm and unaccent are always loaded: the search indexes of the migrations use them when they are there.
  const pglite: Embedded = opts.thread
    ? await PgliteThread.create(opts.dataDir)
    : await PGlite.create(opts.dataDir, { loadDataDir: opts.loadDataDir, extensions: { pg_trgm, unaccent } });
  const db = drizzlePglite({ client: pglite as PGlite }) as unknown as Db;
  const query = async <T>(_name: string, text: string, params: unknown[]) => (await pglite.query<T>(text, params)).rows;
  return { db, kind: 'pglite', pglite, close: () => pglite.close(), query };
}

/** A pool of connections (`options`: the sessions' settings), and a close that waits for their sockets. */
function openPool(connectionString: string, max: number, options?: string) {
  const pool = new pg.Pool({ connectionString, max, options });
  // An idle connection the server drops (restart, failover) must not crash the process; the
  // pool discards it and the next query opens a new one.
  pool.on('error', (err) => console.error('PostgreSQL: conexión inactiva cerrada', err.message));
  // pool.end() resolves before the sockets are closed; close() waits for them, so whoever drops
  // the database right after (tests, tooling) finds no backend of ours still ending.
  const open = new Set<pg.PoolClient>();
  pool.on('connect', (client) => {
    open.add(client);
    client.on('error', () => undefined);
    client.once('end', () => open.delete(client));
  });
  const close = async () => {
    const ended = [...open].map((c) => new Promise((resolve) => c.once('end', resolve)));
    await pool.end();
    await Promise.all(ended);
  };
  return { pool, close };
}
