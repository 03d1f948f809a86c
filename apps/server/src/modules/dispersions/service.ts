/**
 * A dispersion's life (decision 0014): created (Programada, Por autorizar, or started at once),
 * started (the total of its rows held at once, or on its PaymentDay each row checked against the
 * balance and limits of that day), run in chunks of CHUNK rows, set-wise (rows claimed FOR UPDATE
 * SKIP LOCKED; their holds one statement, their SPEI orders, each with its own tracking key, one
 * insert, sent to the rail as one batch), and finished by the outcome of its last open row.
 */
import {
  ALL_FAILED,
  DISPERSION_MESSAGES as M,
  DISPERSION_REMOVABLE,
  DISPERSION_STATUS as D,
  DISPERSION_STATUS_NAMES,
  SPEI_MESSAGES,
  amountOut,
  formatCurrency,
  formatDate,
  isFuturePaymentDay,
  type Dispersion,
} from '@far/contracts';
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { pgArray } from '../../db/arrays';
import type { DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { AppError, fieldError, notFound, rule } from '../../platform/errors';
import { iso } from '../../platform/reply';
import { recordActivity } from '../audit';
import { assertBusinessActive, businessForActor, type BusinessRow } from '../businesses';
import { storeFile } from '../files';
import { enqueueJob } from '../jobs';
import { balanceOf, lockAccount, placeHold, placeHolds, releaseHold } from '../ledger';
import { notify } from '../notifications';
import { assertChecker, rememberClabes, type CheckedClabe } from '../payout-checks';
import { checkLimits, effectiveLimits } from '../pricing';
import { businessOwner, businessSpeiAccount, holdReference, placeSpeiOutOrders, speiOutUsage, type BatchOrder, type MovementRow } from '../spei';
import { addDays, mexicoDate, mexicoMidnight } from '../../platform/mexico-time';
import { TEMPLATE_HEADERS } from './file';
import type { DispersionPlan } from './plan';
import { dispersionRows, dispersions } from './schema';

export const SECTION = 'Dispersiones';
export const START_JOB = 'dispersion.start';
export const RUN_JOB = 'dispersion.run';
/** Rows made SPEI orders per transaction of the run job. */
export const CHUNK = 1000;

export type DispersionRow = typeof dispersions.$inferSelect;

const batchHold = (id: string, gen: number) => `dispersion:${id}:${gen}`;

export function dispersionOut(d: DispersionRow, actor?: Actor): Dispersion {
  return {
    Id: d.v_uid,
    BusinessId: d.v_uid_business,
    FileName: d.v_file_name,
    IdS3: d.v_uid_file,
    FileSha256: d.v_file_sha256,
    FileSize: d.i_file_size,
    FileMediaType: d.v_file_media_type,
    Concept: d.v_concept,
    InternalConcept: d.v_internal_concept,
    PaymentDay: d.d_payment_day,
    TotalAmount: amountOut(d.n_total_amount_cents),
    TotalTaxes: amountOut(d.n_total_taxes_cents),
    TotalImport: amountOut(d.n_total_import_cents),
    StatusDispersion: d.i_status,
    StatusName: DISPERSION_STATUS_NAMES[d.i_status] ?? String(d.i_status),
    CreatedAt: iso(d.d_create_at)!,
    StartedAt: iso(d.d_started_at),
    FinishedAt: iso(d.d_finished_at),
    LastError: d.v_last_error,
    TotalRows: d.i_rows,
    QueuedRows: d.i_queued,
    OpenRows: d.i_open,
    SettledRows: d.i_settled,
    FailedRows: d.i_failed,
    CreatedByEmail: d.v_created_email,
    ApprovedByEmail: d.v_approved_email,
    ResendOf: d.v_uid_resend_of,
    CanRemove: DISPERSION_REMOVABLE.includes(d.i_status),
    CanApprove: d.i_status === D.porAutorizar && !!actor && actor.kind === 'BUS' && actor.userId !== d.v_uid_user,
  };
}

/** The business's dispersion, or 404 (another tenant's id looks like one that does not exist). */
export async function dispersionFor(db: DbOrTx, actor: Actor, id: string, businessId?: string, lock = false): Promise<DispersionRow> {
  const business = await businessForActor(db, actor, businessId ?? (actor.kind === 'FAR' ? await businessIdOf(db, id) : undefined), { field: 'BusinessId' });
  const q = db
    .select()
    .from(dispersions)
    .where(and(eq(dispersions.v_uid, id), eq(dispersions.v_uid_business, business.v_uid)));
  const [d] = lock ? await q.for('update') : await q;
  if (!d || d.i_status === D.eliminada) throw notFound(M.notFound);
  return d;
}

/** Staff reach any business's dispersion by its id. */
async function businessIdOf(db: DbOrTx, id: string): Promise<string> {
  const [d] = await db.select({ b: dispersions.v_uid_business }).from(dispersions).where(eq(dispersions.v_uid, id));
  if (!d) throw notFound(M.notFound);
  return d.b;
}

// ---- creating --------------------------------------------------------------------------------------

export interface CreateInput {
  concept?: string;
  internalConcept?: string;
  paymentDay?: string;
  resendOf?: string;
  confirmedClabes?: string[];
  idempotencyKey?: string | null;
}

/** The checks of createDispersion that write nothing, run before the security code is spent. */
export function assertCreatable(plan: DispersionPlan, input: CreateInput, now: Date): void {
  if (plan.errors.length) {
    throw new AppError('VALIDATION', M.rowErrors, {
      errors: plan.errors.map((e) => ({ field: `Fila ${e.Row}: ${e.Column}`, key: 'row', message: e.Message })),
      data: { Errors: plan.errors },
    });
  }
  if (plan.rows.length === 0) throw fieldError('Rows', M.noRows, 'empty');
  if (plan.unconfirmed > 0) throw rule(M.unconfirmed);
  if (input.paymentDay) {
    const today = mexicoDate(now);
    if (!isFuturePaymentDay(input.paymentDay, today)) throw fieldError('PaymentDay', SPEI_MESSAGES.paymentDay, 'future');
    if (input.paymentDay > addDays(today, 366)) throw fieldError('PaymentDay', 'La fecha de pago no puede ser posterior a un año', 'max');
  } else if (!plan.needsApproval && plan.blocker) throw rule(plan.blocker);
}

/** The rows typed on the screen, kept as a CSV file like an upload (so FileName and IdS3 always point at the rows). */
function rowsAsCsv(plan: DispersionPlan): Buffer {
  const lines = plan.rows.map((r) => [r.name, r.clabe, amountOut(r.amountCents), r.concept, r.reference, r.rfc ?? '', r.email ?? '']);
  return Buffer.from(`\uFEFF${stringify([TEMPLATE_HEADERS, ...lines])}`, 'utf8');
}

/** Rows per insert statement when a dispersion is created. */
const INSERT_CHUNK = 5000;

/** A slice of the rows in one insert over column arrays (no ORM object per row: 50,000 of them weighed on the server's memory). */
async function insertRows(tx: Tx, dispersionId: string, rows: DispersionPlan['rows']): Promise<void> {
  const col = (f: (r: DispersionPlan['rows'][number]) => string | bigint | number | null) => pgArray(rows.map(f));
  await tx.execute(sql`
    INSERT INTO ${dispersionRows} (v_uid_dispersion, i_row, v_name, v_clabe, v_bank_code, n_amount_cents, n_commission_cents, n_iva_cents, v_concept, v_reference, v_rfc, v_email)
    SELECT ${dispersionId}::uuid, x.* FROM unnest(${col((r) => r.row)}::int[], ${col((r) => r.name)}::text[], ${col((r) => r.clabe)}::text[], ${col((r) => r.bankCode)}::text[],
      ${col((r) => r.charges.amountCents)}::bigint[], ${col((r) => r.charges.commissionCents)}::bigint[], ${col((r) => r.charges.ivaCents)}::bigint[], ${col((r) => r.concept)}::text[],
      ${col((r) => r.reference)}::text[], ${col((r) => r.rfc)}::text[], ${col((r) => r.email)}::text[]) AS x`);
}

export async function createDispersion(tx: Tx, actor: Actor, plan: DispersionPlan, input: CreateInput, now: Date): Promise<DispersionRow> {
  assertCreatable(plan, input, now);
  const business = plan.business;
  if (input.resendOf) await dispersionFor(tx, actor, input.resendOf, business.v_uid);
  const file = plan.file ?? { name: input.resendOf ? 'reenvio-filas-fallidas.csv' : 'filas-capturadas.csv', content: rowsAsCsv(plan), mediaType: 'text/csv' };
  const fileId = await storeFile(tx, { name: file.name, mediaType: file.mediaType, content: file.content, ownerId: actor.userId, client: business.v_client });
  const status = plan.needsApproval ? D.porAutorizar : input.paymentDay ? D.programada : D.enProceso;
  const t = plan.totals;
  const [d] = await tx
    .insert(dispersions)
    .values({
      v_uid_business: business.v_uid,
      v_client: business.v_client,
      v_file_name: file.name,
      v_uid_file: fileId,
      v_file_sha256: sql`(SELECT v_sha256 FROM files WHERE v_uid = ${fileId}::uuid)`,
      i_file_size: file.content.length,
      v_file_media_type: file.mediaType,
      v_concept: input.concept ?? null,
      v_internal_concept: input.internalConcept ?? null,
      d_payment_day: input.paymentDay ?? null,
      n_total_amount_cents: t.amountCents,
      n_total_taxes_cents: t.commissionCents + t.ivaCents,
      n_total_import_cents: t.totalCents,
      // A run-now dispersion is started below, in this transaction.
      i_status: status === D.enProceso ? D.programada : status,
      i_rows: plan.rows.length,
      i_queued: plan.rows.length,
      v_uid_user: actor.userId,
      v_created_email: actor.email,
      v_idempotency_key: input.idempotencyKey ?? null,
      v_uid_resend_of: input.resendOf ?? null,
    })
    .returning();
  for (let i = 0; i < plan.rows.length; i += INSERT_CHUNK) await insertRows(tx, d!.v_uid, plan.rows.slice(i, i + INSERT_CHUNK));
  // Holders verified by the penny test, and mismatches the business confirmed, are remembered.
  const remembered = new Map<string, CheckedClabe>();
  for (const r of plan.rows)
    if (r.holder === 'match' || r.holder === 'mismatch')
      remembered.set(r.clabe, { clabe: r.clabe, result: r.holder === 'match' ? 'match' : 'confirmed', name: r.holderName, rfc: r.holderRfc });
  await rememberClabes(tx, business.v_uid, actor.userId, [...remembered.values()]);
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Agregar',
    activity: `Creó la dispersión ${file.name} de ${plan.rows.length} filas por ${formatCurrency(t.totalCents)}${input.paymentDay ? ` programada para el ${formatDate(input.paymentDay)}` : ''}${plan.needsApproval ? ' (por autorizar)' : ''}`,
    detail: { dispersion: d!.v_uid, total: amountOut(t.totalCents) },
  });
  if (status === D.enProceso) return startDispersion(tx, d!.v_uid, now, 'now');
  if (status === D.programada) await scheduleStart(tx, d!);
  return d!;
}

