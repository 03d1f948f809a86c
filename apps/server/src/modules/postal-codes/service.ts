import type { PostalCodeInfo, PostalImportJob } from '@far/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import type { FieldErrors } from '../../platform/identity';
import { iso } from '../../platform/reply';
import { recordActivity } from '../audit';
import { deleteFile, getFile, storeFile } from '../files';
import { postalCodes, postalColonies, postalImports } from './schema';
import { SEED_POSTAL_CODES } from './seed-data';

// ---- lookup -------------------------------------------------------------------------------------------

export async function lookupPostalCode(db: DbOrTx, code: string): Promise<PostalCodeInfo | undefined> {
  const [pc] = await db.select().from(postalCodes).where(eq(postalCodes.v_code, code));
  if (!pc) return undefined;
  const colonies = await db.select().from(postalColonies).where(eq(postalColonies.v_code, code)).orderBy(asc(postalColonies.v_name));
  return {
    PostalCode: pc.v_code,
    Municipality: pc.v_municipality,
    City: pc.v_city,
    State: pc.v_state,
    Colonies: colonies.map((c) => ({ Id: c.v_uid, Name: c.v_name, SettlementType: c.v_settlement_type, Zone: c.v_zone })),
  };
}

export interface ResolvedAddress {
  colony: string;
  municipality: string;
  city: string | null;
  state: string;
}

/**
 * The place of an address form, taken from the catalogue and never from the client: the postal
 * code must exist ('No encontrado') and the colony must be one of its colonies.
 */
export async function resolveAddress(
  db: DbOrTx,
  errors: FieldErrors,
  input: { code: string; colonyId: string; codeField: string; colonyField: string },
): Promise<ResolvedAddress | undefined> {
  const info = await lookupPostalCode(db, input.code);
  if (!info) {
    errors.add(input.codeField, 'No encontrado', 'notFound');
    return undefined;
  }
  const colony = info.Colonies.find((c) => c.Id === input.colonyId);
  if (!colony) {
    errors.add(input.colonyField, 'La colonia no corresponde al código postal', 'invalid');
    return undefined;
  }
  return { colony: colony.Name, municipality: info.Municipality, city: info.City, state: info.State };
}

// ---- the official file --------------------------------------------------------------------------------

export interface PostalRecord {
  code: string;
  colony: string;
  settlementType: string;
  municipality: string;
  state: string;
  city: string | null;
  zone: string | null;
  stateCode: string;
  municipalityCode: string;
  asenta: number;
}

const HEADER =
  'd_codigo|d_asenta|d_tipo_asenta|d_mnpio|d_estado|d_ciudad|d_cp|c_estado|c_oficina|c_cp|c_tipo_asenta|c_mnpio|id_asenta_cpcons|d_zona|c_cve_ciudad';
const COLUMNS = HEADER.split('|').length;
const lineError = (n: number, message: string) =>
  new AppError('VALIDATION', `Línea ${n}: ${message}`, { errors: [{ field: 'file', key: 'format', message: `Línea ${n}: ${message}` }] });

/**
 * SEPOMEX publishes ISO-8859-1; a file re-saved as UTF-8 is read as UTF-8 (latin-1 text with
 * accents is never valid UTF-8, so the two cannot be confused).
 */
function decode(content: Buffer): string {
  try {
    const utf8 = new TextDecoder('utf-8', { fatal: true }).decode(content);
    if (content.some((byte) => byte > 0x7f)) return utf8.replace(/^\ufeff/, '');
  } catch {
    // not UTF-8: the official encoding
  }
  return new TextDecoder('latin1').decode(content);
}

/**
 * Parses CPdescarga.txt: a notice line, the header line, then one pipe-separated asentamiento per
 * line. The whole file is checked before anything is written; the first bad line is reported.
 */
