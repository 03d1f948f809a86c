import { STATUS_IDS, statusName, type ClientKind } from '@far/contracts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { conflict } from '../../platform/errors';
import { users } from './schema';

export type UserRow = typeof users.$inferSelect;
export const MAX_SIGNIN_ATTEMPTS = 5;

/** Statuses that may sign in. */
const CAN_SIGN_IN = new Set<string>([STATUS_IDS.activo, STATUS_IDS['activo-desbloqueado']]);
export const canSignIn = (u: Pick<UserRow, 'v_uid_status'>) => CAN_SIGN_IN.has(u.v_uid_status);

export const fullName = (u: Pick<UserRow, 'v_names' | 'v_last_name_1' | 'v_last_name_2'>) =>
  [u.v_names, u.v_last_name_1, u.v_last_name_2].filter(Boolean).join(' ');

export const kindOf = (u: Pick<UserRow, 'v_client'>) => u.v_client.slice(0, 3) as ClientKind;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(sql`lower(${users.v_email}) = ${email.toLowerCase()}`);
  return u;
}

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
  const [u] = await db.insert(users).values({ ...data, v_email: data.v_email.toLowerCase() }).returning();
  return u!;
}

export async function updateUser(db: DbOrTx, uid: string, data: Partial<NewUser>): Promise<UserRow> {
  const [u] = await db.update(users).set({ ...data, d_update_at: new Date() }).where(eq(users.v_uid, uid)).returning();
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
  const rows = await db.select({ role: users.v_uid_role, total: count() }).from(users).where(inArray(users.v_uid_role, roleIds)).groupBy(users.v_uid_role);
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

export async function latestUsers(db: DbOrTx, client: string, limit = 5) {
  return db.select().from(users).where(and(eq(users.v_client, client))).orderBy(desc(users.d_create_at)).limit(limit);
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
