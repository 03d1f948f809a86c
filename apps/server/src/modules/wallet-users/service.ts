import {
  STATUS_IDS,
  statusName,
  type AddressCreateBody,
  type AddressUpdateBody,
  type PermissionName,
  type StatusFilterName,
  type StrategicAllyCreateBody,
  type StrategicAllyListQuery,
  type StrategicAllyUpdateBody,
  type UserAction,
} from '@far/contracts';
import { and, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { conflict, fieldError, notFound, rule } from '../../platform/errors';
import { alsoRequire } from '../../platform/guard';
import { FieldErrors, assertRfcWarningsConfirmed, checkRfc } from '../../platform/identity';
import { offsetOf, toPage, type PageInput } from '../../platform/paging';
import { iso, recordDates } from '../../platform/reply';
import { recordActivity } from '../audit';
import { assertBusinessActive, businessName, liveBusiness } from '../businesses';
import { resolveAddress } from '../postal-codes';
import { revokeAllSessions } from '../session';
import * as users from '../users';
import { addresses, strategicAllies } from './schema';

const SECTION = 'Usuarios Wallet';
const NO_USER = 'El usuario no existe';

/** A live wallet user, or 404 (other kinds do not exist here). */
async function liveWallet(db: DbOrTx, id: string, lock = false): Promise<users.UserRow> {
  return liveWalletUser(lock ? await users.lockLiveUser(db, id) : await users.getUser(db, id));
}

/** The user as read, if it is a live wallet user (else 404). */
export function liveWalletUser(u: users.UserRow | undefined): users.UserRow {
  if (!u || users.isDeleted(u) || users.kindOf(u) !== 'WAL') throw notFound(NO_USER);
  return u;
}

/**
 * The wallet user a call is about (the route has checked who may call it): staff name one; a
 * wallet user is always themselves, and naming anybody else answers 404.
 */
export async function walletUserForActor(db: DbOrTx, actor: Actor, userId: string | undefined): Promise<users.UserRow> {
  if (actor.kind === 'FAR') {
    if (!userId) throw fieldError('v_uid_user', 'Este campo es requerido', 'required');
    return liveWallet(db, userId);
  }
  if (userId && userId !== actor.userId) throw notFound(NO_USER);
  return liveWallet(db, actor.userId);
}

// ---- the staff screen -----------------------------------------------------------------------------

export async function listWalletUsers(db: DbOrTx, q: PageInput & users.UserSortInput & { Search?: string; Status?: StatusFilterName }) {
  const statuses = q.Status ? users.STATUS_GROUPS[q.Status] : undefined;
  const [{ rows, total }, roles] = await Promise.all([
    users.listUsers(db, { prefix: 'WAL', Search: q.Search, statuses, Page: q.Page, Size: q.Size, SortBy: q.SortBy, SortDir: q.SortDir }),
    users.roleNames(db),
  ]);
  return toPage(
    rows.map((u) => ({ ...users.userListItem(u, roles), ClientNumber: u.v_client, Mobile: u.v_cell_phone })),
    total,
    q,
  );
}

export async function getWalletUser(db: DbOrTx, id: string) {
  const u = await liveWallet(db, id);
  const [address] = await db.select().from(addresses).where(eq(addresses.v_uid_user, u.v_uid));
  const base = users.userDetailBase(u, await users.roleNames(db));
  return {
    ...base,
    DateOfBirth: u.d_birthdate_at,
    Curp: u.v_curp,
    Rfc: u.v_rfc,
    Occupation: u.v_ocuppation,
    Address: address ? addressOut(address) : null,
  };
}

/** Activate, deactivate, block, unblock or delete wallet users: all of the selection or none. */
export async function walletActions(tx: DbOrTx, actor: Actor, action: UserAction, ids: readonly string[]): Promise<number> {
  return users.runUserActions(tx, { actor, ids, action, section: SECTION, load: (t, id) => liveWallet(t, id, true), revokeSessions: revokeAllSessions });
}

// ---- address ----------------------------------------------------------------------------------------

type AddressRow = typeof addresses.$inferSelect;
const addressOut = (a: AddressRow) => ({
  v_uid: a.v_uid,
  v_uid_user: a.v_uid_user,
  v_street: a.v_street,
  v_number_outside: a.v_number_outside,
  v_number_indoor: a.v_number_indoor,
  v_zip_code: a.v_zip_code,
  v_uid_colony: a.v_uid_colony,
  v_colony: a.v_colony,
  v_municipallity: a.v_municipallity,
  v_city: a.v_city,
  v_state: a.v_state,
  ...recordDates(a),
});

/** Municipality, city and state come from the postal code, never from the client. */
async function addressValues(db: DbOrTx, d: z.output<typeof AddressUpdateBody>) {
  const errors = new FieldErrors();
  const place = await resolveAddress(db, errors, { code: d.v_zip_code, colonyId: d.v_uid_colony, codeField: 'v_zip_code', colonyField: 'v_uid_colony' });
  errors.throwIfAny();
  return {
    v_street: d.v_street,
    v_number_outside: d.v_number_outside,
    v_number_indoor: d.v_number_indoor ?? null,
    v_zip_code: d.v_zip_code,
    v_uid_colony: d.v_uid_colony,
    v_colony: place!.colony,
    v_municipallity: place!.municipality,
    v_city: place!.city,
    v_state: place!.state,
  };
}

const sectionFor = (actor: Actor) => (actor.kind === 'FAR' ? SECTION : 'Perfil');

export async function createAddress(tx: DbOrTx, actor: Actor, d: z.output<typeof AddressCreateBody>) {
  const u = await walletUserForActor(tx, actor, d.v_uid_user);
  const values = await addressValues(tx, d);
  const [existing] = await tx.select({ v_uid: addresses.v_uid }).from(addresses).where(eq(addresses.v_uid_user, u.v_uid));
  if (existing) throw conflict('El usuario ya tiene un domicilio registrado; actualízalo');
  const [row] = await tx
    .insert(addresses)
    .values({ ...values, v_uid_user: u.v_uid })
    .returning();
  await recordActivity(tx, { actor, parentUserId: u.v_uid, section: sectionFor(actor), action: 'Agregar', activity: `Registró el domicilio de ${u.v_email}` });
  return addressOut(row!);
}

/** By the address's id or by its user's id (one address per user). */
async function findAddress(db: DbOrTx, actor: Actor, id: string, lock = false) {
  const q = db
    .select()
    .from(addresses)
    .where(or(eq(addresses.v_uid, id), eq(addresses.v_uid_user, id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('El domicilio no existe');
  return { row, user: await walletUserForActor(db, actor, row.v_uid_user) };
}

export async function myAddress(db: DbOrTx, actor: Actor) {
  const [row] = await db.select().from(addresses).where(eq(addresses.v_uid_user, actor.userId));
  return row ? addressOut(row) : null;
}

export const getAddress = async (db: DbOrTx, actor: Actor, id: string) => addressOut((await findAddress(db, actor, id)).row);

export async function updateAddress(tx: DbOrTx, actor: Actor, id: string, d: z.output<typeof AddressUpdateBody>) {
  const { row, user } = await findAddress(tx, actor, id, true);
  const [updated] = await tx
    .update(addresses)
    .set({ ...(await addressValues(tx, d)), d_update_at: new Date() })
    .where(eq(addresses.v_uid, row.v_uid))
    .returning();
  await recordActivity(tx, {
    actor,
    parentUserId: user.v_uid,
    section: sectionFor(actor),
    action: 'Editar',
    activity: `Actualizó el domicilio de ${user.v_email}`,
  });
  return addressOut(updated!);
}

// ---- strategic allies ---------------------------------------------------------------------------------

type AllyRow = typeof strategicAllies.$inferSelect;
const ALLY_SECTION = 'Aliados estratégicos';
const OPEN = [STATUS_IDS.pendiente, STATUS_IDS.activo];

const allyOut = (a: AllyRow) => ({
  v_uid: a.v_uid,
  v_uid_user_wallet: a.v_uid_user_wallet,
  v_uid_user_business: a.v_uid_user_business,
  v_names: a.v_names,
  v_rfc: a.v_rfc,
  v_client: a.v_client,
  d_application_at: iso(a.d_application_at)!,
  d_binding_at: iso(a.d_binding_at),
  v_uid_status: a.v_uid_status,
  v_status: statusName(a.v_uid_status) ?? a.v_uid_status,
  t_comment: a.t_comment,
  ...recordDates(a),
});

/**
 * Who sees which links: staff all of them (/user/wallet), a business its own (v_client), a wallet
 * user theirs. The returned condition is added to every read.
 */
function allyScope(actor: Actor): SQL | undefined {
  if (actor.kind === 'FAR') return undefined;
  return actor.kind === 'BUS' ? eq(strategicAllies.v_client, actor.client) : eq(strategicAllies.v_uid_user_wallet, actor.userId);
}

const ALLY_FILTER = { pendiente: STATUS_IDS.pendiente, activo: STATUS_IDS.activo, rechazado: STATUS_IDS.rechazado, inactivo: STATUS_IDS.inactivo } as const;

export async function listAllies(db: DbOrTx, actor: Actor, q: z.output<typeof StrategicAllyListQuery>) {
  const where: SQL[] = [];
  const scope = allyScope(actor);
  if (scope) where.push(scope);
  if (q.v_uid_user_business) where.push(eq(strategicAllies.v_uid_user_business, q.v_uid_user_business));
  if (q.v_uid_user_wallet) where.push(eq(strategicAllies.v_uid_user_wallet, q.v_uid_user_wallet));
  if (q.Status) where.push(eq(strategicAllies.v_uid_status, ALLY_FILTER[q.Status]));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db.select().from(strategicAllies).where(cond).orderBy(desc(strategicAllies.d_application_at)).limit(q.Size).offset(offsetOf(q)),
    db.select({ total: count() }).from(strategicAllies).where(cond),
  ]);
  return toPage(rows.map(allyOut), total, q);
}

async function findAlly(db: DbOrTx, actor: Actor, id: string, lock = false): Promise<AllyRow> {
  const scope = allyScope(actor);
  const q = db
    .select()
    .from(strategicAllies)
    .where(and(eq(strategicAllies.v_uid, id), scope));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('El aliado estratégico no existe');
  return row;
}

export const getAlly = async (db: DbOrTx, actor: Actor, id: string) => allyOut(await findAlly(db, actor, id));

/** A wallet user applies (or staff apply for them): the link starts pendiente. */
export async function createAlly(tx: DbOrTx, actor: Actor, d: z.output<typeof StrategicAllyCreateBody>) {
  const wallet = await walletUserForActor(tx, actor, d.v_uid_user_wallet);
  const business = await liveBusiness(tx, d.v_uid_user_business).catch((): never => {
    throw fieldError('v_uid_user_business', 'La empresa no existe', 'notFound');
  });
  let rfc: string | null = null;
  if (d.v_rfc) {
    const errors = new FieldErrors();
    const checked = checkRfc(errors, 'v_rfc', d.v_rfc, 'fisica');
    errors.throwIfAny();
    assertRfcWarningsConfirmed('v_rfc', checked.warnings, d.ConfirmRfcWarning);
    rfc = checked.rfc;
  }
  const [open] = await tx
    .select({ v_uid: strategicAllies.v_uid })
    .from(strategicAllies)
    .where(
      and(
        eq(strategicAllies.v_uid_user_wallet, wallet.v_uid),
        eq(strategicAllies.v_uid_user_business, business.v_uid),
        inArray(strategicAllies.v_uid_status, OPEN),
      ),
    );
  if (open) throw conflict('Ya existe una solicitud o un vínculo con esa empresa');
  const [row] = await tx
    .insert(strategicAllies)
    .values({
      v_uid_user_wallet: wallet.v_uid,
      v_uid_user_business: business.v_uid,
      v_names: users.fullName(wallet),
      v_rfc: rfc ?? wallet.v_rfc,
      v_client: business.v_client,
      v_uid_status: STATUS_IDS.pendiente,
    })
    .returning();
  await recordActivity(tx, {
    actor,
    parentUserId: wallet.v_uid,
    section: ALLY_SECTION,
    action: 'Agregar',
    activity: `Solicitud de ${wallet.v_email} como aliado de ${businessName(business)}`,
    detail: { ally: row!.v_uid },
  });
  return allyOut(row!);
}

/** Whether the business has this wallet user as an active (bound) strategic ally. */
export async function isActiveAlly(db: DbOrTx, walletUserId: string, businessId: string): Promise<boolean> {
  const [row] = await db
    .select({ v_uid: strategicAllies.v_uid })
    .from(strategicAllies)
    .where(
      and(
        eq(strategicAllies.v_uid_user_wallet, walletUserId),
        eq(strategicAllies.v_uid_user_business, businessId),
        eq(strategicAllies.v_uid_status, STATUS_IDS.activo),
      ),
    );
  return !!row;
}

/** Allowed moves: pendiente → activo (bind) or rechazado; activo → inactivo (unlink). */
const ALLY_MOVES: Record<string, { from: string; permission: PermissionName; verb: string }> = {
  [STATUS_IDS.activo]: { from: STATUS_IDS.pendiente, permission: 'Editar', verb: 'Vinculó' },
  [STATUS_IDS.rechazado]: { from: STATUS_IDS.pendiente, permission: 'Editar', verb: 'Rechazó' },
  [STATUS_IDS.inactivo]: { from: STATUS_IDS.activo, permission: 'Desvincular', verb: 'Desvinculó' },
};

/** Staff or the business decide on a link; a wallet user cannot approve their own. */
export async function updateAlly(tx: DbOrTx, actor: Actor, id: string, d: z.output<typeof StrategicAllyUpdateBody>) {
  const move = ALLY_MOVES[d.v_uid_status];
  if (!move) throw fieldError('v_uid_status', 'Estatus no válido');
  // The route lets staff in with either permission; the move says which one it takes.
  alsoRequire(actor, { FAR: { menu: '/user/wallet', permission: move.permission } });
  const row = await findAlly(tx, actor, id, true);
  if (row.v_uid_status !== move.from) throw rule(`El aliado está ${statusName(row.v_uid_status)} y no puede pasar a ${statusName(d.v_uid_status)}`);
  if (d.v_uid_status === STATUS_IDS.activo) await assertBusinessActive(tx, row.v_client);
  const now = new Date();
  const [updated] = await tx
    .update(strategicAllies)
    .set({
      v_uid_status: d.v_uid_status,
      t_comment: d.t_comment ?? row.t_comment,
      v_uid_reviewer: actor.userId,
      d_update_at: now,
      ...(d.v_uid_status === STATUS_IDS.activo ? { d_binding_at: now } : {}),
    })
    .where(eq(strategicAllies.v_uid, row.v_uid))
    .returning();
  await recordActivity(tx, {
    actor,
    parentUserId: row.v_uid_user_wallet,
    section: ALLY_SECTION,
    action: move.verb,
    activity: `${move.verb} al aliado ${row.v_names}`,
    detail: { ally: row.v_uid },
  });
  return allyOut(updated!);
}
