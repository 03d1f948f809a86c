import {
  MENU_SEED,
  PERMISSION_IDS,
  PERMISSION_NAMES,
  SYSTEM_ROLES,
  defaultGrants,
  roleLabel,
  menuIdByUrl,
  menuLabel,
  type ClientKind,
  type MenuEntry,
  type PermissionName,
} from '@far/contracts';
import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { AppError, conflict, fieldError, notFound, rule } from '../../platform/errors';
import { toPage } from '../../platform/paging';
import { iso, recordDates } from '../../platform/reply';
import { recordActivity } from '../audit';
import { menu, permissions, rolePermissions, roles, type RoleGrant } from './schema';

const NAME_BY_PERMISSION_ID = new Map(PERMISSION_NAMES.map((n) => [PERMISSION_IDS[n], n] as const));

/** System data every installation has; re-running it never overwrites what an admin changed. */
export async function seedRbac(db: DbOrTx): Promise<void> {
  await db
    .insert(permissions)
    .values(PERMISSION_NAMES.map((n) => ({ v_uid: PERMISSION_IDS[n], v_name: n })))
    .onConflictDoNothing();
  await db
    .insert(roles)
    .values(SYSTEM_ROLES.map((r) => ({ v_uid: r.v_uid, v_name: r.v_name, v_client_prefix: r.v_client_prefix, b_system: true })))
    .onConflictDoNothing();
  for (const { v_defaults: _defaults, ...e } of MENU_SEED) {
    await db
      .insert(menu)
      .values({ ...e, v_permissions: e.v_permissions.map((p) => PERMISSION_IDS[p]) })
      .onConflictDoNothing();
  }
  await db
    .insert(rolePermissions)
    .values(SYSTEM_ROLES.map((r) => ({ v_uid_role: r.v_uid, t_json: defaultGrants(r.v_name) })))
    .onConflictDoNothing();
}

type MenuRow = typeof menu.$inferSelect;
const menuOut = (m: MenuRow) => ({
  v_uid: m.v_uid,
  v_uid_children: m.v_uid_children,
  v_name: m.v_name,
  v_url: m.v_url,
  v_client_prefix: m.v_client_prefix,
  v_permissions: m.v_permissions,
  v_icon: m.v_icon,
  i_order: m.i_order,
  i_active: m.i_active,
});

/** Active entries for a client kind, sorted by i_order (spec §2); ties keep the seed order. */
export async function menuFor(db: DbOrTx, kind: ClientKind) {
  const cached = cache.db === db && cache.version !== null ? cache.menus.get(kind) : undefined;
  if (cached) return cached;
  const value = await loadMenu(db, kind);
  if (cache.db === db && cache.version !== null) cache.menus.set(kind, value);
  return value;
}

async function loadMenu(db: DbOrTx, kind: ClientKind) {
  const rows = await db
    .select()
    .from(menu)
    .where(and(eq(menu.i_active, true), sql`${kind} = ANY(${menu.v_client_prefix})`))
    .orderBy(asc(menu.i_order), asc(menu.i_seq));
  return rows.map((r) => ({ ...menuOut(r), v_name: menuLabel(kind, r) }));
}

export async function allMenu(db: DbOrTx) {
  return (await db.select().from(menu).orderBy(asc(menu.i_order), asc(menu.i_seq))).map(menuOut);
}

/**
 * The caller's side menu: active entries of their client kind (spec §2) that their role may at
 * least see (Ver), each with the permissions granted on it. An entry a role cannot open is not
 * offered at all.
 */
export async function menuWithGrants(db: DbOrTx, actor: Actor) {
  const key = `${actor.kind}:${actor.roleId}`;
  const cached = cache.db === db && cache.version !== null && cache.grants.get(actor.roleId)?.grants === actor.grants ? cache.actorMenus.get(key) : undefined;
  if (cached) return cached;
  const entries = await menuFor(db, actor.kind);
  const value = entries
    .map((e) => {
      const granted = [...(actor.grants.get(e.v_url) ?? [])];
      return { ...e, granted, v_permissions_granted: granted.map((p) => PERMISSION_IDS[p]) };
    })
    .filter((e) => e.granted.includes('Ver'));
  if (cache.db === db && cache.version !== null && cache.grants.get(actor.roleId)?.grants === actor.grants) cache.actorMenus.set(key, value);
  return value;
}

