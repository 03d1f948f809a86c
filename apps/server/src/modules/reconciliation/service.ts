/**
 * The daily SPEI reconciliation (issue 24 §5, docs/decisions/0031): the rail's orders of an
 * operation day (STP's day queries, or the sandbox's own record) against the ledger's, one line per
 * difference; staff credit a missed incoming transfer or mark a line reviewed with a comment.
 */
import {
  RECONCILIATION_KINDS,
  RECONCILIATION_LINE_STATUS,
  RECONCILIATION_STATES,
  amountOut,
  formatCurrency,
  type ReconciliationDay,
  type ReconciliationKind,
  type ReconciliationLine,
  type ReconciliationState,
} from '@far/contracts';
import { and, asc, count, eq, notInArray, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { notFound, rule } from '../../platform/errors';
import { addDays, mexicoDate, mexicoMidnight } from '../../platform/mexico-time';
import { iso } from '../../platform/reply';
import { recordActivity, userNames } from '../audit';
import { enqueueJob } from '../jobs';
import { ledgerOrdersOfDay, receiveIncomingSpei, sandboxOrdersOfDay, type DayOrder } from '../spei';
import { stpOrdersOfDay } from '../stp';
import { speiReconciliationLines, speiReconciliations } from './schema';

export const SECTION = 'Conciliación SPEI';
export const RECONCILE_JOB = 'spei.reconcile';

type LineRow = typeof speiReconciliationLines.$inferSelect;
type LineDraft = Omit<LineRow, 'v_uid' | 'v_status' | 'v_comment' | 'v_uid_user_resolved' | 'd_resolved_at' | 'd_create_at' | 'd_update_at'>;

const keyOf = (o: DayOrder) => `${o.direction}|${o.trackingKey}|${o.bankCode}`;

/** The rail's order as kept on its line (amounts as decimal text: jsonb has no bigint). */
const railFields = (o: DayOrder): Record<string, string | null> => ({
  claveRastreo: o.trackingKey,
  monto: amountOut(o.amountCents),
  estado: o.state,
  cuentaBeneficiario: o.beneficiaryClabe,
  nombreBeneficiario: o.beneficiaryName,
  cuentaOrdenante: o.sourceClabe,
  nombreOrdenante: o.sourceName,
  conceptoPago: o.concept,
  referenciaNumerica: o.reference,
});

/** The differences of one day: missing on either side, amounts, states. */
function compareDay(day: string, rail: DayOrder[], ledger: DayOrder[]): LineDraft[] {
  const ledgerByKey = new Map(ledger.map((o) => [keyOf(o), o]));
  const railKeys = new Set(rail.map(keyOf));
  const lines: LineDraft[] = [];
  const line = (kind: ReconciliationKind, r: DayOrder | undefined, l: DayOrder | undefined): LineDraft => {
    const o = (r ?? l)!;
    return {
      d_operation_date: day,
      v_direction: o.direction,
      v_kind: kind,
      v_tracking_key: o.trackingKey,
      v_bank_code: o.bankCode,
      n_rail_amount_cents: r?.amountCents ?? null,
      n_ledger_amount_cents: l?.amountCents ?? null,
      v_rail_state: r?.state ?? null,
      v_ledger_state: l?.state ?? null,
      v_counterparty: o.direction === 'R' ? o.sourceName : o.beneficiaryName,
      v_account: o.beneficiaryClabe,
      v_uid_movement: l?.movementId ?? null,
      t_rail: r ? railFields(r) : null,
    };
  };
  for (const r of rail) {
    const l = ledgerByKey.get(keyOf(r));
    // An incoming order the rail returned or cancelled was never ours to credit.
    if (!l) {
      if (r.direction === 'E' || r.state === 'liquidada') lines.push(line('falta_en_libro', r, undefined));
      continue;
    }
    if (r.amountCents !== l.amountCents) lines.push(line('monto', r, l));
    if (r.state !== l.state) lines.push(line('estado', r, l));
  }
  for (const l of ledger) if (!railKeys.has(keyOf(l))) lines.push(line('falta_en_riel', undefined, l));
  return lines;
}

type RailAnswer = { ok: true; orders: DayOrder[] } | { ok: false; reason: string };

/** The rail's record of a day: STP's queries, or the sandbox's own record. */
export function railOrdersOfDay(db: DbOrTx, config: Config, day: string): Promise<RailAnswer> {
  if (config.speiRail === 'stp' && config.stp) return stpOrdersOfDay(config.stp, day);
  return sandboxOrdersOfDay(db, day).then((orders) => ({ ok: true, orders }));
}

/**
 * Writes a day's run: the run row, the lines that differ (an open line is refreshed, a resolved
 * one kept), and the open lines that no longer differ removed.
 */
export async function writeRun(tx: Tx, config: Config, day: string, rail: RailAnswer, actor: Actor | null, now: Date): Promise<void> {
  const ledger = await ledgerOrdersOfDay(tx, day);
  const count = (list: DayOrder[], d: 'E' | 'R') => list.filter((o) => o.direction === d).length;
  const run = {
    v_rail: config.speiRail,
    v_status: rail.ok ? ('completa' as const) : ('fallida' as const),
    v_error: rail.ok ? null : rail.reason,
    ...(rail.ok ? { i_sent_rail: count(rail.orders, 'E'), i_received_rail: count(rail.orders, 'R') } : {}),
    i_sent_ledger: count(ledger, 'E'),
    i_received_ledger: count(ledger, 'R'),
    v_uid_user: actor?.userId ?? null,
    d_run_at: now,
  };
  await tx
    .insert(speiReconciliations)
    .values({ d_operation_date: day, ...run })
    .onConflictDoUpdate({ target: speiReconciliations.d_operation_date, set: run });
  if (!rail.ok) return;
  const drafts = compareDay(day, rail.orders, ledger);
  for (const d of drafts) {
    await tx
      .insert(speiReconciliationLines)
      .values(d)
      .onConflictDoUpdate({
        target: [
          speiReconciliationLines.d_operation_date,
          speiReconciliationLines.v_direction,
          speiReconciliationLines.v_tracking_key,
          speiReconciliationLines.v_bank_code,
          speiReconciliationLines.v_kind,
        ],
        set: { ...d, d_update_at: now },
        setWhere: sql`${speiReconciliationLines.v_status} = 'abierta'`,
      });
  }
  const stillOpen = drafts.map((d) => `${d.v_direction}|${d.v_tracking_key}|${d.v_bank_code}|${d.v_kind}`);
  await tx
    .delete(speiReconciliationLines)
    .where(
      and(
        eq(speiReconciliationLines.d_operation_date, day),
        eq(speiReconciliationLines.v_status, 'abierta'),
        stillOpen.length
          ? notInArray(
              sql`${speiReconciliationLines.v_direction} || '|' || ${speiReconciliationLines.v_tracking_key} || '|' || ${speiReconciliationLines.v_bank_code} || '|' || ${speiReconciliationLines.v_kind}`,
              stillOpen,
            )
          : sql`true`,
      ),
    );
}

/** Staff run a day on demand: the rail is asked outside any transaction, then the run is written. */
export async function runDay(db: Db, config: Config, day: string, actor: Actor, now: Date): Promise<void> {
  if (day > mexicoDate(now)) throw rule('La fecha no puede ser posterior a hoy');
  const rail = await railOrdersOfDay(db, config, day);
  await db.transaction(async (tx) => {
    await writeRun(tx, config, day, rail, actor, now);
    await recordActivity(tx, {
      actor,
      section: SECTION,
      action: 'Editar',
      activity: rail.ok ? `Conciliación SPEI del ${day} ejecutada` : `Conciliación SPEI del ${day} fallida: ${rail.reason}`,
      detail: { day },
    });
  });
}

/** A day closes at Mexico City midnight; its job runs an hour later, when late events have arrived. */
const runAtFor = (day: string) => new Date(mexicoMidnight(addDays(day, 1)).getTime() + 3_600_000);
/** A run that could not ask the rail is tried again every 30 min, for a day. */
const RETRY_MS = 30 * 60_000;
const MAX_TRIES = 48;

export const scheduleDay = (db: DbOrTx, day: string, at = runAtFor(day)) =>
  enqueueJob(db, { kind: RECONCILE_JOB, payload: { day, attempt: 1 }, runAt: at, uniqueKey: `${RECONCILE_JOB}:${day}` });

/**
 * The daily job: reconciles its day in the job's transaction (STP's two day queries, bounded by
 * STP_TIMEOUT_MS, or the sandbox's record), queues the next day, and a retry when the rail failed.
 */
export async function reconcileJob(tx: Tx, config: Config, payload: Record<string, unknown>, now: Date): Promise<void> {
  const day = String(payload.day);
  const attempt = Number(payload.attempt ?? 1);
  const rail = await railOrdersOfDay(tx, config, day);
  await writeRun(tx, config, day, rail, null, now);
  if (!rail.ok && attempt < MAX_TRIES)
    await enqueueJob(tx, {
      kind: RECONCILE_JOB,
      payload: { day, attempt: attempt + 1 },
      runAt: new Date(now.getTime() + RETRY_MS),
      uniqueKey: `${RECONCILE_JOB}:${day}:${attempt + 1}`,
    });
  // The next day; after catching up on an old day, straight to the last closed one (no chain through the past).
  const lastClosed = addDays(mexicoDate(now), -1);
  const next = addDays(day, 1);
  await scheduleDay(tx, next > lastClosed ? next : lastClosed);
}

// ---- reading ----------------------------------------------------------------------------------------

const stateName = (s: string | null) => (s ? (RECONCILIATION_STATES[s as ReconciliationState] ?? s) : null);

function lineOut(r: LineRow, names: Map<string, { name: string }>): ReconciliationLine {
  return {
    Id: r.v_uid,
    Day: r.d_operation_date,
    Direction: r.v_direction,
    DirectionName: r.v_direction === 'E' ? 'Enviada' : 'Recibida',
    Kind: r.v_kind,
    KindName: RECONCILIATION_KINDS[r.v_kind],
    TrackingKey: r.v_tracking_key,
    RailAmount: r.n_rail_amount_cents === null ? null : amountOut(r.n_rail_amount_cents),
    LedgerAmount: r.n_ledger_amount_cents === null ? null : amountOut(r.n_ledger_amount_cents),
    RailState: stateName(r.v_rail_state),
    LedgerState: stateName(r.v_ledger_state),
    Counterparty: r.v_counterparty,
    Account: r.v_account,
    Status: r.v_status,
    StatusName: RECONCILIATION_LINE_STATUS[r.v_status],
    Comment: r.v_comment,
    ResolvedBy: r.v_uid_user_resolved ? (names.get(r.v_uid_user_resolved)?.name ?? null) : null,
    ResolvedAt: iso(r.d_resolved_at),
    MovementId: r.v_uid_movement,
    CanCredit: r.v_status === 'abierta' && r.v_kind === 'falta_en_libro' && r.v_direction === 'R',
  };
}

/** A day's run and its lines (optionally of one status), missing first. */
export async function reconciliationDay(db: DbOrTx, day: string, status?: LineRow['v_status']): Promise<ReconciliationDay> {
  const [run] = await db.select().from(speiReconciliations).where(eq(speiReconciliations.d_operation_date, day));
  const rows = await db
    .select()
    .from(speiReconciliationLines)
    .where(and(eq(speiReconciliationLines.d_operation_date, day), status ? eq(speiReconciliationLines.v_status, status) : undefined))
    .orderBy(asc(speiReconciliationLines.v_kind), asc(speiReconciliationLines.v_tracking_key));
  const ids = [...new Set([...rows.map((r) => r.v_uid_user_resolved), run?.v_uid_user].filter((x): x is string => !!x))];
  const names = await userNames(db, ids);
  const [open] = await db
    .select({ n: count() })
    .from(speiReconciliationLines)
    .where(and(eq(speiReconciliationLines.d_operation_date, day), eq(speiReconciliationLines.v_status, 'abierta')));
  return {
    Run: run
      ? {
          Day: run.d_operation_date,
          Rail: run.v_rail,
          RailName: run.v_rail === 'stp' ? 'STP' : 'Sandbox',
          Status: run.v_status,
          StatusName: run.v_status === 'completa' ? 'Completa' : 'Fallida',
          Error: run.v_error,
          RanAt: iso(run.d_run_at)!,
          RanBy: run.v_uid_user ? (names.get(run.v_uid_user)?.name ?? null) : null,
          SentRail: run.i_sent_rail,
          ReceivedRail: run.i_received_rail,
          SentLedger: run.i_sent_ledger,
          ReceivedLedger: run.i_received_ledger,
          Lines: rows.length,
          Open: open?.n ?? 0,
        }
      : null,
    Lines: rows.map((r) => lineOut(r, names)),
  };
}

// ---- acting on a line -------------------------------------------------------------------------------

async function openLine(tx: Tx, id: string): Promise<LineRow> {
  const [row] = await tx.select().from(speiReconciliationLines).where(eq(speiReconciliationLines.v_uid, id)).for('update');
  if (!row) throw notFound('La línea de conciliación no existe');
  if (row.v_status !== 'abierta') throw rule('La línea ya fue atendida');
  return row;
}

const resolve = async (tx: Tx, id: string, actor: Actor, values: Partial<LineRow>, now: Date) =>
  (
    await tx
      .update(speiReconciliationLines)
      .set({ ...values, v_uid_user_resolved: actor.userId, d_resolved_at: now, d_update_at: now })
      .where(eq(speiReconciliationLines.v_uid, id))
      .returning()
  )[0]!;

export async function reviewLine(tx: Tx, actor: Actor, id: string, comment: string, now: Date): Promise<ReconciliationLine> {
  const row = await openLine(tx, id);
  const done = await resolve(tx, id, actor, { v_status: 'revisada', v_comment: comment }, now);
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Editar',
    activity: `Línea de conciliación ${RECONCILIATION_KINDS[row.v_kind]} ${row.v_tracking_key} (${row.d_operation_date}) marcada como revisada: ${comment}`,
    detail: { line: id, day: row.d_operation_date, comment },
  });
  return lineOut(done, await userNames(tx, [actor.userId]));
}

