import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { recordColumns, tstz } from '../../db/columns';

/**
 * A notice to one person (spec §3 notification). i_status: 1 unread (as created), 2 read.
 * Written in the same transaction as the event that causes it, so a notice exists exactly when
 * its event does.
 */
export const notifications = pgTable(
  'notifications',
  {
    ...recordColumns(),
    v_uid_user: uuid('v_uid_user').notNull(),
    /** The event kind, e.g. 'spei.settled', 'deposit.received', 'budget.goal-met' (notifications/kinds.ts). */
    v_kind: text('v_kind').notNull(),
    v_title: text('v_title').notNull(),
    t_body: text('t_body').notNull(),
    /** The web route of the object the notice is about, e.g. '/movement?uid=…'. */
    v_link: text('v_link'),
    i_status: integer('i_status').notNull().default(1),
    d_read_at: tstz('d_read_at'),
  },
  (t) => [index('notifications_user_idx').on(t.v_uid_user, t.d_create_at)],
);
