import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { recordColumns } from '../../db/columns';

/** log-user of spec §3: who did what, where. Written in the transaction of the change itself. */
export const logUser = pgTable(
  'log_user',
  {
    ...recordColumns(),
    v_uid_user: uuid('v_uid_user'),
    v_client: text('v_client'),
    v_activity: text('v_activity').notNull(),
    v_section: text('v_section').notNull(),
    v_action: text('v_action').notNull(),
    v_uid_user_parent: uuid('v_uid_user_parent'),
    t_detail: jsonb('t_detail'),
    v_ip: text('v_ip'),
  },
  (t) => [index('log_user_created_idx').on(t.d_create_at), index('log_user_client_idx').on(t.v_client)],
);

/** logs of spec §3: system incidents (envelope errors, parse failures, unexpected errors). */
export const logs = pgTable(
  'logs',
  {
    ...recordColumns(),
    v_uid_type_incident: uuid('v_uid_type_incident'),
    v_type: text('v_type').notNull(),
    v_message: text('v_message').notNull(),
    t_detail: text('t_detail'),
    v_client: text('v_client'),
  },
  (t) => [index('logs_created_idx').on(t.d_create_at)],
);