/** The side menu without the grants; the same array while the role's menu is the cached one. */
export async function menuForActor(db: DbOrTx, actor: Actor) {
  const withGrants = await menuWithGrants(db, actor);
  let plain = plainMenus.get(withGrants);
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  if (!plain) plainMenus.set(withGrants, (plain = withGrants.map(({ granted, v_permissions_granted, ...entry }) => entry)));
  return plain;
}
const plainMenus = new WeakMap<object, MenuEntry[]>();

type Grants = Awaited<ReturnType<typeof loadGrants>>;

/**
 * Grants and menus are read on every request, so each process caches them, stamped with the
 * rbac_version counter that database triggers raise on every change of roles, grants or menu.
 * Every authenticated request reads the counter in the session query it runs anyway; a new value
 * empties the cache. A change is therefore seen by the next request of every process, at no extra
 * round trip. One cache per process, for the database handle last seen (tests open several).
 */
const cache = {
  db: null as DbOrTx | null,
  version: null as number | null,
  grants: new Map<string, Grants>(),
  menus: new Map<ClientKind, Awaited<ReturnType<typeof loadMenu>>>(),
  /** A role's side menu with its grants, once built (only while its grants are the cached ones). */
  actorMenus: new Map<
    string,
    Awaited<ReturnType<typeof loadMenu>>[number] extends infer E ? Array<E & { granted: PermissionName[]; v_permissions_granted: string[] }> : never
  >(),
};
export const invalidateGrants = () => {
  cache.version = null;
  cache.grants.clear();
  cache.menus.clear();
  cache.actorMenus.clear();
};

/** A role's grants; `version` (rbac_version as read by the caller) allows the cached copy. */
export async function grantsForRole(db: DbOrTx, roleId: string, version?: number) {
  if (version === undefined) return loadGrants(db, roleId);
  if (cache.db !== db || cache.version !== version) {
    invalidateGrants();
    cache.db = db;
    cache.version = version;
  }
  const hit = cache.grants.get(roleId);
  if (hit) return hit;
  const value = await loadGrants(db, roleId);
  if (cache.version === version) cache.grants.set(roleId, value);
  return value;
}

/**
 * The grants a role has, keyed by menu url. Only active entries of the role's own client kind
 * count, and only permissions the entry offers: a grant stored for anything else is ignored.
 */
async function loadGrants(db: DbOrTx, roleId: string): Promise<{ role: typeof roles.$inferSelect; grants: Map<string, Set<PermissionName>> } | null> {
  const [row] = await db
    .select({ role: roles, grants: rolePermissions.t_json })
    .from(roles)
    .leftJoin(rolePermissions, eq(rolePermissions.v_uid_role, roles.v_uid))
    .where(eq(roles.v_uid, roleId));
  if (!row) return null;
  const entries = await db
    .select()
    .from(menu)
    .where(and(eq(menu.i_active, true), sql`${row.role.v_client_prefix} = ANY(${menu.v_client_prefix})`));
  const byId = new Map(entries.map((e) => [e.v_uid, e]));
  const grants = new Map<string, Set<PermissionName>>();
  for (const g of row.grants ?? []) {
    const entry = byId.get(g.v_uid_menu);
    if (!entry) continue;
    const names = g.v_permissions
      .filter((p) => entry.v_permissions.includes(p))
      .map((p) => NAME_BY_PERMISSION_ID.get(p))
      .filter((n): n is PermissionName => !!n);
    grants.set(entry.v_url, new Set(names));
  }
  return { role: row.role, grants };
}

/**
 * Users per role, counted with the caller's executor: inside a transaction it must be the
 * transaction itself (on PGlite, a query on another handle would wait for it forever).
 */
export type UsersPerRole = (db: DbOrTx, roleIds: string[]) => Promise<Map<string, number>>;

