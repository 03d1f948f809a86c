import { STATUS_IDS, generatePassword, statusName, type UserAction } from '@far/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { iso } from '../../platform/reply';
import { notFound, rule } from '../../platform/errors';
import { hashSecret } from '../../platform/passwords';
import { recordActivity } from '../audit';
import { enqueueMessage } from '../outbox';
import { roleCatalog } from '../rbac';
import { users } from './schema';
import { MAX_SIGNIN_ATTEMPTS, getUser, insertUser, isDeleted, type NewUser, type UserRow } from './service';

const S = STATUS_IDS;
const ACTIVE = new Set<string>([S.activo, S['activo-desbloqueado'], S['activo-bloqueado']]);
const BLOCKED = new Set<string>([S['activo-bloqueado'], S['inactivo-bloqueado']]);

/** Active in the sense of the IsActive flag: blocked or not. */
export const isActiveStatus = (status: string) => ACTIVE.has(status);

/** Which date column of the record the transition stamps. */
export type Stamp = 'activated' | 'deactivated' | 'blocked' | 'unblocked' | 'deleted';
export type Refusal = 'alreadyActive' | 'pendingSignup' | 'alreadyInactive' | 'alreadyBlocked' | 'notBlocked' | 'deleted';

/**
 * The status machine shared by users and businesses. Two independent facts make a status: active
 * or not, blocked or not (pendiente counts as inactive and not blocked; eliminado is final).
 * `pendingMayActivate`: a pending business is activated by staff; a pending wallet sign-up is not.
 */
export function nextStatus(
  current: string,
  action: UserAction,
  opts: { pendingMayActivate?: boolean } = {},
): { status: string; stamp: Stamp } | { refusal: Refusal } {
  if (current === S.eliminado) return { refusal: 'deleted' };
  const active = ACTIVE.has(current);
  const blocked = BLOCKED.has(current);
  switch (action) {
    case 'activar':
      if (active) return { refusal: 'alreadyActive' };
      if (current === S.pendiente && !opts.pendingMayActivate) return { refusal: 'pendingSignup' };
      return { status: blocked ? S['activo-bloqueado'] : S.activo, stamp: 'activated' };
    case 'desactivar':
      if (!active) return { refusal: 'alreadyInactive' };
      return { status: blocked ? S['inactivo-bloqueado'] : S.inactivo, stamp: 'deactivated' };
    case 'bloquear':
      if (blocked) return { refusal: 'alreadyBlocked' };
      return { status: active ? S['activo-bloqueado'] : S['inactivo-bloqueado'], stamp: 'blocked' };
    case 'desbloquear':
      if (!blocked) return { refusal: 'notBlocked' };
      return { status: active ? S['activo-desbloqueado'] : S['inactivo-desbloqueado'], stamp: 'unblocked' };
    case 'borrar':
      return { status: S.eliminado, stamp: 'deleted' };
  }
}

/** The column each stamp writes; users and businesses name them alike. */
export const STAMP_COLUMN = {
  activated: 'd_activation_at',
  deactivated: 'd_deactivated_at',
  blocked: 'd_look_at',
  unblocked: 'd_unblocked_at',
  deleted: 'd_deleted_at',
} as const;

const REFUSAL: Record<Exclude<Refusal, 'deleted'>, (email: string) => string> = {
  alreadyActive: (e) => `El usuario ${e} ya está activo`,
  pendingSignup: (e) => `El usuario ${e} no ha concluido su registro`,
  alreadyInactive: (e) => `El usuario ${e} ya está inactivo`,
  alreadyBlocked: (e) => `El usuario ${e} ya está bloqueado`,
  notBlocked: (e) => `El usuario ${e} no está bloqueado`,
};
const SELF: Partial<Record<UserAction, string>> = {
  desactivar: 'No puedes desactivar tu propio usuario',
  bloquear: 'No puedes bloquear tu propio usuario',
  borrar: 'No puedes eliminar tu propio usuario',
};
export const ACTION_LABEL: Record<UserAction, string> = {
  activar: 'Activar',
  desactivar: 'Desactivar',
  bloquear: 'Bloquear',
  desbloquear: 'Desbloquear',
  borrar: 'Borrar',
};
const ACTIVITY: Record<UserAction, string> = { activar: 'Activó', desactivar: 'Desactivó', bloquear: 'Bloqueó', desbloquear: 'Desbloqueó', borrar: 'Eliminó' };
/** Actions after which the user may no longer be signed in. */
export const ENDS_SESSIONS = new Set<UserAction>(['desactivar', 'bloquear', 'borrar']);

export interface UserActionRun {
  actor: Actor;
  ids: readonly string[];
  action: UserAction;
  /** Audit section (screen) of the change. */
  section: string;
  /** Loads a user the actor may act on (locked), or throws 404; the tenant check lives here. */
  load: (tx: DbOrTx, id: string) => Promise<UserRow>;
  /** Rules of the caller's domain (last super admin, last user of a business...). */
  guard?: (tx: DbOrTx, user: UserRow, action: UserAction) => Promise<void>;
  /** Ends the user's sessions (the session module owns them). */
  revokeSessions: (tx: DbOrTx, userId: string) => Promise<void>;
}

/**
 * Applies one lifecycle action to each selected user, in the caller's transaction: one refusal
 * throws and nothing of the selection is kept. Rows are taken in id order so that two bulk
 * actions over overlapping selections cannot deadlock.
 */
