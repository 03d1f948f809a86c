/**
 * Card stock: creation batches (a CSV of PANs, or N cards generated from the BIN range), worked
 * by the jobs table in chunks. Each chunk runs in the job's transaction and moves the batch's
 * cursor (i_done) with the cards it wrote, so a crash loses at most the chunk in flight, which
 * runs again; (batch, row) and the PAN hash are unique, so nothing is ever written twice. The
 * batch row is locked FOR UPDATE while a chunk runs: two servers never work one batch at once.
 */
import { randomBytes } from 'node:crypto';
import { BATCH_STATUSES, isLuhnValid, type BatchStatus } from '@far/contracts';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { iso } from '../../platform/reply';
import { recordActivity } from '../audit';
import { enqueueJob } from '../jobs';
import { notify } from '../notifications';
import { decodeToken, tokenPage, usersOfClient } from './common';
import { FORMULA_MESSAGE, isFormula, readCardFile } from './files';
import { cardBatchErrors, cardBatches, cardStockSettings, cards } from './schema';
import { panFromSerial, randomDigits, validDate, type CardKeys } from './secret';

export const BATCH_JOB = 'cards.batch';
export const CHUNK = 2_000;
const SECTION = 'Pre Stock';
export const BATCH_NOT_FOUND = 'Lote no encontrado';

type BatchRow = typeof cardBatches.$inferSelect;

export const batchOut = (b: BatchRow) => ({
  ReferenceBatch: b.v_reference_batch,
  Email: b.v_email,
  PathStorage: b.v_path_storage,
  TotalRecords: b.i_total,
  CreatedRecords: b.i_created,
  FailedRecords: b.i_failed,
  Status: (BATCH_STATUSES as readonly string[]).includes(b.v_status) ? (b.v_status as BatchStatus) : 'FAILED',
  GeneratedAt: iso(b.d_create_at)!,
  UpdatedAt: iso(b.d_update_at)!,
});

const newReference = (now: Date) => `LOTE-${now.toISOString().slice(0, 10).replaceAll('-', '')}-${randomBytes(3).toString('hex').toUpperCase()}`;
export const newCardIdentifier = () => `FC${randomBytes(8).toString('hex').toUpperCase()}`;

export async function stockSettings(db: DbOrTx) {
  await db.insert(cardStockSettings).values({ i_id: 1 }).onConflictDoNothing();
  const [s] = await db.select().from(cardStockSettings).where(eq(cardStockSettings.i_id, 1));
  return s!;
}

async function startBatch(tx: Tx, actor: Actor, d: { source: 'csv' | 'generate'; total: number; path: string; content?: string }, now: Date) {
  const ref = newReference(now);
  const [row] = await tx
    .insert(cardBatches)
    .values({
      v_reference_batch: ref,
      v_email: actor.email,
      v_path_storage: d.path,
      v_source: d.source,
      t_content: d.content ?? null,
      i_total: d.total,
      v_uid_user: actor.userId,
    })
    .returning();
  await enqueueJob(tx, { kind: BATCH_JOB, payload: { ref }, runAt: now, uniqueKey: `${BATCH_JOB}:${ref}:0` });
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Agregar',
    activity: d.source === 'csv' ? `Cargó el lote ${ref} (${d.total} tarjetas)` : `Generó el lote ${ref} (${d.total} tarjetas del BIN)`,
  });
  return batchOut(row!);
}

export const generateBatch = (tx: Tx, actor: Actor, count: number, bin: string, now = new Date()) =>
  startBatch(tx, actor, { source: 'generate', total: count, path: `bin://${bin}` }, now);

/** A stock file: the header and encoding are checked now (a bad one refuses the file); rows are checked by the job. */
export async function uploadStockBatch(tx: Tx, actor: Actor, file: { filename: string; content: Buffer }, now = new Date()) {
  const rows = await readCardFile(file, 'stock');
  // Kept normalised (header + rows as parsed), so the job reads exactly what was checked here.
  const content = JSON.stringify(rows.map((r) => [r.row, r.values.Pan ?? '', r.values.Cvv ?? '', r.values.ValidDate ?? '', r.values.Pin ?? '']));
  return startBatch(tx, actor, { source: 'csv', total: rows.length, path: `db://card_batches/${file.filename.replace(/[^\w.-]/g, '_')}`, content }, now);
}

