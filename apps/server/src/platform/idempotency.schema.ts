import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tstz } from '../db/columns';

/**
 * Idempotency keys of money-moving calls (the money command, ./money-command.ts). The row is
 * inserted first in the same transaction as the movement: a concurrent duplicate waits on the
 * unique index until the first commits and then reads the stored answer. A failed attempt rolls
 * back with its row, so nothing is remembered for a call that moved no money.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    v_uid: uuid('v_uid').primaryKey().defaultRandom(),
    /** Scope: the signed-in user … */
    v_uid_user: uuid('v_uid_user').notNull(),
    /** … and the route ('POST /api/v1/…/:id'). */
    v_route: text('v_route').notNull(),
    v_key: text('v_key').notNull(),
    /** SHA-256 of the canonical JSON of params, query and body. */
    v_request_hash: text('v_request_hash').notNull(),
    /** The first answer; null only while the first request is still in its transaction. */
    i_status: integer('i_status'),
    t_response: jsonb('t_response'),
    d_create_at: tstz('d_create_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [uniqueIndex('idempotency_keys_scope_key').on(t.v_uid_user, t.v_route, t.v_key), index('idempotency_keys_created_idx').on(t.d_create_at)],
);
