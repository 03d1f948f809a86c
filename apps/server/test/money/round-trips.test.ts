/**
 * Issue 23 §5: the database round trips of one accepted SPEI out, counted from the request's
 * arrival to its answer with the session already cached — every statement the engine is sent,
 * BEGIN and COMMIT included. A count, never a time. The payout path's share (the plan and the
 * write) is counted on its own too, so a regression says which side it is on.
 */
import type { Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { BUSINESS, createTestApp, type TestApp } from '../helpers';
import { CLABE, deposit, speiCode, speiOut } from './money';

let t: TestApp;
let businessId: string;

/** Counts what `database` sends while `run` runs: the pool's and its clients' queries, or PGlite's query/exec and each transaction's BEGIN and COMMIT. */
async function roundTrips(database: Database, run: () => Promise<void>): Promise<{ count: number; texts: string[] }> {
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

beforeAll(async () => {
  t = await createTestApp();
  const [b] = await t.sql<{ v_uid: string }>(`SELECT b.v_uid FROM businesses b JOIN users u ON u.v_client = b.v_client WHERE u.v_email = $1`, [BUSINESS]);
  businessId = b!.v_uid;
  await deposit(t, businessId, '1000.00');
  // Warm: the session, grants and the checked payee are cached/remembered by a first transfer.
  expect((await speiOut(t, BUSINESS, { Clabe: CLABE.settles, BeneficiaryName: 'Proveedor Uno', Amount: '1.00' })).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('one accepted SPEI out', () => {
  it('takes a fixed, small number of round trips from the request to the answer', async () => {
    const code = await speiCode(t, BUSINESS);
    let status = 0;
    const { texts: all } = await roundTrips(t.database, async () => {
      status = (await speiOut(t, BUSINESS, { Clabe: CLABE.settles, BeneficiaryName: 'Proveedor Uno', Amount: '1.00' }, { code })).statusCode;
    });
    expect(status).toBe(200);
    // The rate limiter's shared counters are flushed on their own timer (an earlier request's count), not by this request.
    const texts = all.filter((q) => !/rate_limits/.test(q));
    expect(texts.length, texts.map((q) => q.replace(/\s+/g, ' ').slice(0, 120)).join('\n')).toBe(ROUND_TRIPS);
    // The money command's own part (decision 0022): BEGIN, the key's claim, the code, the stored answer, COMMIT.
    const own = texts.filter((q) => /^\s*(begin|commit)\b/i.test(q) || /idempotency_keys|security_codes/.test(q));
    expect(own.map((q) => q.trim().split(/\s+/)[0]!.toUpperCase())).toEqual(['BEGIN', 'INSERT', 'WITH', 'UPDATE', 'COMMIT']);
  });
});

/**
 * The session's read (1); the money command's own 5 (BEGIN, claim the key, check and spend the
 * code, store the answer, COMMIT); the payout path's plan reads inside the transaction (9) and its
 * two statements under the lock (lock; usage + hold + order + job + audit).
 */
const ROUND_TRIPS = 17;
