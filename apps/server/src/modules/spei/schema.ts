import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgSequence, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MovementType } from '@far/contracts';
import { recordColumns, tstz } from '../../db/columns';

/** Tracking keys of outgoing orders (claveRastreo 'FAR' + yyyymmdd + this, zero-padded): never repeats. */
export const speiTrackingSeq = pgSequence('spei_tracking_seq', { startWith: 1 });
/** Order ids the sandbox rail hands out (OrderOPMId) and its return tracking keys. */
export const speiSandboxSeq = pgSequence('spei_sandbox_seq', { startWith: 1 });

/**
 * The CLABE account registry of a business ("Alta de cuentas", §3 CLABE account). A CLABE is
 * registered at most once per business among its active accounts.
 */
export const clabeAccounts = pgTable(
  'clabe_accounts',
  {
    ...recordColumns(),
    v_uid_business: uuid('v_uid_business').notNull(),
    v_alias: text('v_alias').notNull(),
    v_account_holder_name: text('v_account_holder_name').notNull(),
    v_clabe: text('v_clabe').notNull(),
    /** Three-digit bank code (the CLABE prefix) and its name, filled from the catalogue. */
    v_bank_code: text('v_bank_code').notNull(),
    v_bank_name: text('v_bank_name').notNull(),
    v_rfc: text('v_rfc'),
    b_internal_business: boolean('b_internal_business').notNull().default(false),
    b_admin: boolean('b_admin').notNull().default(false),
    v_usage_scope: text('v_usage_scope').notNull().default('ALL').$type<'ALL' | 'TRANSFER' | 'DISPERSION'>(),
    n_daily_transfer_limit_cents: bigint('n_daily_transfer_limit_cents', { mode: 'bigint' }),
    i_account_type: integer('i_account_type').notNull().default(40),
    b_active: boolean('b_active').notNull().default(true),
    v_uid_user: uuid('v_uid_user'),
  },
  (t) => [
    index('clabe_accounts_business_idx').on(t.v_uid_business, t.d_create_at),
    uniqueIndex('clabe_accounts_business_clabe_key')
      .on(t.v_uid_business, t.v_clabe)
      .where(sql`${t.b_active}`),
    check('clabe_accounts_scope', sql`v_usage_scope IN ('ALL', 'TRANSFER', 'DISPERSION')`),
    check('clabe_accounts_limit', sql`coalesce(n_daily_transfer_limit_cents, 1) > 0`),
  ],
);

/**
 * Business movements: SPEI out (an order with its hold), SPEI in and deposits. The money itself
 * is in the ledger; this row is the order, its status history fields (§3 Pending transaction)
 * and the ids that tie it to the ledger (hold reference 'spei-out:<v_uid>', transaction).
 */