const scheduleStart = (tx: Tx, d: DispersionRow) =>
  enqueueJob(tx, {
    kind: START_JOB,
    payload: { dispersionId: d.v_uid, paymentDay: d.d_payment_day },
    runAt: mexicoMidnight(d.d_payment_day!),
    uniqueKey: `${START_JOB}:${d.v_uid}:${d.d_payment_day}`,
  });

// ---- starting and running ----------------------------------------------------------------------------

async function finish(tx: Tx, d: DispersionRow, wasRunning: boolean): Promise<DispersionRow> {
  const status = d.i_failed === 0 ? D.completada : d.i_settled === 0 ? D.fallida : D.parcial;
  const [row] = await tx
    .update(dispersions)
    .set({
      i_status: status,
      d_finished_at: d.d_finished_at ?? sql`now()`,
      v_last_error: status === D.fallida ? ALL_FAILED : d.v_last_error,
      d_update_at: sql`now()`,
    })
    .where(eq(dispersions.v_uid, d.v_uid))
    .returning();
  if (wasRunning) {
    const body =
      status === D.completada
        ? `Se liquidaron las ${d.i_settled} transferencias de ${d.v_file_name ?? 'la dispersión'}.`
        : status === D.fallida
          ? `${ALL_FAILED}: ${d.v_file_name ?? 'la dispersión'} no pagó ninguna fila.`
          : `${d.v_file_name ?? 'La dispersión'}: ${d.i_settled} liquidadas y ${d.i_failed} fallidas. Puedes reenviar las fallidas.`;
    await notify(tx, {
      userId: d.v_uid_user,
      kind: 'dispersion.finished',
      title: `Dispersión ${DISPERSION_STATUS_NAMES[status]!.toLowerCase()}`,
      body,
      link: `/dispersal/history?id=${d.v_uid}`,
    });
  }
  return row!;
}

