import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, tstz } from '../../db/columns';

/**
 * Our orders on their way to STP (docs/decisions/0026-stp-rail.md). The SPEI order itself is the
 * business movement; this row is STP's side of it: 'cola' (to send), 'enviando' (a dispatcher holds
 * it until d_lease_until), 'por_confirmar' (a time-out or 5xx: STP is asked by claveRastreo before
 * anything is sent again), 'registrada' (STP's id kept) or 'rechazada' (STP refused; hold returned).
 */
export const stpOrders = pgTable(
  'stp_orders',
  {
    v_uid_movement: uuid('v_uid_movement').primaryKey(),
    v_clave_rastreo: text('v_clave_rastreo').notNull(),
    d_operation_date: date('d_operation_date', { mode: 'string' }).notNull(),
    /** The order's fields as sent (cadena original and JSON are made from them at each send). */
    t_order: jsonb('t_order').$type<Record<string, string | number>>().notNull(),
    v_status: text('v_status').notNull().default('cola').$type<'cola' | 'enviando' | 'por_confirmar' | 'registrada' | 'rechazada'>(),
    /** STP's id (resultado.id). */
    v_stp_id: text('v_stp_id'),
    i_attempts: integer('i_attempts').notNull().default(0),
    v_last_error: text('v_last_error'),
    d_next_at: tstz('d_next_at').notNull(),
    d_lease_until: tstz('d_lease_until'),
    d_create_at: tstz('d_create_at').notNull().defaultNow(),
    d_update_at: tstz('d_update_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stp_orders_stp_id').on(t.v_stp_id),
    uniqueIndex('stp_orders_clave_rastreo').on(t.v_clave_rastreo, t.d_operation_date),
    index('stp_orders_due_idx')
      .on(t.d_next_at)
      .where(sql`${t.v_status} IN ('cola', 'enviando', 'por_confirmar')`),
    check('stp_orders_status', sql`v_status IN ('cola', 'enviando', 'por_confirmar', 'registrada', 'rechazada')`),
  ],
);

/**
 * Changes of state STP posted for our orders (POST /api/stp/estado), kept so each is applied once
 * and one that arrives before STP's id is known is applied when it becomes known.
 */
export const stpEstados = pgTable(
  'stp_estados',
  {
    v_uid: uuid('v_uid').primaryKey().defaultRandom(),
    v_stp_id: text('v_stp_id').notNull(),
    /** 'settle' | 'return' | 'reject' (STP's LIQUIDACION, DEVOLUCION, CANCELACION). */
    v_event: text('v_event').notNull(),
    v_detail: text('v_detail'),
    t_body: jsonb('t_body').$type<Record<string, unknown>>().notNull(),
    b_applied: boolean('b_applied').notNull().default(false),
    d_create_at: tstz('d_create_at').notNull().defaultNow(),
  },
  (t) => [
    index('stp_estados_pending_idx')
      .on(t.v_stp_id)
      .where(sql`NOT ${t.b_applied}`),
  ],
);

