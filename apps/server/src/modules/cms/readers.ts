import { CMS_STATUS_IDS, type CmsSection, type HelpContent, type LegalVersion, type PendingLegal } from '@far/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { conflict, fieldError, notFound } from '../../platform/errors';
import { iso } from '../../platform/reply';
import { recordActivity } from '../audit';
import * as users from '../users';
import { readerSection, sectionId } from './access';
import { cmsContentTypes, cmsContents, cmsLegalAcceptances } from './schema';

type Values = Record<string, unknown>;

/** Published, not hidden, not deleted items of a section, whose ancestors are visible too. */
async function visibleRows(db: DbOrTx, section: CmsSection) {
  const rows = await db
    .select({ c: cmsContents, t: cmsContentTypes })
    .from(cmsContents)
    .innerJoin(cmsContentTypes, eq(cmsContentTypes.v_uid, cmsContents.v_uid_content_type))
    .where(
      and(
        eq(cmsContents.v_uid_section, sectionId(section)),
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
  return (await visibleRows(db, readerSection(actor))).map(({ c, t }) => ({
    v_uid: c.v_uid,
    v_name: c.v_name,
    v_uid_content_type: c.v_uid_content_type,
    ContentType: { v_uid: t.v_uid, v_name: t.v_name, v_system_name: t.v_system_name, t_json: t.t_json },
    t_json: c.t_json as Values,
    i_order: c.i_order,
    v_uid_parent: c.v_uid_parent,
    i_version: c.i_version,
    d_update_at: iso(c.d_update_at)!,
  }));
}

type Row = Awaited<ReturnType<typeof visibleRows>>[number];
const legalOut = ({ c }: Row): PendingLegal => ({
  v_uid: c.v_uid,
  v_name: c.v_name,
  i_version: c.i_version,
  Html: String((c.t_json as Values).content ?? ''),
  d_published_at: iso(c.d_published_at)!,
});
const legalRows = async (db: DbOrTx, section: CmsSection) =>
  (await visibleRows(db, section)).filter(({ t, c }) => t.v_system_name === 'legal' && c.d_published_at !== null);

/** The wallet section's published legal texts, shown (and ticked) at wallet sign-up. */
export const signupLegal = async (db: DbOrTx): Promise<PendingLegal[]> => (await legalRows(db, 'wallet')).map(legalOut);

/**
 * Legal texts the user has to accept: every published legal text of their section whose current
 * version they have not accepted themselves (at sign-up or after sign-in). Nobody is assumed to
 * have accepted anything: demo users and users invited by staff are asked at their first sign-in.
 */
export async function pendingLegal(db: DbOrTx, actor: Actor): Promise<PendingLegal[]> {
  if (actor.kind === 'FAR') return [];
  const accepted = await db.select().from(cmsLegalAcceptances).where(eq(cmsLegalAcceptances.v_uid_user, actor.userId));
  const done = new Set(accepted.map((a) => `${a.v_uid_content}:${a.i_version}`));
  return (await legalRows(db, readerSection(actor))).filter(({ c }) => !done.has(`${c.v_uid}:${c.i_version}`)).map(legalOut);
}

/** The acceptance row and the user's "terms accepted" date, both written only from the user's own tick. */
async function recordAcceptance(tx: DbOrTx, userId: string, row: Row, ip: string | undefined) {
  // The instant is written from here (milliseconds) so that the user's date copied from it is the same value on every engine.
  await tx
    .insert(cmsLegalAcceptances)
    .values({ v_uid_user: userId, v_uid_content: row.c.v_uid, i_version: row.c.i_version, v_ip: ip ?? null, d_accepted_at: new Date() })
    .onConflictDoNothing();
  const [saved] = await tx
    .select()
    .from(cmsLegalAcceptances)
    .where(
      and(eq(cmsLegalAcceptances.v_uid_user, userId), eq(cmsLegalAcceptances.v_uid_content, row.c.v_uid), eq(cmsLegalAcceptances.i_version, row.c.i_version)),
    );
  await users.updateUser(tx, userId, { d_terms_accepted_at: saved!.d_accepted_at });
  return saved!;
}

/** Records who accepted which version, when; accepting twice keeps the first record. */
export async function acceptLegal(tx: DbOrTx, actor: Actor, uid: string, version: number, ip: string | undefined) {
  const row = (await legalRows(tx, readerSection(actor))).find((r) => r.c.v_uid === uid);
  if (!row) throw notFound('Texto legal no encontrado');
  if (row.c.i_version !== version) throw conflict('El texto legal cambió; vuelve a leerlo antes de aceptarlo');
  const saved = await recordAcceptance(tx, actor.userId, row, ip);
  await recordActivity(tx, { actor, section: 'Ayuda', action: 'Editar', activity: `Aceptación de ${row.c.v_name} (versión ${version})` });
  return { v_uid_content: uid, i_version: version, d_accepted_at: iso(saved.d_accepted_at)! };
}

export const SIGNUP_LEGAL_MESSAGE = 'Para continuar acepta los términos y condiciones y el aviso de privacidad';

/**
 * Wallet sign-up step 1: the person must have ticked every published wallet legal text at its
 * current version. `userId` is null for a registration that changes no account (an e-mail that
 * already has one): it is checked the same way and records nothing.
 */
export async function acceptAtSignup(tx: DbOrTx, userId: string | null, ticked: LegalVersion[], ip: string | undefined) {
  const rows = await legalRows(tx, 'wallet');
  for (const row of rows) {
    const mine = ticked.find((l) => l.Id === row.c.v_uid);
    if (!mine) throw fieldError('Legal', SIGNUP_LEGAL_MESSAGE, 'required');
    if (mine.Version !== row.c.i_version) throw fieldError('Legal', 'El texto legal cambió; vuelve a leerlo antes de aceptarlo', 'version');
  }
  if (userId) for (const row of rows) await recordAcceptance(tx, userId, row, ip);
}