/**
 * Starts a dispersion: 'now' refuses the whole batch when the balance or a limit cannot cover it
 * (nothing written); 'day' (its PaymentDay's job) pays the rows that fit in file order and fails
 * the others with their reason. Either way the total of the rows to pay is held at once.
 */
export async function startDispersion(tx: Tx, id: string, now: Date, mode: 'now' | 'day'): Promise<DispersionRow> {
  const [d] = await tx.select().from(dispersions).where(eq(dispersions.v_uid, id)).for('update');
  if (!d) throw notFound(M.notFound);
  if (d.i_status !== D.programada) return d;
  const rows = await tx
    .select({
      id: dispersionRows.v_uid,
      amount: dispersionRows.n_amount_cents,
      total: sql<string>`(${dispersionRows.n_amount_cents} + ${dispersionRows.n_commission_cents} + ${dispersionRows.n_iva_cents})::text`,
    })
    .from(dispersionRows)
    .where(and(eq(dispersionRows.v_uid_dispersion, id), eq(dispersionRows.i_state, 0)))
    .orderBy(asc(dispersionRows.i_row));
  let business: BusinessRow;
  const failures = new Map<string, string>();
  let fitAmount = 0n;
  let fitTotal = 0n;
  try {
    business = await assertBusinessActive(tx, d.v_client);
  } catch (err) {
    if (mode === 'now') throw err;
    for (const r of rows) failures.set(r.id, (err as Error).message);
    business = null as unknown as BusinessRow;
  }
  const account = business ? await businessSpeiAccount(tx, business) : null;
  if (business && account) {
    const limits = await effectiveLimits(tx, d.v_client);
    const usage = await speiOutUsage(tx, d.v_uid_business, now);
    const available = (await balanceOf(tx, account.id)).availableBalance;
    for (const r of rows) {
      const total = BigInt(r.total);
      let reason: string | null = null;
      try {
        checkLimits(limits, { amount: r.amount, today: usage.today + fitAmount, month: usage.month + fitAmount });
      } catch (err) {
        reason = (err as Error).message;
      }
      if (!reason && fitTotal + total > available) reason = 'Saldo insuficiente';
      if (reason) {
        if (mode === 'now') throw rule(reason);
        failures.set(r.id, reason);
        continue;
      }
      fitAmount += r.amount;
      fitTotal += total;
    }
    if (fitTotal > 0n) await placeHold(tx, { accountId: account.id, amountCents: fitTotal, reference: batchHold(id, 0) });
  }
  if (failures.size) {
    await tx.execute(sql`
      UPDATE ${dispersionRows} r SET i_state = 2, v_error = x.reason, d_update_at = now()
        FROM unnest(${pgArray([...failures.keys()])}::uuid[], ${pgArray([...failures.values()])}::text[]) AS x(id, reason)
       WHERE r.v_uid = x.id`);
  }
  const fit = rows.length - failures.size;
  const [started] = await tx
    .update(dispersions)
    .set({
      i_status: D.enProceso,
      d_started_at: now,
      i_queued: fit,
      i_failed: d.i_failed + failures.size,
      i_hold_gen: 0,
      v_last_error: failures.size ? [...failures.values()][0]! : null,
      d_update_at: sql`now()`,
    })
    .where(eq(dispersions.v_uid, id))
    .returning();
  if (fit === 0) return finish(tx, started!, true);
  await enqueueJob(tx, { kind: RUN_JOB, payload: { dispersionId: id, gen: 0 }, runAt: now, uniqueKey: `${RUN_JOB}:${id}:0` });
  return started!;
}