type RoleRow = typeof roles.$inferSelect;
const roleOut = (r: RoleRow, users: number) => ({
  v_uid: r.v_uid,
  v_name: r.v_name,
  v_client_prefix: r.v_client_prefix as ClientKind,
  i_active: r.i_active,
  b_system: r.b_system,
  i_users: users,
  d_create_at: iso(r.d_create_at)!,
  d_update_at: iso(r.d_update_at)!,
});

export async function listRoles(db: DbOrTx, q: { Page: number; Size: number; Search?: string }, usersPerRole: UsersPerRole) {
  const cond = q.Search ? ilike(roles.v_name, `%${q.Search}%`) : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(roles)
      .where(cond)
      .orderBy(asc(roles.d_create_at), asc(roles.v_name))
      .limit(q.Size)
      .offset((q.Page - 1) * q.Size),
    db.select({ total: count() }).from(roles).where(cond),
  ]);
  const counts = await usersPerRole(
    db,
    rows.map((r) => r.v_uid),
  );
  return toPage(
    rows.map((r) => roleOut(r, counts.get(r.v_uid) ?? 0)),
    total,
    q,
  );
}

export async function roleDetail(db: DbOrTx, uid: string, usersPerRole: UsersPerRole) {
  const [row] = await db
    .select({ role: roles, grants: rolePermissions.t_json })
    .from(roles)
    .leftJoin(rolePermissions, eq(rolePermissions.v_uid_role, roles.v_uid))
    .where(eq(roles.v_uid, uid));
  if (!row) throw notFound('El rol no existe');
  const counts = await usersPerRole(db, [uid]);
  return { ...roleOut(row.role, counts.get(uid) ?? 0), Permissions: row.grants ?? [] };
}

/** Refuses grants on entries of another client kind or permissions the entry does not offer. */
async function checkGrants(db: DbOrTx, kind: string, grants: RoleGrant[]): Promise<RoleGrant[]> {
  const ids = [...new Set(grants.map((g) => g.v_uid_menu))];
  if (ids.length !== grants.length) throw new AppError('VALIDATION', 'Una entrada del menú aparece más de una vez');
  const entries = ids.length ? await db.select().from(menu).where(inArray(menu.v_uid, ids)) : [];
  const byId = new Map(entries.map((e) => [e.v_uid, e]));
  for (const g of grants) {
    const e = byId.get(g.v_uid_menu);
    if (!e || !e.v_client_prefix.includes(kind))
      throw new AppError('VALIDATION', 'El permiso hace referencia a una entrada de menú que no corresponde al tipo de cliente del rol');
    const bad = g.v_permissions.find((p) => !e.v_permissions.includes(p));
    if (bad) throw new AppError('VALIDATION', `La entrada "${e.v_name}" no admite uno de los permisos indicados`);
  }
  return grants.map((g) => ({ v_uid_menu: g.v_uid_menu, v_permissions: [...new Set(g.v_permissions)] }));
}

async function assertNameFree(db: DbOrTx, name: string, except?: string) {
  const [dup] = await db
    .select({ v_uid: roles.v_uid })
    .from(roles)
    .where(sql`lower(${roles.v_name}) = lower(${name})`);
  if (dup && dup.v_uid !== except) throw conflict('Ya existe un rol con ese nombre');
}

export async function createRole(db: DbOrTx, actor: Actor, data: { v_name: string; v_client_prefix: ClientKind; i_active: boolean; Permissions: RoleGrant[] }) {
  await assertNameFree(db, data.v_name);
  const grants = await checkGrants(db, data.v_client_prefix, data.Permissions);
  const [role] = await db.insert(roles).values({ v_name: data.v_name, v_client_prefix: data.v_client_prefix, i_active: data.i_active }).returning();
  await db.insert(rolePermissions).values({ v_uid_role: role!.v_uid, t_json: grants });
  await recordActivity(db, { actor, section: 'Roles y permisos', action: 'Agregar', activity: `Creó el rol ${data.v_name}`, detail: { role: role!.v_uid } });
  return role!.v_uid;
}

async function loadRole(db: DbOrTx, uid: string): Promise<RoleRow> {
  const [role] = await db.select().from(roles).where(eq(roles.v_uid, uid)).for('update');
  if (!role) throw notFound('El rol no existe');
  return role;
}

