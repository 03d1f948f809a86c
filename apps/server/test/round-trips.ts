/**
 * Counting the database round trips of a request (issue 23 §5): every statement the engine is
 * sent, BEGIN and COMMIT included. A count, never a time.
 */
import type { Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../src/db/client';

/** Counts what `database` sends while `run` runs: the pool's and its clients' queries, or PGlite's query/exec and each transaction's BEGIN and COMMIT. */
export async function roundTrips(database: Database, run: () => Promise<void>): Promise<{ count: number; texts: string[] }> {
  const texts: string[] = [];
  const seen = (q: unknown) => texts.push(typeof q === 'string' ? q : String((q as { text?: string }).text ?? q));
  const restore: Array<() => void> = [];
  const wrap = <O extends object, K extends keyof O>(o: O, k: K) => {
    const original = o[k] as unknown as (...args: unknown[]) => unknown;
    (o as Record<K, unknown>)[k] = function (this: unknown, ...args: unknown[]) {
      seen(args[0]);
      return original.apply(this, args);
    };
    restore.push(() => void ((o as Record<K, unknown>)[k] = original));
  };
  if (database.pglite) {
    const db = database.pglite;
    wrap(db, 'query');
    wrap(db, 'exec');
    const transaction = db.transaction;
    db.transaction = function <T>(this: unknown, fn: (tx: Transaction) => Promise<T>) {
      seen('BEGIN');
      return transaction
        .call(this, (tx) => {
          wrap(tx, 'query');
          wrap(tx, 'exec');
          return fn(tx);
        })
        .finally(() => seen('COMMIT'));
    } as typeof db.transaction;
    restore.push(() => void (db.transaction = transaction));
  } else {
    // pool.query borrows a client too: counting the clients' queries counts each statement once.
    const pool = database.pool!;
    const wrapped = new WeakSet<object>();
    const counted = (client: pg.PoolClient | undefined) => {
      if (client && !wrapped.has(client)) {
        wrapped.add(client);
        wrap(client, 'query');
      }
      return client;
    };
    const connect = pool.connect;
    type Done = (err: Error | undefined, client: pg.PoolClient | undefined, release: () => void) => void;
    (pool as { connect: unknown }).connect = function (this: pg.Pool, cb?: Done) {
      if (cb) return (connect as (cb: Done) => void).call(this, (err, client, release) => cb(err, counted(client), release));
      return (connect as () => Promise<pg.PoolClient>).call(this).then(counted);
    };
    restore.push(() => void ((pool as { connect: unknown }).connect = connect));
  }
  try {
    await run();
  } finally {
    for (const r of restore.reverse()) r();
  }
  // The shared rate-limit store flushes its counters on a timer of its own, whichever request is running.
  const own = texts.filter((q) => !/rate_limits/.test(q));
  return { count: own.length, texts: own };
}

/** The statements of a count, one line each (a failing count's message). */
export const listed = (texts: string[]) => texts.map((q) => q.replace(/\s+/g, ' ').slice(0, 120)).join('\n');
