/**
 * The users of a business (ClientKind 'business' of /api/v1/profiles/users/*). Staff reach any
 * business; a business user reaches only their own (v_client): another tenant's ids answer 404.
 */
import {
  ROLE_IDS,
  STATUS_IDS,
  type BusinessUserCreateBody,
  type BusinessUserDetail,
  type BusinessUserUpdateBody,
  type StatusFilterName,
  type UserAction,
} from '@far/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { conflict, notFound, rule } from '../../platform/errors';
import { FieldErrors, checkPhone } from '../../platform/identity';
import { toPage, type PageInput } from '../../platform/paging';
import { recordActivity } from '../audit';
import { revokeAllSessions } from '../session';
import * as users from '../users';
import { SECTION, businessByClient, businessForActor, businessName } from './service';

const NO_USER = 'El usuario no existe';
type CreateInput = z.output<typeof BusinessUserCreateBody>;
type UpdateInput = z.output<typeof BusinessUserUpdateBody>;

/** Staff work from the business accounts screen; a business admin from their profile. */
const sectionFor = (actor: Actor) => (actor.kind === 'FAR' ? SECTION : 'Perfil');

/** A live user of a business the actor may reach, or 404 (other kinds and other tenants alike). */
async function businessUser(db: DbOrTx, actor: Actor, id: string, lock = false): Promise<users.UserRow> {
  const u = lock ? await users.lockLiveUser(db, id) : await users.getUser(db, id);
  if (!u || users.isDeleted(u) || users.kindOf(u) !== 'BUS') throw notFound(NO_USER);
  if (actor.kind !== 'FAR' && u.v_client !== actor.client) throw notFound(NO_USER);
  return u;
}

async function detail(db: DbOrTx, u: users.UserRow): Promise<BusinessUserDetail> {
  const [business, roles] = await Promise.all([businessByClient(db, u.v_client), users.roleNames(db)]);
  return { ...users.userDetailBase(u, roles), BusinessId: business?.v_uid ?? null };
}

export async function listBusinessUsers(
  db: DbOrTx,
  actor: Actor,
  q: PageInput & users.UserSortInput & { Search?: string; Status?: StatusFilterName; BusinessId?: string },
) {
  const business = await businessForActor(db, actor, q.BusinessId, { field: 'BusinessId' });
  const statuses = q.Status ? users.STATUS_GROUPS[q.Status] : undefined;
  const [{ rows, total }, roles] = await Promise.all([
    users.listUsers(db, {
      prefix: 'BUS',
      client: business.v_client,
      Search: q.Search,
      statuses,
      Page: q.Page,
      Size: q.Size,
      SortBy: q.SortBy,
      SortDir: q.SortDir,
    }),
    users.roleNames(db),
  ]);
  return toPage(
    rows.map((u) => users.userListItem(u, roles)),
    total,
    q,
  );
}

export const getBusinessUser = async (db: DbOrTx, actor: Actor, id: string) => detail(db, await businessUser(db, actor, id));

export async function getBusinessUserByEmail(db: DbOrTx, actor: Actor, email: string) {
  const u = await users.findUserByEmail(db, email);
  if (!u) throw notFound(NO_USER);
  return getBusinessUser(db, actor, u.v_uid);
}

async function checkInput(db: DbOrTx, d: CreateInput | UpdateInput) {
  const errors = new FieldErrors();
  checkPhone(errors, 'Mobile', d.Mobile, d.MobileCode);
  if (d.AltEmail && d.AltEmail === d.Email) errors.add('AltEmail', 'El correo alternativo debe ser distinto del principal');
  const roleId = d.RoleId ?? ROLE_IDS.business;
  const role = (await users.roleNames(db)).get(roleId);
  // A business user can only hold a role of the business kind: nobody climbs to staff from here.
  if (!role || role.prefix !== 'BUS' || !role.active) errors.add('RoleId', 'Rol no válido');
  errors.throwIfAny();
  return roleId;
}

const personColumns = (d: CreateInput | UpdateInput, roleId: string) => ({
  v_names: d.Name,
  v_last_name_1: d.LastName ?? null,
  v_last_name_2: d.SecondLastName ?? null,
  v_email_alternative: d.AltEmail ?? null,
  v_cell_phone: d.Mobile ?? null,
  v_phone_code: d.MobileCode,
  v_uid_role: roleId,
});

/** An invitation: a user of the same business (v_client) with a temporary password by e-mail. */
export async function createBusinessUser(tx: DbOrTx, actor: Actor, d: CreateInput): Promise<string> {
  const business = await businessForActor(tx, actor, d.BusinessId, { field: 'BusinessId' });
  const roleId = await checkInput(tx, d);
  const user = await users.inviteUser(tx, {
    actor,
    section: sectionFor(actor),
    place: `el portal de ${businessName(business)}`,
    data: {
      ...personColumns(d, roleId),
      v_email: d.Email,
      v_client: business.v_client,
      v_uid_status: d.IsActive ? STATUS_IDS.activo : STATUS_IDS.inactivo,
      d_activation_at: d.IsActive ? new Date() : null,
    },
  });
  return user.v_uid;
}

export async function updateBusinessUser(tx: DbOrTx, actor: Actor, d: UpdateInput): Promise<void> {
  const target = await businessUser(tx, actor, d.Id, true);
  const roleId = await checkInput(tx, d);
  if (d.Email !== target.v_email) {
    const other = await users.findUserByEmail(tx, d.Email);
    if (other && other.v_uid !== target.v_uid) throw conflict('Ya existe un usuario con ese correo electrónico');
  }
  await users.updateUser(tx, target.v_uid, { ...personColumns(d, roleId), v_email: d.Email });
  if (roleId !== target.v_uid_role) await revokeAllSessions(tx, target.v_uid);
  await recordActivity(tx, { actor, parentUserId: target.v_uid, section: sectionFor(actor), action: 'Editar', activity: `Editó al usuario ${d.Email}` });
  if (d.IsActive !== users.isActiveStatus(target.v_uid_status)) await businessUserActions(tx, actor, d.IsActive ? 'activar' : 'desactivar', [target.v_uid]);
}

/** A business keeps at least one user who can sign in, or nobody could manage it from the portal. */
export async function businessUserActions(tx: DbOrTx, actor: Actor, action: UserAction, ids: readonly string[]): Promise<number> {
  return users.runUserActions(tx, {
    actor,
    ids,
    action,
    section: sectionFor(actor),
    load: (t, id) => businessUser(t, actor, id, true),
    revokeSessions: revokeAllSessions,
    guard: async (t, user, a) => {
      if (users.ENDS_SESSIONS.has(a) && users.canSignIn(user) && (await users.countOtherActiveOfClient(t, user.v_client, user.v_uid)) === 0) {
        throw rule('La empresa debe conservar al menos un usuario activo');
      }
    },
  });
}
