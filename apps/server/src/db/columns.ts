import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Columns every catalog-style record carries (spec §3): v_uid, d_create_at, d_update_at. */
export const recordColumns = () => ({
  v_uid: uuid('v_uid').primaryKey().defaultRandom(),
  d_create_at: timestamp('d_create_at', { withTimezone: true }).notNull().defaultNow(),
  d_update_at: timestamp('d_update_at', { withTimezone: true }).notNull().defaultNow(),
});

export const tstz = (name: string) => timestamp(name, { withTimezone: true });

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
