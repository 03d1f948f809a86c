import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { recordColumns, tstz } from '../../db/columns';

/** Six-digit codes: single use, short lived, limited tries, bound to a user and an operation. */
export const securityCodes = pgTable(
  'security_codes',
  {
    ...recordColumns(),
    v_uid_user: uuid('v_uid_user').notNull(),
    v_operation: text('v_operation').notNull(),
    v_code_hash: text('v_code_hash').notNull(),
    d_expires_at: tstz('d_expires_at').notNull(),
    i_attempts_left: integer('i_attempts_left').notNull(),
    d_used_at: tstz('d_used_at'),
  },
  (t) => [index('security_codes_user_op_idx').on(t.v_uid_user, t.v_operation)],
);
