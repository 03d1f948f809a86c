import { and, eq, gte, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { keysetBatches } from '../../platform/batches';
import { businesses } from './schema';

/** Live businesses registered in [from, to), optionally of one status (or one business), oldest first, in keyset batches (staff reports). */
export const businessBatches = (db: DbOrTx, f: { from?: Date; to?: Date; statusId?: string; id?: string }) =>
  keysetBatches(
    db,
    businesses,
    and(
      isNull(businesses.d_deleted_at),
      f.from ? gte(businesses.d_create_at, f.from) : undefined,
      f.to ? lt(businesses.d_create_at, f.to) : undefined,
      f.statusId ? eq(businesses.v_uid_status, f.statusId) : undefined,
      f.id ? eq(businesses.v_uid, f.id) : undefined,
    ),
  );
