/**
 * Reports: who may ask for which kind, the period in Mexico City days, the streamed file, the
 * figures, and scheduled reports sent by e-mail through the outbox (docs/decisions/0016).
 */
import { REPORT_MESSAGES, REPORT_KINDS, formatDate, reportFileName, reportKind, type ReportKey, type ReportScheduleOut } from '@far/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { forbidden, notFound } from '../../platform/errors';
import { EXPORT_MEDIA_TYPES, streamExport, writeExport, type ExportFormat } from '../../platform/export';
import { iso } from '../../platform/reply';
import { recordActivity } from '../audit';
import { businessByClient, businessForActor, liveBusiness } from '../businesses';
import { storeFile } from '../files';
import { enqueueJob, type JobContext } from '../jobs';
import { enqueueMessage } from '../outbox';
import { addDays, mexicoDate, mexicoMidnight } from '../../platform/mexico-time';
import { canSignIn, getUser } from '../users';
import { REPORTS, type ReportRequest, type ReportScope } from './kinds';
import { reportSchedules } from './schema';

export const SCHEDULE_JOB = 'report.scheduled';
/** An e-mail attachment is built in memory: larger periods are downloaded from the screen, which streams. */
export const EMAIL_MAX_ROWS = 20_000;
const SECTION = 'Reportes';

/** The kinds a client kind may ask for. */
export const kindsFor = (actor: Pick<Actor, 'kind'>) => REPORT_KINDS.filter((k) => actor.kind === 'FAR' || !k.StaffOnly);

/** Staff see every tenant or the business they name; a business only itself (another's id: 404). */
export async function scopeFor(db: DbOrTx, actor: Actor, kind: ReportKey, businessId: string | undefined): Promise<ReportScope> {
  if (reportKind(kind)?.StaffOnly && actor.kind !== 'FAR') throw forbidden(REPORT_MESSAGES.staffOnly);
  const business = actor.kind === 'FAR' && !businessId ? null : await businessForActor(db, actor, businessId, { field: 'BusinessId' });
  return { staff: actor.kind === 'FAR', client: actor.client, userId: actor.userId, business };
}

/** Mexico City days [From, To], both included; the current month so far when not given. */
export function periodOf(from: string | undefined, to: string | undefined, now: Date) {
  const today = mexicoDate(now);
  const toDay = to ?? (from && from > today ? from : today);
  const fromDay = from ?? `${toDay.slice(0, 7)}-01`;
  return { fromDay, toDay, from: mexicoMidnight(fromDay), to: mexicoMidnight(addDays(toDay, 1)) };
}

export interface ReportAsk {
  Kind: ReportKey;
  From?: string;
  To?: string;
  BusinessId?: string;
  Status?: string;
}

export async function requestFor(db: DbOrTx, actor: Actor, ask: ReportAsk, now: Date): Promise<ReportRequest> {
  return { scope: await scopeFor(db, actor, ask.Kind, ask.BusinessId), ...periodOf(ask.From, ask.To, now), status: ask.Status, now };
}

const baseName = (kind: ReportKey, q: ReportRequest) => reportFileName(kind, { from: q.fromDay, to: q.toDay });

/** The file, streamed: rows leave as they are read. */
export function streamReport(db: DbOrTx, kind: ReportKey, q: ReportRequest, format: ExportFormat) {
  const def = REPORTS[kind];
  return {
    stream: streamExport(format, { sheetName: def.title, columns: def.columns(q.scope), batches: def.rows(db, q) }),
    fileName: `${baseName(kind, q)}.${format}`,
    mediaType: EXPORT_MEDIA_TYPES[format],
  };
}

export async function reportFigures(db: DbOrTx, kind: ReportKey, q: ReportRequest) {
  return { From: q.fromDay, To: q.toDay, ...(await REPORTS[kind].figures(db, q)) };
}

export const auditDownload = (tx: Tx, actor: Actor, kind: ReportKey, format: string, q: ReportRequest) =>
  recordActivity(tx, {
    actor: { userId: actor.userId, client: actor.client },
    section: SECTION,
    action: 'descargar',
    activity: `Descargó el reporte ${reportKind(kind)?.Label} (${format.toUpperCase()}) del ${formatDate(q.fromDay)} al ${formatDate(q.toDay)}`,
  });

