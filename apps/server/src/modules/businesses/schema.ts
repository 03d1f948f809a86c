import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgSequence, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { recordColumns, tstz } from '../../db/columns';

/** Account numbers of businesses: each value is used once, even when its transaction rolls back. */
export const businessAccountSeq = pgSequence('business_account_seq', { startWith: 1 });

/** A business client (BUS). Its users share its v_client, the tenant key. */
export const businesses = pgTable(
  'businesses',
  {
    ...recordColumns(),
    v_client: text('v_client').notNull(),
    /** types-persons catalogue: persona moral or persona física. */
    v_uid_type_person: uuid('v_uid_type_person').notNull(),
    v_company_name: text('v_company_name'),
    v_names: text('v_names'),
    v_last_name_1: text('v_last_name_1'),
    v_last_name_2: text('v_last_name_2'),
    v_rfc: text('v_rfc').notNull(),
    v_curp: text('v_curp'),
    v_email: text('v_email').notNull(),
    v_cell_phone: text('v_cell_phone'),
    v_phone_code: text('v_phone_code').notNull().default('+52'),
    v_street: text('v_street').notNull(),
    v_number_outside: text('v_number_outside').notNull(),
    v_number_indoor: text('v_number_indoor'),
    v_zip_code: text('v_zip_code').notNull(),
    v_uid_colony: uuid('v_uid_colony').notNull(),
    v_colony: text('v_colony').notNull(),
    v_municipality: text('v_municipality').notNull(),
    v_city: text('v_city'),
    v_state: text('v_state').notNull(),
    /** CLABE in the provider's range: SPEI deposits to the business arrive on it. */
    v_account_number: text('v_account_number').notNull(),
    /** The business's id at the card processor. */
    v_customer_id: text('v_customer_id'),
    v_uid_status: uuid('v_uid_status').notNull(),
    d_activation_at: tstz('d_activation_at'),
    d_deactivated_at: tstz('d_deactivated_at'),
    d_look_at: tstz('d_look_at'),
    d_unblocked_at: tstz('d_unblocked_at'),
    d_deleted_at: tstz('d_deleted_at'),
  },
  (t) => [
    uniqueIndex('businesses_client_key').on(t.v_client),
    uniqueIndex('businesses_account_key').on(t.v_account_number),
    uniqueIndex('businesses_customer_key').on(t.v_customer_id),
    uniqueIndex('businesses_rfc_key')
      .on(t.v_rfc)
      .where(sql`${t.d_deleted_at} IS NULL`),
    index('businesses_status_idx').on(t.v_uid_status),
    // The staff list's order, so a page is read off the index instead of sorting every business.
    index('businesses_list_idx')
      .on(t.d_create_at.desc().nullsFirst(), t.v_uid.desc().nullsFirst())
      .where(sql`${t.d_deleted_at} IS NULL`),
  ],
);

/** legal-representative of spec §3, for a persona moral (one per business). */
export const legalRepresentatives = pgTable('legal_representatives', {
  ...recordColumns(),
  v_uid_business: uuid('v_uid_business')
    .notNull()
    .unique()
    .references(() => businesses.v_uid),
  v_names: text('v_names').notNull(),
  v_last_name_1: text('v_last_name_1').notNull(),
  v_last_name_2: text('v_last_name_2'),
  v_email: text('v_email').notNull(),
  v_email_alternative: text('v_email_alternative'),
});

/** document of spec §3: an onboarding PDF, pendiente until staff approve (activo) or refuse (rechazado). */
export const businessDocuments = pgTable(
  'business_documents',
  {
    ...recordColumns(),
    v_uid_business: uuid('v_uid_business')
      .notNull()
      .references(() => businesses.v_uid),
    v_name: text('v_name').notNull(),
    /** The stored file (files module). */
    v_file_pdf: uuid('v_file_pdf').notNull(),
    v_file_name: text('v_file_name').notNull(),
    i_size: integer('i_size').notNull(),
    v_uid_status: uuid('v_uid_status').notNull(),
    t_comment: text('t_comment'),
    v_uid_reviewer: uuid('v_uid_reviewer'),
    d_review_at: tstz('d_review_at'),
  },
  (t) => [index('business_documents_business_idx').on(t.v_uid_business)],
);

/** Account groups of a business (to organise its accounts). */
export const accountGroups = pgTable(
  'account_groups',
  {
    ...recordColumns(),
    v_uid_business: uuid('v_uid_business')
      .notNull()
      .references(() => businesses.v_uid),
    v_name: text('v_name').notNull(),
    t_description: text('t_description'),
    i_active: boolean('i_active').notNull().default(true),
  },
  (t) => [uniqueIndex('account_groups_name_key').on(t.v_uid_business, sql`lower(${t.v_name})`)],
);
