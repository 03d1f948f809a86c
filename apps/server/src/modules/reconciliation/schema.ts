import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tstz } from '../../db/columns';

/**
 * The daily SPEI reconciliation (issue 24 §5, docs/decisions/0031): one row per operation day, its
 * last run (by the daily job or by staff on demand) and what each side counted.
 */
export const speiReconciliations = pgTable(
  'spei_reconciliations',
  {
    d_operation_date: date('d_operation_date', { mode: 'string' }).primaryKey(),
    v_rail: text('v_rail').notNull(),
    /** 'completa', or 'fallida' when the rail could not be asked (v_error says why; retried). */
    v_status: text('v_status').notNull().$type<'completa' | 'fallida'>(),
    v_error: text('v_error'),
    i_sent_rail: integer('i_sent_rail').notNull().default(0),
    i_received_rail: integer('i_received_rail').notNull().default(0),
    i_sent_ledger: integer('i_sent_ledger').notNull().default(0),
    i_received_ledger: integer('i_received_ledger').notNull().default(0),
    /** Who ran it last; null: the daily job. */
    v_uid_user: uuid('v_uid_user'),
    d_run_at: tstz('d_run_at').notNull(),
  },
  () => [check('spei_reconciliations_status', sql`v_status IN ('completa', 'fallida')`)],
);

/**
 * One difference between the rail and the ledger. A later run of the same day updates an open line
 * and removes one that no longer differs; a line staff credited or reviewed stays as it was left.
 */
export const speiReconciliationLines = pgTable(
  'spei_reconciliation_lines',
  {
    v_uid: uuid('v_uid').primaryKey().defaultRandom(),
    d_operation_date: date('d_operation_date', { mode: 'string' }).notNull(),
    /** 'E' an order we sent, 'R' one received. */
    v_direction: text('v_direction').notNull().$type<'E' | 'R'>(),
    /** 'falta_en_libro' | 'falta_en_riel' | 'monto' | 'estado'. */
    v_kind: text('v_kind').notNull().$type<'falta_en_libro' | 'falta_en_riel' | 'monto' | 'estado'>(),
    v_tracking_key: text('v_tracking_key').notNull(),
    /** The sending bank of an order received; '' for one sent. */
    v_bank_code: text('v_bank_code').notNull().default(''),
    n_rail_amount_cents: bigint('n_rail_amount_cents', { mode: 'bigint' }),
    n_ledger_amount_cents: bigint('n_ledger_amount_cents', { mode: 'bigint' }),
    v_rail_state: text('v_rail_state'),
    v_ledger_state: text('v_ledger_state'),
    v_counterparty: text('v_counterparty'),
    v_account: text('v_account'),
    v_uid_movement: uuid('v_uid_movement'),
    /** The rail's order as it described it (what a credit of a missed transfer is made from). */
    t_rail: jsonb('t_rail').$type<Record<string, string | null>>(),
    v_status: text('v_status').notNull().default('abierta').$type<'abierta' | 'revisada' | 'abonada'>(),
    v_comment: text('v_comment'),
    v_uid_user_resolved: uuid('v_uid_user_resolved'),
    d_resolved_at: tstz('d_resolved_at'),
    d_create_at: tstz('d_create_at').notNull().defaultNow(),
    d_update_at: tstz('d_update_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('spei_reconciliation_lines_key').on(t.d_operation_date, t.v_direction, t.v_tracking_key, t.v_bank_code, t.v_kind),
    index('spei_reconciliation_lines_day_idx').on(t.d_operation_date, t.v_status),
    check('spei_reconciliation_lines_kind', sql`v_kind IN ('falta_en_libro', 'falta_en_riel', 'monto', 'estado')`),
    check('spei_reconciliation_lines_status', sql`v_status IN ('abierta', 'revisada', 'abonada')`),
  ],
);
