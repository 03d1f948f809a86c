import { and, eq, gte, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { keysetBatches } from '../../platform/batches';
import { users } from './schema';

/** Live users of every kind (or one tenant) registered in [from, to), optionally of one status, oldest first, in keyset batches (staff reports). */
export const userBatches = (db: DbOrTx, f: { from?: Date; to?: Date; client?: string; statusId?: string }) =>
  keysetBatches(
    db,
    users,
    and(
      isNull(users.d_deleted_at),
      f.from ? gte(users.d_create_at, f.from) : undefined,
      f.to ? lt(users.d_create_at, f.to) : undefined,
      f.client ? eq(users.v_client, f.client) : undefined,
      f.statusId ? eq(users.v_uid_status, f.statusId) : undefined,
    ),
  );
