import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { recordColumns, tstz } from '../../db/columns';

/**
 * A report someone asked to receive by e-mail every day (the day before) or every month (the
 * month before). Each run is a job of the jobs table; the run enqueues the next one.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    ...recordColumns(),
    v_uid_user: uuid('v_uid_user').notNull(),
    /** The owner's tenant when it was asked (a business's reports stay its own). */
    v_client: text('v_client').notNull(),
    v_report: text('v_report').notNull(),
    v_format: text('v_format').notNull().$type<'csv' | 'xlsx'>(),
    v_frequency: text('v_frequency').notNull().$type<'daily' | 'monthly'>(),
    v_uid_business: uuid('v_uid_business'),
    v_status_filter: text('v_status_filter'),
    v_email: text('v_email').notNull(),
    b_active: boolean('b_active').notNull().default(true),
    d_next_run_at: tstz('d_next_run_at').notNull(),
    d_last_run_at: tstz('d_last_run_at'),
  },
  (t) => [
    index('report_schedules_user_idx').on(t.v_uid_user, t.b_active),
    check('report_schedules_format', sql`v_format IN ('csv', 'xlsx')`),
    check('report_schedules_frequency', sql`v_frequency IN ('daily', 'monthly')`),
  ],
);