interface Candidate {
  row: number;
  pan: string;
  cvv: string;
  valid: string;
  pin: string;
}

function checkStockRow(r: [number, string, string, string, string], now: Date): Candidate | string {
  const [row, pan, cvv, valid, pin] = r;
  if ([pan, cvv, valid, pin].some(isFormula)) return FORMULA_MESSAGE;
  if (!/^\d{16}$/.test(pan)) return 'El PAN debe tener 16 dígitos';
  if (!isLuhnValid(pan)) return 'El PAN no es válido (dígito verificador)';
  if (!/^\d{3}$/.test(cvv)) return 'El CVV debe tener 3 dígitos';
  const m = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(valid);
  if (!m) return 'La vigencia debe tener el formato MM/AA';
  const endOfMonth = Date.UTC(2000 + Number(m[2]), Number(m[1]), 1);
  if (endOfMonth <= now.getTime()) return 'La tarjeta está vencida';
  if (pin && !/^\d{4}$/.test(pin)) return 'El NIP debe tener 4 dígitos';
  return { row, pan, cvv, valid, pin: pin || randomDigits(4) };
}

/** One chunk of a batch; enqueues the next one until the batch is final. */
export async function runBatchChunk(tx: Tx, keys: CardKeys, ref: string, now: Date): Promise<void> {
  const [b] = await tx.select().from(cardBatches).where(eq(cardBatches.v_reference_batch, ref)).for('update');
  if (!b || b.v_status !== 'INPROGRESS') return;
  const from = b.i_done;
  const upto = Math.min(b.i_total, from + CHUNK);
  const candidates: Candidate[] = [];
  const failures: { row: number; reason: string }[] = [];
  if (b.v_source === 'generate') {
    const [alloc] = await tx
      .update(cardStockSettings)
      .set({ n_next_serial: sql`${cardStockSettings.n_next_serial} + ${upto - from}` })
      .where(eq(cardStockSettings.i_id, 1))
      .returning({ next: cardStockSettings.n_next_serial, bin: cardStockSettings.v_bin });
    const first = alloc!.next - BigInt(upto - from);
    for (let i = from; i < upto; i++)
      candidates.push({
        row: i + 1,
        pan: panFromSerial(alloc!.bin, first + BigInt(i - from)),
        cvv: randomDigits(3),
        valid: validDate(now),
        pin: randomDigits(4),
      });
  } else {
    const all = JSON.parse(b.t_content ?? '[]') as [number, string, string, string, string][];
    // A PAN repeated in the file: the first row keeps it, later rows fail (so earlier chunks count too).
    const firstRowOf = new Map<string, number>();
    for (const r of all.slice(0, upto)) if (!firstRowOf.has(r[1])) firstRowOf.set(r[1], r[0]);
    for (const r of all.slice(from, upto)) {
      const checked = checkStockRow(r, now);
      if (typeof checked === 'string') failures.push({ row: r[0], reason: checked });
      else if (firstRowOf.get(r[1]) !== r[0]) failures.push({ row: r[0], reason: `PAN duplicado en el archivo (fila ${firstRowOf.get(r[1])})` });
      else candidates.push(checked);
    }
  }
  let created = 0;
  if (candidates.length) {
    const values = candidates.map((c) => ({
      v_card_identifier: newCardIdentifier(),
      v_pan_hash: keys.panHash(c.pan),
      v_tail_hash: keys.tailHash(c.pan.slice(8)),
      v_pan_first6: c.pan.slice(0, 6),
      v_pan_last4: c.pan.slice(12),
      t_pan_enc: keys.seal(c.pan),
      t_cvv_enc: keys.seal(c.cvv),
      t_pin_enc: keys.seal(c.pin),
      v_valid_date: c.valid,
      v_reference_batch: ref,
      i_batch_row: c.row,
    }));
    const written = new Set<number>();
    for (let i = 0; i < values.length; i += 500) {
      const rows = await tx
        .insert(cards)
        .values(values.slice(i, i + 500))
        .onConflictDoNothing()
        .returning({ row: cards.i_batch_row });
      for (const r of rows) written.add(r.row);
    }
    created = written.size;
    for (const c of candidates) if (!written.has(c.row)) failures.push({ row: c.row, reason: 'El PAN ya existe en el stock' });
  }
  if (failures.length)
    await tx
      .insert(cardBatchErrors)
      .values(failures.map((f) => ({ v_reference_batch: ref, i_row: f.row, v_reason: f.reason })))
      .onConflictDoNothing();
  const done = upto >= b.i_total;
  const failed = b.i_failed + failures.length;
  const status = !done ? 'INPROGRESS' : failed === 0 ? 'COMPLETED' : failed === b.i_total ? 'FAILED' : 'COMPLETED_WITH_ERRORS';
  await tx
    .update(cardBatches)
    .set({ i_done: upto, i_created: b.i_created + created, i_failed: failed, v_status: status, d_update_at: now, ...(done ? { t_content: null } : {}) })
    .where(eq(cardBatches.v_reference_batch, ref));
  if (!done) await enqueueJob(tx, { kind: BATCH_JOB, payload: { ref }, runAt: now, uniqueKey: `${BATCH_JOB}:${ref}:${upto}` });
  else await checkLowStock(tx);
}

