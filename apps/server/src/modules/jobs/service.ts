/**
 * The jobs table's service: enqueue, run what is due (FOR UPDATE SKIP LOCKED), and a small
 * poller for the server process. Tests call runDueJobs(db, now) directly with the instant they
 * want, so nothing waits on a clock.
 */
import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { insertFrom } from '../../db/insert-from';
import { jobs } from './schema';

export interface JobContext {
  /** The instant the run is for (what "now" means to the handler). */
  now: Date;
  jobId: string;
  /** 1 on the first try. */
  attempt: number;
}
/** Runs inside the transaction that claims the job and marks it done: its writes commit with it or not at all. */
export type JobHandler = (tx: Tx, payload: Record<string, unknown>, ctx: JobContext) => Promise<void>;

const handlers = new Map<string, JobHandler>();

/** One handler per kind; registering again replaces it (each app build registers its own). */
export function registerJobHandler(kind: string, handler: JobHandler): void {
  handlers.set(kind, handler);
}

export const JOB_MAX_ATTEMPTS = 10;
/** Wait before retry n: 5 s, 20 s, 45 s, … at most an hour. */
const backoffMs = (attempt: number) => Math.min(3_600_000, 5_000 * attempt * attempt);

/** Queues a job; with uniqueKey, a second enqueue of the same key is ignored (false). */
export async function enqueueJob(db: DbOrTx, job: { kind: string; payload: Record<string, unknown>; runAt: Date; uniqueKey?: string }): Promise<boolean> {
  const inserted = await db
    .insert(jobs)
    .values({ v_kind: job.kind, t_payload: job.payload, d_run_at: job.runAt, v_unique_key: job.uniqueKey ?? null })
    .onConflictDoNothing()
    .returning({ v_uid: jobs.v_uid });
  return inserted.length > 0;
}

/** enqueueJob as a part of the caller's statement (db/insert-from.ts): queued for each row of `from`. */
export const jobWrite = (job: { kind: string; payload: Record<string, unknown>; runAt: Date; uniqueKey?: string }, from: SQL): SQL =>
  insertFrom(jobs, { v_kind: job.kind, t_payload: job.payload, d_run_at: job.runAt, v_unique_key: job.uniqueKey ?? null }, from, sql`ON CONFLICT DO NOTHING`);

/** Queues many jobs in one insert (a batch of rail events); keys already queued are skipped. */
export async function enqueueJobs(db: DbOrTx, list: Array<{ kind: string; payload: Record<string, unknown>; runAt: Date; uniqueKey?: string }>): Promise<void> {
  if (list.length === 0) return;
  await db
    .insert(jobs)
    .values(list.map((job) => ({ v_kind: job.kind, t_payload: job.payload, d_run_at: job.runAt, v_unique_key: job.uniqueKey ?? null })))
    .onConflictDoNothing();
}

export interface RunResult {
  ran: number;
  failed: number;
}

/**
 * Runs every job due at `now` whose kind has a handler, one transaction per job, until none is
 * left (jobs enqueued by a handler for `now` or earlier run in the same call) or `max` ran. A
 * handler that throws rolls its work back; the job is retried later with a back-off and marked
 * 'failed' after JOB_MAX_ATTEMPTS tries.
 */
export async function runDueJobs(db: Db, now: Date = new Date(), opts: { max?: number; kinds?: string[] } = {}): Promise<RunResult> {
  const kinds = (opts.kinds ?? [...handlers.keys()]).filter((k) => handlers.has(k));
  const result: RunResult = { ran: 0, failed: 0 };
  if (kinds.length === 0) return result;
  const max = opts.max ?? 500;
  while (result.ran + result.failed < max) {
    let claimed: { id: string; attempts: number } | null = null;
    try {
      const done = await db.transaction(async (tx) => {
        const [job] = await tx
          .select()
          .from(jobs)
          .where(and(eq(jobs.v_status, 'pending'), lte(jobs.d_run_at, now), inArray(jobs.v_kind, kinds)))
          .orderBy(asc(jobs.d_run_at), asc(jobs.d_create_at))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!job) return false;
        claimed = { id: job.v_uid, attempts: job.i_attempts };
        await handlers.get(job.v_kind)!(tx, job.t_payload, { now, jobId: job.v_uid, attempt: job.i_attempts + 1 });
        await tx
          .update(jobs)
          .set({ v_status: 'done', d_done_at: now, i_attempts: job.i_attempts + 1, d_update_at: sql`now()` })
          .where(eq(jobs.v_uid, job.v_uid));
        return true;
      });
      if (!done) break;
      result.ran += 1;
    } catch (err) {
      const job = claimed as { id: string; attempts: number } | null;
      if (!job) throw err;
      result.failed += 1;
      const attempts = job.attempts + 1;
      await db
        .update(jobs)
        .set({
          i_attempts: attempts,
          v_last_error: String((err as Error)?.message ?? err).slice(0, 2000),
          v_status: attempts >= JOB_MAX_ATTEMPTS ? 'failed' : 'pending',
          d_run_at: new Date(now.getTime() + backoffMs(attempts)),
          d_update_at: sql`now()`,
        })
        .where(eq(jobs.v_uid, job.id));
    }
  }
  return result;
}

/**
 * Polls for due jobs every `intervalMs` in the server process; the returned function stops it
 * (and waits for a run in progress). Several processes may poll one PostgreSQL: SKIP LOCKED
 * gives each job to one of them.
 */
export function startJobPoller(db: Db, opts: { intervalMs: number; onError?: (err: unknown) => void }): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    if (stopped) return;
    running = runDueJobs(db, new Date()).catch((err) => opts.onError?.(err));
    await running;
    running = null;
    if (!stopped) schedule();
  };
  const schedule = () => {
    timer = setTimeout(() => void tick(), opts.intervalMs);
    timer.unref();
  };
  schedule();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}

/** Jobs of a kind, newest first (for tests and support). */
export async function listJobs(db: DbOrTx, kind?: string) {
  return db
    .select()
    .from(jobs)
    .where(kind ? eq(jobs.v_kind, kind) : undefined)
    .orderBy(sql`${jobs.d_create_at} DESC`);
}
