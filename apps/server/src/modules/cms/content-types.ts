import {
  CMS_SECTION_IDS,
  SYSTEM_CONTENT_TYPES,
  checkContentDefinition,
  type ContentDefinition,
  type ContentTypeInput,
  type ContentTypeItem,
} from '@far/contracts';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { AppError, conflict, notFound, rule } from '../../platform/errors';
import { recordDates } from '../../platform/reply';
import { recordActivity } from '../audit';
import { sectionId, sectionName } from './access';
import { cmsContentTypes, cmsContents } from './schema';

const SECTION = 'Administrador de contenido';
type TypeRow = typeof cmsContentTypes.$inferSelect;

/** A definition from the request, checked; its errors answer 400 with the path of each. */
export function definitionOf(input: unknown): ContentDefinition {
  const check = checkContentDefinition(input);
  if (check.ok) return check.definition;
  const errors = check.errors.map((e) => ({ field: e.path ? `t_json.${e.path}` : 't_json', key: 'invalid', message: e.message }));
  throw new AppError('VALIDATION', errors[0]!.message, { errors });
}

function present(row: TypeRow, contents: number): ContentTypeItem {
  return {
    v_uid: row.v_uid,
    v_name: row.v_name,
    v_system_name: row.v_system_name,
    v_uid_section: row.v_uid_section,
    Section: sectionName(row.v_uid_section),
    t_json: row.t_json,
    i_contents: contents,
    ...recordDates(row),
  };
}

async function contentCount(db: DbOrTx, typeId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(cmsContents)
    .where(and(eq(cmsContents.v_uid_content_type, typeId), isNull(cmsContents.d_deleted_at)));
  return row?.n ?? 0;
}

export async function getTypeRow(db: DbOrTx, uid: string): Promise<TypeRow> {
  const [row] = await db.select().from(cmsContentTypes).where(eq(cmsContentTypes.v_uid, uid));
  if (!row) throw notFound('Tipo de contenido no encontrado');
  return row;
}

export async function listTypes(db: DbOrTx): Promise<ContentTypeItem[]> {
  const rows = await db.select().from(cmsContentTypes).orderBy(asc(cmsContentTypes.d_create_at), asc(cmsContentTypes.v_name));
  return Promise.all(rows.map(async (r) => present(r, await contentCount(db, r.v_uid))));
}

export async function getType(db: DbOrTx, uid: string): Promise<ContentTypeItem> {
  const row = await getTypeRow(db, uid);
  return present(row, await contentCount(db, uid));
}

async function refuseDuplicateName(db: DbOrTx, name: string, exceptId?: string): Promise<void> {
  const rows = await db.select({ v_uid: cmsContentTypes.v_uid, v_name: cmsContentTypes.v_name }).from(cmsContentTypes);
  const key = name.trim().toLocaleLowerCase('es-MX');
  if (rows.some((r) => r.v_uid !== exceptId && r.v_name.trim().toLocaleLowerCase('es-MX') === key)) {
    throw conflict('Ya existe un tipo de contenido con ese nombre');
  }
}

export async function createType(tx: DbOrTx, actor: Actor, body: ContentTypeInput): Promise<ContentTypeItem> {
  const definition = definitionOf(body.t_json);
  await refuseDuplicateName(tx, body.v_name);
  const [row] = await tx
    .insert(cmsContentTypes)
    .values({ v_name: body.v_name, t_json: definition, v_uid_section: sectionId(body.v_uid_section) })
    .returning();
  await recordActivity(tx, { actor, section: SECTION, action: 'Agregar', activity: `Alta del tipo de contenido ${body.v_name}` });
  return present(row!, 0);
}

export async function updateType(tx: DbOrTx, actor: Actor, uid: string, body: ContentTypeInput): Promise<ContentTypeItem> {
  await getTypeRow(tx, uid);
  const definition = definitionOf(body.t_json);
  await refuseDuplicateName(tx, body.v_name, uid);
  const [row] = await tx
    .update(cmsContentTypes)
    .set({ v_name: body.v_name, t_json: definition, v_uid_section: sectionId(body.v_uid_section), d_update_at: new Date() })
    .where(eq(cmsContentTypes.v_uid, uid))
    .returning();
  await recordActivity(tx, { actor, section: SECTION, action: 'Editar', activity: `Edición del tipo de contenido ${body.v_name}` });
  return present(row!, await contentCount(tx, uid));
}

/** Seeded types are part of the product (the help screen reads them); a type in use keeps its contents' form. */
export async function deleteType(tx: DbOrTx, actor: Actor, uid: string): Promise<void> {
  const row = await getTypeRow(tx, uid);
  if (row.v_system_name) throw rule('Los tipos de contenido del sistema no se pueden eliminar');
  const [used] = await tx.select({ n: count() }).from(cmsContents).where(eq(cmsContents.v_uid_content_type, uid));
  if ((used?.n ?? 0) > 0) throw conflict('El tipo de contenido tiene contenidos; elimínalos primero');
  await tx.delete(cmsContentTypes).where(eq(cmsContentTypes.v_uid, uid));
  await recordActivity(tx, { actor, section: SECTION, action: 'Borrar', activity: `Baja del tipo de contenido ${row.v_name}` });
}

/** The three types of spec §5, on every start; existing ones keep what staff changed. */
export async function seedContentTypes(tx: DbOrTx): Promise<void> {
  await tx
    .insert(cmsContentTypes)
    .values(SYSTEM_CONTENT_TYPES.map((t) => ({ ...t, v_uid_section: CMS_SECTION_IDS.business })))
    .onConflictDoNothing();
}