export function parseSepomex(content: Buffer): PostalRecord[] {
  const lines = decode(content).split(/\r?\n/);
  if (lines.length < 2 || (lines[1] ?? '').trim().toLowerCase() !== HEADER) throw lineError(2, 'el encabezado no corresponde al formato de SEPOMEX');
  const records: PostalRecord[] = [];
  for (let i = 2; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const n = i + 1;
    const f = line.split('|').map((x) => x.trim());
    if (f.length !== COLUMNS) throw lineError(n, `se esperaban ${COLUMNS} columnas y hay ${f.length}`);
    const [code, colony, type, municipality, state, cityName, , stateCode, , , , municipalityCode, asenta, zone] = f as [string, ...string[]];
    if (!/^\d{5}$/.test(code)) throw lineError(n, `el código postal "${code}" no es válido`);
    if (!colony) throw lineError(n, 'falta el nombre del asentamiento');
    if (!type) throw lineError(n, 'falta el tipo de asentamiento');
    if (!municipality) throw lineError(n, 'falta el municipio');
    if (!state) throw lineError(n, 'falta el estado');
    if (!/^\d{2}$/.test(stateCode ?? '')) throw lineError(n, 'la clave de estado no es válida');
    if (!/^\d{3}$/.test(municipalityCode ?? '')) throw lineError(n, 'la clave de municipio no es válida');
    if (!/^\d{1,4}$/.test(asenta ?? '')) throw lineError(n, 'el identificador del asentamiento no es válido');
    records.push({
      code,
      colony: colony!,
      settlementType: type!,
      municipality: municipality!,
      state: state!,
      city: cityName || null,
      zone: zone || null,
      stateCode: stateCode!,
      municipalityCode: municipalityCode!,
      asenta: Number(asenta),
    });
  }
  if (!records.length) throw lineError(3, 'el archivo no contiene registros');
  return records;
}

/**
 * Idempotent upsert of a chunk. One INSERT ... ON CONFLICT may not touch a row twice, so the
 * chunk is first reduced to one row per key (the later line wins, as it would line by line).
 */
async function upsertRecords(tx: DbOrTx, records: PostalRecord[]): Promise<void> {
  if (!records.length) return;
  const codes = new Map(
    records.map((r) => [
      r.code,
      { v_code: r.code, v_municipality: r.municipality, v_city: r.city, v_state: r.state, v_state_code: r.stateCode, v_municipality_code: r.municipalityCode },
    ]),
  );
  await tx
    .insert(postalCodes)
    .values([...codes.values()])
    .onConflictDoUpdate({
      target: postalCodes.v_code,
      set: {
        v_municipality: sql`excluded.v_municipality`,
        v_city: sql`excluded.v_city`,
        v_state: sql`excluded.v_state`,
        v_state_code: sql`excluded.v_state_code`,
        v_municipality_code: sql`excluded.v_municipality_code`,
        d_update_at: sql`now()`,
      },
    });
  const colonies = new Map(
    records.map((r) => [
      `${r.code}|${r.colony}|${r.settlementType}`,
      { v_code: r.code, v_name: r.colony, v_settlement_type: r.settlementType, v_zone: r.zone, i_asenta: r.asenta },
    ]),
  );
  await tx
    .insert(postalColonies)
    .values([...colonies.values()])
    .onConflictDoUpdate({
      target: [postalColonies.v_code, postalColonies.v_name, postalColonies.v_settlement_type],
      set: { v_zone: sql`excluded.v_zone`, i_asenta: sql`excluded.i_asenta`, d_update_at: sql`now()` },
    });
}

/** System data: the demo's real codes; an existing row (e.g. from an import) is left as it is. */
export async function seedPostalCodes(db: DbOrTx): Promise<void> {
  await db
    .insert(postalCodes)
    .values(SEED_POSTAL_CODES.map((p) => ({ v_code: p.code, v_municipality: p.municipality, v_city: p.city, v_state: p.state })))
    .onConflictDoNothing();
  await db
    .insert(postalColonies)
    .values(SEED_POSTAL_CODES.flatMap((p) => p.colonies.map((name) => ({ v_code: p.code, v_name: name, v_settlement_type: 'Colonia', v_zone: 'Urbano' }))))
    .onConflictDoNothing();
}

// ---- import jobs --------------------------------------------------------------------------------------

type JobRow = typeof postalImports.$inferSelect;
const SECTION = 'Códigos postales';
/** Rows per transaction: small enough to keep locks short, large enough to be quick. */
export const IMPORT_CHUNK = 1000;
/** A job whose last chunk is older than this was cut (its process died) and may be resumed. */
const STALE_MS = 60_000;

const jobOut = (j: JobRow): PostalImportJob => ({
  Id: j.v_uid,
  FileName: j.v_file_name,
  Status: j.v_status as PostalImportJob['Status'],
  Processed: j.i_processed,
  Total: j.i_total,
  Error: j.t_error,
  CreatedAt: iso(j.d_create_at)!,
  StartedAt: iso(j.d_started_at),
  FinishedAt: iso(j.d_finished_at),
});

/** Records of a job being processed by this process; re-read from the stored file after a restart. */
const parsed = new Map<string, PostalRecord[]>();
const running = new Set<string>();