// ---- scheduled reports ---------------------------------------------------------------------------------

type ScheduleRow = typeof reportSchedules.$inferSelect;
/** Runs leave at 07:00 Mexico City, when the day (or month) before is complete. */
const RUN_HOUR_MS = 7 * 3_600_000;

/** The next run strictly after `after`: the next 07:00, or the next 1st of a month at 07:00. */
export function nextRunAfter(frequency: 'daily' | 'monthly', after: Date): Date {
  for (let day = mexicoDate(after); ; day = addDays(day, 1)) {
    const at = new Date(mexicoMidnight(day).getTime() + RUN_HOUR_MS);
    if (at > after && (frequency === 'daily' || day.endsWith('-01'))) return at;
  }
}

/** The period a run covers: the day before the run, or the month before it. */
export function periodOfRun(frequency: 'daily' | 'monthly', runAt: Date) {
  const runDay = mexicoDate(runAt);
  if (frequency === 'daily') return periodOf(addDays(runDay, -1), addDays(runDay, -1), runAt);
  const lastDay = addDays(`${runDay.slice(0, 7)}-01`, -1);
  return periodOf(`${lastDay.slice(0, 7)}-01`, lastDay, runAt);
}

function scheduleOut(s: ScheduleRow): ReportScheduleOut {
  return {
    Id: s.v_uid,
    Kind: s.v_report,
    KindLabel: reportKind(s.v_report)?.Label ?? s.v_report,
    Format: s.v_format,
    Frequency: s.v_frequency,
    BusinessId: s.v_uid_business,
    Status: s.v_status_filter,
    Email: s.v_email,
    NextRunAt: iso(s.d_next_run_at)!,
    LastRunAt: iso(s.d_last_run_at),
    CreatedAt: iso(s.d_create_at)!,
  };
}

const enqueueRun = (tx: Tx, s: ScheduleRow) =>
  enqueueJob(tx, {
    kind: SCHEDULE_JOB,
    payload: { scheduleId: s.v_uid },
    runAt: s.d_next_run_at,
    uniqueKey: `report:${s.v_uid}:${s.d_next_run_at.toISOString()}`,
  });

export async function createSchedule(
  tx: Tx,
  actor: Actor,
  body: { Kind: ReportKey; Format: ExportFormat; Frequency: 'daily' | 'monthly'; BusinessId?: string; Status?: string },
  now: Date,
) {
  const scope = await scopeFor(tx, actor, body.Kind, body.BusinessId);
  const [row] = await tx
    .insert(reportSchedules)
    .values({
      v_uid_user: actor.userId,
      v_client: actor.client,
      v_report: body.Kind,
      v_format: body.Format,
      v_frequency: body.Frequency,
      v_uid_business: scope.business?.v_uid ?? null,
      v_status_filter: body.Status ?? null,
      v_email: actor.email,
      d_next_run_at: nextRunAfter(body.Frequency, now),
    })
    .returning();
  await enqueueRun(tx, row!);
  await recordActivity(tx, {
    actor: { userId: actor.userId, client: actor.client },
    section: SECTION,
    action: 'programar',
    activity: `Programó el reporte ${reportKind(body.Kind)?.Label} (${body.Frequency === 'daily' ? 'diario' : 'mensual'})`,
  });
  return scheduleOut(row!);
}

export async function listSchedules(db: DbOrTx, actor: Actor) {
  const rows = await db
    .select()
    .from(reportSchedules)
    .where(and(eq(reportSchedules.v_uid_user, actor.userId), eq(reportSchedules.b_active, true)))
    .orderBy(desc(reportSchedules.d_create_at));
  return rows.map(scheduleOut);
}

