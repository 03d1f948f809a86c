import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { recordColumns, tstz } from '../../db/columns';

/**
 * A business's API key (docs/decisions/0027). Only the SHA-256 of the key is kept, with its first
 * characters for the look-up; after a rotation the previous secret works until d_previous_until.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    ...recordColumns(),
    v_client: text('v_client').notNull(),
    v_uid_business: uuid('v_uid_business').notNull(),
    v_name: text('v_name').notNull(),
    v_scopes: jsonb('v_scopes').$type<string[]>().notNull(),
    /** far_sk_ and the first 8 random characters: shown in lists and used to find the row. */
    v_prefix: text('v_prefix').notNull(),
    v_hash: text('v_hash').notNull(),
    v_previous_prefix: text('v_previous_prefix'),
    v_previous_hash: text('v_previous_hash'),
    d_previous_until: tstz('d_previous_until'),
    /** The business admin who created it: accountable for what it does. */
    v_uid_creator: uuid('v_uid_creator').notNull(),
    v_creator_name: text('v_creator_name').notNull(),
    d_last_used_at: tstz('d_last_used_at'),
    d_expires_at: tstz('d_expires_at').notNull(),
    d_revoked_at: tstz('d_revoked_at'),
  },
  (t) => [
    uniqueIndex('api_keys_prefix').on(t.v_prefix),
    index('api_keys_previous_prefix').on(t.v_previous_prefix),
    index('api_keys_client_idx').on(t.v_client),
  ],
);
