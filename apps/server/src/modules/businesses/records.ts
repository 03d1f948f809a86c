/**
 * What hangs from a business under "Other services": legal representative, documents and account
 * groups (v_-style). Every call resolves the business first through businessForActor, so the
 * tenant rule lives in one place.
 */
import {
  STATUS_IDS,
  statusName,
  type AccountGroupCreateBody,
  type AccountGroupUpdateBody,
  type DocumentUpdateBody,
  type LegalRepresentativeCreateBody,
  type LegalRepresentativeUpdateBody,
} from '@far/contracts';
import { and, asc, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { conflict, fieldError, forbidden, notFound, rule } from '../../platform/errors';
import { iso, recordDates } from '../../platform/reply';
import { recordActivity } from '../audit';
import { deleteFile, getFile, storeFile } from '../files';
import { accountGroups, businessDocuments, legalRepresentatives } from './schema';
import { SECTION, businessForActor, businessName, isMoral } from './service';

// ---- legal representative -------------------------------------------------------------------------

type RepRow = typeof legalRepresentatives.$inferSelect;
type RepInput = z.output<typeof LegalRepresentativeUpdateBody>;

const repOut = (r: RepRow) => ({
  v_uid: r.v_uid,
  v_uid_business: r.v_uid_business,
  v_names: r.v_names,
  v_last_name_1: r.v_last_name_1,
  v_last_name_2: r.v_last_name_2,
  v_email: r.v_email,
  v_email_alternative: r.v_email_alternative,
  ...recordDates(r),
});

function repValues(d: RepInput) {
  if (d.v_email_alternative && d.v_email_alternative === d.v_email)
    throw fieldError('v_email_alternative', 'El correo alternativo debe ser distinto del principal');
  return {
    v_names: d.v_names,
    v_last_name_1: d.v_last_name_1,
    v_last_name_2: d.v_last_name_2 ?? null,
    v_email: d.v_email,
    v_email_alternative: d.v_email_alternative ?? null,
  };
}

export async function createLegalRepresentative(tx: DbOrTx, actor: Actor, d: z.output<typeof LegalRepresentativeCreateBody>) {
  const b = await businessForActor(tx, actor, d.v_uid_business);
  if (!isMoral(b)) throw rule('El representante legal solo aplica a personas morales');
  const values = repValues(d);
  const [existing] = await tx.select({ v_uid: legalRepresentatives.v_uid }).from(legalRepresentatives).where(eq(legalRepresentatives.v_uid_business, b.v_uid));
  if (existing) throw conflict('La empresa ya tiene un representante legal');
  const [row] = await tx
    .insert(legalRepresentatives)
    .values({ ...values, v_uid_business: b.v_uid })
    .returning();
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Agregar',
    activity: `Registró al representante legal de ${businessName(b)}`,
    detail: { business: b.v_uid },
  });
  return repOut(row!);
}