/** Only the owner stops a schedule (anyone else's id: 404). Its pending run finds it inactive and does nothing. */
export async function deleteSchedule(tx: Tx, actor: Actor, id: string) {
  const [row] = await tx
    .update(reportSchedules)
    .set({ b_active: false, d_update_at: new Date() })
    .where(and(eq(reportSchedules.v_uid, id), eq(reportSchedules.v_uid_user, actor.userId), eq(reportSchedules.b_active, true)))
    .returning();
  if (!row) throw notFound('Reporte programado no encontrado');
  await recordActivity(tx, {
    actor: { userId: actor.userId, client: actor.client },
    section: SECTION,
    action: 'eliminar',
    activity: `Dejó de recibir el reporte ${reportKind(row.v_report)?.Label}`,
  });
  return scheduleOut(row);
}

/**
 * One run: the period before the run, built as a file, stored and queued as an e-mail with the
 * file attached; then the next run is queued. The owner's rights are those of today: a user who
 * can no longer sign in stops receiving it.
 */
export async function runSchedule(tx: Tx, payload: Record<string, unknown>, ctx: JobContext): Promise<void> {
  const [s] = await tx
    .select()
    .from(reportSchedules)
    .where(eq(reportSchedules.v_uid, String(payload.scheduleId)))
    .for('update');
  if (!s || !s.b_active) return;
  const owner = await getUser(tx, s.v_uid_user);
  const kind = reportKind(s.v_report);
  if (!owner || owner.d_deleted_at || !canSignIn(owner) || !kind || (kind.StaffOnly && !s.v_client.startsWith('FAR'))) {
    await tx.update(reportSchedules).set({ b_active: false, d_update_at: ctx.now }).where(eq(reportSchedules.v_uid, s.v_uid));
    return;
  }
  const staff = s.v_client.startsWith('FAR');
  const business = s.v_uid_business ? await liveBusiness(tx, s.v_uid_business) : staff ? null : ((await businessByClient(tx, s.v_client)) ?? null);
  const key = s.v_report as ReportKey;
  const q: ReportRequest = {
    scope: { staff, client: s.v_client, userId: s.v_uid_user, business },
    ...periodOfRun(s.v_frequency, s.d_next_run_at),
    status: s.v_status_filter ?? undefined,
    now: ctx.now,
  };
  const def = REPORTS[key];
  const rows: unknown[] = [];
  let tooLarge = false;
  for await (const batch of def.rows(tx, q)) {
    rows.push(...batch);
    if (rows.length > EMAIL_MAX_ROWS) {
      tooLarge = true;
      break;
    }
  }
  const period = q.fromDay === q.toDay ? `del ${formatDate(q.fromDay)}` : `del ${formatDate(q.fromDay)} al ${formatDate(q.toDay)}`;
  const subject = `Reporte ${kind.Label} ${period}`;
  let attachmentId: string | null = null;
  let body: string;
  if (tooLarge) {
    body = `Hola ${owner.v_names}:\n\nEl reporte ${kind.Label} ${period} tiene más de ${EMAIL_MAX_ROWS.toLocaleString('es-MX')} filas, demasiadas para un correo. Descárgalo desde Reportes en FAR Portal.\n`;
  } else {
    const file = await writeExport(s.v_format, { baseName: baseName(key, q), sheetName: def.title, columns: def.columns(q.scope), rows });
    attachmentId = await storeFile(tx, { name: file.fileName, mediaType: file.mediaType, content: file.content, ownerId: s.v_uid_user, client: s.v_client });
    body = `Hola ${owner.v_names}:\n\nTe enviamos el reporte ${kind.Label} ${period} (${rows.length.toLocaleString('es-MX')} filas) como archivo adjunto.\n\nPuedes dejar de recibirlo en Reportes, FAR Portal.\n`;
  }
  await enqueueMessage(tx, { channel: 'email', to: s.v_email, subject, body, userId: s.v_uid_user, attachmentId });
  const [next] = await tx
    .update(reportSchedules)
    .set({ d_last_run_at: ctx.now, d_next_run_at: nextRunAfter(s.v_frequency, s.d_next_run_at), d_update_at: ctx.now })
    .where(eq(reportSchedules.v_uid, s.v_uid))
    .returning();
  await enqueueRun(tx, next!);
}
