import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, recordColumns } from '../../db/columns';

/** Uploaded files live in the database so that every server process sees the same ones. */
export const files = pgTable('files', {
  ...recordColumns(),
  v_name: text('v_name').notNull(),
  v_media_type: text('v_media_type').notNull(),
  i_size: integer('i_size').notNull(),
  v_sha256: text('v_sha256').notNull(),
  v_uid_owner: uuid('v_uid_owner'),
  v_client: text('v_client'),
  b_content: bytea('b_content').notNull(),
});
