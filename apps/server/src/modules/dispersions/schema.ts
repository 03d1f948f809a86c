import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { recordColumns, tstz } from '../../db/columns';

/**
 * A dispersion (§3 Dispersion record): one file of SPEI outs of a business, run now or on its
 * PaymentDay. The counts are kept on the row (updated in the transaction of each row's event),
 * so its status never needs a count over its rows. Statuses: decision 0014.
 */
export const dispersions = pgTable(
  'dispersions',
  {
    ...recordColumns(),
    v_uid_business: uuid('v_uid_business').notNull(),
    v_client: text('v_client').notNull(),
    v_file_name: text('v_file_name'),
    /** IdS3: the stored file (files table). */
    v_uid_file: uuid('v_uid_file'),
    v_file_sha256: text('v_file_sha256'),
    i_file_size: integer('i_file_size'),
    v_file_media_type: text('v_file_media_type'),
    v_concept: text('v_concept'),
    v_internal_concept: text('v_internal_concept'),
    d_payment_day: date('d_payment_day', { mode: 'string' }),
    n_total_amount_cents: bigint('n_total_amount_cents', { mode: 'bigint' }).notNull(),
    /** Commission + IVA of every row. */
    n_total_taxes_cents: bigint('n_total_taxes_cents', { mode: 'bigint' }).notNull(),
    /** Amount + commission + IVA: what leaves the account if every row settles. */
    n_total_import_cents: bigint('n_total_import_cents', { mode: 'bigint' }).notNull(),
    i_status: integer('i_status').notNull(),
    v_last_error: text('v_last_error'),
    i_rows: integer('i_rows').notNull(),
    /** Rows not yet made SPEI orders. */
    i_queued: integer('i_queued').notNull().default(0),
    /** Rows whose order is pending or sent. */
    i_open: integer('i_open').notNull().default(0),
    i_settled: integer('i_settled').notNull().default(0),
    i_failed: integer('i_failed').notNull().default(0),
    /** The generation of the hold of the rows still queued ('dispersion:<id>:<gen>'). */
    i_hold_gen: integer('i_hold_gen').notNull().default(0),
    v_uid_user: uuid('v_uid_user').notNull(),
    v_created_email: text('v_created_email'),
    v_uid_approver: uuid('v_uid_approver'),
    v_approved_email: text('v_approved_email'),
    v_changed_by_email: text('v_changed_by_email'),
    v_idempotency_key: text('v_idempotency_key'),
    v_uid_resend_of: uuid('v_uid_resend_of'),
    d_started_at: tstz('d_started_at'),
    d_finished_at: tstz('d_finished_at'),
  },
  (t) => [
    index('dispersions_business_idx').on(t.v_uid_business, t.d_create_at.desc()),
    index('dispersions_created_idx').on(t.d_create_at),
    uniqueIndex('dispersions_idempotency_key')
      .on(t.v_uid_user, t.v_idempotency_key)
      .where(sql`${t.v_idempotency_key} IS NOT NULL`),
    check('dispersions_status', sql`i_status BETWEEN 0 AND 7`),
    check('dispersions_counts', sql`i_queued >= 0 AND i_open >= 0 AND i_settled >= 0 AND i_failed >= 0 AND i_queued + i_open + i_settled + i_failed <= i_rows`),
  ],
);

/**
 * The rows of a dispersion. i_state: 0 queued (not yet an order), 1 ordered (v_uid_movement is
 * its SPEI out, whose status is the row's), 2 failed before becoming an order (v_error says why).
 */
export const dispersionRows = pgTable(
  'dispersion_rows',
  {
    ...recordColumns(),
    v_uid_dispersion: uuid('v_uid_dispersion').notNull(),
    i_row: integer('i_row').notNull(),
    v_name: text('v_name').notNull(),
    v_clabe: text('v_clabe').notNull(),
    v_bank_code: text('v_bank_code').notNull(),
    n_amount_cents: bigint('n_amount_cents', { mode: 'bigint' }).notNull(),
    n_commission_cents: bigint('n_commission_cents', { mode: 'bigint' }).notNull(),
    n_iva_cents: bigint('n_iva_cents', { mode: 'bigint' }).notNull(),
    v_concept: text('v_concept').notNull(),
    v_reference: text('v_reference').notNull(),
    v_rfc: text('v_rfc'),
    v_email: text('v_email'),
    i_state: integer('i_state').notNull().default(0),
    v_uid_movement: uuid('v_uid_movement'),
    v_error: text('v_error'),
  },
  (t) => [
    uniqueIndex('dispersion_rows_row_key').on(t.v_uid_dispersion, t.i_row),
    index('dispersion_rows_queued_idx')
      .on(t.v_uid_dispersion, t.i_row)
      .where(sql`${t.i_state} = 0`),
    uniqueIndex('dispersion_rows_movement_key')
      .on(t.v_uid_movement)
      .where(sql`${t.v_uid_movement} IS NOT NULL`),
    check('dispersion_rows_state', sql`i_state IN (0, 1, 2) AND (i_state <> 1 OR v_uid_movement IS NOT NULL)`),
    check('dispersion_rows_amounts', sql`n_amount_cents > 0 AND n_commission_cents >= 0 AND n_iva_cents >= 0`),
  ],
);