/** Incoming transfers STP posted (POST /api/stp/abonos): one row per Clave + ClaveRastreo, with the answer given. */
export const stpAbonos = pgTable(
  'stp_abonos',
  {
    v_uid: uuid('v_uid').primaryKey().defaultRandom(),
    v_clave: text('v_clave').notNull(),
    v_clave_rastreo: text('v_clave_rastreo').notNull(),
    t_body: jsonb('t_body').$type<Record<string, unknown>>().notNull(),
    t_answer: jsonb('t_answer').$type<Record<string, unknown>>().notNull(),
    v_uid_movement: uuid('v_uid_movement'),
    d_create_at: tstz('d_create_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('stp_abonos_key').on(t.v_clave, t.v_clave_rastreo)],
);

/**
 * CLABEs of this provider registered at STP (STP credits only registered ones): 'pendiente' until
 * STP confirms, retried with back-off; 'baja_pendiente' → 'baja' when the account is closed.
 */
export const stpAccounts = pgTable(
  'stp_accounts',
  {
    v_clabe: text('v_clabe').primaryKey(),
    /** 'business' | 'wallet' | 'cardholder'. */
    v_owner_kind: text('v_owner_kind').notNull(),
    v_owner: text('v_owner').notNull(),
    /** Who holds it, as STP's registration needs it (RFC or CURP, person or company, names). */
    t_holder: jsonb('t_holder').$type<Record<string, unknown>>().notNull(),
    v_status: text('v_status').notNull().default('pendiente').$type<'pendiente' | 'registrada' | 'baja_pendiente' | 'baja'>(),
    i_attempts: integer('i_attempts').notNull().default(0),
    v_last_error: text('v_last_error'),
    d_next_at: tstz('d_next_at').notNull(),
    d_lease_until: tstz('d_lease_until'),
    d_registered_at: tstz('d_registered_at'),
    d_create_at: tstz('d_create_at').notNull().defaultNow(),
    d_update_at: tstz('d_update_at').notNull().defaultNow(),
  },
  (t) => [
    index('stp_accounts_due_idx')
      .on(t.d_next_at)
      .where(sql`${t.v_status} IN ('pendiente', 'baja_pendiente')`),
    check('stp_accounts_status', sql`v_status IN ('pendiente', 'registrada', 'baja_pendiente', 'baja')`),
  ],
);

/** The rail's health as staff see it: the last call STP answered and the last that failed. One row ('stp'). */
export const stpRailState = pgTable('stp_rail_state', {
  v_id: text('v_id').primaryKey(),
  d_last_ok: tstz('d_last_ok'),
  d_last_failure: tstz('d_last_failure'),
  v_last_error: text('v_last_error'),
  /** The account sweep's watermark: CLABEs changed since a little before it are looked at again. */
  d_accounts_swept: tstz('d_accounts_swept'),
});

/**
 * Banxico's CEP of each order sent that STP settled (issue 24 §6): 'pendiente' while Banxico has not
 * issued it (retried with back-off), 'obtenido' with its XML and PDF, 'agotado' after 24 h of
 * tries (the product's own proof is offered). Nothing waits on it.
 */
export const stpCeps = pgTable(
  'stp_ceps',
  {
    v_uid_movement: uuid('v_uid_movement').primaryKey(),
    v_status: text('v_status').notNull().default('pendiente').$type<'pendiente' | 'obtenido' | 'agotado'>(),
    /** What Banxico's form is asked with: fecha, criterio, emisor, receptor, cuenta, monto. */
    t_request: jsonb('t_request').$type<CepRequest>().notNull(),
    i_attempts: integer('i_attempts').notNull().default(0),
    v_last_error: text('v_last_error'),
    /** The 24 h of tries count from here (the settlement). */
    d_first_at: tstz('d_first_at').notNull(),
    d_next_at: tstz('d_next_at').notNull(),
    d_lease_until: tstz('d_lease_until'),
    t_xml: text('t_xml'),
    b_pdf: bytea('b_pdf'),
    d_obtained_at: tstz('d_obtained_at'),
    d_create_at: tstz('d_create_at').notNull().defaultNow(),
  },
  (t) => [
    index('stp_ceps_due_idx')
      .on(t.d_next_at)
      .where(sql`${t.v_status} = 'pendiente'`),
    check('stp_ceps_status', sql`v_status IN ('pendiente', 'obtenido', 'agotado')`),
  ],
);

/** The fields of Banxico's CEP query of one payment. */
export interface CepRequest {
  /** The operation day, YYYY-MM-DD. */
  fecha: string;
  claveRastreo: string;
  /** Five-digit institutions: the sender's (STP, 90646) and the receiver's. */
  emisor: string;
  receptor: string;
  /** The beneficiary's account. */
  cuenta: string;
  /** The amount, pesos with two decimals. */
  monto: string;
}