export async function unassignedCount(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cards).where(eq(cards.i_status, 1));
  return row?.n ?? 0;
}

/** Below the threshold: one notice to staff until stock is above it again. */
export async function checkLowStock(tx: Tx): Promise<void> {
  const s = await stockSettings(tx);
  const n = await unassignedCount(tx);
  const low = n < s.i_low_stock_threshold;
  if (low && !s.b_low_alert_sent) {
    const staff = await usersOfClient(tx, 'FAR', true);
    await notify(
      tx,
      ...staff.map((userId) => ({
        userId,
        kind: 'cards.low-stock' as const,
        title: 'Stock de tarjetas bajo',
        body: `Quedan ${n.toLocaleString('es-MX')} tarjetas sin asignar (mínimo ${s.i_low_stock_threshold.toLocaleString('es-MX')}).`,
        link: '/pre-stock-cards',
      })),
    );
  }
  if (low !== s.b_low_alert_sent) await tx.update(cardStockSettings).set({ b_low_alert_sent: low }).where(eq(cardStockSettings.i_id, 1));
}

export async function setThreshold(tx: Tx, actor: Actor, threshold: number) {
  await stockSettings(tx);
  await tx.update(cardStockSettings).set({ i_low_stock_threshold: threshold }).where(eq(cardStockSettings.i_id, 1));
  await recordActivity(tx, { actor, section: SECTION, action: 'Editar', activity: `Cambió el mínimo de stock a ${threshold}` });
  await checkLowStock(tx);
  return stockSummary(tx);
}

export async function stockSummary(db: DbOrTx) {
  const s = await stockSettings(db);
  const n = await unassignedCount(db);
  return { LowStockThreshold: s.i_low_stock_threshold, Bin: s.v_bin, VirtualBin: s.v_virtual_bin, Unassigned: n, IsLow: n < s.i_low_stock_threshold };
}

export async function listBatches(db: DbOrTx, q: { PaginationToken?: string; Size: number; Status?: string }) {
  const after = decodeToken(q.PaginationToken, 2);
  // The cursor holds milliseconds, so the order uses them too (PostgreSQL keeps microseconds).
  const at = sql`date_trunc('milliseconds', ${cardBatches.d_create_at})`;
  const rows = await db
    .select()
    .from(cardBatches)
    .where(
      and(
        q.Status ? eq(cardBatches.v_status, q.Status) : undefined,
        after ? sql`(${at}, ${cardBatches.v_reference_batch}) < (${after[0]}::timestamptz, ${after[1]})` : undefined,
      ),
    )
    .orderBy(desc(at), desc(cardBatches.v_reference_batch))
    .limit(q.Size + 1);
  return tokenPage(rows, q.Size, batchOut, (r) => [r.d_create_at.toISOString(), r.v_reference_batch]);
}

export async function batchErrors(db: DbOrTx, ref: string) {
  const rows = await db.select().from(cardBatchErrors).where(eq(cardBatchErrors.v_reference_batch, ref)).orderBy(asc(cardBatchErrors.i_row)).limit(100_000);
  return rows.map((r) => ({ Row: r.i_row, Field: null, Message: r.v_reason }));
}

export async function getBatch(db: DbOrTx, ref: string, withErrors = true) {
  const [b] = await db.select().from(cardBatches).where(eq(cardBatches.v_reference_batch, ref));
  if (!b) throw notFound(BATCH_NOT_FOUND);
  return { ...batchOut(b), ...(withErrors ? { Errors: (await batchErrors(db, ref)).slice(0, 200) } : {}) };
}
