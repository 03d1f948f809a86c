import { MAX_BENEFICIARIES, type BeneficiaryCreateBody, type BeneficiaryUpdateBody, type PermissionName } from '@far/contracts';
import { asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { AppError, fieldError, notFound, rule } from '../../platform/errors';
import { alsoRequire } from '../../platform/guard';
import { FieldErrors, checkPastDate } from '../../platform/identity';
import { recordDates } from '../../platform/reply';
import { recordActivity } from '../audit';
import { businessForActor, businessName } from '../businesses';
import { walletUserForActor } from '../wallet-users';
import { beneficiaries } from './schema';

type Row = typeof beneficiaries.$inferSelect;
type Fields = z.output<typeof BeneficiaryUpdateBody>;

interface Owner {
  column: 'v_uid_user' | 'v_uid_business';
  id: string;
  client: string;
  label: string;
  section: string;
}

const out = (b: Row) => ({
  v_uid: b.v_uid,
  v_uid_user: b.v_uid_user,
  v_uid_business: b.v_uid_business,
  v_names: b.v_names,
  d_birthdate_at: b.d_birthdate_at,
  v_phone: b.v_phone,
  v_email: b.v_email,
  ...recordDates(b),
});

/**
 * The owner a call is about, through the owners' own access rules: staff name a wallet user or a
 * business; a wallet user and a business user are always themselves (another owner answers 404).
 */
async function ownerFor(db: DbOrTx, actor: Actor, ids: { v_uid_user?: string | null; v_uid_business?: string | null }, op: PermissionName): Promise<Owner> {
  if (actor.kind === 'FAR' && ids.v_uid_user && ids.v_uid_business) throw fieldError('v_uid_business', 'Indica la empresa o el usuario, no ambos');
  const business = actor.kind === 'BUS' || (actor.kind === 'FAR' && !!ids.v_uid_business);
  // The route lets staff in through either screen; the owner says which one this call needs.
  alsoRequire(actor, { FAR: { menu: business ? '/user/business' : '/user/wallet', permission: op } });
  if (business) {
    if (actor.kind === 'BUS' && ids.v_uid_user) throw notFound('El beneficiario no existe');
    const b = await businessForActor(db, actor, ids.v_uid_business ?? undefined);
    return { column: 'v_uid_business', id: b.v_uid, client: b.v_client, label: businessName(b), section: actor.kind === 'FAR' ? 'Cuentas Business' : 'Perfil' };
  }
  if (actor.kind === 'WAL' && ids.v_uid_business) throw notFound('El beneficiario no existe');
  const u = await walletUserForActor(db, actor, ids.v_uid_user ?? undefined);
  return { column: 'v_uid_user', id: u.v_uid, client: u.v_client, label: u.v_email, section: actor.kind === 'FAR' ? 'Usuarios Wallet' : 'Perfil' };
}

function values(d: Fields) {
  const errors = new FieldErrors();
  checkPastDate(errors, 'd_birthdate_at', d.d_birthdate_at);
  errors.throwIfAny();
  return { v_names: d.v_names, d_birthdate_at: d.d_birthdate_at, v_phone: d.v_phone, v_email: d.v_email };
}

export async function listBeneficiaries(db: DbOrTx, actor: Actor, ids: { v_uid_user?: string; v_uid_business?: string }) {
  const owner = await ownerFor(db, actor, ids, 'Ver');
  return (await db.select().from(beneficiaries).where(eq(beneficiaries[owner.column], owner.id)).orderBy(asc(beneficiaries.d_create_at))).map(out);
}

export async function createBeneficiary(tx: DbOrTx, actor: Actor, d: z.output<typeof BeneficiaryCreateBody>) {
  const owner = await ownerFor(tx, actor, d, 'Agregar');
  const v = values(d);
  const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(beneficiaries).where(eq(beneficiaries[owner.column], owner.id));
  if (total >= MAX_BENEFICIARIES) throw rule(`Solo se permiten ${MAX_BENEFICIARIES} beneficiarios`);
  const [row] = await tx
    .insert(beneficiaries)
    .values({ ...v, [owner.column]: owner.id, v_client: owner.client })
    .returning();
  await recordActivity(tx, { actor, section: owner.section, action: 'Agregar', activity: `Registró al beneficiario ${d.v_names} de ${owner.label}` });
  return out(row!);
}

async function find(db: DbOrTx, actor: Actor, id: string, op: PermissionName, lock = false) {
  const q = db.select().from(beneficiaries).where(eq(beneficiaries.v_uid, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('El beneficiario no existe');
  // The owner check answers 404 for somebody else's beneficiary, like an unknown id.
  const owner = await ownerFor(db, actor, { v_uid_user: row.v_uid_user, v_uid_business: row.v_uid_business }, op).catch((err: unknown): never => {
    throw err instanceof AppError && err.code === 'FORBIDDEN' ? err : notFound('El beneficiario no existe');
  });
  return { row, owner };
}

export const getBeneficiary = async (db: DbOrTx, actor: Actor, id: string) => out((await find(db, actor, id, 'Ver')).row);

export async function updateBeneficiary(tx: DbOrTx, actor: Actor, id: string, d: Fields) {
  const { row, owner } = await find(tx, actor, id, 'Editar', true);
  const [updated] = await tx
    .update(beneficiaries)
    .set({ ...values(d), d_update_at: new Date() })
    .where(eq(beneficiaries.v_uid, row.v_uid))
    .returning();
  await recordActivity(tx, { actor, section: owner.section, action: 'Editar', activity: `Editó al beneficiario ${d.v_names} de ${owner.label}` });
  return out(updated!);
}

export async function deleteBeneficiary(tx: DbOrTx, actor: Actor, id: string): Promise<void> {
  const { row, owner } = await find(tx, actor, id, 'Borrar', true);
  await tx.delete(beneficiaries).where(eq(beneficiaries.v_uid, row.v_uid));
  await recordActivity(tx, { actor, section: owner.section, action: 'Borrar', activity: `Eliminó al beneficiario ${row.v_names} de ${owner.label}` });
}