export async function editRole(db: DbOrTx, actor: Actor, data: { v_uid: string; v_name: string; i_active: boolean; Permissions: RoleGrant[] }) {
  const role = await loadRole(db, data.v_uid);
  if (role.b_system && data.v_name !== role.v_name) throw rule('Los roles del sistema no se pueden renombrar');
  if (role.b_system && !data.i_active) throw rule('Los roles del sistema no se pueden desactivar');
  if (role.v_name === 'super') assertSuperKeepsRoles(data.Permissions);
  await assertNameFree(db, data.v_name, role.v_uid);
  const grants = await checkGrants(db, role.v_client_prefix, data.Permissions);
  await db.update(roles).set({ v_name: data.v_name, i_active: data.i_active, d_update_at: new Date() }).where(eq(roles.v_uid, role.v_uid));
  await db
    .insert(rolePermissions)
    .values({ v_uid_role: role.v_uid, t_json: grants })
    .onConflictDoUpdate({ target: rolePermissions.v_uid_role, set: { t_json: grants, d_update_at: new Date() } });
  await recordActivity(db, {
    actor,
    section: 'Roles y permisos',
    action: 'Editar',
    activity: `Editó el rol ${roleLabel(data.v_name)}`,
    detail: { role: role.v_uid },
  });
}

/** The super role must keep the roles screen, or nobody could ever grant anything again. */
function assertSuperKeepsRoles(grants: RoleGrant[]) {
  const rolesMenu = MENU_SEED.find((e) => e.v_url === '/roles-permissions')!.v_uid;
  const g = grants.find((x) => x.v_uid_menu === rolesMenu);
  const needed = [PERMISSION_IDS.Ver, PERMISSION_IDS.Editar];
  if (!g || !needed.every((p) => g.v_permissions.includes(p))) {
    throw rule('El rol super debe conservar Ver y Editar en Roles y permisos');
  }
}

export async function setRoleActive(db: DbOrTx, actor: Actor, uid: string, active: boolean) {
  const role = await loadRole(db, uid);
  if (role.b_system && !active) throw rule(`El rol del sistema ${role.v_name} no se puede desactivar`);
  if (uid === actor.roleId && !active) throw rule('No puedes desactivar tu propio rol');
  await db.update(roles).set({ i_active: active, d_update_at: new Date() }).where(eq(roles.v_uid, uid));
  await recordActivity(db, {
    actor,
    section: 'Roles y permisos',
    action: active ? 'Activar' : 'Desactivar',
    activity: `${active ? 'Activó' : 'Desactivó'} el rol ${roleLabel(role.v_name)}`,
    detail: { role: uid },
  });
}

export async function deleteRole(db: DbOrTx, actor: Actor, uid: string, usersPerRole: UsersPerRole) {
  const role = await loadRole(db, uid);
  if (uid === actor.roleId) throw rule('No puedes eliminar tu propio rol');
  if (role.b_system) throw rule(`El rol del sistema ${role.v_name} no se puede eliminar`);
  const users = (await usersPerRole(db, [uid])).get(uid) ?? 0;
  if (users > 0) throw rule(`El rol ${role.v_name} tiene ${users} usuario(s) asignado(s); reasígnalos antes de eliminarlo`);
  await db.delete(roles).where(eq(roles.v_uid, uid));
  await recordActivity(db, {
    actor,
    section: 'Roles y permisos',
    action: 'Borrar',
    activity: `Eliminó el rol ${roleLabel(role.v_name)}`,
    detail: { role: uid },
  });
}

type MenuInput = Omit<typeof menu.$inferInsert, 'v_uid'> & { v_permissions: string[]; v_client_prefix: string[] };
const KNOWN_PERMISSIONS = new Set(Object.values(PERMISSION_IDS));
const ROLES_MENU = menuIdByUrl('/roles-permissions');

/**
 * A menu entry may only offer real permissions and point at an entry that exists, and two entries
 * of one client kind may not share a url (the guard finds grants by url).
 */