export async function runUserActions(tx: DbOrTx, run: UserActionRun): Promise<number> {
  const ids = [...new Set(run.ids)].sort();
  for (const id of ids) {
    const user = await run.load(tx, id);
    if (user.v_uid === run.actor.userId && SELF[run.action]) throw rule(SELF[run.action]!);
    const next = nextStatus(user.v_uid_status, run.action);
    if ('refusal' in next) {
      if (next.refusal === 'deleted') throw notFound('El usuario no existe');
      throw rule(REFUSAL[next.refusal](user.v_email));
    }
    await run.guard?.(tx, user, run.action);
    const now = new Date();
    await tx
      .update(users)
      .set({
        v_uid_status: next.status,
        d_update_at: now,
        [STAMP_COLUMN[next.stamp]]: now,
        ...(run.action === 'desbloquear' ? { i_attemps: MAX_SIGNIN_ATTEMPTS } : {}),
      })
      .where(eq(users.v_uid, user.v_uid));
    if (ENDS_SESSIONS.has(run.action)) await run.revokeSessions(tx, user.v_uid);
    await recordActivity(tx, {
      actor: run.actor,
      parentUserId: user.v_uid,
      section: run.section,
      action: ACTION_LABEL[run.action],
      activity: `${ACTIVITY[run.action]} al usuario ${user.v_email}`,
    });
  }
  return ids.length;
}

/** A live user for update (row locked), or undefined. */
export async function lockLiveUser(tx: DbOrTx, id: string): Promise<UserRow | undefined> {
  const u = await getUser(tx, id, { forUpdate: true });
  return u && !isDeleted(u) ? u : undefined;
}

// ---- new users with a temporary password ----------------------------------------------------------

export interface Invitation {
  actor: Actor | null;
  section: string;
  data: Omit<NewUser, 'v_password_hash' | 'b_must_change_password'>;
  /** What the person is invited to, for the e-mail ("el portal de Comercializadora Demo"). */
  place: string;
}

/**
 * Creates a user with a generated temporary password that must be changed at the first sign-in.
 * The password travels only in the e-mail, queued in the same transaction as the user.
 */
export async function inviteUser(tx: DbOrTx, inv: Invitation): Promise<UserRow> {
  const password = generatePassword(12);
  const user = await insertUser(tx, { ...inv.data, v_password_hash: await hashSecret(password), b_must_change_password: true });
  await enqueueMessage(tx, {
    channel: 'email',
    to: user.v_email,
    userId: user.v_uid,
    subject: 'Tu acceso a FAR Portal',
    body: [
      `Hola ${user.v_names}:`,
      '',
      `Se creó tu usuario en ${inv.place}.`,
      `Usuario: ${user.v_email}`,
      `Contraseña temporal: ${password}`,
      '',
      'Al iniciar sesión se te pedirá cambiarla por una propia.',
    ].join('\n'),
  });
  await recordActivity(tx, {
    actor: inv.actor,
    parentUserId: user.v_uid,
    section: inv.section,
    action: 'Agregar',
    activity: `Alta del usuario ${user.v_email}`,
  });
  return user;
}

// ---- shapes shared by the user screens --------------------------------------------------------------

export const userStatusRef = (status: string) => ({ Id: status, Name: statusName(status) ?? status, IsBlocked: BLOCKED.has(status) });

/** Role id → name, for Role{Id,Name}. */
export async function roleNames(db: DbOrTx): Promise<Map<string, { name: string; prefix: string; active: boolean }>> {
  return new Map((await roleCatalog(db)).map((r) => [r.v_uid, { name: r.v_name, prefix: r.v_client_prefix, active: r.i_active }]));
}
export type RoleNames = Awaited<ReturnType<typeof roleNames>>;

/** A row of the user lists (spec §3: exactly these fields). */
export function userListItem(u: UserRow, roles: RoleNames) {
  return {
    Id: u.v_uid,
    Name: u.v_names,
    LastName: u.v_last_name_1,
    SecondLastName: u.v_last_name_2,
    Email: u.v_email,
    Role: { Id: u.v_uid_role, Name: roles.get(u.v_uid_role)?.name ?? '' },
    CreationDate: iso(u.d_create_at)!,
    Status: userStatusRef(u.v_uid_status),
  };
}

/** The lifecycle dates every user detail carries. */
export function lifecycleDates(u: UserRow) {
  return {
    CreatedAt: iso(u.d_create_at)!,
    ActivedAt: iso(u.d_activation_at),
    DeActivedAt: iso(u.d_deactivated_at),
    BlockedAt: iso(u.d_look_at),
    UnBlockedAt: iso(u.d_unblocked_at),
    TermsAcceptedAt: iso(u.d_terms_accepted_at),
  };
}

/** Fields every user detail shares. */
export function userDetailBase(u: UserRow, roles: RoleNames) {
  return {
    Id: u.v_uid,
    ClientNumber: u.v_client,
    Name: u.v_names,
    LastName: u.v_last_name_1,
    SecondLastName: u.v_last_name_2,
    Email: u.v_email,
    AltEmail: u.v_email_alternative,
    Mobile: u.v_cell_phone,
    MobileCode: u.v_phone_code,
    RoleId: u.v_uid_role,
    Role: { Id: u.v_uid_role, Name: roles.get(u.v_uid_role)?.name ?? '' },
    IsActive: isActiveStatus(u.v_uid_status),
    Status: userStatusRef(u.v_uid_status),
    ...lifecycleDates(u),
  };
}
