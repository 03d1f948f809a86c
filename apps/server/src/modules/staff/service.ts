import {
  AREAS,
  ROLE_IDS,
  STATUS_IDS,
  type AdminUserCreateBody,
  type AdminUserDetail,
  type AdminUserUpdateBody,
  type EmployeeCreateBody,
  type EmployeeUpdateBody,
  type UserAction,
} from '@far/contracts';
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { conflict, forbidden, notFound, rule } from '../../platform/errors';
import { FieldErrors, checkCurp, checkPastDate, checkPhone } from '../../platform/identity';
import { toPage, type PageInput } from '../../platform/paging';
import { recordDates } from '../../platform/reply';
import { recordActivity } from '../audit';
import { deleteFile, getFile, storeFile } from '../files';
import { revokeAllSessions } from '../session';
import * as users from '../users';
import { departments, employees } from './schema';

const SECTION = 'Usuarios administradores';
const SUPER_ONLY = 'Solo un super administrador puede crear o modificar a otro super administrador';
const NO_USER = 'El usuario no existe';
const LAST_SUPER: Partial<Record<UserAction, string>> = {
  desactivar: 'No se puede desactivar al último super administrador activo',
  bloquear: 'No se puede bloquear al último super administrador activo',
  borrar: 'No se puede eliminar al último super administrador activo',
};

type EmployeeRow = typeof employees.$inferSelect;
type AdminCreate = z.output<typeof AdminUserCreateBody>;
type AdminUpdate = z.output<typeof AdminUserUpdateBody>;

const isSuperUser = (u: users.UserRow) => u.v_uid_role === ROLE_IDS.super;

async function employeeOf(db: DbOrTx, userId: string): Promise<EmployeeRow | undefined> {
  const [e] = await db.select().from(employees).where(eq(employees.v_uid_user, userId));
  return e;
}

function adminDetail(u: users.UserRow, e: EmployeeRow | undefined, roles: users.RoleNames): AdminUserDetail {
  return {
    ...users.userDetailBase(u, roles),
    DateOfBirth: u.d_birthdate_at,
    Curp: u.v_curp,
    Phone: u.v_phone,
    PhoneCode: u.v_phone_code_landline,
    DepartmentId: e?.v_uid_area ?? null,
    Position: e?.v_position ?? null,
    EmployeeNumber: e?.v_number_employ ?? null,
    DateOfJoining: e?.d_admission_at ?? null,
    TermsAccepted: u.d_terms_accepted_at !== null,
    ProfilePhotoUrl: u.v_image ? `/api/v1/profiles/users/photo/${u.v_uid}` : null,
    IsSuperAdmin: isSuperUser(u),
  };
}

/** A live admin user, or 404: ids of other kinds do not exist here. */
async function liveStaff(db: DbOrTx, id: string, lock = false): Promise<users.UserRow> {
  const u = lock ? await users.lockLiveUser(db, id) : await users.getUser(db, id);
  if (!u || users.isDeleted(u) || users.kindOf(u) !== 'FAR') throw notFound(NO_USER);
  return u;
}

// ---- reads ------------------------------------------------------------------------------------------

export async function listStaff(
  db: DbOrTx,
  q: PageInput & users.UserSortInput & { Search?: string; Status?: keyof typeof users.STATUS_GROUPS; blockedOnly?: boolean },
) {
  const statuses = q.blockedOnly ? users.STATUS_GROUPS.bloqueado : q.Status ? users.STATUS_GROUPS[q.Status] : undefined;
  const [{ rows, total }, roles] = await Promise.all([
    users.listUsers(db, { prefix: 'FAR', Search: q.Search, statuses, Page: q.Page, Size: q.Size, SortBy: q.SortBy, SortDir: q.SortDir }),
    users.roleNames(db),
  ]);
  return toPage(
    rows.map((u) => users.userListItem(u, roles)),
    total,
    q,
  );
}

export async function getStaff(db: DbOrTx, id: string): Promise<AdminUserDetail> {
  const u = await liveStaff(db, id);
  return adminDetail(u, await employeeOf(db, u.v_uid), await users.roleNames(db));
}

export async function getStaffByEmail(db: DbOrTx, email: string): Promise<AdminUserDetail> {
  const u = await users.findUserByEmail(db, email);
  if (!u || users.kindOf(u) !== 'FAR') throw notFound(NO_USER);
  return getStaff(db, u.v_uid);
}

export async function staffPhoto(db: DbOrTx, id: string) {
  const u = await liveStaff(db, id);
  const file = u.v_image ? await getFile(db, u.v_image) : undefined;
  if (!file) throw notFound('El usuario no tiene foto de perfil');
  return file;
}