/** By the representative's id or by the business's id (one per business). */
async function findRepresentative(db: DbOrTx, actor: Actor, id: string, lock = false) {
  const q = db
    .select()
    .from(legalRepresentatives)
    .where(or(eq(legalRepresentatives.v_uid, id), eq(legalRepresentatives.v_uid_business, id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('El representante legal no existe');
  const business = await businessForActor(db, actor, row.v_uid_business);
  return { row, business };
}

export const getLegalRepresentative = async (db: DbOrTx, actor: Actor, id: string) => repOut((await findRepresentative(db, actor, id)).row);

export async function updateLegalRepresentative(tx: DbOrTx, actor: Actor, id: string, d: RepInput) {
  const { row, business } = await findRepresentative(tx, actor, id, true);
  const [updated] = await tx
    .update(legalRepresentatives)
    .set({ ...repValues(d), d_update_at: new Date() })
    .where(eq(legalRepresentatives.v_uid, row.v_uid))
    .returning();
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Editar',
    activity: `Editó al representante legal de ${businessName(business)}`,
    detail: { business: business.v_uid },
  });
  return repOut(updated!);
}

// ---- documents ------------------------------------------------------------------------------------

type DocRow = typeof businessDocuments.$inferSelect;
const REVIEW = new Set<string>([STATUS_IDS.activo, STATUS_IDS.rechazado]);

const docOut = (d: DocRow) => ({
  v_uid: d.v_uid,
  v_uid_business: d.v_uid_business,
  v_name: d.v_name,
  v_file_pdf: d.v_file_pdf,
  v_file_name: d.v_file_name,
  v_file_url: `/api/v1/document/${d.v_uid}/file`,
  i_size: d.i_size,
  v_uid_status: d.v_uid_status,
  v_status: statusName(d.v_uid_status) ?? d.v_uid_status,
  t_comment: d.t_comment,
  d_review_at: iso(d.d_review_at),
  ...recordDates(d),
});

/** The file was checked (checkPdf) by the caller before anything is written. */
export async function uploadDocument(tx: DbOrTx, actor: Actor, d: { businessId?: string; name: string; fileName: string; content: Buffer }) {
  const b = await businessForActor(tx, actor, d.businessId);
  const fileUid = await storeFile(tx, { name: d.fileName, mediaType: 'application/pdf', content: d.content, ownerId: b.v_uid, client: b.v_client });
  const [row] = await tx
    .insert(businessDocuments)
    .values({
      v_uid_business: b.v_uid,
      v_name: d.name,
      v_file_pdf: fileUid,
      v_file_name: d.fileName.slice(0, 200),
      i_size: d.content.length,
      v_uid_status: STATUS_IDS.pendiente,
    })
    .returning();
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Agregar',
    activity: `Cargó el documento "${d.name}" de ${businessName(b)}`,
    detail: { business: b.v_uid, document: row!.v_uid },
  });
  return docOut(row!);
}

export async function listDocuments(db: DbOrTx, actor: Actor, businessId?: string) {
  const b = await businessForActor(db, actor, businessId);
  const rows = await db.select().from(businessDocuments).where(eq(businessDocuments.v_uid_business, b.v_uid)).orderBy(desc(businessDocuments.d_create_at));
  return rows.map(docOut);
}

async function findDocument(db: DbOrTx, actor: Actor, id: string, lock = false) {
  const q = db.select().from(businessDocuments).where(eq(businessDocuments.v_uid, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('El documento no existe');
  return { row, business: await businessForActor(db, actor, row.v_uid_business) };
}

export const getDocument = async (db: DbOrTx, actor: Actor, id: string) => docOut((await findDocument(db, actor, id)).row);

export async function documentFile(db: DbOrTx, actor: Actor, id: string) {
  const { row } = await findDocument(db, actor, id);
  const file = await getFile(db, row.v_file_pdf);
  if (!file) throw notFound('El documento no existe');
  return file;
}

/** Staff review it (activo or rechazado with a comment); its owner may only rename one not yet approved. */
export async function updateDocument(tx: DbOrTx, actor: Actor, id: string, d: z.output<typeof DocumentUpdateBody>) {
  const { row, business } = await findDocument(tx, actor, id, true);
  const set: Partial<typeof businessDocuments.$inferInsert> = { d_update_at: new Date() };
  if (d.v_name) {
    if (actor.kind !== 'FAR' && row.v_uid_status === STATUS_IDS.activo) throw rule('Un documento aprobado no se puede modificar');
    set.v_name = d.v_name;
  }
  if (d.v_uid_status) {
    if (actor.kind !== 'FAR') throw forbidden('Solo el personal de FAR puede revisar documentos');
    if (!REVIEW.has(d.v_uid_status)) throw fieldError('v_uid_status', 'Estatus no válido');
    if (d.v_uid_status === STATUS_IDS.rechazado && !d.t_comment) throw fieldError('t_comment', 'Indica el motivo del rechazo', 'required');
    Object.assign(set, { v_uid_status: d.v_uid_status, t_comment: d.t_comment ?? null, v_uid_reviewer: actor.userId, d_review_at: new Date() });
  }
  const [updated] = await tx.update(businessDocuments).set(set).where(eq(businessDocuments.v_uid, row.v_uid)).returning();
  const reviewed = d.v_uid_status ? (d.v_uid_status === STATUS_IDS.activo ? 'Aprobó' : 'Rechazó') : 'Editó';
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: d.v_uid_status ? 'Revisar' : 'Editar',
    activity: `${reviewed} el documento "${updated!.v_name}" de ${businessName(business)}`,
    detail: { business: business.v_uid, document: row.v_uid, comment: d.t_comment ?? null },
  });
  return docOut(updated!);
}