async function checkMenuEntry(db: DbOrTx, data: MenuInput, id?: string): Promise<MenuInput> {
  if (data.v_permissions.some((p) => !KNOWN_PERMISSIONS.has(p))) throw fieldError('v_permissions', 'Permiso no válido');
  if (data.v_uid_children) {
    const [linked] = data.v_uid_children === id ? [] : await db.select({ v_uid: menu.v_uid }).from(menu).where(eq(menu.v_uid, data.v_uid_children));
    if (!linked) throw fieldError('v_uid_children', 'La entrada de menú relacionada no existe');
  }
  const sameUrl = await db.select().from(menu).where(eq(menu.v_url, data.v_url));
  if (sameUrl.some((e) => e.v_uid !== id && e.v_client_prefix.some((k) => data.v_client_prefix.includes(k)))) {
    throw conflict('Ya existe una entrada de menú con esa ruta para ese tipo de cliente');
  }
  return { ...data, v_permissions: [...new Set(data.v_permissions)], v_client_prefix: [...new Set(data.v_client_prefix)] };
}

/** Like the super role's grants, the roles screen itself must stay usable, or nobody could fix roles again. */
function assertRolesMenuKept(data: MenuInput) {
  const kept =
    data.i_active !== false &&
    data.v_url === '/roles-permissions' &&
    data.v_client_prefix.includes('FAR') &&
    [PERMISSION_IDS.Ver, PERMISSION_IDS.Editar].every((p) => data.v_permissions.includes(p));
  if (!kept) throw rule('La entrada Roles y permisos debe seguir activa, en /roles-permissions, para FAR y con Ver y Editar');
}

export async function createMenuEntry(db: DbOrTx, actor: Actor, input: MenuInput) {
  const data = await checkMenuEntry(db, input);
  const [row] = await db.insert(menu).values(data).returning();
  await recordActivity(db, { actor, section: 'Roles y permisos', action: 'Agregar', activity: `Creó la entrada de menú ${data.v_name}` });
  return menuOut(row!);
}

export async function updateMenuEntry(db: DbOrTx, actor: Actor, id: string, input: MenuInput) {
  const [existing] = await db.select({ v_uid: menu.v_uid }).from(menu).where(eq(menu.v_uid, id)).for('update');
  if (!existing) throw notFound('La entrada de menú no existe');
  if (id === ROLES_MENU) assertRolesMenuKept(input);
  const data = await checkMenuEntry(db, input, id);
  const [row] = await db
    .update(menu)
    .set({ ...data, d_update_at: new Date() })
    .where(eq(menu.v_uid, id))
    .returning();
  await recordActivity(db, { actor, section: 'Roles y permisos', action: 'Editar', activity: `Editó la entrada de menú ${data.v_name}` });
  return menuOut(row!);
}

export async function upsertPermission(db: DbOrTx, actor: Actor, data: { v_uid_role: string; t_json: RoleGrant[] }, id?: string) {
  const role = await loadRole(db, data.v_uid_role);
  if (role.v_name === 'super') assertSuperKeepsRoles(data.t_json);
  const grants = await checkGrants(db, role.v_client_prefix, data.t_json);
  if (id) {
    const [existing] = await db.select().from(rolePermissions).where(eq(rolePermissions.v_uid, id));
    if (!existing) throw notFound('El permiso no existe');
    if (existing.v_uid_role !== role.v_uid) throw new AppError('VALIDATION', 'El permiso pertenece a otro rol');
  }
  const [row] = await db
    .insert(rolePermissions)
    .values({ v_uid_role: role.v_uid, t_json: grants })
    .onConflictDoUpdate({ target: rolePermissions.v_uid_role, set: { t_json: grants, d_update_at: new Date() } })
    .returning();
  await recordActivity(db, { actor, section: 'Roles y permisos', action: 'Editar', activity: `Actualizó los permisos del rol ${roleLabel(role.v_name)}` });
  return { v_uid: row!.v_uid, v_uid_role: row!.v_uid_role, t_json: row!.t_json, d_create_at: iso(row!.d_create_at)!, d_update_at: iso(row!.d_update_at)! };
}

export async function roleCatalog(db: DbOrTx) {
  return (await db.select().from(roles).orderBy(asc(roles.v_name))).map((r) => ({
    v_uid: r.v_uid,
    v_name: r.v_name,
    i_active: r.i_active,
    v_client_prefix: r.v_client_prefix,
    ...recordDates(r),
  }));
}
