import type { DbOrTx } from '../../db/client';
import { hook } from '../../platform/module';

/** Names and e-mails of the users in the activity log: users owns them and imports audit, so users provides it. */
export const userNames = hook<(db: DbOrTx, ids: string[]) => Promise<Map<string, { name: string; email: string }>>>('audit.userNames');
