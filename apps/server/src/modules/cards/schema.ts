import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgSequence, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { recordColumns, tstz } from '../../db/columns';

/**
 * Cards and cardholders (docs/decisions/0013-cards.md). PAN, CVV and PIN are stored only
 * encrypted (AES-256-GCM, the card key); lookups use an HMAC of the PAN (duplicates) and of its
 * last 8 digits (matching by what is printed on the card), never the digits themselves.
 */
export const cardholders = pgTable(
  'cardholders',
  {
    ...recordColumns(),
    v_uid_business: uuid('v_uid_business').notNull(),
    /** The business's v_client (tenant key of its ledger accounts). */
    v_client: text('v_client').notNull(),
    v_identifier: text('v_identifier').notNull(),
    v_names: text('v_names').notNull(),
    v_last_name_1: text('v_last_name_1').notNull(),
    v_last_name_2: text('v_last_name_2'),
    v_email: text('v_email').notNull(),
    v_phone_code: text('v_phone_code').notNull().default('+52'),
    v_cell_phone: text('v_cell_phone'),
    b_mobile_linked: boolean('b_mobile_linked').notNull().default(true),
    v_curp: text('v_curp'),
    v_rfc: text('v_rfc'),
    d_birth_date: date('d_birth_date', { mode: 'string' }),
    b_locked: boolean('b_locked').notNull().default(false),
  },
  (t) => [
    // Limits and the SPEI-out switch key on the identifier alone, so it is unique product-wide.
    uniqueIndex('cardholders_identifier_key').on(t.v_identifier),
    uniqueIndex('cardholders_business_email_key').on(t.v_uid_business, t.v_email),
    index('cardholders_business_idx').on(t.v_uid_business, t.d_create_at),
  ],
);

export const cards = pgTable(
  'cards',
  {
    ...recordColumns(),
    v_card_identifier: text('v_card_identifier').notNull(),
    /** HMAC-SHA256 of the PAN under the card key: duplicates are refused by this unique index. */
    v_pan_hash: text('v_pan_hash').notNull(),
    /** HMAC of the last 8 digits (what is printed on the carrier), for matching. */
    v_tail_hash: text('v_tail_hash').notNull(),
    v_pan_first6: text('v_pan_first6').notNull(),
    v_pan_last4: text('v_pan_last4').notNull(),
    t_pan_enc: text('t_pan_enc').notNull(),
    t_cvv_enc: text('t_cvv_enc').notNull(),
    t_pin_enc: text('t_pin_enc').notNull(),
    /** MM/YY */
    v_valid_date: text('v_valid_date').notNull(),
    v_card_type: text('v_card_type').notNull().default('prepago'),
    i_status: integer('i_status').notNull().default(1),
    b_blocked: boolean('b_blocked').notNull().default(false),
    b_turned_off: boolean('b_turned_off').notNull().default(false),
    i_user_type: integer('i_user_type').notNull().default(1),
    v_reference_batch: text('v_reference_batch').notNull(),
    /** Row number in its batch: a resumed batch skips rows already written (unique with the batch). */
    i_batch_row: integer('i_batch_row').notNull(),
    v_uid_business: uuid('v_uid_business'),
    v_uid_cardholder: uuid('v_uid_cardholder'),
    v_customer_id: text('v_customer_id'),
    v_uid_account: uuid('v_uid_account'),
    t_controls: jsonb('t_controls').$type<Record<string, unknown>>(),
    v_replaced_by: text('v_replaced_by'),
    v_replacement_of: text('v_replacement_of'),
    d_activated_at: tstz('d_activated_at'),
    d_cancelled_at: tstz('d_cancelled_at'),
    /** Issued at once from the virtual BIN (issue 28 §1): batch VIRTUAL, row from cards_virtual_row_seq. */
    b_virtual: boolean('b_virtual').notNull().default(false),
    /** Closes (status 4) when its first purchase is captured; declines a second while one is held. */
    b_single_use: boolean('b_single_use').notNull().default(false),
    /** Locks to the first merchant an approved purchase names (v_merchant_lock is written then). */
    b_lock_first_merchant: boolean('b_lock_first_merchant').notNull().default(false),
    v_merchant_lock: text('v_merchant_lock'),
    /** The card's own limits in cents as text ({ perTransaction, daily, monthly }), beside the cardholder's. */
    t_limits: jsonb('t_limits').$type<CardLimits>(),
  },
  (t) => [
    uniqueIndex('cards_identifier_key').on(t.v_card_identifier),
    uniqueIndex('cards_pan_hash_key').on(t.v_pan_hash),
    uniqueIndex('cards_batch_row_key').on(t.v_reference_batch, t.i_batch_row),
    index('cards_tail_hash_idx').on(t.v_tail_hash),
    index('cards_business_idx').on(t.v_uid_business, t.v_card_identifier),
    index('cards_status_idx').on(t.i_status, t.v_uid_business),
    index('cards_cardholder_idx').on(t.v_uid_cardholder),
    check('cards_status_known', sql`i_status BETWEEN 1 AND 4`),
    check('cards_assigned_has_owner', sql`i_status = 1 OR (v_uid_business IS NOT NULL AND v_uid_cardholder IS NOT NULL) OR i_status = 4`),
  ],
);

