// Who receives a notice: the people behind a user id, a client (business or wallet) or a kind.
import { and, inArray, isNull, like, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from './schema';

export interface Recipient {
  v_uid: string;
  v_client: string;
  v_email: string;
  v_names: string;
}

export async function recipientsByIds(db: DbOrTx, ids: string[]): Promise<Recipient[]> {
  if (ids.length === 0) return [];
  return db
    .select({ v_uid: users.v_uid, v_client: users.v_client, v_email: users.v_email, v_names: users.v_names })
    .from(users)
    .where(inArray(users.v_uid, ids));
}

/** Ids of the users (not deleted) of one client number, or of every client of a kind ('FAR', 'BUS', 'WAL'). */
export async function userIdsOf(db: DbOrTx, who: { client: string } | { kind: 'FAR' | 'BUS' | 'WAL' }): Promise<string[]> {
  const cond = 'client' in who ? eq(users.v_client, who.client) : like(users.v_client, `${who.kind}%`);
  const rows = await db
    .select({ v_uid: users.v_uid })
    .from(users)
    .where(and(cond, isNull(users.d_deleted_at)));
  return rows.map((r) => r.v_uid);
}
