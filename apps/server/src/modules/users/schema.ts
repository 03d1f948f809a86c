import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgSequence, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { recordColumns, tstz } from '../../db/columns';

/** Numbers behind v_client (FAR000001, BUS000002, WAL000003): one sequence for all kinds. */
export const clientNumberSeq = pgSequence('client_number_seq', { startWith: 1 });

export const users = pgTable(
  'users',
  {
    ...recordColumns(),
    /** Client prefix plus number. Users of one business share it: it is the tenant key. */
    v_client: text('v_client').notNull(),
    v_uid_role: uuid('v_uid_role').notNull(),
    /** Sign-in attempts left (AvailableAtempts); 0 blocks the user. */
    i_attemps: integer('i_attemps').notNull().default(5),
    d_activation_at: tstz('d_activation_at'),
    /** When the user was blocked (spec spelling). */
    d_look_at: tstz('d_look_at'),
    d_unblocked_at: tstz('d_unblocked_at'),
    d_deactivated_at: tstz('d_deactivated_at'),
    d_terms_accepted_at: tstz('d_terms_accepted_at'),
    /** Soft delete: the row stays for the audit trail and the e-mail becomes free again. */
    d_deleted_at: tstz('d_deleted_at'),
    d_email_verified_at: tstz('d_email_verified_at'),
    d_phone_verified_at: tstz('d_phone_verified_at'),
    v_uid_status: uuid('v_uid_status').notNull(),
    v_names: text('v_names').notNull(),
    v_last_name_1: text('v_last_name_1'),
    v_last_name_2: text('v_last_name_2'),
    v_curp: text('v_curp'),
    v_cell_phone: text('v_cell_phone'),
    v_phone_code: text('v_phone_code').notNull().default('+52'),
    v_email: text('v_email').notNull(),
    v_image: uuid('v_image'),
    v_phone: text('v_phone'),
    /** Dialling code of v_phone (v_phone_code is the one of v_cell_phone). */
    v_phone_code_landline: text('v_phone_code_landline').notNull().default('+52'),
    d_birthdate_at: date('d_birthdate_at'),
    v_email_alternative: text('v_email_alternative'),
    v_rfc: text('v_rfc'),
    v_ocuppation: text('v_ocuppation'),
    v_uid_type_person: uuid('v_uid_type_person'),
    v_password_hash: text('v_password_hash'),
    b_must_change_password: boolean('b_must_change_password').notNull().default(false),
    v_pin_hash: text('v_pin_hash'),
    i_pin_attempts: integer('i_pin_attempts').notNull().default(3),
  },
  (t) => [
    uniqueIndex('users_email_key')
      .on(sql`lower(${t.v_email})`)
      .where(sql`${t.d_deleted_at} IS NULL`),
    index('users_client_idx').on(t.v_client),
    index('users_status_idx').on(t.v_uid_status),
  ],
);
