import { sql } from 'drizzle-orm';
import { bigint, boolean, check, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { recordColumns } from '../../db/columns';

/** CLABEs whose holder a business has verified (penny test matched) or confirmed despite a mismatch. */
export const verifiedClabes = pgTable(
  'verified_clabes',
  {
    ...recordColumns(),
    v_uid_business: uuid('v_uid_business').notNull(),
    v_clabe: text('v_clabe').notNull(),
    v_holder_name: text('v_holder_name'),
    v_holder_rfc: text('v_holder_rfc'),
    /** 'match' (the rail's holder is the one given) or 'confirmed' (a mismatch the business accepted). */
    v_result: text('v_result').notNull().$type<'match' | 'confirmed'>(),
    v_uid_user: uuid('v_uid_user'),
  },
  (t) => [
    uniqueIndex('verified_clabes_business_clabe_key').on(t.v_uid_business, t.v_clabe),
    check('verified_clabes_result', sql`v_result IN ('match', 'confirmed')`),
  ],
);

/**
 * Maker-checker per business, set by staff: from the threshold up a second user authorises a
 * dispersion or a single SPEI out (one setting for both; the table keeps its first name).
 */
export const dispersionApproval = pgTable('dispersion_approval', {
  ...recordColumns(),
  v_uid_business: uuid('v_uid_business').notNull().unique(),
  b_enabled: boolean('b_enabled').notNull().default(false),
  n_threshold_cents: bigint('n_threshold_cents', { mode: 'bigint' }),
  v_changed_by_email: text('v_changed_by_email'),
});
