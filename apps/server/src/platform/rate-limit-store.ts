import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from './rate-limit.schema';

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;
interface Params {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** Limits up to this many calls per window are counted in PostgreSQL on every call (exact across processes). */
const EXACT_UP_TO = 100;
/** Larger limits count in memory and add their counts to PostgreSQL this often (one statement for all keys). */
const FLUSH_MS = 1000;
const PURGE_MS = 60_000;

interface Local {
  /** Start of the key's window (ms), as PostgreSQL last said, or the first local call's. */
  window: number;
  timeWindow: number;
  /** The count across all processes as last read from PostgreSQL. */
  shared: number;
  /** This process's calls not yet added to PostgreSQL. */
  pending: number;
}

interface Add {
  key: string;
  n: number;
  timeWindow: number;
}

/**
 * The counters of @fastify/rate-limit in PostgreSQL, so several processes enforce one limit. A
 * key's window starts at its first call (as in the plugin's own store). Tight limits (sign-in,
 * codes, renewal) cost one upsert per call and are exact. The per-IP limit of the whole API would
 * cost a query on every request, so each process counts in memory and, while a key is in use, adds
 * its counts and reads the total every second: the limit holds across processes to within a
 * second of traffic.
 */
export function postgresRateLimitStore(db: Db) {
  const local = new Map<string, Local>();
  let lastPurge = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const hash = (key: string) => createHash('sha256').update(key).digest('base64url');
  // drizzle expands a JS array into a list, so the arrays travel as PostgreSQL array literals
  // (the keys are base64url and the numbers integers: nothing to escape).
  const literal = (values: Array<string | number>) => `{${values.join(',')}}`;

  /** Adds the counts and returns each key's total and window start, restarting expired windows. */
  async function add(batch: Add[]): Promise<Map<string, { count: number; window: number }>> {
    const expired = sql`${rateLimits.d_window} + ${rateLimits.i_window_ms} * interval '1 millisecond' <= now()`;
    const { rows } = (await db.execute(sql`
      INSERT INTO ${rateLimits} (v_key, d_window, i_window_ms, i_count)
      SELECT k, now(), w, n FROM unnest(${literal(batch.map((b) => b.key))}::text[], ${literal(batch.map((b) => b.timeWindow))}::int[], ${literal(batch.map((b) => b.n))}::int[]) AS u(k, w, n)
      ON CONFLICT (v_key) DO UPDATE SET
        i_count = CASE WHEN ${expired} THEN excluded.i_count ELSE ${rateLimits.i_count} + excluded.i_count END,
        d_window = CASE WHEN ${expired} THEN excluded.d_window ELSE ${rateLimits.d_window} END,
        i_window_ms = excluded.i_window_ms
      RETURNING v_key, i_count, d_window`)) as unknown as { rows: Array<{ v_key: string; i_count: number; d_window: Date | string }> };
    return new Map(rows.map((r) => [r.v_key, { count: r.i_count, window: new Date(r.d_window).getTime() }]));
  }

  async function flush(): Promise<void> {
    timer = undefined;
    const now = Date.now();
    // Keys still in their window are sent even with nothing pending, to learn the other processes' counts.
    for (const [key, l] of local) if (l.pending === 0 && l.window + l.timeWindow <= now) local.delete(key);
    const batch = [...local];
    if (batch.length > 0) {
      const sent = batch.map(([, l]) => l.pending);
      const keys = batch.map(([key]) => hash(key));
      const totals = await add(batch.map(([, l], i) => ({ key: keys[i]!, n: sent[i]!, timeWindow: l.timeWindow })));
      batch.forEach(([, l], i) => {
        const total = totals.get(keys[i]!);
        l.pending -= sent[i]!;
        if (total) Object.assign(l, { shared: total.count, window: total.window });
      });
    }
    if (local.size > 0 && !closed) scheduleFlush();
    if (now - lastPurge > PURGE_MS) {
      lastPurge = now;
      await db.delete(rateLimits).where(sql`${rateLimits.d_window} + ${rateLimits.i_window_ms} * interval '1 millisecond' < now() - interval '1 minute'`);
    }
  }
  function scheduleFlush() {
    timer ??= setTimeout(() => void flush().catch(() => undefined), FLUSH_MS).unref();
  }

  class PostgresStore {
    private readonly prefix: string;
    /** The plugin constructs the root store with its options; children get a route prefix. */
    constructor(options: object | string = '') {
      this.prefix = typeof options === 'string' ? options : '';
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number): void {
      const now = Date.now();
      const raw = `${this.prefix}|${timeWindow}|${key}`;
      if (max <= EXACT_UP_TO) {
        const k = hash(raw);
        add([{ key: k, n: 1, timeWindow }]).then(
          (totals) => {
            const t = totals.get(k)!;
            cb(null, { current: t.count, ttl: Math.max(0, t.window + timeWindow - now) });
          },
          (err: Error) => cb(err),
        );
        return;
      }
      // Counted in memory under the plain key (hashed only when flushed, not on every call).
      let l = local.get(raw);
      if (!l || l.window + l.timeWindow <= now) {
        // A new window here; the next flush tells whether another process already opened one.
        l = { window: now, timeWindow, shared: 0, pending: l?.pending ?? 0 };
        local.set(raw, l);
      }
      l.pending += 1;
      scheduleFlush();
      cb(null, { current: l.shared + l.pending, ttl: Math.max(0, l.window + timeWindow - now) });
    }

    /** A route's own limit counts apart from the others. */
    child(params: object): PostgresStore {
      const r = (params as Params).routeInfo;
      return new PostgresStore(r?.url ? `${String(r.method)} ${r.url}` : '');
    }
  }

  return {
    Store: PostgresStore,
    /** Writes the pending counts and stops the timer (on close). */
    async close(): Promise<void> {
      closed = true;
      if (timer) clearTimeout(timer);
      await flush().catch(() => undefined);
    },
  };
}
