import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgSequence, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { recordColumns, tstz } from '../../db/columns';

/** The number part of the folio ACL-<year>-<000123>: one sequence, so a folio never repeats. */
export const clarificationSheetSeq = pgSequence('clarification_sheet_seq', { startWith: 1 });

/**
 * A support case (spec §3 clarification). v_client is the tenant: a business's users share it,
 * so a colleague sees the case; only the opener (v_uid_user) rates it.
 */
export const clarifications = pgTable(
  'clarifications',
  {
    ...recordColumns(),
    v_num_sheet: text('v_num_sheet').notNull(),
    v_uid_type_clarification: uuid('v_uid_type_clarification').notNull(),
    v_uid_user: uuid('v_uid_user').notNull(),
    v_client: text('v_client').notNull(),
    t_comment: text('t_comment').notNull(),
    /** The disputed movement's SPEI tracking key, checked against the tenant's own movements. */
    v_key_tracing: text('v_key_tracing'),
    v_uid_movement: uuid('v_uid_movement'),
    v_uid_status: uuid('v_uid_status').notNull(),
    v_uid_assignee: uuid('v_uid_assignee'),
    /** Opening time plus the type's SLA. */
    d_due_at: tstz('d_due_at').notNull(),
    d_closed_at: tstz('d_closed_at'),
    n_calification: integer('n_calification'),
    t_calification: text('t_calification'),
    d_calification_at: tstz('d_calification_at'),
  },
  (t) => [
    uniqueIndex('clarifications_num_sheet_key').on(t.v_num_sheet),
    index('clarifications_client_idx').on(t.v_client, t.d_create_at),
    index('clarifications_status_due_idx').on(t.v_uid_status, t.d_due_at),
    check('clarifications_calification', sql`n_calification IS NULL OR n_calification BETWEEN 0 AND 5`),
  ],
);

/**
 * The case's timeline: comments from staff or client (with an optional attachment in `files`),
 * status changes, staff taking the case, the rating.
 */
export const clarificationFollowUps = pgTable(
  'clarification_follow_ups',
  {
    ...recordColumns(),
    v_uid_clarification: uuid('v_uid_clarification')
      .notNull()
      .references(() => clarifications.v_uid),
    v_kind: text('v_kind').notNull().$type<'comment' | 'status' | 'assign' | 'rating'>(),
    v_uid_user: uuid('v_uid_user').notNull(),
    v_fullname_operator: text('v_fullname_operator').notNull(),
    b_staff: boolean('b_staff').notNull(),
    t_comment: text('t_comment'),
    v_from_status: text('v_from_status'),
    v_to_status: text('v_to_status'),
    v_uid_file: uuid('v_uid_file'),
    /** Insertion order: events of one call share their time (taking a case also starts it). */
    i_seq: bigint('i_seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('clarification_follow_ups_case_idx').on(t.v_uid_clarification, t.i_seq),
    check('clarification_follow_ups_kind', sql`v_kind IN ('comment', 'status', 'assign', 'rating')`),
  ],
);
