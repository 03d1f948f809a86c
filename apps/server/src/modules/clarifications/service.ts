/**
 * Clarifications: opening a case, the staff queue, status changes, follow-ups and the rating
 * (docs/decisions/0016-clarifications-and-reports.md). Every write goes with its audit entry and,
 * when staff answer or close, the opener's notice, in the caller's transaction.
 */
import {
  CLARIFICATION_MESSAGES as M,
  CLARIFICATION_STATUS_LABELS,
  OPEN_CLARIFICATION_STATUSES,
  REQUIRED,
  STATUS_IDS,
  canMoveClarification,
  clarificationStatusOf,
  clarificationType,
  type ClarificationFollowUpOut,
  type ClarificationListInput,
  type ClarificationOut,
  type ClarificationStatus,
} from '@far/contracts';
import { and, asc, desc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { keysetBatches } from '../../platform/batches';
import type { Actor } from '../../platform/context';
import { AppError, fieldError, forbidden, notFound, rule } from '../../platform/errors';
import { alsoRequire } from '../../platform/guard';
import { addDays, mexicoMidnight, mexicoWallClock } from '../../platform/mexico-time';
import { listTotal, offsetOf } from '../../platform/paging';
import { iso, recordDates } from '../../platform/reply';
import { recordActivity } from '../audit';
import { businessByClient, businessName } from '../businesses';
import { getFile, storeFile } from '../files';
import { notify } from '../notifications';
import { MATCH, inline, searchValues } from '../search';
import { movementByTrackingKey } from '../spei';
import { userNames } from '../users';
import { walletMovementByTrackingKey } from '../wallet';
import { clarificationFollowUps, clarifications } from './schema';

export const MENU = '/clarification';
const SECTION = 'Aclaraciones';
type Row = typeof clarifications.$inferSelect;
type FollowUpRow = typeof clarificationFollowUps.$inferSelect;

const statusOf = (r: Row): ClarificationStatus => clarificationStatusOf(r.v_uid_status) ?? 'por-abrir';
const isOpen = (s: ClarificationStatus) => OPEN_CLARIFICATION_STATUSES.includes(s);
const OPEN_IDS = OPEN_CLARIFICATION_STATUSES.map((s) => STATUS_IDS[s]);
const audit = (tx: Tx, actor: Actor, action: string, activity: string, detail?: Record<string, unknown>) =>
  recordActivity(tx, { actor: { userId: actor.userId, client: actor.client }, section: SECTION, action, activity, detail });

// ---- answers ------------------------------------------------------------------------------------------

/** Names of the people and businesses a page of cases mentions, read once per page. */
async function namesFor(db: DbOrTx, rows: Row[]) {
  const people = await userNames(db, [...new Set(rows.flatMap((r) => [r.v_uid_user, r.v_uid_assignee].filter((x): x is string => !!x)))]);
  const clients = new Map<string, string | null>();
  for (const r of rows) {
    if (clients.has(r.v_client)) continue;
    // A wallet user is their own client: the queue names them.
    if (r.v_client.startsWith('WAL')) clients.set(r.v_client, people.get(r.v_uid_user)?.name ?? null);
    else {
      const b = await businessByClient(db, r.v_client);
      clients.set(r.v_client, b ? businessName(b) : null);
    }
  }
  return { people, clients };
}

function caseOut(r: Row, names: Awaited<ReturnType<typeof namesFor>>, now: Date): ClarificationOut {
  const status = statusOf(r);
  const type = clarificationType(r.v_uid_type_clarification);
  const end = r.d_closed_at ?? now;
  const minutesLeft = Math.round((r.d_due_at.getTime() - end.getTime()) / 60_000);
  return {
    v_uid: r.v_uid,
    v_num_sheet: r.v_num_sheet,
    v_key_tracing: r.v_key_tracing,
    v_uid_movement: r.v_uid_movement,
    v_uid_type_clarification: r.v_uid_type_clarification,
    TypeName: type?.Value ?? '',
    v_uid_user: r.v_uid_user,
    OpenedBy: names.people.get(r.v_uid_user)?.name ?? '',
    v_client: r.v_client,
    ClientName: names.clients.get(r.v_client) ?? null,
    t_comment: r.t_comment,
    v_uid_status: r.v_uid_status,
    Status: status,
    StatusName: CLARIFICATION_STATUS_LABELS[status],
    v_uid_assignee: r.v_uid_assignee,
    AssigneeName: r.v_uid_assignee ? (names.people.get(r.v_uid_assignee)?.name ?? null) : null,
    n_calification: r.n_calification,
    t_calification: r.t_calification,
    ...recordDates(r),
    d_closed_at: iso(r.d_closed_at),
    d_due_at: iso(r.d_due_at)!,
    SlaHours: type?.SlaHours ?? 0,
    MinutesLeft: minutesLeft,
    Overdue: isOpen(status) && minutesLeft < 0,
  };
}

async function casesOut(db: DbOrTx, rows: Row[], now: Date) {
  const names = await namesFor(db, rows);
  return rows.map((r) => caseOut(r, names, now));
}

// ---- reading -------------------------------------------------------------------------------------------

/** A case the caller may reach: staff any, a business or a wallet user its own (another tenant's: 404). */
async function caseFor(db: DbOrTx, actor: Actor, uid: string, lock = false): Promise<Row> {
  const where = and(eq(clarifications.v_uid, uid), actor.kind === 'FAR' ? undefined : eq(clarifications.v_client, actor.client));
  const q = db.select().from(clarifications).where(where);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(M.notFound);
  return row;
}

export type ClarificationFilters = Omit<ClarificationListInput, 'Page' | 'Size'>;

/** The list's filter; deleted cases only when asked for by status. */
function clarificationWhere(actor: { kind: string; client: string; userId: string }, f: ClarificationFilters, now: Date): SQL {
  const c: SQL[] = [];
  if (actor.kind !== 'FAR') c.push(eq(clarifications.v_client, actor.client));
  else if (f.Client) c.push(eq(clarifications.v_client, f.Client.toUpperCase()));
  c.push(f.Status ? eq(clarifications.v_uid_status, STATUS_IDS[f.Status]) : ne(clarifications.v_uid_status, STATUS_IDS.eliminado));
  if (f.TypeId) c.push(eq(clarifications.v_uid_type_clarification, f.TypeId));
  if (f.From) c.push(gte(clarifications.d_create_at, mexicoMidnight(f.From)));
  if (f.To) c.push(lt(clarifications.d_create_at, mexicoMidnight(addDays(f.To, 1))));
  if (f.Overdue) c.push(and(inArray(clarifications.v_uid_status, OPEN_IDS), lt(clarifications.d_due_at, now))!);
  if (f.Mine && actor.kind === 'FAR') c.push(eq(clarifications.v_uid_assignee, actor.userId));
  // The search's own matcher for cases (modules/search): folio, tracking key and client number by their start, the comment's words.
  if (f.Search) c.push(MATCH.clarification(inline(searchValues(f.Search))));
  return and(...c)!;
}

/** Staff see the most urgent first (due soonest); a business its newest cases first. */
const listOrder = (actor: Actor) =>
  actor.kind === 'FAR' ? [asc(clarifications.d_due_at), asc(clarifications.v_uid)] : [desc(clarifications.d_create_at), desc(clarifications.v_uid)];

export async function listClarifications(db: DbOrTx, actor: Actor, q: ClarificationListInput, now: Date) {
  const where = clarificationWhere(actor, q, now);
  const limit = q.Size;
  const offset = offsetOf(q);
  const rows = await db
    .select()
    .from(clarifications)
    .where(where)
    .orderBy(...listOrder(actor))
    .limit(limit)
    .offset(offset);
  const total = await listTotal(db, clarifications, where, { limit, offset, rows: rows.length });
  return { rows: await casesOut(db, rows, now), total };
}

/** Every matching case for the CSV (at most `max`; more is refused so the file is never cut short). */
export async function clarificationsForExport(db: DbOrTx, actor: Actor, f: ClarificationFilters, now: Date, max: number) {
  const rows = await db
    .select()
    .from(clarifications)
    .where(clarificationWhere(actor, f, now))
    .orderBy(...listOrder(actor))
    .limit(max + 1);
  if (rows.length > max) throw rule(`La exportación admite máximo ${max.toLocaleString('es-MX')} aclaraciones: acota los filtros`);
  return casesOut(db, rows, now);
}

export async function getClarification(db: DbOrTx, actor: Actor, uid: string, now: Date) {
  const [out] = await casesOut(db, [await caseFor(db, actor, uid)], now);
  return out!;
}

// ---- opening -------------------------------------------------------------------------------------------

async function nextFolio(tx: Tx, now: Date): Promise<string> {
  const [row] = ((await tx.execute(sql`SELECT nextval('clarification_sheet_seq')::text AS n`)) as unknown as { rows: Array<{ n: string }> }).rows;
  return `ACL-${mexicoWallClock(now).getUTCFullYear()}-${row!.n.padStart(6, '0')}`;
}

export async function addClarification(tx: Tx, actor: Actor, body: { v_uid_type_clarification: string; t_comment: string; v_key_tracing?: string }, now: Date) {
  const type = clarificationType(body.v_uid_type_clarification)!;
  let movementId: string | null = null;
  if (body.v_key_tracing) {
    const key = body.v_key_tracing.toUpperCase();
    // A wallet user disputes one of their own wallet movements; a business one of its movements.
    const m = actor.kind === 'WAL' ? await walletMovementByTrackingKey(tx, actor.client, key) : await movementByTrackingKey(tx, actor.client, key);
    if (!m) throw new AppError('BUSINESS_RULE', M.trackingUnknown, { errors: [{ field: 'v_key_tracing', key: 'notFound', message: M.trackingUnknown }] });
    movementId = m.v_uid;
  }
  const [row] = await tx
    .insert(clarifications)
    .values({
      v_num_sheet: await nextFolio(tx, now),
      v_uid_type_clarification: type.Id,
      v_uid_user: actor.userId,
      v_client: actor.client,
      t_comment: body.t_comment,
      v_key_tracing: body.v_key_tracing ? body.v_key_tracing.toUpperCase() : null,
      v_uid_movement: movementId,
      v_uid_status: STATUS_IDS['por-abrir'],
      d_due_at: new Date(now.getTime() + type.SlaHours * 3_600_000),
      d_create_at: now,
      d_update_at: now,
    })
    .returning();
  await audit(tx, actor, 'crear', `Abrió la aclaración ${row!.v_num_sheet}`, { clarification: row!.v_uid });
  const [out] = await casesOut(tx, [row!], now);
  return out!;
}

// ---- changes -------------------------------------------------------------------------------------------

export interface ClarificationUpdate {
  v_uid_status?: ClarificationStatus;
  t_note?: string;
  AssignToMe?: boolean;
  v_uid_type_clarification?: string;
  n_calification?: number;
  t_calification?: string;
}

const event = (
  tx: Tx,
  actor: Actor,
  c: Row,
  e: Omit<typeof clarificationFollowUps.$inferInsert, 'v_uid_clarification' | 'v_uid_user' | 'v_fullname_operator' | 'b_staff'>,
  now: Date,
) =>
  tx.insert(clarificationFollowUps).values({
    v_uid_clarification: c.v_uid,
    v_uid_user: actor.userId,
    v_fullname_operator: actor.name,
    b_staff: actor.kind === 'FAR',
    d_create_at: now,
    d_update_at: now,
    ...e,
  });

const caseLink = (c: Row) => `/clarification?uid=${c.v_uid}`;

/**
 * The PUT of {uid}: the opener rates a closed case once; staff take a case, change its type or move
 * it forward; 'eliminado' is the delete (staff while open, the business while nobody took it).
 */
export async function updateClarification(tx: Tx, actor: Actor, uid: string, body: ClarificationUpdate, now: Date) {
  const wantsRating = body.n_calification !== undefined || body.t_calification !== undefined;
  if (!wantsRating && !body.v_uid_status && !body.AssignToMe && !body.v_uid_type_clarification) {
    throw body.t_note ? fieldError('v_uid_status', REQUIRED, 'required') : rule(M.nothingToChange);
  }
  const c = await caseFor(tx, actor, uid, true);
  let status = statusOf(c);
  const set: Partial<typeof clarifications.$inferInsert> = { d_update_at: now };

  if (wantsRating) {
    if (actor.userId !== c.v_uid_user) throw forbidden(M.openerOnly);
    alsoRequire(actor, { [actor.kind]: { menu: MENU, permission: 'Editar' } });
    if (body.n_calification === undefined) throw fieldError('n_calification', M.rating, 'required');
    if (status !== 'cerrado') throw rule(M.rateClosedOnly);
    if (c.n_calification !== null) throw rule(M.alreadyRated);
    Object.assign(set, { n_calification: body.n_calification, t_calification: body.t_calification ?? null, d_calification_at: now });
    await event(
      tx,
      actor,
      c,
      { v_kind: 'rating', t_comment: `Calificación ${body.n_calification} de 5${body.t_calification ? `: ${body.t_calification}` : ''}` },
      now,
    );
  }

  const staffChange = body.AssignToMe || body.v_uid_type_clarification || (body.v_uid_status && body.v_uid_status !== 'eliminado');
  if (staffChange) {
    if (actor.kind !== 'FAR') throw forbidden(body.AssignToMe ? M.assignStaffOnly : M.staffOnly);
    alsoRequire(actor, { FAR: { menu: MENU, permission: 'Editar' } });
  }
  if (body.v_uid_type_clarification && body.v_uid_type_clarification !== c.v_uid_type_clarification) {
    if (!isOpen(status)) throw rule(M.closedFollowUp);
    const type = clarificationType(body.v_uid_type_clarification)!;
    Object.assign(set, { v_uid_type_clarification: type.Id, d_due_at: new Date(c.d_create_at.getTime() + type.SlaHours * 3_600_000) });
    await event(tx, actor, c, { v_kind: 'comment', t_comment: `Tipo cambiado a «${type.Value}»` }, now);
  }
  if (body.AssignToMe) {
    if (!isOpen(status)) throw rule(M.closedFollowUp);
    set.v_uid_assignee = actor.userId;
    await event(tx, actor, c, { v_kind: 'assign', t_comment: `${actor.name} tomó la aclaración` }, now);
    // Taking a case that nobody opened yet starts it, unless the same call names another status.
    if (status === 'por-abrir' && !body.v_uid_status) {
      await event(tx, actor, c, { v_kind: 'status', v_from_status: status, v_to_status: 'en-proceso' }, now);
      status = 'en-proceso';
      set.v_uid_status = STATUS_IDS[status];
    }
  }

  if (body.v_uid_status) {
    const to = body.v_uid_status;
    if (to === 'eliminado') {
      if (actor.kind === 'FAR') alsoRequire(actor, { FAR: { menu: MENU, permission: 'Borrar' } });
      else {
        alsoRequire(actor, { [actor.kind]: { menu: MENU, permission: 'Borrar' } });
        if (status !== 'por-abrir') throw rule(M.deleteOpenOnly);
      }
    }
    if (!canMoveClarification(status, to)) throw rule(M.transition(CLARIFICATION_STATUS_LABELS[status], CLARIFICATION_STATUS_LABELS[to]));
    await event(tx, actor, c, { v_kind: 'status', v_from_status: status, v_to_status: to, t_comment: body.t_note ?? null }, now);
    set.v_uid_status = STATUS_IDS[to];
    if (to === 'cerrado') set.d_closed_at = now;
    if (to === 'cerrado' && actor.userId !== c.v_uid_user) {
      await notify(tx, {
        userId: c.v_uid_user,
        kind: 'clarification.closed',
        title: `Aclaración ${c.v_num_sheet} cerrada`,
        body: body.t_note ? `Respuesta: ${body.t_note.slice(0, 300)}` : 'Tu aclaración fue cerrada. Puedes calificar la atención recibida.',
        link: caseLink(c),
      });
    }
    status = to;
  }

  const [row] = await tx.update(clarifications).set(set).where(eq(clarifications.v_uid, c.v_uid)).returning();
  await audit(tx, actor, body.v_uid_status === 'eliminado' ? 'eliminar' : wantsRating ? 'calificar' : 'editar', `Actualizó la aclaración ${c.v_num_sheet}`, {
    clarification: c.v_uid,
    ...body,
  });
  const [out] = await casesOut(tx, [row!], now);
  return out!;
}

// ---- follow-ups ----------------------------------------------------------------------------------------

function followUpOut(f: FollowUpRow, file: { v_name: string; i_size: number } | undefined): ClarificationFollowUpOut {
  return {
    v_uid: f.v_uid,
    v_uid_clarification: f.v_uid_clarification,
    Kind: f.v_kind,
    v_fullname_operator: f.v_fullname_operator,
    FromStaff: f.b_staff,
    t_comment: f.t_comment,
    FromStatus: f.v_from_status,
    ToStatus: f.v_to_status,
    Attachment: f.v_uid_file && file ? { Id: f.v_uid_file, Name: file.v_name, Size: file.i_size } : null,
    d_create_at: iso(f.d_create_at)!,
  };
}

export async function listFollowUps(db: DbOrTx, actor: Actor, uid: string) {
  const c = await caseFor(db, actor, uid);
  const rows = await db
    .select()
    .from(clarificationFollowUps)
    .where(eq(clarificationFollowUps.v_uid_clarification, c.v_uid))
    .orderBy(asc(clarificationFollowUps.i_seq));
  const out: ClarificationFollowUpOut[] = [];
  for (const f of rows) out.push(followUpOut(f, f.v_uid_file ? await getFile(db, f.v_uid_file) : undefined));
  return out;
}

/** A comment from staff or from the client, with an optional attachment already checked by the route. */
export async function addFollowUp(
  tx: Tx,
  actor: Actor,
  input: { clarificationId: string; comment: string | null; file?: { name: string; mediaType: string; content: Buffer } },
  now: Date,
) {
  const c = await caseFor(tx, actor, input.clarificationId, true);
  if (!isOpen(statusOf(c))) throw rule(M.closedFollowUp);
  const fileId = input.file ? await storeFile(tx, { ...input.file, ownerId: actor.userId, client: c.v_client }) : null;
  const [f] = await event(tx, actor, c, { v_kind: 'comment', t_comment: input.comment, v_uid_file: fileId }, now).returning();
  await tx.update(clarifications).set({ d_update_at: now }).where(eq(clarifications.v_uid, c.v_uid));
  if (actor.kind === 'FAR' && actor.userId !== c.v_uid_user) {
    await notify(tx, {
      userId: c.v_uid_user,
      kind: 'clarification.answered',
      title: `Respuesta a tu aclaración ${c.v_num_sheet}`,
      body: input.comment ? input.comment.slice(0, 300) : 'El personal FAR adjuntó un archivo a tu aclaración.',
      link: caseLink(c),
    });
  }
  await audit(tx, actor, 'seguimiento', `Agregó un seguimiento a la aclaración ${c.v_num_sheet}`, { clarification: c.v_uid, file: fileId });
  return followUpOut(f!, input.file ? { v_name: input.file.name, i_size: input.file.content.length } : undefined);
}

/** An attachment of a follow-up of a case the caller may reach (404 otherwise). */
export async function attachmentFor(db: DbOrTx, actor: Actor, fileId: string) {
  const [f] = await db.select().from(clarificationFollowUps).where(eq(clarificationFollowUps.v_uid_file, fileId));
  if (!f) throw notFound('Archivo no encontrado');
  await caseFor(db, actor, f.v_uid_clarification);
  const file = await getFile(db, fileId);
  if (!file) throw notFound('Archivo no encontrado');
  return file;
}

// ---- reports -------------------------------------------------------------------------------------------

/** The cases a report covers, oldest first, in keyset batches (with the queue's answer shape). */
export async function* clarificationBatches(
  db: DbOrTx,
  scope: { kind: string; client: string; userId: string },
  f: ClarificationFilters,
  now: Date,
): AsyncGenerator<ClarificationOut[]> {
  for await (const rows of keysetBatches(db, clarifications, clarificationWhere(scope, f, now))) yield casesOut(db, rows, now);
}
