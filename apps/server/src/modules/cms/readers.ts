import { CMS_STATUS_IDS, type HelpContent, type PendingLegal } from '@far/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import { iso } from '../../platform/reply';
import { recordActivity } from '../audit';
import * as users from '../users';
import { readerSection, sectionId } from './access';
import { cmsContentTypes, cmsContents, cmsLegalAcceptances } from './schema';

type Values = Record<string, unknown>;

/** Published, not hidden, not deleted items of the reader's section, whose ancestors are visible too. */
async function visibleRows(db: DbOrTx, actor: Actor) {
  const rows = await db
    .select({ c: cmsContents, t: cmsContentTypes })
    .from(cmsContents)
    .innerJoin(cmsContentTypes, eq(cmsContentTypes.v_uid, cmsContents.v_uid_content_type))
    .where(
      and(
        eq(cmsContents.v_uid_section, sectionId(readerSection(actor))),
        eq(cmsContents.v_uid_status, CMS_STATUS_IDS.publicado),
        eq(cmsContents.b_hidden, false),
        isNull(cmsContents.d_deleted_at),
      ),
    )
    .orderBy(asc(cmsContents.i_order), asc(cmsContents.d_create_at));
  const ids = new Set(rows.map((r) => r.c.v_uid));
  // A child of a hidden or unpublished parent is hidden with it.
  const byId = new Map(rows.map((r) => [r.c.v_uid, r.c.v_uid_parent]));
  const visible = (id: string): boolean => {
    for (let cursor = byId.get(id), depth = 0; cursor && depth < 50; cursor = byId.get(cursor), depth += 1) if (!ids.has(cursor)) return false;
    return true;
  };
  return rows.filter((r) => visible(r.c.v_uid));
}

export async function helpContents(db: DbOrTx, actor: Actor): Promise<HelpContent[]> {
  return (await visibleRows(db, actor)).map(({ c, t }) => ({
    Id: c.v_uid,
    Name: c.v_name,
    Type: { Id: t.v_uid, Name: t.v_name, SystemName: t.v_system_name, Definition: t.t_json },
    Value: c.t_json as Values,
    Order: c.i_order,
    ParentId: c.v_uid_parent,
    Version: c.i_version,
    UpdatedAt: iso(c.d_update_at)!,
  }));
}

/**
 * Legal texts the user has to accept: visible in their section, published after their account was
 * created (a new user accepted the terms of the day at sign-up), and this version not yet accepted.
 */
export async function pendingLegal(db: DbOrTx, actor: Actor): Promise<PendingLegal[]> {
  if (actor.kind === 'FAR') return [];
  const user = await users.getUser(db, actor.userId);
  const since = user?.d_create_at ?? new Date(0);
  const accepted = await db.select().from(cmsLegalAcceptances).where(eq(cmsLegalAcceptances.v_uid_user, actor.userId));
  const done = new Set(accepted.map((a) => `${a.v_uid_content}:${a.i_version}`));
  return (await visibleRows(db, actor))
    .filter(({ c, t }) => t.v_system_name === 'legal' && c.d_published_at !== null && c.d_published_at > since && !done.has(`${c.v_uid}:${c.i_version}`))
    .map(({ c }) => ({ Id: c.v_uid, Name: c.v_name, Version: c.i_version, Html: String((c.t_json as Values).content ?? ''), PublishedAt: iso(c.d_published_at)! }));
}

/** Records who accepted which version, when; accepting twice keeps the first record. */
export async function acceptLegal(tx: DbOrTx, actor: Actor, uid: string, version: number, ip: string | undefined) {
  const row = (await visibleRows(tx, actor)).find((r) => r.c.v_uid === uid && r.t.v_system_name === 'legal');
  if (!row) throw notFound('Texto legal no encontrado');
  if (row.c.i_version !== version) throw conflict('El texto legal cambió; vuelve a leerlo antes de aceptarlo');
  await tx.insert(cmsLegalAcceptances).values({ v_uid_user: actor.userId, v_uid_content: uid, i_version: version, v_ip: ip ?? null }).onConflictDoNothing();
  const [saved] = await tx
    .select()
    .from(cmsLegalAcceptances)
    .where(and(eq(cmsLegalAcceptances.v_uid_user, actor.userId), eq(cmsLegalAcceptances.v_uid_content, uid), eq(cmsLegalAcceptances.i_version, version)));
  await recordActivity(tx, { actor, section: 'Ayuda', action: 'Editar', activity: `Aceptación de ${row.c.v_name} (versión ${version})` });
  return { ContentId: uid, Version: version, AcceptedAt: iso(saved!.d_accepted_at)! };
}
