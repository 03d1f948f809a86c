import {
  CMS_STATUS_IDS,
  CMS_STATUS_NAMES,
  pagesFor,
  type CmsBulkAction,
  type CmsStatus,
  type ContentDefinition,
  type ContentItem,
  type ContentVersion,
  type ContentInput,
  type ContentListQuery,
  type ContentUpdateInput,
} from '@far/contracts';
import type { z } from 'zod';
import { and, asc, desc, eq, ilike, inArray, isNull, max, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { AppError, fieldError, notFound, rule } from '../../platform/errors';
import { iso, recordDates } from '../../platform/reply';
import { recordActivity } from '../audit';
import * as users from '../users';
import { sectionId, sectionName } from './access';
import { getTypeRow } from './content-types';
import { cmsContentTypes, cmsContentVersions, cmsContents } from './schema';
import { prepareValues } from './values';

const SECTION = 'Administrador de contenido';
export const LOCKED_MESSAGE = 'El contenido está bloqueado y no se puede modificar';

type ContentRow = typeof cmsContents.$inferSelect;
type TypeRow = typeof cmsContentTypes.$inferSelect;
type Values = Record<string, unknown>;

export const statusName = (uid: string): CmsStatus => CMS_STATUS_NAMES.find((n) => CMS_STATUS_IDS[n] === uid) ?? 'borrador';

/** 'Términos y condiciones' → 'terminos-y-condiciones': the item's system name. */
export const systemNameOf = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80) || 'contenido';

async function authorNames(db: DbOrTx, rows: Array<{ v_uid_author: string | null }>) {
  return users.userNames(db, [...new Set(rows.map((r) => r.v_uid_author).filter((id): id is string => id !== null))]);
}
const authorOf = (row: { v_uid_author: string | null }, authors: Map<string, { name: string }>) =>
  row.v_uid_author ? (authors.get(row.v_uid_author)?.name ?? null) : null;

function present(row: ContentRow, type: TypeRow, authors: Map<string, { name: string }>): ContentItem {
  return {
    v_uid: row.v_uid,
    v_system_name: row.v_system_name,
    v_name: row.v_name,
    v_uid_section: row.v_uid_section,
    Section: sectionName(row.v_uid_section),
    v_uid_content_type: row.v_uid_content_type,
    ContentType: { v_uid: type.v_uid, v_name: type.v_name, v_system_name: type.v_system_name },
    t_json: row.t_json as Values,
    v_uid_status: row.v_uid_status,
    Status: statusName(row.v_uid_status),
    i_order: row.i_order,
    b_hidden: row.b_hidden,
    b_locked: row.b_locked,
    v_uid_parent: row.v_uid_parent,
    i_version: row.i_version,
    v_uid_author: row.v_uid_author,
    Author: authorOf(row, authors),
    ...recordDates(row),
    d_published_at: iso(row.d_published_at),
    d_deleted_at: iso(row.d_deleted_at),
  };
}

async function presentOne(db: DbOrTx, row: ContentRow): Promise<ContentItem> {
  return present(row, await getTypeRow(db, row.v_uid_content_type), await authorNames(db, [row]));
}

