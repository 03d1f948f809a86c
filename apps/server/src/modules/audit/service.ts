import type { IncidentType } from '@far/contracts';
import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { insertFrom } from '../../db/insert-from';
import { logs, logUser } from './schema';

export interface ActivityInput {
  actor?: { userId: string; client: string | null } | null;
  /** The user acted upon, when it is not the actor (spec: v_uid_user_parent). */
  parentUserId?: string | null;
  section: string;
  action: string;
  activity: string;
  detail?: Record<string, unknown>;
  ip?: string;
}

const activityValues = (a: ActivityInput) => ({
  v_uid_user: a.actor?.userId ?? null,
  v_client: a.actor?.client ?? null,
  v_section: a.section,
  v_action: a.action,
  v_activity: a.activity,
  v_uid_user_parent: a.parentUserId ?? null,
  t_detail: a.detail ?? null,
  v_ip: a.ip ?? null,
});

/** Written with the caller's transaction, so an audit entry exists exactly when its change does. */
export async function recordActivity(db: DbOrTx, a: ActivityInput): Promise<void> {
  await db.insert(logUser).values(activityValues(a));
}

/**
 * recordActivity as a part of the caller's statement (db/insert-from.ts): written for each row of
 * `from`; `detail` may be SQL that reads that statement (a tracking key the insert made).
 */
export const activityWrite = (a: Omit<ActivityInput, 'detail'>, from: SQL, detail: SQL): SQL =>
  insertFrom(logUser, { ...activityValues(a), t_detail: detail }, from);

export async function recordIncident(
  db: DbOrTx,
  i: { type: IncidentType; message: string; detail?: string; client?: string | null; incidentTypeId?: string },
): Promise<void> {
  await db.insert(logs).values({
    v_type: i.type,
    v_message: i.message,
    t_detail: i.detail ?? null,
    v_client: i.client ?? null,
    v_uid_type_incident: i.incidentTypeId ?? null,
  });
}

export interface LogQuery {
  page: number;
  perPage: number;
  search?: string;
  section?: string;
  from?: string;
  to?: string;
  client?: string;
}

/** Day bounds are taken in Mexico City time, the product's time zone. */
const dayStart = (d: string) => sql`(${d}::date)::timestamp AT TIME ZONE 'America/Mexico_City'`;

export async function listActivity(db: DbOrTx, q: LogQuery, userName: (ids: string[]) => Promise<Map<string, { name: string; email: string }>>) {
  const where: SQL[] = [];
  if (q.section) where.push(eq(logUser.v_section, q.section));
  if (q.client) where.push(eq(logUser.v_client, q.client));
  if (q.from) where.push(gte(logUser.d_create_at, dayStart(q.from)));
  if (q.to) where.push(lt(logUser.d_create_at, sql`${dayStart(q.to)} + interval '1 day'`));
  if (q.search) {
    const like = `%${q.search}%`;
    where.push(or(ilike(logUser.v_activity, like), ilike(logUser.v_action, like), ilike(logUser.v_section, like), ilike(logUser.v_client, like))!);
  }
  const cond = where.length ? and(...where) : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(logUser)
      .where(cond)
      .orderBy(desc(logUser.d_create_at))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ total: count() }).from(logUser).where(cond),
  ]);
  const names = await userName([...new Set(rows.map((r) => r.v_uid_user).filter((x): x is string => !!x))]);
  return {
    total,
    items: rows.map((r) => ({
      v_uid: r.v_uid,
      d_create_at: r.d_create_at.toISOString(),
      v_uid_user: r.v_uid_user,
      v_user_name: r.v_uid_user ? (names.get(r.v_uid_user)?.name ?? null) : null,
      v_user_email: r.v_uid_user ? (names.get(r.v_uid_user)?.email ?? null) : null,
      v_client: r.v_client,
      v_section: r.v_section,
      v_action: r.v_action,
      v_activity: r.v_activity,
      v_uid_user_parent: r.v_uid_user_parent,
    })),
  };
}

export async function listIncidents(db: DbOrTx, q: LogQuery) {
  const where: SQL[] = [];
  if (q.section) where.push(eq(logs.v_type, q.section));
  if (q.from) where.push(gte(logs.d_create_at, dayStart(q.from)));
  if (q.to) where.push(lt(logs.d_create_at, sql`${dayStart(q.to)} + interval '1 day'`));
  if (q.search) where.push(or(ilike(logs.v_message, `%${q.search}%`), ilike(logs.t_detail, `%${q.search}%`))!);
  const cond = where.length ? and(...where) : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(logs)
      .where(cond)
      .orderBy(desc(logs.d_create_at))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ total: count() }).from(logs).where(cond),
  ]);
  return {
    total,
    items: rows.map((r) => ({
      v_uid: r.v_uid,
      d_create_at: r.d_create_at.toISOString(),
      v_type: r.v_type,
      v_message: r.v_message,
      t_detail: r.t_detail,
      v_client: r.v_client,
      v_uid_type_incident: r.v_uid_type_incident,
    })),
  };
}

/** Figures for dashboards: activity per day (Mexico City days) and incidents today. */
export async function activityByDay(db: DbOrTx, days: number, client?: string) {
  const day = sql<string>`to_char(${logUser.d_create_at} AT TIME ZONE 'America/Mexico_City', 'YYYY-MM-DD')`;
  const since = sql`now() - make_interval(days => ${days})`;
  const rows = await db
    .select({ day, total: count() })
    .from(logUser)
    .where(and(gte(logUser.d_create_at, since), client ? eq(logUser.v_client, client) : undefined))
    .groupBy(day)
    .orderBy(day);
  return rows;
}

export async function incidentsToday(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(logs)
    .where(gte(logs.d_create_at, sql`date_trunc('day', now() AT TIME ZONE 'America/Mexico_City') AT TIME ZONE 'America/Mexico_City'`));
  return row?.total ?? 0;
}