// ---- validation shared by create and update -----------------------------------------------------

/** Every rule of the admin form the schema cannot express; all bad fields are reported together. */
async function checkAdminInput(db: DbOrTx, actor: Actor, d: AdminCreate, exceptEmployeeOf?: string) {
  const errors = new FieldErrors();
  const curp = d.Curp ? checkCurp(errors, 'Curp', d.Curp) : undefined;
  checkPastDate(errors, 'DateOfBirth', d.DateOfBirth, { minAge: 18 });
  if (curp?.birthDate && d.DateOfBirth && curp.birthDate !== d.DateOfBirth) errors.add('DateOfBirth', 'La fecha de nacimiento no coincide con la CURP');
  checkPastDate(errors, 'DateOfJoining', d.DateOfJoining);
  checkPhone(errors, 'Phone', d.Phone, d.PhoneCode);
  checkPhone(errors, 'Mobile', d.Mobile, d.MobileCode);
  if (d.AltEmail && d.AltEmail === d.Email) errors.add('AltEmail', 'El correo alternativo debe ser distinto del principal');
  const role = (await users.roleNames(db)).get(d.RoleId);
  if (!role || role.prefix !== 'FAR' || !role.active) errors.add('RoleId', 'Rol no válido');
  await checkDepartment(db, errors, 'DepartmentId', d.DepartmentId);
  errors.throwIfAny();
  if (d.RoleId === ROLE_IDS.super && !actor.isSuper) throw forbidden(SUPER_ONLY);
  if (d.EmployeeNumber) await assertEmployeeNumberFree(db, d.EmployeeNumber, exceptEmployeeOf);
  return { curp: curp?.curp ?? null };
}

async function checkDepartment(db: DbOrTx, errors: FieldErrors, field: string, id: string) {
  const [dep] = await db.select().from(departments).where(eq(departments.v_uid, id));
  if (!dep || !dep.i_active) errors.add(field, 'Departamento no válido');
}

async function assertEmployeeNumberFree(db: DbOrTx, number: string, exceptUser?: string) {
  const [dup] = await db.select().from(employees).where(eq(employees.v_number_employ, number));
  if (dup && dup.v_uid_user !== exceptUser) throw conflict('Ya existe un empleado con ese número');
}

const personColumns = (d: AdminCreate, curp: string | null) => ({
  v_names: d.Name,
  v_last_name_1: d.LastName,
  v_last_name_2: d.SecondLastName ?? null,
  d_birthdate_at: d.DateOfBirth ?? null,
  v_curp: curp,
  v_phone: d.Phone ?? null,
  v_phone_code_landline: d.PhoneCode,
  v_cell_phone: d.Mobile ?? null,
  v_phone_code: d.MobileCode,
  v_email_alternative: d.AltEmail ?? null,
  v_uid_role: d.RoleId,
});

const employeeColumns = (d: AdminCreate) => ({
  v_uid_area: d.DepartmentId,
  v_position: d.Position,
  v_number_employ: d.EmployeeNumber ?? null,
  d_admission_at: d.DateOfJoining ?? null,
});

// ---- writes -------------------------------------------------------------------------------------

/** A new admin user: temporary password by e-mail, to be changed at the first sign-in. */
export async function createStaff(tx: DbOrTx, actor: Actor, d: AdminCreate): Promise<string> {
  const { curp } = await checkAdminInput(tx, actor, d);
  const now = new Date();
  const user = await users.inviteUser(tx, {
    actor,
    section: SECTION,
    place: 'FAR Portal',
    data: {
      ...personColumns(d, curp),
      v_email: d.Email,
      v_client: await users.nextClientNumber(tx, 'FAR'),
      v_uid_status: d.IsActive ? STATUS_IDS.activo : STATUS_IDS.inactivo,
      d_activation_at: d.IsActive ? now : null,
    },
  });
  await tx.insert(employees).values({ v_uid_user: user.v_uid, ...employeeColumns(d) });
  return user.v_uid;
}

