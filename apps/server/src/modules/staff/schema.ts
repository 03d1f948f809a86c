import { sql } from 'drizzle-orm';
import { boolean, date, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { recordColumns } from '../../db/columns';

/**
 * Departments of admin users. Seeded with the three of spec §7 (the contracts' AREAS, same ids);
 * those are system rows: neither renamed nor deleted, so the static catalogue stays true.
 */
export const departments = pgTable(
  'departments',
  {
    ...recordColumns(),
    v_name: text('v_name').notNull(),
    i_active: boolean('i_active').notNull().default(true),
    b_system: boolean('b_system').notNull().default(false),
  },
  (t) => [uniqueIndex('departments_name_key').on(sql`lower(${t.v_name})`)],
);

/** employee of spec §3: the staff record of an admin user (one per user). */
export const employees = pgTable(
  'employees',
  {
    ...recordColumns(),
    v_uid_user: uuid('v_uid_user').notNull(),
    v_uid_area: uuid('v_uid_area')
      .notNull()
      .references(() => departments.v_uid),
    v_number_employ: text('v_number_employ'),
    v_position: text('v_position').notNull(),
    d_admission_at: date('d_admission_at'),
  },
  (t) => [uniqueIndex('employees_user_key').on(t.v_uid_user), uniqueIndex('employees_number_key').on(t.v_number_employ)],
);
