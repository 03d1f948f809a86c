import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordColumns, tstz } from '../../db/columns';

/**
 * Background work (SPEI submission and rail events now; scheduled dispersions and card batches
 * later). A job is claimed with FOR UPDATE SKIP LOCKED inside the transaction that does its work
 * and marks it done, so two processes never run one job twice and a job cut by a crash (rolled
 * back) is picked up again. Handlers must be idempotent in their money effects anyway (the
 * ledger's holds and (kind, reference) make them so).
 */
export const jobs = pgTable(
  'jobs',
  {
    ...recordColumns(),
    /** 'spei.submit', 'spei.rail-event', … */
    v_kind: text('v_kind').notNull(),
    t_payload: jsonb('t_payload').$type<Record<string, unknown>>().notNull(),
    d_run_at: tstz('d_run_at').notNull(),
    v_status: text('v_status').notNull().default('pending').$type<'pending' | 'done' | 'failed'>(),
    i_attempts: integer('i_attempts').notNull().default(0),
    v_last_error: text('v_last_error'),
    /** Enqueueing the same key twice keeps the first job. */
    v_unique_key: text('v_unique_key'),
    d_done_at: tstz('d_done_at'),
  },
  (t) => [
    index('jobs_due_idx').on(t.v_status, t.d_run_at),
    uniqueIndex('jobs_unique_key').on(t.v_unique_key),
    check('jobs_status', sql`v_status IN ('pending', 'done', 'failed')`),
  ],
);
