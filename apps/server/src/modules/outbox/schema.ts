import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { recordColumns, tstz } from '../../db/columns';

/** Messages to people (e-mail, SMS). Written in the same transaction as the change that causes them. */
export const outbox = pgTable(
  'outbox',
  {
    ...recordColumns(),
    v_channel: text('v_channel').notNull(),
    v_to: text('v_to').notNull(),
    v_subject: text('v_subject').notNull(),
    t_body: text('t_body').notNull(),
    /** The HTML part; null: the sender builds it from t_body. */
    t_html: text('t_html'),
    v_uid_user: uuid('v_uid_user'),
    d_sent_at: tstz('d_sent_at'),
    i_attempts: integer('i_attempts').notNull().default(0),
    v_last_error: text('v_last_error'),
    /** An optional attachment, kept in `files` (scheduled reports). */
    v_uid_attachment: uuid('v_uid_attachment'),
    /** After a failed try, not before this instant (back-off while the SMTP server is down). */
    d_next_attempt_at: tstz('d_next_attempt_at'),
  },
  (t) => [index('outbox_pending_idx').on(t.d_sent_at, t.d_create_at)],
);