/**
 * Credits an incoming transfer the rail carried and the ledger lacks, through spei's own incoming
 * path (commission, IVA, exactly once per tracking key, day and sending bank).
 */
export async function creditLine(tx: Tx, actor: Actor, id: string, now: Date): Promise<{ line: ReconciliationLine; duplicate: boolean }> {
  const row = await openLine(tx, id);
  const r = row.t_rail;
  if (row.v_kind !== 'falta_en_libro' || row.v_direction !== 'R' || !r) throw rule('Solo se puede abonar un SPEI recibido que falta en el libro');
  if (!r.cuentaBeneficiario || !r.cuentaOrdenante) throw rule('La orden del riel no trae las cuentas para abonarla');
  const { movement, duplicate } = await receiveIncomingSpei(
    tx,
    {
      beneficiaryClabe: r.cuentaBeneficiario,
      amount: row.n_rail_amount_cents!,
      senderName: r.nombreOrdenante ?? '',
      senderClabe: r.cuentaOrdenante,
      concept: r.conceptoPago ?? '',
      reference: r.referenciaNumerica ?? undefined,
      trackingKey: row.v_tracking_key,
      operationDate: row.d_operation_date,
    },
    actor,
  );
  const done = await resolve(tx, id, actor, { v_status: 'abonada', v_uid_movement: movement.v_uid }, now);
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Agregar',
    activity: `SPEI faltante ${row.v_tracking_key} (${row.d_operation_date}) de ${formatCurrency(row.n_rail_amount_cents!)} ${duplicate ? 'ya estaba abonado' : 'abonado desde la conciliación'}`,
    detail: { line: id, movement: movement.v_uid },
  });
  return { line: lineOut(done, await userNames(tx, [actor.userId])), duplicate };
}