/** A live (not deleted) content item; optionally locked for the rest of the transaction. */
async function liveRow(db: DbOrTx, uid: string, forUpdate = false): Promise<ContentRow> {
  const query = db
    .select()
    .from(cmsContents)
    .where(and(eq(cmsContents.v_uid, uid), isNull(cmsContents.d_deleted_at)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('Contenido no encontrado');
  return row;
}

export async function getContent(db: DbOrTx, uid: string): Promise<ContentItem> {
  return presentOne(db, await liveRow(db, uid));
}

export async function listContents(db: DbOrTx, q: z.output<typeof ContentListQuery>) {
  const where: SQL[] = [isNull(cmsContents.d_deleted_at)];
  if (q.Section) where.push(eq(cmsContents.v_uid_section, sectionId(q.Section)));
  if (q.ContentTypeId) where.push(eq(cmsContents.v_uid_content_type, q.ContentTypeId));
  if (q.Status) where.push(eq(cmsContents.v_uid_status, CMS_STATUS_IDS[q.Status]));
  if (q.Search) where.push(ilike(cmsContents.v_name, `%${q.Search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const rows = await db
    .select({ c: cmsContents, t: cmsContentTypes, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(cmsContents)
    .innerJoin(cmsContentTypes, eq(cmsContentTypes.v_uid, cmsContents.v_uid_content_type))
    .where(and(...where))
    .orderBy(asc(cmsContents.i_order), asc(cmsContents.d_create_at))
    .limit(q.Size)
    .offset((q.Page - 1) * q.Size);
  const authors = await authorNames(
    db,
    rows.map((r) => r.c),
  );
  const total = rows[0]?.total ?? 0;
  return { Records: rows.map((r) => present(r.c, r.t, authors)), Page: q.Page, Size: q.Size, TotalPages: pagesFor(total, q.Size), TotalRecords: total };
}

async function checkParent(db: DbOrTx, parentId: string | null | undefined, section: string, selfId?: string): Promise<void> {
  if (!parentId) return;
  const fail = () => fieldError('v_uid_parent', 'Contenido padre no válido');
  if (parentId === selfId) throw fail();
  const [parent] = await db
    .select()
    .from(cmsContents)
    .where(and(eq(cmsContents.v_uid, parentId), isNull(cmsContents.d_deleted_at)));
  if (!parent || parent.v_uid_section !== section) throw fail();
  // No cycles: walk up from the new parent; meeting the item itself would close a loop.
  let cursor = parent.v_uid_parent;
  for (let depth = 0; cursor && depth < 50; depth += 1) {
    if (cursor === selfId) throw fail();
    const [up] = await db.select({ p: cmsContents.v_uid_parent }).from(cmsContents).where(eq(cmsContents.v_uid, cursor));
    cursor = up?.p ?? null;
  }
}

async function keepVersion(tx: DbOrTx, row: ContentRow, actor: Actor): Promise<void> {
  await tx.insert(cmsContentVersions).values({
    v_uid_content: row.v_uid,
    i_version: row.i_version,
    v_name: row.v_name,
    t_json: row.t_json,
    v_uid_status: row.v_uid_status,
    v_uid_author: actor.userId,
  });
}

export async function createContent(tx: DbOrTx, actor: Actor, body: ContentInput): Promise<ContentItem> {
  const type = await getTypeRow(tx, body.v_uid_content_type);
  const section = body.v_uid_section ? sectionId(body.v_uid_section) : type.v_uid_section;
  const values = await prepareValues(tx, type.t_json as ContentDefinition, body.t_json, sectionName(section));
  await checkParent(tx, body.v_uid_parent, section);
  const [last] = await tx
    .select({ n: max(cmsContents.i_order) })
    .from(cmsContents)
    .where(and(eq(cmsContents.v_uid_section, section), eq(cmsContents.v_uid_content_type, type.v_uid)));
  const now = new Date();
  const [row] = await tx
    .insert(cmsContents)
    .values({
      v_uid_section: section,
      v_uid_content_type: type.v_uid,
      v_name: body.v_name,
      v_system_name: systemNameOf(body.v_name),
      t_json: values,
      v_uid_status: CMS_STATUS_IDS[body.v_uid_status],
      i_order: (last?.n ?? 0) + 1,
      b_hidden: body.b_hidden,
      b_locked: body.b_locked,
      v_uid_parent: body.v_uid_parent ?? null,
      v_uid_author: actor.userId,
      d_published_at: body.v_uid_status === 'publicado' ? now : null,
    })
    .returning();
  await keepVersion(tx, row!, actor);
  await recordActivity(tx, { actor, section: SECTION, action: 'Agregar', activity: `Alta del contenido ${body.v_name} (${type.v_name})` });
  return presentOne(tx, row!);
}

/** Every save is a new version; a published save is a new publication (legal texts ask again). */
export async function updateContent(tx: DbOrTx, actor: Actor, uid: string, body: ContentUpdateInput): Promise<ContentItem> {
  const row = await liveRow(tx, uid, true);
  if (row.b_locked) throw rule(LOCKED_MESSAGE);
  const type = await getTypeRow(tx, row.v_uid_content_type);
  const section = body.v_uid_section ? sectionId(body.v_uid_section) : row.v_uid_section;
  const values = body.t_json ? await prepareValues(tx, type.t_json as ContentDefinition, body.t_json, sectionName(section)) : (row.t_json as Values);
  const parent = body.v_uid_parent === undefined ? row.v_uid_parent : body.v_uid_parent;
  if (body.v_uid_parent !== undefined || body.v_uid_section) await checkParent(tx, parent, section, uid);
  const status = body.v_uid_status ?? statusName(row.v_uid_status);
  const name = body.v_name ?? row.v_name;
  const [saved] = await tx
    .update(cmsContents)
    .set({
      v_name: name,
      v_system_name: systemNameOf(name),
      v_uid_section: section,
      t_json: values,
      v_uid_status: CMS_STATUS_IDS[status],
      b_hidden: body.b_hidden ?? row.b_hidden,
      b_locked: body.b_locked ?? row.b_locked,
      v_uid_parent: parent,
      i_version: row.i_version + 1,
      d_published_at: status === 'publicado' ? new Date() : row.d_published_at,
      d_update_at: new Date(),
    })
    .where(eq(cmsContents.v_uid, uid))
    .returning();
  await keepVersion(tx, saved!, actor);
  await recordActivity(tx, { actor, section: SECTION, action: 'Editar', activity: `Edición del contenido ${name} (versión ${saved!.i_version})` });
  return presentOne(tx, saved!);
}

export async function deleteContent(tx: DbOrTx, actor: Actor, uid: string): Promise<void> {
  const row = await liveRow(tx, uid, true);
  if (row.b_locked) throw rule(LOCKED_MESSAGE);
  await tx.update(cmsContents).set({ d_deleted_at: new Date(), d_update_at: new Date() }).where(eq(cmsContents.v_uid, uid));
  await recordActivity(tx, { actor, section: SECTION, action: 'Borrar', activity: `Baja del contenido ${row.v_name}` });
}

const BULK_CHANGES: Record<Exclude<CmsBulkAction, 'borrar'>, (row: ContentRow, now: Date) => Partial<ContentRow>> = {
  publicar: (row, now) => ({
    v_uid_status: CMS_STATUS_IDS.publicado,
    d_published_at: row.v_uid_status === CMS_STATUS_IDS.publicado ? row.d_published_at : now,
  }),
  despublicar: () => ({ v_uid_status: CMS_STATUS_IDS.despublicado }),
  borrador: () => ({ v_uid_status: CMS_STATUS_IDS.borrador }),
  bloquear: () => ({ b_locked: true }),
  desbloquear: () => ({ b_locked: false }),
};

/** All or nothing: an unknown id or a locked item refuses the whole action. */
export async function bulkAction(tx: DbOrTx, actor: Actor, action: CmsBulkAction, ids: string[]): Promise<number> {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select()
    .from(cmsContents)
    .where(and(inArray(cmsContents.v_uid, unique), isNull(cmsContents.d_deleted_at)))
    .for('update');
  if (rows.length !== unique.length) throw notFound('Contenido no encontrado');
  if (action !== 'bloquear' && action !== 'desbloquear' && rows.some((r) => r.b_locked)) throw rule(LOCKED_MESSAGE);
  const now = new Date();
  for (const row of rows) {
    const change = action === 'borrar' ? { d_deleted_at: now } : BULK_CHANGES[action](row, now);
    await tx
      .update(cmsContents)
      .set({ ...change, d_update_at: now })
      .where(eq(cmsContents.v_uid, row.v_uid));
  }
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: action === 'borrar' ? 'Borrar' : 'Editar',
    activity: `Acción masiva ${action} sobre ${rows.length} contenidos`,
  });
  return rows.length;
}

/** The given items take the order of the list (1, 2, 3…); the others keep theirs. */
export async function reorder(tx: DbOrTx, actor: Actor, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ v_uid: cmsContents.v_uid })
    .from(cmsContents)
    .where(and(inArray(cmsContents.v_uid, unique), isNull(cmsContents.d_deleted_at)));
  if (rows.length !== unique.length || unique.length !== ids.length)
    throw new AppError('VALIDATION', 'Lista de contenidos no válida', { errors: [{ field: 'Ids', key: 'invalid', message: 'Lista de contenidos no válida' }] });
  for (const [index, id] of ids.entries())
    await tx
      .update(cmsContents)
      .set({ i_order: index + 1 })
      .where(eq(cmsContents.v_uid, id));
  await recordActivity(tx, { actor, section: SECTION, action: 'Editar', activity: `Nuevo orden de ${ids.length} contenidos` });
}

export async function listVersions(db: DbOrTx, uid: string): Promise<ContentVersion[]> {
  await liveRow(db, uid);
  const rows = await db.select().from(cmsContentVersions).where(eq(cmsContentVersions.v_uid_content, uid)).orderBy(desc(cmsContentVersions.i_version));
  const authors = await authorNames(db, rows);
  return rows.map((r) => ({
    i_version: r.i_version,
    v_name: r.v_name,
    t_json: r.t_json as Values,
    v_uid_status: r.v_uid_status,
    Status: statusName(r.v_uid_status),
    v_uid_author: r.v_uid_author,
    Author: authorOf(r, authors),
    d_create_at: iso(r.d_create_at)!,
  }));
}

/** A restore is a new save with an old version's name and values (checked against today's form). */
export async function restoreVersion(tx: DbOrTx, actor: Actor, uid: string, version: number): Promise<ContentItem> {
  const [old] = await tx
    .select()
    .from(cmsContentVersions)
    .where(and(eq(cmsContentVersions.v_uid_content, uid), eq(cmsContentVersions.i_version, version)));
  if (!old) throw notFound('Versión no encontrada');
  return updateContent(tx, actor, uid, { v_name: old.v_name, t_json: old.t_json as Values });
}
