import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgSequence, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { recordColumns, tstz } from '../../db/columns';

/** The seven-digit part of wallet CLABEs (646 180 2491 nnnnnnn + check digit). */
export const walletClabeSeq = pgSequence('wallet_clabe_seq', { startWith: 1 });

/**
 * A wallet user's e-money account (docs/decisions/0015-wallet.md): their CLABE, how they confirm
 * transfers, and their own daily limit. The money is in the ledger ('<WAL client>:main').
 */
export const walletAccounts = pgTable(
  'wallet_accounts',
  {
    ...recordColumns(),
    v_uid_user: uuid('v_uid_user').notNull(),
    v_client: text('v_client').notNull(),
    v_clabe: text('v_clabe').notNull(),
    /** 'code' (six-digit security code) or 'pin' (the wallet PIN). */
    v_confirm_with: text('v_confirm_with').notNull().default('code').$type<'code' | 'pin'>(),
    /** The user's own daily limit; NULL = the default (1,500 UDIS at today's value). */
    n_daily_limit_cents: bigint('n_daily_limit_cents', { mode: 'bigint' }),
    /** A raise waiting for its period: the value and when it takes effect. */
    n_pending_limit_cents: bigint('n_pending_limit_cents', { mode: 'bigint' }),
    d_pending_limit_at: tstz('d_pending_limit_at'),
  },
  (t) => [
    uniqueIndex('wallet_accounts_user_key').on(t.v_uid_user),
    uniqueIndex('wallet_accounts_client_key').on(t.v_client),
    uniqueIndex('wallet_accounts_clabe_key').on(t.v_clabe),
    check('wallet_accounts_confirm', sql`v_confirm_with IN ('code', 'pin')`),
    check(
      'wallet_accounts_limits',
      sql`coalesce(n_daily_limit_cents, 1) > 0 AND coalesce(n_pending_limit_cents, 1) > 0 AND (n_pending_limit_cents IS NULL) = (d_pending_limit_at IS NULL)`,
    ),
  ],
);

/** Staff-maintained wallet settings: one row (v_uid fixed, WALLET_SETTINGS_ID). */
export const walletSettings = pgTable(
  'wallet_settings',
  {
    ...recordColumns(),
    /** Pesos per UDI in millionths (8.512345 → 8512345). */
    n_udi_micros: bigint('n_udi_micros', { mode: 'bigint' }).notNull(),
    i_limit_wait_hours: integer('i_limit_wait_hours').notNull(),
    n_commission_spei_in_bp: integer('n_commission_spei_in_bp').notNull(),
    b_enable_spei_out: boolean('b_enable_spei_out').notNull(),
    n_commission_spei_out_cents: bigint('n_commission_spei_out_cents', { mode: 'bigint' }).notNull(),
    n_commission_transfer_cents: bigint('n_commission_transfer_cents', { mode: 'bigint' }).notNull(),
  },
  () => [
    check(
      'wallet_settings_values',
      sql`n_udi_micros > 0 AND i_limit_wait_hours >= 0 AND n_commission_spei_in_bp BETWEEN 0 AND 10000 AND n_commission_spei_out_cents >= 0 AND n_commission_transfer_cents >= 0`,
    ),
  ],
);

/** A wallet's own list of CLABE accounts it sends to. */
export const walletSavedAccounts = pgTable(
  'wallet_saved_accounts',
  {
    ...recordColumns(),
    v_uid_user: uuid('v_uid_user').notNull(),
    v_alias: text('v_alias').notNull(),
    v_holder_name: text('v_holder_name').notNull(),
    v_clabe: text('v_clabe').notNull(),
    v_bank_code: text('v_bank_code').notNull(),
    v_bank_name: text('v_bank_name').notNull(),
  },
  (t) => [uniqueIndex('wallet_saved_accounts_key').on(t.v_uid_user, t.v_clabe)],
);

/**
 * budget of spec §3: money set aside, a ledger sub-account of the wallet ('<client>:budget-<v_uid>').
 * n_current_amount is that account's balance, never stored here.
 */
export const budgets = pgTable(
  'budgets',
  {
    ...recordColumns(),
    v_uid_user: uuid('v_uid_user').notNull(),
    v_client: text('v_client').notNull(),
    v_name: text('v_name').notNull(),
    n_goal_amount_cents: bigint('n_goal_amount_cents', { mode: 'bigint' }).notNull(),
    d_target_date: date('d_target_date', { mode: 'string' }),
    i_active: boolean('i_active').notNull().default(true),
    v_uid_account: uuid('v_uid_account').notNull(),
    /** When the goal was last reached (the user is notified once per reaching). */
    d_goal_met_at: tstz('d_goal_met_at'),
  },
  (t) => [index('budgets_user_idx').on(t.v_uid_user, t.d_create_at), check('budgets_goal_positive', sql`n_goal_amount_cents > 0`)],
);

/** budget-movement of spec §3: add (available → budget) or minus (budget → available). */
export const budgetMovements = pgTable(
  'budget_movements',
  {
    ...recordColumns(),
    v_uid_budget: uuid('v_uid_budget').notNull(),
    v_type: text('v_type').notNull().$type<'add' | 'minus'>(),
    n_amount_cents: bigint('n_amount_cents', { mode: 'bigint' }).notNull(),
    /** 'deactivation' when the money came back because the budget was deactivated. */
    v_reason: text('v_reason'),
    v_uid_transaction: uuid('v_uid_transaction').notNull(),
    v_uid_user: uuid('v_uid_user'),
  },
  (t) => [
    index('budget_movements_budget_idx').on(t.v_uid_budget, t.d_create_at),
    check('budget_movements_type', sql`v_type IN ('add', 'minus')`),
    check('budget_movements_amount', sql`n_amount_cents > 0`),
  ],
);
