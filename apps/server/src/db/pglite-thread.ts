import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import type { Worker } from 'node:worker_threads';
import { siblingWorker } from '../worker-thread';
import type { QueryOptions, Reply, Request } from './pglite-protocol';

/** What the server uses of PGlite: drizzle's session, the hot reads, LISTEN for live notices. */
export type Embedded = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'listen' | 'close'>;

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };
type Send = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;
interface PgliteQueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

/**
 * PGlite in a worker thread of its own (pglite-worker.ts), with the API the server uses. PGlite
 * runs every statement on the thread that holds it; on the server's thread a busy embedded
 * database held back every HTTP answer (bench/lists: p99 of seconds at 64 connections).
 * @electric-sql/pglite/worker is for browsers (it needs navigator.locks), hence this bridge.
 *
 * What crosses: statements, their parameters and rows (structured clone keeps Date, bigint and
 * bytes), errors as their message and fields (code, constraint…), and a transaction as an id held
 * from `begin` to `end`: PGlite's lock is held in the worker, so other statements wait as they
 * would in one thread. Parsers cannot cross (functions): drizzle's return the text of some types
 * unchanged, so only which types to leave as text crosses.
 */
export class PgliteThread implements Embedded {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private readonly channels = new Map<string, Set<(payload: string) => void>>();
  private next = 1;
  private readonly ready: Promise<void>;

  private constructor(dataDir: string | undefined) {
    this.worker = siblingWorker(import.meta.url, 'pglite-worker', { workerData: { dataDir } });
    this.ready = new Promise((resolve, reject) => {
      this.worker.on('message', (m: Reply) => {
        if ('ready' in m) resolve();
        else if ('failed' in m) reject(new Error(m.failed));
        else if ('notify' in m) for (const cb of this.channels.get(m.notify) ?? []) cb(m.payload);
        else this.settle(m);
      });
      this.worker.on('error', reject);
    });
    this.worker.on('error', (err) => this.failAll(err));
    this.worker.on('exit', () => this.failAll(new Error('La base de datos embebida terminó')));
  }

  static async create(dataDir?: string): Promise<PgliteThread> {
    const thread = new PgliteThread(dataDir);
    await thread.ready;
    return thread;
  }

  private settle(m: Extract<Reply, { id: number }>) {
    const p = this.pending.get(m.id);
    this.pending.delete(m.id);
    if (!p) return;
    if (m.error) p.reject(Object.assign(new Error(m.error.message), m.error.props));
    else p.resolve(m.value);
  }

  private failAll(err: Error) {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  private send<T>(request: Send): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  private statements(tx?: number) {
    return {
      query: <T>(text: string, params?: unknown[], options?: PgliteQueryOptions) =>
        this.send<Results<T>>({ op: 'query', tx, text, params, options: crossable(options) }),
      exec: (text: string) => this.send<Results[]>({ op: 'exec', tx, text }),
    };
  }

  query<T>(text: string, params?: unknown[], options?: PgliteQueryOptions): Promise<Results<T>> {
    return this.statements().query<T>(text, params, options);
  }

  exec(text: string): Promise<Results[]> {
    return this.statements().exec(text);
  }

  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.send<number>({ op: 'begin' });
    let result: T;
    try {
      // drizzle uses query and exec; a rollback is an error thrown out of fn.
      result = await fn({ ...this.statements(id), closed: false } as unknown as Transaction);
    } catch (err) {
      await this.send({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      throw err;
    }
    await this.send({ op: 'end', tx: id, commit: true });
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.channels.get(channel);
    if (!set) {
      this.channels.set(channel, (set = new Set()));
      await this.send({ op: 'listen', channel });
    }
    set.add(callback);
    return async () => {
      set.delete(callback);
      if (set.size === 0 && this.channels.get(channel) === set) {
        this.channels.delete(channel);
        await this.send({ op: 'unlisten', channel });
      }
    };
  }

  async close(): Promise<void> {
    await this.send({ op: 'close' }).catch(() => undefined);
    await this.worker.terminate();
  }
}

function crossable(options: PgliteQueryOptions | undefined): QueryOptions | undefined {
  if (!options) return undefined;
  return { rowMode: options.rowMode, rawTypes: options.parsers && Object.keys(options.parsers).map(Number) };
}