/**
 * One chunk of a running dispersion, in the job's transaction, set-wise: its queued rows are
 * claimed (FOR UPDATE SKIP LOCKED), the batch hold is released and, in one statement, each row
 * gets its own hold and the rest is held again under the next generation; the orders are one
 * multi-row insert with one batch submission job. A crash rolls the whole chunk back; the job
 * runs again and nothing is sent twice (the rows and their orders commit together).
 */
export async function runChunk(tx: Tx, id: string, gen: number, now: Date): Promise<void> {
  const [owner] = await tx.select({ client: dispersions.v_client }).from(dispersions).where(eq(dispersions.v_uid, id));
  if (!owner) return;
  const business = await assertBusinessActive(tx, owner.client);
  const account = await businessSpeiAccount(tx, business);
  // The ledger account before the dispersion row: a row's settlement takes them in that order
  // (its posting, then the counts), so a chunk and a settlement never wait on each other in a cycle.
  await lockAccount(tx, account.id);
  const [d] = await tx.select().from(dispersions).where(eq(dispersions.v_uid, id)).for('update');
  if (!d || d.i_status !== D.enProceso || d.i_hold_gen !== gen || d.i_queued === 0) return;
  const rows = await tx
    .select()
    .from(dispersionRows)
    .where(and(eq(dispersionRows.v_uid_dispersion, id), eq(dispersionRows.i_state, 0)))
    .orderBy(asc(dispersionRows.i_row))
    .limit(CHUNK)
    .for('update', { skipLocked: true });
  const released = await releaseHold(tx, { reference: batchHold(id, gen), reason: 'split' });
  const orders: BatchOrder[] = rows.map((r) => ({
    id: randomUUID(),
    destination: { clabe: r.v_clabe, bankCode: r.v_bank_code, name: r.v_name, rfc: r.v_rfc },
    charges: {
      amountCents: r.n_amount_cents,
      commissionCents: r.n_commission_cents,
      ivaCents: r.n_iva_cents,
      totalCents: r.n_amount_cents + r.n_commission_cents + r.n_iva_cents,
    },
    concept: r.v_concept,
    reference: r.v_reference,
  }));
  const remaining = orders.reduce((left, o) => left - o.charges.totalCents, released.hold.amountCents);
  const queued = d.i_queued - rows.length;
  if (remaining < 0n || (queued === 0) !== (remaining === 0n))
    throw new Error(`dispersión ${id}: la retención (${released.hold.amountCents}) no cuadra con las filas`);
  const holds = orders.map((o) => ({ amountCents: o.charges.totalCents, reference: holdReference(o.id) }));
  if (remaining > 0n) holds.push({ amountCents: remaining, reference: batchHold(id, gen + 1) });
  await placeHolds(tx, { accountId: account.id, holds });
  await placeSpeiOutOrders(tx, { owner: businessOwner(business), operationDate: mexicoDate(now), userId: d.v_uid_user, dispersionId: id, now, orders });
  await tx.execute(sql`
    UPDATE ${dispersionRows} r SET i_state = 1, v_uid_movement = x.m, d_update_at = now()
      FROM unnest(${pgArray(rows.map((r) => r.v_uid))}::uuid[], ${pgArray(orders.map((o) => o.id))}::uuid[]) AS x(r, m)
     WHERE r.v_uid = x.r`);
  if (remaining > 0n)
    await enqueueJob(tx, { kind: RUN_JOB, payload: { dispersionId: id, gen: gen + 1 }, runAt: now, uniqueKey: `${RUN_JOB}:${id}:${gen + 1}` });
  await tx
    .update(dispersions)
    .set({ i_queued: queued, i_open: d.i_open + rows.length, i_hold_gen: gen + 1, d_update_at: sql`now()` })
    .where(eq(dispersions.v_uid, id));
}

