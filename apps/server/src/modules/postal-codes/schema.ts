import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { recordColumns, tstz } from '../../db/columns';

/** One row per postal code: where it is (SEPOMEX d_codigo, D_mnpio, d_ciudad, d_estado). */
export const postalCodes = pgTable('postal_codes', {
  v_code: text('v_code').primaryKey(),
  v_municipality: text('v_municipality').notNull(),
  /** Rural codes have no city. */
  v_city: text('v_city'),
  v_state: text('v_state').notNull(),
  v_state_code: text('v_state_code'),
  v_municipality_code: text('v_municipality_code'),
  d_update_at: tstz('d_update_at').notNull().defaultNow(),
});

/**
 * The colonies (asentamientos) of a postal code. A colony is known by its code, name and
 * settlement type, so a re-import updates the same row and its id (NeighborhoodId) never changes.
 */
export const postalColonies = pgTable(
  'postal_colonies',
  {
    v_uid: uuid('v_uid').primaryKey().defaultRandom(),
    v_code: text('v_code')
      .notNull()
      .references(() => postalCodes.v_code),
    v_name: text('v_name').notNull(),
    v_settlement_type: text('v_settlement_type').notNull(),
    v_zone: text('v_zone'),
    /** SEPOMEX id_asenta_cpcons, when the row came from the official file. */
    i_asenta: integer('i_asenta'),
    d_update_at: tstz('d_update_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('postal_colonies_key').on(t.v_code, t.v_name, t.v_settlement_type)],
);

/** An import of CPdescarga.txt, processed in chunks; the screen polls processed / total. */
export const postalImports = pgTable(
  'postal_code_imports',
  {
    ...recordColumns(),
    v_file_uid: uuid('v_file_uid'),
    v_file_name: text('v_file_name').notNull(),
    v_uid_user: uuid('v_uid_user'),
    /** pendiente, en-proceso, finalizado or no-finalizado. */
    v_status: text('v_status').notNull(),
    i_processed: integer('i_processed').notNull().default(0),
    i_total: integer('i_total').notNull(),
    t_error: text('t_error'),
    d_started_at: tstz('d_started_at'),
    d_finished_at: tstz('d_finished_at'),
    /** Last chunk written: a job whose heartbeat is old was cut and may be resumed by anyone. */
    d_heartbeat_at: tstz('d_heartbeat_at'),
  },
  (t) => [index('postal_code_imports_created_idx').on(t.d_create_at)],
);