export async function updateStaff(tx: DbOrTx, actor: Actor, d: AdminUpdate): Promise<void> {
  const target = await liveStaff(tx, d.Id, true);
  if (isSuperUser(target) && !actor.isSuper) throw forbidden(SUPER_ONLY);
  const { curp } = await checkAdminInput(tx, actor, d, target.v_uid);
  if (
    isSuperUser(target) &&
    d.RoleId !== ROLE_IDS.super &&
    users.canSignIn(target) &&
    (await users.countOtherActiveWithRole(tx, ROLE_IDS.super, target.v_uid)) === 0
  ) {
    throw rule('Debe existir al menos un super administrador activo');
  }
  if (d.Email !== target.v_email) {
    const other = await users.findUserByEmail(tx, d.Email);
    if (other && other.v_uid !== target.v_uid) throw conflict('Ya existe un usuario con ese correo electrónico');
  }
  await users.updateUser(tx, target.v_uid, {
    ...personColumns(d, curp),
    v_email: d.Email,
  });
  await tx
    .insert(employees)
    .values({ v_uid_user: target.v_uid, ...employeeColumns(d) })
    .onConflictDoUpdate({ target: employees.v_uid_user, set: { ...employeeColumns(d), d_update_at: new Date() } });
  if (target.v_uid_role !== d.RoleId) await revokeAllSessions(tx, target.v_uid);
  await recordActivity(tx, { actor, parentUserId: target.v_uid, section: SECTION, action: 'Editar', activity: `Editó al usuario ${d.Email}` });
  if (d.IsActive !== users.isActiveStatus(target.v_uid_status)) await staffActions(tx, actor, d.IsActive ? 'activar' : 'desactivar', [target.v_uid]);
}

/** Activate, deactivate, block, unblock or delete admin users: all of the selection or none. */
export async function staffActions(tx: DbOrTx, actor: Actor, action: UserAction, ids: readonly string[]): Promise<number> {
  return users.runUserActions(tx, {
    actor,
    ids,
    action,
    section: SECTION,
    load: (t, id) => liveStaff(t, id, true),
    revokeSessions: revokeAllSessions,
    guard: async (t, user, a) => {
      if (!isSuperUser(user)) return;
      if (!actor.isSuper) throw forbidden(SUPER_ONLY);
      if (LAST_SUPER[a] && users.canSignIn(user) && (await users.countOtherActiveWithRole(t, ROLE_IDS.super, user.v_uid)) === 0) throw rule(LAST_SUPER[a]!);
    },
  });
}

export async function setStaffPhoto(tx: DbOrTx, actor: Actor, id: string, file: { name: string; mediaType: string; content: Buffer }): Promise<void> {
  const target = await liveStaff(tx, id, true);
  if (isSuperUser(target) && !actor.isSuper) throw forbidden(SUPER_ONLY);
  const uid = await storeFile(tx, { name: file.name, mediaType: file.mediaType, content: file.content, ownerId: target.v_uid, client: target.v_client });
  await users.updateUser(tx, target.v_uid, { v_image: uid });
  if (target.v_image) await deleteFile(tx, target.v_image);
  await recordActivity(tx, { actor, parentUserId: target.v_uid, section: SECTION, action: 'Editar', activity: `Actualizó la foto de ${target.v_email}` });
}

// ---- departments ------------------------------------------------------------------------------------

type DepartmentRow = typeof departments.$inferSelect;
const departmentOut = (d: DepartmentRow) => ({ Id: d.v_uid, Name: d.v_name, IsSystem: d.b_system });
const DEPARTMENTS_SECTION = 'Departamentos';

/** System data: the three departments of the static list, with the catalogue's ids. */
export async function seedDepartments(db: DbOrTx): Promise<void> {
  await db
    .insert(departments)
    .values(AREAS.map((a) => ({ v_uid: a.v_uid, v_name: a.v_name, b_system: true })))
    .onConflictDoNothing();
}

export async function listDepartments(db: DbOrTx) {
  const rows = await db.select().from(departments).where(eq(departments.i_active, true)).orderBy(desc(departments.b_system), asc(departments.v_name));
  return rows.map(departmentOut);
}

async function loadDepartment(db: DbOrTx, id: string): Promise<DepartmentRow> {
  const [d] = await db.select().from(departments).where(eq(departments.v_uid, id));
  if (!d) throw notFound('El departamento no existe');
  return d;
}

export const getDepartment = async (db: DbOrTx, id: string) => departmentOut(await loadDepartment(db, id));

async function assertDepartmentNameFree(db: DbOrTx, name: string, except?: string) {
  const [dup] = await db
    .select()
    .from(departments)
    .where(sql`lower(${departments.v_name}) = lower(${name})`);
  if (dup && dup.v_uid !== except) throw conflict('Ya existe un departamento con ese nombre');
}

export async function createDepartment(tx: DbOrTx, actor: Actor, name: string) {
  await assertDepartmentNameFree(tx, name);
  const [row] = await tx.insert(departments).values({ v_name: name }).returning();
  await recordActivity(tx, { actor, section: DEPARTMENTS_SECTION, action: 'Agregar', activity: `Creó el departamento ${name}` });
  return departmentOut(row!);
}

