import { date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { recordColumns } from '../../db/columns';

/** beneficiary of spec §3. The owner is a wallet user (v_uid_user) or a business (v_uid_business). */
export const beneficiaries = pgTable(
  'beneficiaries',
  {
    ...recordColumns(),
    v_uid_user: uuid('v_uid_user'),
    v_uid_business: uuid('v_uid_business'),
    /** The owner's tenant, kept for reading by tenant. */
    v_client: text('v_client').notNull(),
    v_names: text('v_names').notNull(),
    d_birthdate_at: date('d_birthdate_at').notNull(),
    v_phone: text('v_phone').notNull(),
    v_email: text('v_email').notNull(),
  },
  (t) => [index('beneficiaries_user_idx').on(t.v_uid_user), index('beneficiaries_business_idx').on(t.v_uid_business)],
);
