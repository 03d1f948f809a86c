import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { recordColumns } from '../../db/columns';

/**
 * SPEI commissions (docs/decisions/0006-spei.md). Percentages are basis points (0.5 % = 50),
 * amounts integer cents.
 */

/** The one global configuration row (v_uid fixed: GLOBAL_SPEI_CONFIG_ID). */
export const speiConfigGlobal = pgTable(
  'spei_config_global',
  {
    ...recordColumns(),
    n_commission_spei_in_bp: integer('n_commission_spei_in_bp').notNull(),
    b_enable_spei_out: boolean('b_enable_spei_out').notNull(),
    n_commission_spei_out_cents: bigint('n_commission_spei_out_cents', { mode: 'bigint' }).notNull(),
    n_commission_deposit_cardholder_cents: bigint('n_commission_deposit_cardholder_cents', { mode: 'bigint' }).notNull(),
  },
  () => [
    check(
      'spei_config_global_values',
      sql`n_commission_spei_in_bp BETWEEN 0 AND 10000 AND n_commission_spei_out_cents >= 0 AND n_commission_deposit_cardholder_cents >= 0`,
    ),
  ],
);

/** A business's own configuration (at most one per business). */
export const speiConfigBusiness = pgTable(
  'spei_config_business',
  {
    ...recordColumns(),
    v_uid_business: uuid('v_uid_business').notNull(),
    n_commission_spei_in_bp: integer('n_commission_spei_in_bp').notNull(),
    b_enable_spei_out: boolean('b_enable_spei_out').notNull(),
    b_use_custom_spei_out_config: boolean('b_use_custom_spei_out_config').notNull(),
    n_commission_spei_out_cents: bigint('n_commission_spei_out_cents', { mode: 'bigint' }).notNull(),
    n_commission_deposit_cardholder_cents: bigint('n_commission_deposit_cardholder_cents', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    uniqueIndex('spei_config_business_key').on(t.v_uid_business),
    check(
      'spei_config_business_values',
      sql`n_commission_spei_in_bp BETWEEN 0 AND 10000 AND n_commission_spei_out_cents >= 0 AND n_commission_deposit_cardholder_cents >= 0`,
    ),
  ],
);

/** SPEI-out switch per cardholder (cards come in a later issue; the flag is kept by identifier). */
export const speiConfigCardholder = pgTable(
  'spei_config_cardholder',
  {
    ...recordColumns(),
    v_cardholder_identifier: text('v_cardholder_identifier').notNull(),
    b_enable_spei_out: boolean('b_enable_spei_out').notNull(),
  },
  (t) => [uniqueIndex('spei_config_cardholder_key').on(t.v_cardholder_identifier)],
);

/**
 * Transaction limits (§3 Cardholder limit), for businesses and, later, cardholders. ScopeType 0
 * global (no identifier), 1 specific (the business's v_client or the cardholder id). CardType
 * '' is the business accounts' SPEI out; a card type for cards. NULL limit: none of that kind.
 */
export const transactionLimits = pgTable(
  'transaction_limits',
  {
    ...recordColumns(),
    i_scope_type: integer('i_scope_type').notNull(),
    /** '' for a global row, so that the unique index covers it. */
    v_cardholder_identifier: text('v_cardholder_identifier').notNull().default(''),
    v_card_type: text('v_card_type').notNull().default(''),
    n_limit_per_transaction_cents: bigint('n_limit_per_transaction_cents', { mode: 'bigint' }),
    n_daily_limit_cents: bigint('n_daily_limit_cents', { mode: 'bigint' }),
    n_monthly_limit_cents: bigint('n_monthly_limit_cents', { mode: 'bigint' }),
    b_enabled: boolean('b_enabled').notNull(),
  },
  (t) => [
    uniqueIndex('transaction_limits_key').on(t.i_scope_type, t.v_cardholder_identifier, t.v_card_type),
    check('transaction_limits_scope', sql`(i_scope_type = 0 AND v_cardholder_identifier = '') OR (i_scope_type = 1 AND v_cardholder_identifier <> '')`),
    check(
      'transaction_limits_positive',
      sql`coalesce(n_limit_per_transaction_cents, 1) > 0 AND coalesce(n_daily_limit_cents, 1) > 0 AND coalesce(n_monthly_limit_cents, 1) > 0`,
    ),
  ],
);