export async function updateDepartment(tx: DbOrTx, actor: Actor, id: string, name: string) {
  const dep = await loadDepartment(tx, id);
  if (dep.b_system) throw rule('Los departamentos del sistema no se pueden modificar');
  await assertDepartmentNameFree(tx, name, id);
  const [row] = await tx.update(departments).set({ v_name: name, d_update_at: new Date() }).where(eq(departments.v_uid, id)).returning();
  await recordActivity(tx, { actor, section: DEPARTMENTS_SECTION, action: 'Editar', activity: `Renombró el departamento ${dep.v_name} a ${name}` });
  return departmentOut(row!);
}

export async function deleteDepartment(tx: DbOrTx, actor: Actor, id: string): Promise<void> {
  const dep = await loadDepartment(tx, id);
  if (dep.b_system) throw rule('Los departamentos del sistema no se pueden eliminar');
  const [used] = await tx.select({ v_uid: employees.v_uid }).from(employees).where(eq(employees.v_uid_area, id)).limit(1);
  if (used) throw rule('El departamento tiene empleados asignados');
  await tx.delete(departments).where(eq(departments.v_uid, id));
  await recordActivity(tx, { actor, section: DEPARTMENTS_SECTION, action: 'Borrar', activity: `Eliminó el departamento ${dep.v_name}` });
}

// ---- employee records ---------------------------------------------------------------------------------

const employeeOut = (e: EmployeeRow) => ({
  v_uid: e.v_uid,
  v_uid_user: e.v_uid_user,
  v_uid_area: e.v_uid_area,
  v_number_employ: e.v_number_employ,
  v_position: e.v_position,
  d_admission_at: e.d_admission_at,
  ...recordDates(e),
});

/** By the record's id or by its user's id (one record per user). */
async function findEmployee(db: DbOrTx, id: string): Promise<EmployeeRow> {
  const [e] = await db
    .select()
    .from(employees)
    .where(or(eq(employees.v_uid, id), eq(employees.v_uid_user, id)));
  if (!e) throw notFound('El empleado no existe');
  return e;
}

export async function getEmployee(db: DbOrTx, id: string) {
  const e = await findEmployee(db, id);
  await liveStaff(db, e.v_uid_user);
  return employeeOut(e);
}

async function checkEmployeeInput(db: DbOrTx, d: z.output<typeof EmployeeUpdateBody>, userId: string) {
  const errors = new FieldErrors();
  checkPastDate(errors, 'd_admission_at', d.d_admission_at);
  await checkDepartment(db, errors, 'v_uid_area', d.v_uid_area);
  errors.throwIfAny();
  if (d.v_number_employ) await assertEmployeeNumberFree(db, d.v_number_employ, userId);
}

const employeeValues = (d: z.output<typeof EmployeeUpdateBody>) => ({
  v_uid_area: d.v_uid_area,
  v_number_employ: d.v_number_employ ?? null,
  v_position: d.v_position,
  d_admission_at: d.d_admission_at ?? null,
});

export async function createEmployee(tx: DbOrTx, actor: Actor, d: z.output<typeof EmployeeCreateBody>) {
  const user = await liveStaff(tx, d.v_uid_user, true);
  if (isSuperUser(user) && !actor.isSuper) throw forbidden(SUPER_ONLY);
  if (await employeeOf(tx, user.v_uid)) throw conflict('El usuario ya tiene un registro de empleado');
  await checkEmployeeInput(tx, d, user.v_uid);
  const [row] = await tx
    .insert(employees)
    .values({ v_uid_user: user.v_uid, ...employeeValues(d) })
    .returning();
  await recordActivity(tx, {
    actor,
    parentUserId: user.v_uid,
    section: SECTION,
    action: 'Agregar',
    activity: `Registró los datos de empleado de ${user.v_email}`,
  });
  return employeeOut(row!);
}

export async function updateEmployee(tx: DbOrTx, actor: Actor, id: string, d: z.output<typeof EmployeeUpdateBody>) {
  const e = await findEmployee(tx, id);
  const user = await liveStaff(tx, e.v_uid_user, true);
  if (isSuperUser(user) && !actor.isSuper) throw forbidden(SUPER_ONLY);
  await checkEmployeeInput(tx, d, user.v_uid);
  const [row] = await tx
    .update(employees)
    .set({ ...employeeValues(d), d_update_at: new Date() })
    .where(and(eq(employees.v_uid, e.v_uid)))
    .returning();
  await recordActivity(tx, { actor, parentUserId: user.v_uid, section: SECTION, action: 'Editar', activity: `Editó los datos de empleado de ${user.v_email}` });
  return employeeOut(row!);
}