export interface CardLimits {
  perTransaction: string | null;
  daily: string | null;
  monthly: string | null;
}

/** The batch row numbers of virtual cards (their batch is VIRTUAL; (batch, row) is unique). */
export const cardsVirtualRowSeq = pgSequence('cards_virtual_row_seq');
export const VIRTUAL_BATCH = 'VIRTUAL';

/** Card creation batches (§3): a CSV upload or a generation from the BIN range. */
export const cardBatches = pgTable(
  'card_batches',
  {
    ...recordColumns(),
    v_reference_batch: text('v_reference_batch').notNull(),
    v_email: text('v_email').notNull(),
    v_path_storage: text('v_path_storage').notNull(),
    v_source: text('v_source').notNull().$type<'csv' | 'generate'>(),
    /** The uploaded file (CSV batches), kept until the batch is final. */
    t_content: text('t_content'),
    i_total: integer('i_total').notNull(),
    i_created: integer('i_created').notNull().default(0),
    i_failed: integer('i_failed').notNull().default(0),
    /** Rows handled so far (created + failed): where a resumed run continues. */
    i_done: integer('i_done').notNull().default(0),
    v_status: text('v_status').notNull().default('INPROGRESS'),
    v_uid_user: uuid('v_uid_user'),
  },
  (t) => [uniqueIndex('card_batches_reference_key').on(t.v_reference_batch), index('card_batches_created_idx').on(t.d_create_at, t.v_reference_batch)],
);

export const cardBatchErrors = pgTable(
  'card_batch_errors',
  {
    v_reference_batch: text('v_reference_batch').notNull(),
    i_row: integer('i_row').notNull(),
    v_reason: text('v_reason').notNull(),
  },
  (t) => [uniqueIndex('card_batch_errors_key').on(t.v_reference_batch, t.i_row)],
);

/** One global row: the BIN of generated cards, the low-stock threshold and the last alert. */
export const cardStockSettings = pgTable('card_stock_settings', {
  i_id: integer('i_id').primaryKey().default(1),
  v_bin: text('v_bin').notNull().default('537800'),
  /** The BIN of virtual cards (issue 28 §1): a range of its own, so a number tells which kind it is. */
  v_virtual_bin: text('v_virtual_bin').notNull().default('537801'),
  i_low_stock_threshold: integer('i_low_stock_threshold').notNull().default(100),
  b_low_alert_sent: boolean('b_low_alert_sent').notNull().default(false),
  n_next_serial: bigint('n_next_serial', { mode: 'bigint' })
    .notNull()
    .default(sql`1`),
});

