// The embedded database's own thread: PGlite (PostgreSQL compiled to WASM) runs every statement
// here, so the server's thread keeps serving HTTP while it works (pglite-thread.ts is the other end).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { QueryOptions, Reply, Request } from './pglite-protocol';

const port = parentPort!;
const post = (reply: Reply) => port.postMessage(reply);
const identity = (value: unknown) => value;
const queryOptions = (o: QueryOptions | undefined) =>
  o && { rowMode: o.rowMode, parsers: o.rawTypes && Object.fromEntries(o.rawTypes.map((oid) => [oid, identity])) };

/** A database error crosses as its message and fields (code, constraint, detail…), which callers read. */
const failure = (err: unknown) => {
  const e = err instanceof Error ? err : new Error(String(err));
  return { message: e.message, props: Object.fromEntries(Object.entries(e).filter(([, v]) => typeof v !== 'function' && typeof v !== 'object')) };
};

let pglite: PGlite;
/** Open transactions: the statements of each, and how it ends. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
const listeners = new Map<string, () => Promise<void>>();

async function run(m: Request): Promise<unknown> {
  const on = 'tx' in m && m.tx !== undefined ? transactions.get(m.tx)?.tx : pglite;
  if (!on) throw new Error('La transacción ya terminó');
  switch (m.op) {
    case 'query':
      return on.query(m.text, m.params, queryOptions(m.options));
    case 'exec':
      return on.exec(m.text);
    case 'begin':
      return begin(m.id);
    case 'end':
      transactions.get(m.tx)?.end(m.commit);
      return new Promise(() => undefined); // answered when the transaction has ended
    case 'listen':
      listeners.set(m.channel, await pglite.listen(m.channel, (payload) => post({ notify: m.channel, payload })));
      return undefined;
    case 'unlisten':
      await listeners.get(m.channel)?.();
      listeners.delete(m.channel);
      return undefined;
    case 'close':
      await pglite.close();
      return undefined;
  }
}

/**
 * A transaction holds PGlite's lock from `begin` to `end`, as in one thread: other statements wait.
 * `begin` is answered once it is open; the `end` message is answered when it has committed or
 * rolled back (with the error of a failed commit).
 */
function begin(id: number): Promise<never> {
  let opened = false;
  void pglite
    .transaction(async (tx) => {
      const commit = await new Promise<boolean>((end) => {
        transactions.set(id, { tx, end });
        opened = true;
        post({ id, value: id });
      });
      if (!commit) await tx.rollback();
    })
    .then(
      () => ended(id),
      // A transaction that could not open answers its `begin` with the error.
      (err: unknown) => (opened ? ended(id, err) : post({ id, error: failure(err) })),
    );
  return new Promise(() => undefined); // answered above, once open
}
const endRequests = new Map<number, number>();
function ended(tx: number, err?: unknown) {
  transactions.delete(tx);
  const id = endRequests.get(tx);
  endRequests.delete(tx);
  if (id !== undefined) post(err === undefined ? { id } : { id, error: failure(err) });
}

port.on('message', (m: Request) => {
  // Answered when its transaction has ended; one that is not open is answered with run's error.
  if (m.op === 'end' && transactions.has(m.tx)) endRequests.set(m.tx, m.id);
  run(m).then(
    (value) => m.op !== 'end' && m.op !== 'begin' && post({ id: m.id, value }),
    (err: unknown) => post({ id: m.id, error: failure(err) }),
  );
});

PGlite.create((workerData as { dataDir?: string }).dataDir, { extensions: { pg_trgm, unaccent } }).then(
  (db) => {
    pglite = db;
    post({ ready: true });
  },
  (err: unknown) => post({ failed: String(err) }),
);
