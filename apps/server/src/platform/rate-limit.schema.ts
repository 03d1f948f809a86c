import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every server process: one row per key (a hash of the limited
 * thing: IP, account, session), whose window starts at its first call, like @fastify/rate-limit's
 * own store. UNLOGGED in the migration: counters need no crash safety, and skipping the WAL keeps
 * the writes cheap. Rows of long-past windows are deleted by the processes themselves.
 */
export const rateLimits = pgTable('rate_limits', {
  v_key: text('v_key').primaryKey(),
  d_window: timestamp('d_window', { withTimezone: true }).notNull(),
  i_window_ms: integer('i_window_ms').notNull(),
  i_count: integer('i_count').notNull(),
});