/** Activation batch items (§3): one per row of a matching file. */
export const cardActivationItems = pgTable(
  'card_activation_items',
  {
    ...recordColumns(),
    v_reference_batch: text('v_reference_batch').notNull(),
    v_uid_business: uuid('v_uid_business').notNull(),
    i_row: integer('i_row').notNull(),
    v_cardholder_identifier: text('v_cardholder_identifier').notNull(),
    v_card_identifier: text('v_card_identifier').notNull(),
    i_user_type: integer('i_user_type').notNull().default(1),
    v_customer_id: text('v_customer_id'),
    v_status: text('v_status').notNull(),
    v_error_message: text('v_error_message'),
  },
  (t) => [
    index('card_activation_items_business_idx').on(t.v_uid_business, t.d_create_at, t.v_uid),
    uniqueIndex('card_activation_items_row_key').on(t.v_reference_batch, t.i_row),
  ],
);

/** Card movements shown per card (the ledger holds the money; this row says what it was). */
export const cardMovements = pgTable(
  'card_movements',
  {
    ...recordColumns(),
    v_uid_card: uuid('v_uid_card').notNull(),
    v_uid_business: uuid('v_uid_business').notNull(),
    v_kind: text('v_kind').notNull(),
    v_description: text('v_description').notNull(),
    n_amount_cents: bigint('n_amount_cents', { mode: 'bigint' }).notNull(),
    n_commission_cents: bigint('n_commission_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    n_iva_cents: bigint('n_iva_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    v_status: text('v_status').notNull(),
    v_uid_authorization: uuid('v_uid_authorization'),
    v_uid_transaction: uuid('v_uid_transaction'),
    /** A SPEI out from the card: its order (business_movements), whose status this row follows. */
    v_uid_order: uuid('v_uid_order'),
  },
  (t) => [
    index('card_movements_order_idx')
      .on(t.v_uid_order)
      .where(sql`${t.v_uid_order} IS NOT NULL`),
    index('card_movements_card_idx').on(t.v_uid_card, t.d_create_at),
    index('card_movements_business_idx').on(t.v_uid_business, t.d_create_at),
  ],
);

/** Authorisations of the card-network sandbox: approved (a hold), captured, reversed, refunded, or declined. */
export const cardAuthorizations = pgTable(
  'card_authorizations',
  {
    ...recordColumns(),
    v_uid_card: uuid('v_uid_card').notNull(),
    v_merchant: text('v_merchant').notNull(),
    i_mcc: integer('i_mcc').notNull(),
    v_channel: text('v_channel').notNull(),
    v_country: text('v_country').notNull(),
    n_amount_cents: bigint('n_amount_cents', { mode: 'bigint' }).notNull(),
    n_refunded_cents: bigint('n_refunded_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    v_status: text('v_status').notNull().$type<'approved' | 'declined' | 'captured' | 'reversed'>(),
    v_decline_reason: text('v_decline_reason'),
    /** Who decided (issue 28 §2): the product's own rules, the business's endpoint, or its default on a time-out or failure. */
    v_decided_by: text('v_decided_by').notNull().default('producto').$type<'producto' | 'negocio' | 'predeterminado'>(),
    /** The reason the business's endpoint gave, if any. */
    v_business_reason: text('v_business_reason'),
    /** Milliseconds the business's endpoint took (null: not asked). */
    i_decision_ms: integer('i_decision_ms'),
  },
  (t) => [index('card_authorizations_card_idx').on(t.v_uid_card, t.d_create_at)],
);

/**
 * Reveal tokens of the isolated card view (issue 28 §4): random, kept only as a hash, single-use,
 * valid 60 s, bound to the card and to the session that minted them (with the security code).
 */
export const cardRevealTokens = pgTable('card_reveal_tokens', {
  v_hash: text('v_hash').primaryKey(),
  v_uid_card: uuid('v_uid_card').notNull(),
  v_uid_user: uuid('v_uid_user').notNull(),
  v_uid_session: uuid('v_uid_session').notNull(),
  d_expires_at: tstz('d_expires_at').notNull(),
});

/** The number part of a dispute's folio DSP-<year>-<000123>. */
export const cardDisputeSeq = pgSequence('card_dispute_seq', { startWith: 1 });

/**
 * A dispute of a captured card purchase (issue 28 §3). One live dispute per purchase (a withdrawn
 * one may be opened again). The provisional credit is real ledger money on the card, from the
 * card-disputes book; losing takes it back, winning settles it with the network's chargeback.
 */
export const cardDisputes = pgTable(
  'card_disputes',
  {
    ...recordColumns(),
    v_folio: text('v_folio').notNull(),
    v_uid_business: uuid('v_uid_business').notNull(),
    v_uid_card: uuid('v_uid_card').notNull(),
    v_uid_authorization: uuid('v_uid_authorization').notNull(),
    v_reason: text('v_reason').notNull(),
    t_description: text('t_description').notNull(),
    v_status: text('v_status').notNull().default('open'),
    n_amount_cents: bigint('n_amount_cents', { mode: 'bigint' }).notNull(),
    n_credit_cents: bigint('n_credit_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    v_uid_user: uuid('v_uid_user').notNull(),
    d_deadline_at: tstz('d_deadline_at').notNull(),
    d_resolved_at: tstz('d_resolved_at'),
  },
  (t) => [
    uniqueIndex('card_disputes_folio_key').on(t.v_folio),
    uniqueIndex('card_disputes_live_key')
      .on(t.v_uid_authorization)
      .where(sql`v_status <> 'withdrawn'`),
    index('card_disputes_business_idx').on(t.v_uid_business, t.d_create_at),
    index('card_disputes_status_idx').on(t.v_status, t.d_deadline_at),
    check('card_disputes_status_known', sql`v_status IN ('open', 'review', 'won', 'lost', 'withdrawn')`),
    check('card_disputes_credit_range', sql`n_credit_cents >= 0 AND n_credit_cents <= n_amount_cents`),
  ],
);

/** A dispute's timeline: opening, evidence (comment and optional file), status changes and money. */
export const cardDisputeEvents = pgTable(
  'card_dispute_events',
  {
    ...recordColumns(),
    v_uid_dispute: uuid('v_uid_dispute').notNull(),
    v_kind: text('v_kind').notNull().$type<'opened' | 'evidence' | 'status' | 'credit' | 'reversal' | 'chargeback'>(),
    b_staff: boolean('b_staff').notNull(),
    v_uid_user: uuid('v_uid_user').notNull(),
    v_author: text('v_author').notNull(),
    t_comment: text('t_comment'),
    v_from_status: text('v_from_status'),
    v_to_status: text('v_to_status'),
    n_amount_cents: bigint('n_amount_cents', { mode: 'bigint' }),
    v_uid_transaction: uuid('v_uid_transaction'),
    v_uid_file: uuid('v_uid_file'),
    v_file_name: text('v_file_name'),
    i_seq: bigint('i_seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [index('card_dispute_events_dispute_idx').on(t.v_uid_dispute, t.i_seq)],
);

/**
 * A business's real-time authorisation endpoint (issue 28 §2, one per business): asked, signed like
 * its webhooks, after the product's own checks approve a purchase; on a time-out or failure the
 * default decision applies.
 */
export const cardAuthEndpoints = pgTable(
  'card_auth_endpoints',
  {
    ...recordColumns(),
    v_client: text('v_client').notNull(),
    v_uid_business: uuid('v_uid_business').notNull(),
    v_url: text('v_url').notNull(),
    /** The signing secret, sealed with the server's envelope key. */
    v_secret: text('v_secret').notNull(),
    i_timeout_ms: integer('i_timeout_ms').notNull().default(1500),
    v_default: text('v_default').notNull().default('decline').$type<'approve' | 'decline'>(),
    /** Set by staff only, outside production: http:// to a loopback address. */
    b_allow_loopback: boolean('b_allow_loopback').notNull().default(false),
  },
  (t) => [
    uniqueIndex('card_auth_endpoints_business').on(t.v_uid_business),
    check('card_auth_endpoints_timeout', sql`i_timeout_ms BETWEEN 200 AND 5000`),
    check('card_auth_endpoints_default', sql`v_default IN ('approve', 'decline')`),
  ],
);
