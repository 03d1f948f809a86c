import { STATUS_IDS, statusName, type ClientKind, type SortDir, type StatusFilterName, type UserSortField } from '@far/contracts';
import { and, count, desc, eq, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { qb, readNow, readRows } from '../../db/read-together';
import { conflict } from '../../platform/errors';
import { listTotal, offsetOf, orderOf, type PageInput } from '../../platform/paging';
import { MATCH, inline, searchValues } from '../search';
import { users } from './schema';

export type UserRow = typeof users.$inferSelect;
export const MAX_SIGNIN_ATTEMPTS = 5;

/** Statuses that may sign in. */
export const CAN_SIGN_IN_STATUSES: readonly string[] = [STATUS_IDS.activo, STATUS_IDS['activo-desbloqueado']];
const CAN_SIGN_IN = new Set<string>(CAN_SIGN_IN_STATUSES);
export const canSignIn = (u: Pick<UserRow, 'v_uid_status'>) => CAN_SIGN_IN.has(u.v_uid_status);

export const fullName = (u: Pick<UserRow, 'v_names' | 'v_last_name_1' | 'v_last_name_2'>) =>
  [u.v_names, u.v_last_name_1, u.v_last_name_2].filter(Boolean).join(' ');

export const kindOf = (u: Pick<UserRow, 'v_client'>) => u.v_client.slice(0, 3) as ClientKind;

/** The live (not deleted) user with that e-mail. */
/** The live user of an e-mail (any case), as a query a plan statement may fold (db/read-together.ts). */
export const userByEmailQuery = (email: string) =>
  qb
    .select()
    .from(users)
    .where(and(sql`lower(${users.v_email}) = ${email.toLowerCase()}`, isNull(users.d_deleted_at)));

export const findUserByEmail = async (db: DbOrTx, email: string): Promise<UserRow | undefined> =>
  (await readNow(db, readRows<UserRow>(users, userByEmailQuery(email))))[0];

/** Live users with this cell phone (a wallet-to-wallet transfer names its receiver by phone). */
export const usersByPhoneQuery = (phone: string) =>
  qb
    .select()
    .from(users)
    .where(and(eq(users.v_cell_phone, phone), isNull(users.d_deleted_at)));

/** The user whose id a subquery gives (any state). */
export const userByIdQuery = (id: SQL) =>
  qb
    .select()
    .from(users)
    .where(sql`${users.v_uid} = (${id})`);

/** Users of queries like the ones above, as a read. */
export const usersRead = (query: ReturnType<typeof userByIdQuery>) => readRows<UserRow>(users, query);

export async function getUser(db: DbOrTx, uid: string, opts: { forUpdate?: boolean } = {}): Promise<UserRow | undefined> {
  const q = db.select().from(users).where(eq(users.v_uid, uid));
  const [u] = opts.forUpdate ? await q.for('update') : await q;
  return u;
}

/** A fresh client number: FAR000001, BUS000002, WAL000003. */
export async function nextClientNumber(db: DbOrTx, kind: ClientKind): Promise<string> {
  const res = await db.execute<{ n: string }>(sql`SELECT nextval('client_number_seq')::text AS n`);
  const n = (res as unknown as { rows: Array<{ n: string }> }).rows[0]!.n;
  return `${kind}${n.padStart(6, '0')}`;
}

export type NewUser = Omit<typeof users.$inferInsert, 'v_uid' | 'd_create_at' | 'd_update_at'>;

export async function insertUser(db: DbOrTx, data: NewUser): Promise<UserRow> {
  if (await findUserByEmail(db, data.v_email)) throw conflict('Ya existe un usuario con ese correo electrónico');
  const [u] = await db
    .insert(users)
    .values({ ...data, v_email: data.v_email.toLowerCase() })
    .returning();
  return u!;
}

export async function updateUser(db: DbOrTx, uid: string, data: Partial<NewUser>): Promise<UserRow> {
  const [u] = await db
    .update(users)
    .set({ ...data, d_update_at: new Date() })
    .where(eq(users.v_uid, uid))
    .returning();
  return u!;
}

/** One wrong password: one attempt fewer; at zero the user is blocked (activo-bloqueado). */
export async function registerFailedSignin(db: DbOrTx, uid: string): Promise<UserRow> {
  const [u] = await db
    .update(users)
    .set({
      i_attemps: sql`GREATEST(${users.i_attemps} - 1, 0)`,
      v_uid_status: sql`CASE WHEN ${users.i_attemps} <= 1 THEN ${STATUS_IDS['activo-bloqueado']}::uuid ELSE ${users.v_uid_status} END`,
      d_look_at: sql`CASE WHEN ${users.i_attemps} <= 1 THEN now() ELSE ${users.d_look_at} END`,
      d_update_at: new Date(),
    })
    .where(eq(users.v_uid, uid))
    .returning();
  return u!;
}

export async function userNames(db: DbOrTx, ids: string[]): Promise<Map<string, { name: string; email: string }>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(users).where(inArray(users.v_uid, ids));
  return new Map(rows.map((u) => [u.v_uid, { name: fullName(u), email: u.v_email }]));
}

export async function usersPerRole(db: DbOrTx, roleIds: string[]): Promise<Map<string, number>> {
  if (!roleIds.length) return new Map();
  const rows = await db
    .select({ role: users.v_uid_role, total: count() })
    .from(users)
    .where(and(inArray(users.v_uid_role, roleIds), isNull(users.d_deleted_at)))
    .groupBy(users.v_uid_role);
  return new Map(rows.map((r) => [r.role, r.total]));
}