export async function startImport(tx: DbOrTx, actor: Actor, file: { name: string; content: Buffer; records: PostalRecord[] }): Promise<PostalImportJob> {
  const fileUid = await storeFile(tx, { name: file.name, mediaType: 'text/plain', content: file.content, ownerId: actor.userId });
  const [job] = await tx
    .insert(postalImports)
    .values({ v_file_uid: fileUid, v_file_name: file.name.slice(0, 200), v_uid_user: actor.userId, v_status: 'pendiente', i_total: file.records.length })
    .returning();
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Importar',
    activity: `Inició la importación de ${file.name} (${file.records.length} asentamientos)`,
    detail: { job: job!.v_uid },
  });
  parsed.set(job!.v_uid, file.records);
  return jobOut(job!);
}

export async function getImport(db: DbOrTx, id: string): Promise<PostalImportJob> {
  const [job] = await db.select().from(postalImports).where(eq(postalImports.v_uid, id));
  if (!job) throw notFound('La importación no existe');
  return jobOut(job);
}

export async function listImports(db: DbOrTx): Promise<PostalImportJob[]> {
  return (await db.select().from(postalImports).orderBy(desc(postalImports.d_create_at)).limit(20)).map(jobOut);
}

/** True when nobody is working on the job: never started, or cut by a process that died. */
export function needsWork(job: PostalImportJob, heartbeat: Date | null): boolean {
  if (job.Status === 'pendiente') return true;
  return job.Status === 'en-proceso' && (!heartbeat || Date.now() - heartbeat.getTime() > STALE_MS);
}

export async function heartbeatOf(db: DbOrTx, id: string): Promise<Date | null> {
  const [j] = await db.select({ h: postalImports.d_heartbeat_at }).from(postalImports).where(eq(postalImports.v_uid, id));
  return j?.h ?? null;
}

/**
 * Processes a job chunk by chunk, each chunk in its own transaction that also advances
 * i_processed, so a job cut half-way resumes where it stopped (and re-running a chunk is harmless:
 * the upsert is idempotent). The job row is locked with SKIP LOCKED: when another process holds it,
 * this one steps aside.
 */
export async function processImport(db: Db, id: string): Promise<void> {
  if (running.has(id)) return;
  running.add(id);
  try {
    for (;;) {
      const done = await db.transaction(async (tx) => {
        const [job] = await tx.select().from(postalImports).where(eq(postalImports.v_uid, id)).for('update', { skipLocked: true });
        if (!job || job.v_status === 'finalizado' || job.v_status === 'no-finalizado') return true;
        const records = await recordsOf(tx, job);
        const chunk = records.slice(job.i_processed, job.i_processed + IMPORT_CHUNK);
        await upsertRecords(tx, chunk);
        const processed = job.i_processed + chunk.length;
        const finished = processed >= records.length;
        const now = new Date();
        await tx
          .update(postalImports)
          .set({
            i_processed: processed,
            v_status: finished ? 'finalizado' : 'en-proceso',
            d_started_at: job.d_started_at ?? now,
            d_heartbeat_at: now,
            d_finished_at: finished ? now : null,
            d_update_at: now,
          })
          .where(eq(postalImports.v_uid, id));
        if (finished) {
          // The catalogue now holds the data; the 15 MB upload is not kept twice.
          if (job.v_file_uid) await deleteFile(tx, job.v_file_uid);
          await tx.update(postalImports).set({ v_file_uid: null }).where(eq(postalImports.v_uid, id));
          await recordActivity(tx, {
            actor: job.v_uid_user ? { userId: job.v_uid_user, client: null } : null,
            section: SECTION,
            action: 'Importar',
            activity: `Terminó la importación de ${job.v_file_name} (${processed} asentamientos)`,
            detail: { job: id },
          });
        }
        return finished;
      });
      if (done) break;
      // Let other requests in between chunks.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } catch (err) {
    await db
      .update(postalImports)
      .set({
        v_status: 'no-finalizado',
        t_error: 'La importación se interrumpió por un error inesperado. Vuelve a cargar el archivo.',
        d_finished_at: new Date(),
      })
      .where(and(eq(postalImports.v_uid, id), sql`${postalImports.v_status} <> 'finalizado'`))
      .catch(() => undefined);
    throw err;
  } finally {
    running.delete(id);
    parsed.delete(id);
  }
}

async function recordsOf(tx: DbOrTx, job: JobRow): Promise<PostalRecord[]> {
  const cached = parsed.get(job.v_uid);
  if (cached) return cached;
  const file = job.v_file_uid ? await getFile(tx, job.v_file_uid) : undefined;
  if (!file) throw new Error(`import ${job.v_uid}: stored file missing`);
  const records = parseSepomex(file.b_content);
  parsed.set(job.v_uid, records);
  return records;
}
