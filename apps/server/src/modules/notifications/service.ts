import type { DbOrTx } from '../../db/client';
import { notifications } from './schema';

export interface Notice {
  /** users.v_uid of the person notified. */
  userId: string;
  kind: string;
  /** Spanish, short: shown in the bell's list. */
  title: string;
  /** Spanish, one or two sentences. */
  body: string;
  link?: string | null;
}

/** Writes notices in the caller's transaction: they commit or roll back with the event. */
export async function notify(db: DbOrTx, ...notices: Notice[]): Promise<void> {
  if (notices.length === 0) return;
  await db.insert(notifications).values(
    notices.map((n) => ({ v_uid_user: n.userId, v_kind: n.kind, v_title: n.title, t_body: n.body, v_link: n.link ?? null })),
  );
}
