import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { recordColumns, tstz } from '../../db/columns';

/** A content type: its form definition (t_json) is data, read by the validation engine of spec §5. */
export const cmsContentTypes = pgTable('cms_content_types', {
  ...recordColumns(),
  v_name: text('v_name').notNull(),
  /** tutorial, faq or legal for the seeded types (the help screen knows them); null for staff's own. */
  v_system_name: text('v_system_name').unique(),
  t_json: jsonb('t_json').notNull(),
  /** The section new contents of this type go to unless they name another. */
  v_uid_section: uuid('v_uid_section').notNull(),
});

/** A content item (spec §3): the values of its type's form in t_json, and the generic item fields. */
export const cmsContents = pgTable(
  'cms_contents',
  {
    ...recordColumns(),
    v_uid_section: uuid('v_uid_section').notNull(),
    v_uid_content_type: uuid('v_uid_content_type')
      .notNull()
      .references(() => cmsContentTypes.v_uid),
    v_name: text('v_name').notNull(),
    v_system_name: text('v_system_name').notNull(),
    t_json: jsonb('t_json').notNull(),
    v_uid_status: uuid('v_uid_status').notNull(),
    i_order: integer('i_order').notNull().default(0),
    b_locked: boolean('b_locked').notNull().default(false),
    b_hidden: boolean('b_hidden').notNull().default(false),
    v_uid_parent: uuid('v_uid_parent').references((): AnyPgColumn => cmsContents.v_uid),
    v_uid_author: uuid('v_uid_author'),
    /** Bumped on every save; a legal text's readers accept one version. */
    i_version: integer('i_version').notNull().default(1),
    /** When the current version became visible to readers. */
    d_published_at: tstz('d_published_at'),
    d_deleted_at: tstz('d_deleted_at'),
  },
  (t) => [index('cms_contents_reader_idx').on(t.v_uid_section, t.v_uid_status, t.i_order)],
);

/** Every saved version of a content item, the current one included, for history and restore. */
export const cmsContentVersions = pgTable(
  'cms_content_versions',
  {
    v_uid_content: uuid('v_uid_content')
      .notNull()
      .references(() => cmsContents.v_uid),
    i_version: integer('i_version').notNull(),
    v_name: text('v_name').notNull(),
    t_json: jsonb('t_json').notNull(),
    v_uid_status: uuid('v_uid_status').notNull(),
    v_uid_author: uuid('v_uid_author'),
    d_create_at: timestamp('d_create_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.v_uid_content, t.i_version] })],
);

/** Which stored files (module files) belong to the CMS: only these are served without a session. */
export const cmsFiles = pgTable('cms_files', {
  v_uid_file: uuid('v_uid_file').primaryKey(),
  v_uid_author: uuid('v_uid_author'),
  d_create_at: timestamp('d_create_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who accepted which version of a legal text, and when. */
export const cmsLegalAcceptances = pgTable(
  'cms_legal_acceptances',
  {
    v_uid_user: uuid('v_uid_user').notNull(),
    v_uid_content: uuid('v_uid_content')
      .notNull()
      .references(() => cmsContents.v_uid),
    i_version: integer('i_version').notNull(),
    d_accepted_at: timestamp('d_accepted_at', { withTimezone: true }).notNull().defaultNow(),
    v_ip: text('v_ip'),
  },
  (t) => [primaryKey({ columns: [t.v_uid_user, t.v_uid_content, t.i_version] })],
);