const OPEN = new Set([0, 1]);
const kindOf = (status: number) => (OPEN.has(status) ? 'open' : status === 2 ? 'settled' : 'failed');

/** A row's order changed state: the counts move in the same transaction, and the last open row finishes the dispersion. */
export async function onRowOutcome(tx: Tx, before: MovementRow, after: MovementRow): Promise<void> {
  if (!after.v_uid_dispersion) return;
  const from = kindOf(before.i_status);
  const to = kindOf(after.i_status);
  if (from === to) return;
  const delta = { open: 0, settled: 0, failed: 0 };
  delta[from] -= 1;
  delta[to] += 1;
  const [d] = await tx
    .update(dispersions)
    .set({
      i_open: sql`${dispersions.i_open} + ${delta.open}`,
      i_settled: sql`${dispersions.i_settled} + ${delta.settled}`,
      i_failed: sql`${dispersions.i_failed} + ${delta.failed}`,
      ...(to === 'failed' ? { v_last_error: after.v_error_detail } : {}),
      d_update_at: sql`now()`,
    })
    .where(eq(dispersions.v_uid, after.v_uid_dispersion))
    .returning();
  if (!d || d.i_queued > 0 || d.i_open > 0) return;
  // Finished now, or a settled row came back later (the status is recomputed, no second notice).
  await finish(tx, d, d.i_status === D.enProceso);
}

