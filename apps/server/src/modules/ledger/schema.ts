import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { recordColumns, tstz } from '../../db/columns';

/**
 * Double-entry ledger (docs/decisions/0004-ledger.md). Amounts are integer cents (BIGINT).
 *
 * Guarantees held by the database itself, whatever the code does:
 * - a customer account never has less than nothing available (CHECK below, evaluated on every
 *   UPDATE of the row, so no interleaving of concurrent transactions can get past it);
 * - the postings of a ledger transaction sum to zero and are at least two (deferred constraint
 *   triggers, migration 'ledger_guards');
 * - transactions and postings are never updated or deleted (triggers, same migration).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    ...recordColumns(),
    /** '<owner>:<slot>' for customers (BUS000002:main), 'PROVIDER:<book>:<shard>' for the provider. */
    v_code: text('v_code').notNull(),
    v_owner_kind: text('v_owner_kind').notNull().$type<'business' | 'wallet' | 'cardholder' | 'provider'>(),
    /** The v_client tenant key of the owner, or the provider book's name. */
    v_owner: text('v_owner').notNull(),
    v_name: text('v_name').notNull(),
    /** Customer money: may never go below zero. Provider books may. */
    b_customer: boolean('b_customer').notNull(),
    /** Posted balance: always the sum of the account's postings. */
    n_balance_cents: bigint('n_balance_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Amount in transit: the sum of the account's holds in status 'held'. */
    n_held_cents: bigint('n_held_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Number of postings; each posting carries its position (n_entry), so statements have one exact order. */
    n_entries: bigint('n_entries', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [
    uniqueIndex('ledger_accounts_code_key').on(t.v_code),
    index('ledger_accounts_owner_idx').on(t.v_owner_kind, t.v_owner),
    check('ledger_accounts_customer_funds', sql`NOT b_customer OR (n_balance_cents - n_held_cents >= 0 AND n_held_cents >= 0)`),
    check('ledger_accounts_held_nonnegative', sql`n_held_cents >= 0`),
    check('ledger_accounts_owner_kind', sql`v_owner_kind IN ('business', 'wallet', 'cardholder', 'provider')`),
    check('ledger_accounts_customer_kind', sql`b_customer = (v_owner_kind <> 'provider')`),
  ],
);

/** One movement. Written once, never updated; a correction is a new transaction (kind 'reversal'). */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    v_uid: uuid('v_uid').primaryKey().defaultRandom(),
    /** 'spei-in', 'spei-out', 'commission', 'deposit', 'reversal', … */
    v_kind: text('v_kind').notNull(),
    /** Unique per kind: posting the same (kind, reference) twice yields the first transaction. */
    v_reference: text('v_reference').notNull(),
    t_memo: jsonb('t_memo').$type<Record<string, unknown>>(),
    d_create_at: tstz('d_create_at')
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [uniqueIndex('ledger_transactions_kind_reference_key').on(t.v_kind, t.v_reference), index('ledger_transactions_created_idx').on(t.d_create_at)],
);

/** One leg of a transaction on one account; positive credits (raises the balance), negative debits. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    v_uid: uuid('v_uid').primaryKey().defaultRandom(),
    v_uid_transaction: uuid('v_uid_transaction')
      .notNull()
      .references(() => ledgerTransactions.v_uid),
    v_uid_account: uuid('v_uid_account')
      .notNull()
      .references(() => ledgerAccounts.v_uid),
    /** Position inside the transaction (0, 1, …), as the caller listed the legs. */
    i_line: integer('i_line').notNull(),
    /** What the leg is, for statements: 'amount', 'commission', 'iva', … (optional). */
    v_leg: text('v_leg'),
    n_amount_cents: bigint('n_amount_cents', { mode: 'bigint' }).notNull(),
    /** The account's posted balance right after this posting. */
    n_balance_after_cents: bigint('n_balance_after_cents', { mode: 'bigint' }).notNull(),
    /** 1, 2, 3, … per account, gapless: the exact order of the account's postings. */
    n_entry: bigint('n_entry', { mode: 'bigint' }).notNull(),
    /**
     * Its transaction's time (postTransaction writes both in one statement, while the account row
     * is locked), so per account it grows with n_entry, and a statement line and its movement
     * (business_movements.d_movement_at) carry the same instant.
     */
    d_create_at: tstz('d_create_at')
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('ledger_postings_transaction_idx').on(t.v_uid_transaction),
    uniqueIndex('ledger_postings_account_entry_key').on(t.v_uid_account, t.n_entry),
    index('ledger_postings_account_created_idx').on(t.v_uid_account, t.d_create_at),
    check('ledger_postings_amount_nonzero', sql`n_amount_cents <> 0`),
  ],
);

/**
 * Money in transit: a hold raises the account's n_held_cents; settlement posts the movement and
 * lowers it (status 'posted'), a return or cancel only lowers it (status 'released'). Each
 * transition is a conditional UPDATE from 'held', so it happens once however often it is asked.
 */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    ...recordColumns(),
    v_uid_account: uuid('v_uid_account')
      .notNull()
      .references(() => ledgerAccounts.v_uid),
    n_amount_cents: bigint('n_amount_cents', { mode: 'bigint' }).notNull(),
    v_status: text('v_status').notNull().default('held').$type<'held' | 'posted' | 'released'>(),
    v_reference: text('v_reference').notNull(),
    /** The settlement transaction (status 'posted'). Its row is written after this one changes, hence no FK. */
    v_uid_transaction: uuid('v_uid_transaction'),
    /** Why it was released: 'returned', 'cancelled', 'rejected', … */
    v_reason: text('v_reason'),
  },
  (t) => [
    uniqueIndex('ledger_holds_reference_key').on(t.v_reference),
    index('ledger_holds_account_status_idx').on(t.v_uid_account, t.v_status),
    check('ledger_holds_amount_positive', sql`n_amount_cents > 0`),
    check('ledger_holds_status', sql`v_status IN ('held', 'posted', 'released')`),
    check('ledger_holds_posted_has_transaction', sql`(v_status = 'posted') = (v_uid_transaction IS NOT NULL)`),
  ],
);
