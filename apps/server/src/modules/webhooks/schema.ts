import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { recordColumns, tstz } from '../../db/columns';

/** An HTTPS endpoint of a business's systems (tenant: v_client), with the event kinds it receives. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    ...recordColumns(),
    v_client: text('v_client').notNull(),
    v_uid_business: uuid('v_uid_business').notNull(),
    v_url: text('v_url').notNull(),
    v_kinds: jsonb('v_kinds').$type<string[]>().notNull(),
    v_description: text('v_description'),
    /** The signing secret, sealed with the server's envelope key (it must be readable to sign). */
    v_secret: text('v_secret').notNull(),
    b_active: boolean('b_active').notNull().default(true),
    /** Set by staff only: http:// to a loopback address is allowed. */
    b_allow_loopback: boolean('b_allow_loopback').notNull().default(false),
    d_deleted_at: tstz('d_deleted_at'),
  },
  (t) => [index('webhook_endpoints_client_idx').on(t.v_client)],
);

/** One event of a business: written once per business and event, however many of its users were notified. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    ...recordColumns(),
    v_client: text('v_client').notNull(),
    v_kind: text('v_kind').notNull(),
    /** What makes two notices the same event (notify's eventKey, else a digest of the notice). */
    v_event_key: text('v_event_key').notNull(),
    t_data: jsonb('t_data').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [uniqueIndex('webhook_events_once').on(t.v_client, t.v_kind, t.v_event_key)],
);

/** One event to one endpoint; each try is a job (attempt n has the unique key webhook:<id>:<n>). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    ...recordColumns(),
    v_uid_event: uuid('v_uid_event').notNull(),
    v_uid_endpoint: uuid('v_uid_endpoint').notNull(),
    v_status: text('v_status').notNull().default('pendiente').$type<'pendiente' | 'entregado' | 'fallido'>(),
    i_attempts: integer('i_attempts').notNull().default(0),
    i_last_code: integer('i_last_code'),
    v_last_error: text('v_last_error'),
    d_last_attempt_at: tstz('d_last_attempt_at'),
    d_delivered_at: tstz('d_delivered_at'),
    d_next_attempt_at: tstz('d_next_attempt_at'),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.v_uid_endpoint, t.d_create_at),
    uniqueIndex('webhook_deliveries_once').on(t.v_uid_event, t.v_uid_endpoint),
    check('webhook_deliveries_status', sql`v_status IN ('pendiente', 'entregado', 'fallido')`),
  ],
);

/** Every HTTP try of a delivery: the log the screen shows. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    ...recordColumns(),
    v_uid_delivery: uuid('v_uid_delivery').notNull(),
    i_attempt: integer('i_attempt').notNull(),
    i_code: integer('i_code'),
    v_error: text('v_error'),
    i_duration_ms: integer('i_duration_ms').notNull(),
  },
  (t) => [uniqueIndex('webhook_attempts_once').on(t.v_uid_delivery, t.i_attempt)],
);