// ---- pending: remove, approve, reject, edit ---------------------------------------------------------

export async function removeDispersion(tx: Tx, actor: Actor, id: string, businessId?: string): Promise<DispersionRow> {
  const d = await dispersionFor(tx, actor, id, businessId, true);
  if (!DISPERSION_REMOVABLE.includes(d.i_status)) throw rule(M.notRemovable);
  const [row] = await tx
    .update(dispersions)
    .set({ i_status: D.eliminada, v_changed_by_email: actor.email, d_update_at: sql`now()` })
    .where(eq(dispersions.v_uid, id))
    .returning();
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Borrar',
    activity: `Eliminó la dispersión ${d.v_file_name ?? id} de ${formatCurrency(d.n_total_import_cents)}`,
    detail: { dispersion: id },
  });
  return row!;
}

/** The second user of the business authorises (maker-checker): it runs now, or waits for its day. */
export async function approveDispersion(tx: Tx, actor: Actor, id: string, now: Date): Promise<DispersionRow> {
  const d = await dispersionFor(tx, actor, id, undefined, true);
  assertChecker({ awaiting: d.i_status === D.porAutorizar, makerId: d.v_uid_user }, actor, M);
  const future = !!d.d_payment_day && d.d_payment_day > mexicoDate(now);
  const [row] = await tx
    .update(dispersions)
    .set({ i_status: D.programada, v_uid_approver: actor.userId, v_approved_email: actor.email, d_update_at: sql`now()` })
    .where(eq(dispersions.v_uid, id))
    .returning();
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Editar',
    activity: `Autorizó la dispersión ${d.v_file_name ?? id} de ${formatCurrency(d.n_total_import_cents)}`,
    detail: { dispersion: id },
  });
  if (future) {
    await scheduleStart(tx, row!);
    return row!;
  }
  return startDispersion(tx, id, now, 'now');
}

export async function rejectDispersion(tx: Tx, actor: Actor, id: string): Promise<DispersionRow> {
  const d = await dispersionFor(tx, actor, id, undefined, true);
  assertChecker({ awaiting: d.i_status === D.porAutorizar, makerId: d.v_uid_user }, actor, M);
  const [row] = await tx
    .update(dispersions)
    .set({ i_status: D.rechazada, v_uid_approver: actor.userId, v_approved_email: actor.email, d_finished_at: sql`now()`, d_update_at: sql`now()` })
    .where(eq(dispersions.v_uid, id))
    .returning();
  await recordActivity(tx, { actor, section: SECTION, action: 'Editar', activity: `Rechazó la dispersión ${d.v_file_name ?? id}`, detail: { dispersion: id } });
  return row!;
}

/** Legacy PUT /dispersal/{id}: the concept or the day of a dispersion that has not started. */
export async function editPendingDispersion(
  tx: Tx,
  actor: Actor,
  id: string,
  change: { concept?: string; paymentDay?: string },
  now: Date,
): Promise<DispersionRow> {
  const d = await dispersionFor(tx, actor, id, undefined, true);
  if (!DISPERSION_REMOVABLE.includes(d.i_status)) throw rule('Solo se puede modificar una dispersión que aún no inicia');
  if (change.paymentDay !== undefined && !isFuturePaymentDay(change.paymentDay, mexicoDate(now)))
    throw fieldError('d_payment_day', SPEI_MESSAGES.paymentDay, 'future');
  const [row] = await tx
    .update(dispersions)
    .set({
      ...(change.concept !== undefined ? { v_concept: change.concept } : {}),
      ...(change.paymentDay !== undefined ? { d_payment_day: change.paymentDay } : {}),
      v_changed_by_email: actor.email,
      d_update_at: sql`now()`,
    })
    .where(eq(dispersions.v_uid, id))
    .returning();
  if (change.paymentDay !== undefined && row!.i_status === D.programada) await scheduleStart(tx, row!);
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Editar',
    activity: `Modificó la dispersión pendiente ${d.v_file_name ?? id}`,
    detail: { dispersion: id },
  });
  return row!;
}
