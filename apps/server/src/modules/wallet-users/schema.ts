import { STATUS_IDS } from '@far/contracts';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { recordColumns, tstz } from '../../db/columns';

/** address of spec §3: a wallet user's home (one per user); the place comes from the postal code. */
export const addresses = pgTable('addresses', {
  ...recordColumns(),
  v_uid_user: uuid('v_uid_user').notNull().unique(),
  v_street: text('v_street').notNull(),
  v_number_outside: text('v_number_outside').notNull(),
  v_number_indoor: text('v_number_indoor'),
  v_zip_code: text('v_zip_code').notNull(),
  v_uid_colony: uuid('v_uid_colony').notNull(),
  v_colony: text('v_colony').notNull(),
  v_municipallity: text('v_municipallity').notNull(),
  v_city: text('v_city'),
  v_state: text('v_state').notNull(),
});

/** strategic-ally of spec §3: a wallet user applying to, then bound to, a business. */
export const strategicAllies = pgTable(
  'strategic_allies',
  {
    ...recordColumns(),
    v_uid_user_wallet: uuid('v_uid_user_wallet').notNull(),
    /** The business's Id. */
    v_uid_user_business: uuid('v_uid_user_business').notNull(),
    v_names: text('v_names').notNull(),
    v_rfc: text('v_rfc'),
    /** The business's client number: its users see the link. */
    v_client: text('v_client').notNull(),
    d_application_at: tstz('d_application_at').notNull().defaultNow(),
    d_binding_at: tstz('d_binding_at'),
    v_uid_status: uuid('v_uid_status').notNull(),
    t_comment: text('t_comment'),
    v_uid_reviewer: uuid('v_uid_reviewer'),
  },
  (t) => [
    // One open (pending or bound) link per wallet user and business.
    uniqueIndex('strategic_allies_open_key')
      .on(t.v_uid_user_wallet, t.v_uid_user_business)
      .where(sql`${t.v_uid_status} IN (${sql.raw(`'${STATUS_IDS.pendiente}'::uuid, '${STATUS_IDS.activo}'::uuid`)})`),
    index('strategic_allies_client_idx').on(t.v_client),
  ],
);