export const businessMovements = pgTable(
  'business_movements',
  {
    ...recordColumns(),
    v_uid_business: uuid('v_uid_business').notNull(),
    /** The business's tenant key (v_client). */
    v_client: text('v_client').notNull(),
    v_type: text('v_type').notNull().$type<MovementType>(),
    /** StatusBusinessMovement: 0 pendiente, 1 enviada, 2 liquidada, 3 devuelta, 4 rechazada, 5 cancelada, 6 eliminada, 7 por autorizar, 8 rechazada por el autorizador. */
    i_status: integer('i_status').notNull(),
    i_previous_status: integer('i_previous_status'),
    v_changed_by_email: text('v_changed_by_email'),
    n_amount_cents: bigint('n_amount_cents', { mode: 'bigint' }).notNull(),
    n_commission_cents: bigint('n_commission_cents', { mode: 'bigint' }).notNull(),
    n_iva_cents: bigint('n_iva_cents', { mode: 'bigint' }).notNull(),
    n_total_cents: bigint('n_total_cents', { mode: 'bigint' }).notNull(),
    v_source_clabe: text('v_source_clabe'),
    v_source_bank_code: text('v_source_bank_code'),
    v_source_name: text('v_source_name'),
    v_beneficiary_clabe: text('v_beneficiary_clabe'),
    v_beneficiary_bank_code: text('v_beneficiary_bank_code'),
    v_beneficiary_name: text('v_beneficiary_name'),
    v_beneficiary_rfc: text('v_beneficiary_rfc'),
    v_uid_clabe_account: uuid('v_uid_clabe_account'),
    v_alias: text('v_alias'),
    v_concept: text('v_concept'),
    v_reference: text('v_reference'),
    v_tracking_key: text('v_tracking_key'),
    /** SPEI operation day (America/Mexico_City). */
    d_operation_date: date('d_operation_date', { mode: 'string' }).notNull(),
    v_rail: text('v_rail'),
    v_rail_id: text('v_rail_id'),
    v_error_detail: text('v_error_detail'),
    v_return_tracking_key: text('v_return_tracking_key'),
    d_scheduled_at: tstz('d_scheduled_at'),
    d_payment_day: date('d_payment_day', { mode: 'string' }),
    d_sent_at: tstz('d_sent_at'),
    d_settled_at: tstz('d_settled_at'),
    d_returned_at: tstz('d_returned_at'),
    d_cancelled_at: tstz('d_cancelled_at'),
    /** The ledger transaction that posted it (settlement, credit, or the return after settlement). */
    v_uid_transaction: uuid('v_uid_transaction'),
    v_uid_dispersion: uuid('v_uid_dispersion'),
    /** A card's SPEI out: the card's ledger account holds the money (null: the tenant's main account). */
    v_uid_account: uuid('v_uid_account'),
    /** Who asked for it, and under which Idempotency-Key ('<METHOD> <route> <key>'). */
    v_uid_user: uuid('v_uid_user'),
    v_idempotency_key: text('v_idempotency_key'),
    /**
     * The movement's date on every screen, export, filter and report (decision 0037): when it moved
     * the balance (its ledger transaction's time, the statement's date) once posted, its creation
     * while not. Kept by the trigger business_movements_date (migration 0030) from v_uid_transaction
     * and d_create_at; the default only stands until that trigger sets it.
     */
    d_movement_at: tstz('d_movement_at').notNull().defaultNow(),
  },
  (t) => [
    // A business's movements newest first, in the list's exact order (ties by id).
    index('business_movements_list_idx').on(t.v_uid_business, t.d_movement_at.desc().nullsFirst(), t.v_uid.desc().nullsFirst()),
    index('business_movements_business_type_idx').on(t.v_uid_business, t.v_type, t.i_status),
    index('business_movements_open_idx')
      .on(t.i_status)
      .where(sql`${t.i_status} IN (0, 1)`),
    index('business_movements_created_idx').on(t.d_create_at),
    // Every business's movements of a period (staff reports, the day's SPEI volume).
    index('business_movements_moved_idx').on(t.d_movement_at),
    index('business_movements_account_idx')
      .on(t.v_uid_account, t.d_create_at)
      .where(sql`${t.v_uid_account} IS NOT NULL`),
    /** Our tracking keys: one per operation day. */
    uniqueIndex('business_movements_out_tracking_key')
      .on(t.v_tracking_key, t.d_operation_date)
      .where(sql`${t.v_type} = 'SPEI_OUT'`),
    /** An incoming order is the same order when tracking key, operation day and sending bank match: credited once. */
    uniqueIndex('business_movements_in_tracking_key')
      .on(t.v_tracking_key, t.d_operation_date, t.v_source_bank_code)
      .where(sql`${t.v_type} = 'SPEI_IN'`),
    uniqueIndex('business_movements_idempotency_key')
      .on(t.v_uid_user, t.v_idempotency_key)
      .where(sql`${t.v_idempotency_key} IS NOT NULL`),
    /** The ledger transaction of a posted movement: the database derives a movement for any transaction on a customer's account that no order row names (migration 0019). */
    index('business_movements_transaction_idx')
      .on(t.v_uid_transaction)
      .where(sql`${t.v_uid_transaction} IS NOT NULL`),
    check(
      'business_movements_type',
      sql`v_type IN ('SPEI_OUT', 'SPEI_IN', 'DEPOSIT', 'WALLET_OUT', 'WALLET_IN', 'CARD_FUNDING', 'BUDGET_ADD', 'BUDGET_MINUS', 'SPEI_OUT_RETURN', 'LEDGER_IN', 'LEDGER_OUT')`,
    ),
    check('business_movements_status', sql`i_status BETWEEN 0 AND 8`),
    // A derived credit or charge may be a commission alone (amount 0); an order always moves an amount.
    check(
      'business_movements_amounts',
      sql`(n_amount_cents > 0 OR v_type IN ('LEDGER_IN', 'LEDGER_OUT')) AND n_amount_cents >= 0 AND n_commission_cents >= 0 AND n_iva_cents >= 0`,
    ),
  ],
);

/**
 * The sandbox rail's own record of what it carried, per operation day, as STP's queries of sent
 * ('E') and received ('R') orders answer for STP: the daily reconciliation (issue 24 §5) compares
 * the ledger with it. `v_state`: liquidada, devuelta or cancelada.
 */
export const speiSandboxOrders = pgTable(
  'spei_sandbox_orders',
  {
    v_uid: uuid('v_uid').primaryKey().defaultRandom(),
    v_direction: text('v_direction').notNull().$type<'E' | 'R'>(),
    v_tracking_key: text('v_tracking_key').notNull(),
    d_operation_date: date('d_operation_date', { mode: 'string' }).notNull(),
    /** The sending bank of an order received (three digits); '' for one sent. */
    v_bank_code: text('v_bank_code').notNull().default(''),
    n_amount_cents: bigint('n_amount_cents', { mode: 'bigint' }).notNull(),
    v_state: text('v_state').notNull(),
    v_beneficiary_clabe: text('v_beneficiary_clabe').notNull(),
    v_beneficiary_name: text('v_beneficiary_name'),
    v_source_clabe: text('v_source_clabe'),
    v_source_name: text('v_source_name'),
    v_concept: text('v_concept'),
    v_reference: text('v_reference'),
    d_create_at: tstz('d_create_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('spei_sandbox_orders_key').on(t.d_operation_date, t.v_direction, t.v_tracking_key, t.v_bank_code),
    check('spei_sandbox_orders_direction', sql`v_direction IN ('E', 'R')`),
  ],
);
