import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { recordColumns } from '../../db/columns';

/** A staff announcement (its notices are rows of `notifications`, kind 'announcement'). */
export const announcements = pgTable('announcements', {
  ...recordColumns(),
  v_audience: text('v_audience').notNull().$type<'businesses' | 'wallets' | 'business'>(),
  v_uid_business: uuid('v_uid_business'),
  v_title: text('v_title').notNull(),
  t_text: text('t_text').notNull(),
  i_recipients: integer('i_recipients').notNull(),
  v_uid_author: uuid('v_uid_author'),
});
