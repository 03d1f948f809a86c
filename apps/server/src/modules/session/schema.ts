import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { recordColumns, tstz } from '../../db/columns';

/**
 * One row per signed-in session. The refresh token is `<v_uid>.<secret>`; only a hash of the
 * secret is kept. Rotation keeps the previous hash so a replayed old token revokes the session.
 */
export const sessions = pgTable(
  'sessions',
  {
    ...recordColumns(),
    v_uid_user: uuid('v_uid_user').notNull(),
    v_refresh_hash: text('v_refresh_hash').notNull(),
    v_previous_hash: text('v_previous_hash'),
    d_expires_at: tstz('d_expires_at').notNull(),
    d_revoked_at: tstz('d_revoked_at'),
    v_ip: text('v_ip'),
    v_user_agent: text('v_user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.v_uid_user)],
);

/**
 * Failed sign-ins for e-mails that have no account, keyed by a hash of the address, so that an
 * unknown e-mail counts down and "blocks" exactly like a real one and reveals nothing.
 */
export const unknownSignins = pgTable('unknown_signins', {
  v_email_hash: text('v_email_hash').primaryKey(),
  i_attemps: integer('i_attemps').notNull(),
  d_update_at: tstz('d_update_at').notNull().defaultNow(),
});