/** An approved document is part of the business's file and stays. */
export async function deleteDocument(tx: DbOrTx, actor: Actor, id: string): Promise<void> {
  const { row, business } = await findDocument(tx, actor, id, true);
  if (row.v_uid_status === STATUS_IDS.activo) throw rule('Un documento aprobado no se puede eliminar');
  await tx.delete(businessDocuments).where(eq(businessDocuments.v_uid, row.v_uid));
  await deleteFile(tx, row.v_file_pdf);
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Borrar',
    activity: `Eliminó el documento "${row.v_name}" de ${businessName(business)}`,
    detail: { business: business.v_uid },
  });
}

// ---- account groups -------------------------------------------------------------------------------

type GroupRow = typeof accountGroups.$inferSelect;
type GroupInput = z.output<typeof AccountGroupUpdateBody>;

const groupOut = (g: GroupRow) => ({
  v_uid: g.v_uid,
  v_uid_business: g.v_uid_business,
  v_name: g.v_name,
  t_description: g.t_description,
  i_active: g.i_active,
  ...recordDates(g),
});

async function assertGroupNameFree(db: DbOrTx, businessId: string, name: string, except?: string) {
  const [dup] = await db
    .select({ v_uid: accountGroups.v_uid })
    .from(accountGroups)
    .where(
      and(
        eq(accountGroups.v_uid_business, businessId),
        sql`lower(${accountGroups.v_name}) = lower(${name})`,
        except ? ne(accountGroups.v_uid, except) : undefined,
      ),
    );
  if (dup) throw conflict('Ya existe un grupo con ese nombre');
}

export async function listAccountGroups(db: DbOrTx, actor: Actor, businessId?: string) {
  const b = await businessForActor(db, actor, businessId);
  return (await db.select().from(accountGroups).where(eq(accountGroups.v_uid_business, b.v_uid)).orderBy(asc(accountGroups.v_name))).map(groupOut);
}

export async function createAccountGroup(tx: DbOrTx, actor: Actor, d: z.output<typeof AccountGroupCreateBody>) {
  const b = await businessForActor(tx, actor, d.v_uid_business);
  await assertGroupNameFree(tx, b.v_uid, d.v_name);
  const [row] = await tx
    .insert(accountGroups)
    .values({ v_uid_business: b.v_uid, v_name: d.v_name, t_description: d.t_description ?? null, i_active: d.i_active })
    .returning();
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Agregar',
    activity: `Creó el grupo de cuentas ${d.v_name} de ${businessName(b)}`,
    detail: { business: b.v_uid },
  });
  return groupOut(row!);
}

async function findGroup(db: DbOrTx, actor: Actor, id: string, lock = false) {
  const q = db.select().from(accountGroups).where(eq(accountGroups.v_uid, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('El grupo de cuentas no existe');
  return { row, business: await businessForActor(db, actor, row.v_uid_business) };
}

export const getAccountGroup = async (db: DbOrTx, actor: Actor, id: string) => groupOut((await findGroup(db, actor, id)).row);

export async function updateAccountGroup(tx: DbOrTx, actor: Actor, id: string, d: GroupInput) {
  const { row, business } = await findGroup(tx, actor, id, true);
  await assertGroupNameFree(tx, business.v_uid, d.v_name, row.v_uid);
  const [updated] = await tx
    .update(accountGroups)
    .set({ v_name: d.v_name, t_description: d.t_description ?? null, i_active: d.i_active, d_update_at: new Date() })
    .where(eq(accountGroups.v_uid, row.v_uid))
    .returning();
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Editar',
    activity: `Editó el grupo de cuentas ${d.v_name} de ${businessName(business)}`,
    detail: { business: business.v_uid },
  });
  return groupOut(updated!);
}

export async function deleteAccountGroup(tx: DbOrTx, actor: Actor, id: string): Promise<void> {
  const { row, business } = await findGroup(tx, actor, id, true);
  await tx.delete(accountGroups).where(eq(accountGroups.v_uid, row.v_uid));
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Borrar',
    activity: `Eliminó el grupo de cuentas ${row.v_name} de ${businessName(business)}`,
    detail: { business: business.v_uid },
  });
}