/** Users per client kind and status, optionally within one tenant. */
export async function usersByKindAndStatus(db: DbOrTx, client?: string) {
  const kind = sql<string>`substr(${users.v_client}, 1, 3)`;
  const rows = await db
    .select({ kind, status: users.v_uid_status, total: count() })
    .from(users)
    .where(client ? eq(users.v_client, client) : undefined)
    .groupBy(kind, users.v_uid_status);
  return rows.map((r) => ({ kind: r.kind as ClientKind, status: statusName(r.status) ?? r.status, total: r.total }));
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const [r] = await db.select({ total: count() }).from(users);
  return r?.total ?? 0;
}

/** One wrong PIN: one try fewer (never below zero). Returns the tries left. */
export async function registerFailedPin(db: DbOrTx, uid: string): Promise<number> {
  const [u] = await db
    .update(users)
    .set({ i_pin_attempts: sql`GREATEST(${users.i_pin_attempts} - 1, 0)` })
    .where(eq(users.v_uid, uid))
    .returning({ left: users.i_pin_attempts });
  return u?.left ?? 0;
}

// ---- lists and counts for the people screens ------------------------------------------------------

/** Statuses behind each list filter. */
export const STATUS_GROUPS: Readonly<Record<StatusFilterName, readonly string[]>> = {
  activo: [STATUS_IDS.activo, STATUS_IDS['activo-desbloqueado']],
  inactivo: [STATUS_IDS.inactivo, STATUS_IDS.desactivado, STATUS_IDS['inactivo-desbloqueado']],
  bloqueado: [STATUS_IDS['activo-bloqueado'], STATUS_IDS['inactivo-bloqueado']],
  pendiente: [STATUS_IDS.pendiente],
};

export const isDeleted = (u: Pick<UserRow, 'd_deleted_at'>) => u.d_deleted_at !== null;

export interface UserQuery extends PageInput {
  /** Client kind: FAR, BUS or WAL. */
  prefix: ClientKind;
  /** One tenant only. */
  client?: string;
  Search?: string;
  statuses?: readonly string[];
  SortBy?: UserSortField;
  SortDir?: SortDir;
}
export type UserSortInput = Pick<UserQuery, 'SortBy' | 'SortDir'>;

/** The columns behind the user lists' sort fields (contracts USER_SORT_FIELDS). */
const USER_SORT_COLUMNS: Record<UserSortField, SQL | AnyColumn> = {
  Name: sql`lower(concat_ws(' ', ${users.v_names}, ${users.v_last_name_1}, ${users.v_last_name_2}))`,
  Email: users.v_email,
  CreationDate: users.d_create_at,
};

/** Live users of one kind (optionally one tenant), newest first, one page. */
export async function listUsers(db: DbOrTx, q: UserQuery): Promise<{ rows: UserRow[]; total: number }> {
  const where: SQL[] = [isNull(users.d_deleted_at), sql`substr(${users.v_client}, 1, 3) = ${q.prefix}`];
  if (q.client) where.push(eq(users.v_client, q.client));
  if (q.statuses) where.push(inArray(users.v_uid_status, [...q.statuses]));
  // The search's own matcher for people (modules/search): name words, e-mail, phone, client number.
  if (q.Search) where.push(MATCH.user(inline(searchValues(q.Search))));
  const cond = and(...where);
  const rows = await db
    .select()
    .from(users)
    .where(cond)
    .orderBy(...orderOf(q, USER_SORT_COLUMNS, [desc(users.d_create_at), desc(users.v_uid)], users.v_uid))
    .limit(q.Size)
    .offset(offsetOf(q));
  return { rows, total: await listTotal(db, users, cond, { offset: offsetOf(q), limit: q.Size, rows: rows.length }) };
}

/** Live users per tenant (a business's RegisteredUsers). */
/**
 * The live users of the client named by `client` (the outer query's column, table-qualified: a
 * one-table select renders its columns bare): folded into a list's page query.
 */
export const liveUsersOf = (client: SQL) => sql<number>`(SELECT count(*)::int FROM ${users} lu WHERE lu.v_client = ${client} AND lu.d_deleted_at IS NULL)`;

export async function countUsersByClient(db: DbOrTx, clients: string[]): Promise<Map<string, number>> {
  if (!clients.length) return new Map();
  const rows = await db
    .select({ client: users.v_client, total: count() })
    .from(users)
    .where(and(inArray(users.v_client, clients), isNull(users.d_deleted_at)))
    .groupBy(users.v_client);
  return new Map(rows.map((r) => [r.client, r.total]));
}

/**
 * How many users that can sign in match the condition, other than `exceptId`. The matching rows
 * are locked first, so two requests cannot each remove "the other" last super admin.
 */
async function countActive(tx: DbOrTx, match: SQL, exceptId: string): Promise<number> {
  const rows = await tx
    .select({ v_uid: users.v_uid, status: users.v_uid_status })
    .from(users)
    .where(and(match, isNull(users.d_deleted_at)))
    .for('update');
  return rows.filter((r) => r.v_uid !== exceptId && canSignIn({ v_uid_status: r.status })).length;
}
export const countOtherActiveWithRole = (tx: DbOrTx, roleId: string, exceptId: string) => countActive(tx, eq(users.v_uid_role, roleId), exceptId);
export const countOtherActiveOfClient = (tx: DbOrTx, client: string, exceptId: string) => countActive(tx, eq(users.v_client, client), exceptId);

/** Marks every live user of a tenant deleted (a business that is deleted); returns their ids. */
export async function deleteUsersOfClient(tx: DbOrTx, client: string): Promise<string[]> {
  const now = new Date();
  const rows = await tx
    .update(users)
    .set({ v_uid_status: STATUS_IDS.eliminado, d_deleted_at: now, d_update_at: now })
    .where(and(eq(users.v_client, client), isNull(users.d_deleted_at)))
    .returning({ v_uid: users.v_uid });
  return rows.map((r) => r.v_uid);
}
