import { bigint, boolean, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
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
    /** The §3 serial id. */
    i_id: bigint('i_id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    v_uid_user: uuid('v_uid_user').notNull(),
    /** The event kind, e.g. 'spei.settled', 'deposit.received' (contracts: NOTIFICATION_KINDS). */
    v_kind: text('v_kind').notNull(),
    v_title: text('v_title').notNull(),
    t_body: text('t_body').notNull(),
    /** The web route of the object the notice is about, e.g. '/movement?uid=…'. */
    v_link: text('v_link'),
    i_status: integer('i_status').notNull().default(1),
    d_read_at: tstz('d_read_at'),
  },
  (t) => [index('notifications_user_idx').on(t.v_uid_user, t.d_create_at), index('notifications_unread_idx').on(t.v_uid_user, t.i_status)],
);

/** Per person and kind: whether the notice also goes out by e-mail. No row: yes (the default). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    v_uid_user: uuid('v_uid_user').notNull(),
    v_kind: text('v_kind').notNull(),
    b_email: boolean('b_email').notNull(),
    d_update_at: tstz('d_update_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.v_uid_user, t.v_kind] })],
);

/**
 * Single-use tickets that open the live stream (EventSource cannot send the bearer header). Only
 * the SHA-256 of the ticket is kept; it lives 60 s, is deleted when used, and opens the stream only
 * for the session that asked for it.
 */
export const notificationStreamTickets = pgTable('notification_stream_tickets', {
  v_hash: text('v_hash').primaryKey(),
  v_uid_user: uuid('v_uid_user').notNull(),
  v_uid_session: uuid('v_uid_session').notNull(),
  d_expires_at: tstz('d_expires_at').notNull(),
});
