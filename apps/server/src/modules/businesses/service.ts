import {
  GENERIC_RFCS,
  ROLE_IDS,
  STATUS_IDS,
  TYPE_PERSON_IDS,
  buildClabe,
  statusName,
  validateClabe,
  type BusinessCreateBody,
  type BusinessDetail,
  type BusinessSortField,
  type BusinessUpdateBody,
  type StatusFilterName,
} from '@far/contracts';
import { and, desc, eq, inArray, isNull, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { qb, readNow, readRow } from '../../db/read-together';
import type { Actor } from '../../platform/context';
import { conflict, fieldError, notFound, rule } from '../../platform/errors';
import { FieldErrors, assertRfcWarningsConfirmed, checkCurp, checkPhone, checkRfc } from '../../platform/identity';
import { offsetOf, orderOf, shapedList, toPage, type PageInput, type SortInput } from '../../platform/paging';
import { iso } from '../../platform/reply';
import { recordActivity } from '../audit';
import { MATCH, newestMatchesFirst, placeholders, searchValues } from '../search';
import { resolveAddress } from '../postal-codes';
import { revokeAllSessions } from '../session';
import * as users from '../users';
import { businessDocuments, businesses, legalRepresentatives } from './schema';

export type BusinessRow = typeof businesses.$inferSelect;
type CreateInput = z.output<typeof BusinessCreateBody>;
type FieldsInput = Omit<CreateInput, 'FirstUser'>;

export const SECTION = 'Cuentas Business';
const NO_BUSINESS = 'La empresa no existe';

/**
 * The provider's CLABE range: STP (bank 646), plaza 180, the provider's four-digit key, then a
 * seven-digit sequence per business and the check digit.
 */
export const PROVIDER_CLABE = { bank: '646', plaza: '180', key: '2490' } as const;
const PROVIDER_PREFIX = PROVIDER_CLABE.bank + PROVIDER_CLABE.plaza + PROVIDER_CLABE.key;

export const isMoral = (b: Pick<BusinessRow, 'v_uid_type_person'>) => b.v_uid_type_person === TYPE_PERSON_IDS.moral;
/** What lists and e-mails call the business: its company name, or the person's full name. */
export const businessName = (b: Pick<BusinessRow, 'v_uid_type_person' | 'v_company_name' | 'v_names' | 'v_last_name_1' | 'v_last_name_2'>) =>
  isMoral(b) ? (b.v_company_name ?? '') : [b.v_names, b.v_last_name_1, b.v_last_name_2].filter(Boolean).join(' ');

const statusRef = (status: string) => ({ Id: status, Name: statusName(status) ?? status });

/** Who the business is: the fields its detail and a business user's /profile share. */
export const businessIdentity = (b: BusinessRow) => ({
  Id: b.v_uid,
  ClientNumber: b.v_client,
  CompanyName: b.v_company_name,
  Name: b.v_names,
  LastName: b.v_last_name_1,
  SecondLastName: b.v_last_name_2,
  Rfc: b.v_rfc,
  Curp: b.v_curp,
});

function businessDetail(b: BusinessRow, registeredUsers: number): BusinessDetail {
  return {
    ...businessIdentity(b),
    TypePerson: b.v_uid_type_person,
    Email: b.v_email,
    Mobile: b.v_cell_phone,
    MobileCode: b.v_phone_code,
    Street: b.v_street,
    ExteriorNumber: b.v_number_outside,
    InteriorNumber: b.v_number_indoor,
    PostalCode: b.v_zip_code,
    NeighborhoodId: b.v_uid_colony,
    Neighborhood: b.v_colony,
    Municipality: b.v_municipality,
    City: b.v_city,
    State: b.v_state,
    CreatedAt: iso(b.d_create_at)!,
    ActivedAt: iso(b.d_activation_at),
    DeActivedAt: iso(b.d_deactivated_at),
    BlockedAt: iso(b.d_look_at),
    UnBlockedAt: iso(b.d_unblocked_at),
    AccountNumber: b.v_account_number,
    CustomerId: b.v_customer_id,
    RegisteredUsers: registeredUsers,
    Status: statusRef(b.v_uid_status),
  };
}

// ---- finding a business, and who may reach it ----------------------------------------------------

export async function liveBusiness(db: DbOrTx, id: string, lock = false): Promise<BusinessRow> {
  const q = db
    .select()
    .from(businesses)
    .where(and(eq(businesses.v_uid, id), isNull(businesses.d_deleted_at)));
  const [b] = lock ? await q.for('update') : await q;
  if (!b) throw notFound(NO_BUSINESS);
  return b;
}

/** The live business of a tenant, as a read that a money plan folds with its others (db/read-together.ts). */
export const businessByClientRead = (client: string) =>
  readRow<BusinessRow>(
    businesses,
    qb
      .select()
      .from(businesses)
      .where(and(eq(businesses.v_client, client), isNull(businesses.d_deleted_at))),
  );

export const businessByClient = (db: DbOrTx, client: string): Promise<BusinessRow | undefined> => readNow(db, businessByClientRead(client));

/**
 * The business a call is about (the route has checked who may call it). Staff name it; a business
 * user always gets their own, and naming another one is answered 404 as if it did not exist.
 */
export async function businessForActor(db: DbOrTx, actor: Actor, businessId: string | undefined, opts: { field?: string } = {}): Promise<BusinessRow> {
  if (actor.kind === 'FAR') {
    if (!businessId) throw fieldError(opts.field ?? 'v_uid_business', 'Este campo es requerido', 'required');
    return liveBusiness(db, businessId);
  }
  const own = actor.kind === 'BUS' ? await businessByClient(db, actor.client) : undefined;
  if (!own || (businessId && businessId !== own.v_uid)) throw notFound(NO_BUSINESS);
  return own;
}

/**
 * The id of the business a call is about, decided as businessForActor does; for a business user
 * it comes from the session statement (Actor.businessId), so a business-scoped list reads nothing more.
 */
export async function businessIdForActor(db: DbOrTx, actor: Actor, businessId: string | undefined, opts: { field?: string } = {}): Promise<string> {
  if (actor.kind !== 'BUS' || actor.businessId === undefined) return (await businessForActor(db, actor, businessId, opts)).v_uid;
  if (!actor.businessId || (businessId && businessId !== actor.businessId)) throw notFound(NO_BUSINESS);
  return actor.businessId;
}

const OPERATING = new Set<string>([STATUS_IDS.activo, STATUS_IDS['activo-desbloqueado']]);

/** A CLABE this provider issued, with who holds it, for the rail's account registration (modules/stp). */
export interface IssuedClabe {
  clabe: string;
  ownerKind: 'business' | 'wallet';
  owner: string;
  rfcCurp: string;
  persona: 'fisica' | 'moral';
  nombre: string;
  apellidoPaterno?: string;
  apellidoMaterno?: string;
  /** False when the account is closed (deleted): deregistered. A blocked one stays registered (what arrives is returned). */
  active: boolean;
  updatedAt: Date;
}

/** Businesses' CLABEs changed at or after `since` (all of them from the epoch). */
export async function businessClabesSince(db: DbOrTx, since: Date): Promise<IssuedClabe[]> {
  const rows = await db
    .select()
    .from(businesses)
    .where(sql`${businesses.d_update_at} >= ${since.toISOString()}::timestamptz`)
    .orderBy(businesses.d_update_at);
  return rows.map((b) => ({
    clabe: b.v_account_number,
    ownerKind: 'business' as const,
    owner: b.v_client,
    rfcCurp: b.v_rfc,
    persona: isMoral(b) ? ('moral' as const) : ('fisica' as const),
    nombre: isMoral(b) ? (b.v_company_name ?? '') : (b.v_names ?? ''),
    ...(isMoral(b) ? {} : { apellidoPaterno: b.v_last_name_1 ?? undefined, apellidoMaterno: b.v_last_name_2 ?? undefined }),
    active: b.d_deleted_at === null,
    updatedAt: b.d_update_at,
  }));
}

/** For the money modules: nothing moves money for a business that is not active (or is blocked). */
export const assertBusinessActive = async (db: DbOrTx, client: string): Promise<BusinessRow> => operatingBusiness(await businessByClient(db, client));

/** The business as read, if it may move money. */
export function operatingBusiness(b: BusinessRow | undefined): BusinessRow {
  if (!b || !OPERATING.has(b.v_uid_status)) throw rule('La empresa no está activa: no se pueden realizar movimientos de dinero');
  return b;
}

export const isProviderAccount = (clabe: string) => clabe.startsWith(PROVIDER_PREFIX) && validateClabe(clabe).ok;

/** The business a SPEI deposit is for, by the CLABE it was sent to. */
export async function findBusinessByAccountNumber(db: DbOrTx, clabe: string): Promise<BusinessRow | undefined> {
  if (!isProviderAccount(clabe)) return undefined;
  const [b] = await db
    .select()
    .from(businesses)
    .where(and(eq(businesses.v_account_number, clabe), isNull(businesses.d_deleted_at)));
  return b;
}

// ---- reads ----------------------------------------------------------------------------------------

/** The columns behind the business list's sort fields; Name is the shown name (razón social or the person's). */
const BUSINESS_SORT_COLUMNS: Record<BusinessSortField, SQL | AnyColumn> = {
  Name: sql`lower(coalesce(${businesses.v_company_name}, concat_ws(' ', ${businesses.v_names}, ${businesses.v_last_name_1}, ${businesses.v_last_name_2})))`,
  AccountNumber: businesses.v_account_number,
  CreationDate: businesses.d_create_at,
};

/** Only what a row of the business list shows. */
const LIST_COLUMNS = {
  v_uid: businesses.v_uid,
  v_account_number: businesses.v_account_number,
  v_uid_type_person: businesses.v_uid_type_person,
  v_company_name: businesses.v_company_name,
  v_names: businesses.v_names,
  v_last_name_1: businesses.v_last_name_1,
  v_last_name_2: businesses.v_last_name_2,
  d_create_at: businesses.d_create_at,
  v_uid_status: businesses.v_uid_status,
};

/** Which filters the business list has and its sort (shapedList builds each shape's statements once). */
type BusinessListShape = { status?: StatusFilterName; search: boolean; sortBy?: BusinessSortField; sortDir?: 'asc' | 'desc' };

const businessList = shapedList({
  table: businesses,
  where: (shape: BusinessListShape) =>
    and(
      isNull(businesses.d_deleted_at),
      // A status filter is a fixed group of status ids: part of the statement, not a value.
      shape.status ? inArray(businesses.v_uid_status, [...users.STATUS_GROUPS[shape.status]]) : undefined,
      // The search's own matcher for businesses (modules/search): name words, RFC, CURP, client number, CLABE, e-mail.
      shape.search ? MATCH.business(placeholders) : undefined,
    ),
  // The users of each business are counted in the page query itself (one statement, not two).
  page: (db, where, shape) =>
    db
      .select({ ...LIST_COLUMNS, registered: users.liveUsersOf(sql`${businesses}.v_client`) })
      .from(businesses)
      .where(where)
      .orderBy(
        ...orderOf(
          { SortBy: shape.sortBy, SortDir: shape.sortDir },
          BUSINESS_SORT_COLUMNS,
          shape.search ? newestMatchesFirst(businesses.d_create_at, businesses.v_uid) : [desc(businesses.d_create_at), desc(businesses.v_uid)],
          businesses.v_uid,
        ),
      )
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
});

export async function listBusinesses(db: DbOrTx, q: PageInput & SortInput<BusinessSortField> & { Search?: string; Status?: StatusFilterName }) {
  const shape: BusinessListShape = { status: q.Status, search: !!q.Search, sortBy: q.SortBy, sortDir: q.SortDir };
  const { rows, total } = await businessList(db, shape, q.Search ? { ...searchValues(q.Search) } : {}, { limit: q.Size, offset: offsetOf(q) });
  const records = rows.map((b) => ({
    Id: b.v_uid,
    AccountNumber: b.v_account_number,
    Name: businessName(b),
    CreationDate: iso(b.d_create_at)!,
    RegisteredUsers: b.registered,
    Status: statusRef(b.v_uid_status),
  }));
  return toPage(records, total, q);
}

export async function detailOf(db: DbOrTx, b: BusinessRow): Promise<BusinessDetail> {
  const counts = await users.countUsersByClient(db, [b.v_client]);
  return businessDetail(b, counts.get(b.v_client) ?? 0);
}

/** By the business's e-mail, or else by the e-mail of one of its users. */
export async function getBusinessByEmail(db: DbOrTx, email: string): Promise<BusinessDetail> {
  const [b] = await db
    .select()
    .from(businesses)
    .where(and(sql`lower(${businesses.v_email}) = ${email.toLowerCase()}`, isNull(businesses.d_deleted_at)))
    .limit(1);
  if (b) return detailOf(db, b);
  const user = await users.findUserByEmail(db, email);
  const owner = user && users.kindOf(user) === 'BUS' ? await businessByClient(db, user.v_client) : undefined;
  if (!owner) throw notFound(NO_BUSINESS);
  return detailOf(db, owner);
}

// ---- validation of the onboarding form ----------------------------------------------------------

const NOT_FOR_MORAL = ['Name', 'LastName', 'SecondLastName', 'Curp', 'Mobile'] as const;

/**
 * The rules of spec §3 the schema cannot express, in the order a person fixes them: bad fields
 * (400, all at once), then an unconfirmed RFC check-digit warning (422), then duplicates (409).
 */
async function businessColumns(db: DbOrTx, d: FieldsInput, existing?: BusinessRow) {
  const errors = new FieldErrors();
  const moral = d.TypePerson === TYPE_PERSON_IDS.moral;
  if (moral) {
    if (!d.CompanyName) errors.add('CompanyName', 'Este campo es requerido', 'required');
    for (const f of NOT_FOR_MORAL) if (d[f]) errors.add(f, 'No aplica para persona moral', 'notApplicable');
  } else {
    if (!d.Name) errors.add('Name', 'Este campo es requerido', 'required');
    if (!d.LastName) errors.add('LastName', 'Este campo es requerido', 'required');
    if (!d.Curp) errors.add('Curp', 'Este campo es requerido', 'required');
  }
  const rfc = checkRfc(errors, 'Rfc', d.Rfc, moral ? 'moral' : 'fisica');
  if ((GENERIC_RFCS as readonly string[]).includes(rfc.rfc)) errors.add('Rfc', 'No se acepta un RFC genérico para una empresa', 'generic');
  const curp = !moral && d.Curp ? checkCurp(errors, 'Curp', d.Curp) : undefined;
  // A person's RFC and CURP both carry the birth date (YYMMDD) in the same place.
  if (curp?.birthDate && errors.empty && rfc.rfc.slice(4, 10) !== curp.curp.slice(4, 10))
    errors.add('Rfc', 'La fecha del RFC no coincide con la de la CURP', 'date');
  checkPhone(errors, 'Mobile', d.Mobile, d.MobileCode);
  const place = await resolveAddress(db, errors, { code: d.PostalCode, colonyId: d.NeighborhoodId, codeField: 'PostalCode', colonyField: 'NeighborhoodId' });
  errors.throwIfAny();
  if (!existing || existing.v_rfc !== rfc.rfc) assertRfcWarningsConfirmed('Rfc', rfc.warnings, d.ConfirmRfcWarning);
  const [dup] = await db
    .select({ v_uid: businesses.v_uid })
    .from(businesses)
    .where(and(eq(businesses.v_rfc, rfc.rfc), isNull(businesses.d_deleted_at), existing ? ne(businesses.v_uid, existing.v_uid) : undefined));
  if (dup) throw conflict('Ya existe una empresa con ese RFC');
  return {
    v_uid_type_person: d.TypePerson,
    v_company_name: d.CompanyName ?? null,
    v_names: moral ? null : d.Name!,
    v_last_name_1: moral ? null : d.LastName!,
    v_last_name_2: moral ? null : (d.SecondLastName ?? null),
    v_rfc: rfc.rfc,
    v_curp: curp?.curp ?? null,
    v_email: d.Email,
    v_cell_phone: moral ? null : (d.Mobile ?? null),
    v_phone_code: d.MobileCode,
    v_street: d.Street,
    v_number_outside: d.ExteriorNumber,
    v_number_indoor: d.InteriorNumber ?? null,
    v_zip_code: d.PostalCode,
    v_uid_colony: d.NeighborhoodId,
    v_colony: place!.colony,
    v_municipality: place!.municipality,
    v_city: place!.city,
    v_state: place!.state,
  };
}

/** The next CLABE of the provider's range, from a sequence: unique, with its check digit. */
export async function allocateAccountNumber(tx: DbOrTx): Promise<string> {
  const res = await tx.execute<{ n: string }>(sql`SELECT nextval('business_account_seq')::text AS n`);
  const n = Number((res as unknown as { rows: Array<{ n: string }> }).rows[0]!.n);
  if (n > 9_999_999) throw new Error('El rango de cuentas CLABE del proveedor se agotó');
  const clabe = buildClabe(PROVIDER_CLABE.bank, PROVIDER_CLABE.plaza, PROVIDER_CLABE.key + String(n).padStart(7, '0'));
  if (!validateClabe(clabe).ok) throw new Error(`CLABE generada no válida: ${clabe}`);
  return clabe;
}

// ---- writes -------------------------------------------------------------------------------------------

/**
 * Onboarding: the business (pendiente, with its own CLABE) and its first user, who receives a
 * temporary password by e-mail. Legal representative, documents and beneficiaries follow through
 * their own calls; activation needs them (see businessActions).
 */
export async function createBusiness(tx: DbOrTx, actor: Actor, d: CreateInput) {
  const columns = await businessColumns(tx, d);
  if (d.FirstUser) {
    const errors = new FieldErrors();
    checkPhone(errors, 'FirstUser.Mobile', d.FirstUser.Mobile, d.FirstUser.MobileCode);
    errors.throwIfAny();
  }
  const client = await users.nextClientNumber(tx, 'BUS');
  const [b] = await tx
    .insert(businesses)
    .values({ ...columns, v_client: client, v_account_number: await allocateAccountNumber(tx), v_uid_status: STATUS_IDS.pendiente })
    .returning();
  const moral = isMoral(b!);
  const first = d.FirstUser;
  const now = new Date();
  const user = await users.inviteUser(tx, {
    actor,
    section: SECTION,
    place: `el portal de ${businessName(b!)}`,
    data: {
      v_client: client,
      v_uid_role: ROLE_IDS.business,
      v_uid_status: STATUS_IDS.activo,
      d_activation_at: now,
      v_email: first?.Email ?? d.Email,
      v_names: first?.Name ?? (moral ? b!.v_company_name! : b!.v_names!),
      v_last_name_1: first ? (first.LastName ?? null) : b!.v_last_name_1,
      v_last_name_2: first ? (first.SecondLastName ?? null) : b!.v_last_name_2,
      v_cell_phone: first ? (first.Mobile ?? null) : b!.v_cell_phone,
      v_phone_code: first?.MobileCode ?? b!.v_phone_code,
      v_uid_type_person: b!.v_uid_type_person,
      v_rfc: b!.v_rfc,
      v_curp: first ? null : b!.v_curp,
    },
  });
  await recordActivity(tx, {
    actor,
    parentUserId: user.v_uid,
    section: SECTION,
    action: 'Agregar',
    activity: `Alta de la empresa ${businessName(b!)} (CLABE ${b!.v_account_number})`,
    detail: { business: b!.v_uid },
  });
  return { ...(await detailOf(tx, b!)), FirstUser: { Id: user.v_uid, Email: user.v_email } };
}

export async function updateBusiness(tx: DbOrTx, actor: Actor, d: z.output<typeof BusinessUpdateBody>) {
  const b = await liveBusiness(tx, d.Id, true);
  if (d.TypePerson !== b.v_uid_type_person) throw rule('El tipo de persona no se puede cambiar');
  const columns = await businessColumns(tx, d, b);
  const [row] = await tx
    .update(businesses)
    .set({ ...columns, d_update_at: new Date() })
    .where(eq(businesses.v_uid, b.v_uid))
    .returning();
  await recordActivity(tx, { actor, section: SECTION, action: 'Editar', activity: `Editó la empresa ${businessName(row!)}`, detail: { business: b.v_uid } });
  return detailOf(tx, row!);
}

export async function updateCustomerId(tx: DbOrTx, actor: Actor, id: string, customerId: string) {
  const b = await liveBusiness(tx, id, true);
  const [dup] = await tx
    .select({ v_uid: businesses.v_uid })
    .from(businesses)
    .where(and(eq(businesses.v_customer_id, customerId), ne(businesses.v_uid, b.v_uid)));
  if (dup) throw conflict('El CustomerId ya está asignado a otra empresa');
  const [row] = await tx.update(businesses).set({ v_customer_id: customerId, d_update_at: new Date() }).where(eq(businesses.v_uid, b.v_uid)).returning();
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Editar',
    activity: `Asignó el CustomerId ${customerId} a ${businessName(b)}`,
    detail: { business: b.v_uid, previous: b.v_customer_id },
  });
  return detailOf(tx, row!);
}

/** Only a business that is not active may be deleted; its users go with it and are signed out. */
export async function deleteBusiness(tx: DbOrTx, actor: Actor, id: string): Promise<void> {
  const b = await liveBusiness(tx, id, true);
  if (users.isActiveStatus(b.v_uid_status)) throw rule('Desactiva la empresa antes de eliminarla');
  const now = new Date();
  await tx.update(businesses).set({ v_uid_status: STATUS_IDS.eliminado, d_deleted_at: now, d_update_at: now }).where(eq(businesses.v_uid, b.v_uid));
  for (const userId of await users.deleteUsersOfClient(tx, b.v_client)) await revokeAllSessions(tx, userId);
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Borrar',
    activity: `Eliminó la empresa ${businessName(b)} y sus usuarios`,
    detail: { business: b.v_uid },
  });
}

const REFUSAL: Record<string, (name: string) => string> = {
  alreadyActive: (n) => `La empresa ${n} ya está activa`,
  alreadyInactive: (n) => `La empresa ${n} ya está inactiva`,
  alreadyBlocked: (n) => `La empresa ${n} ya está bloqueada`,
  notBlocked: (n) => `La empresa ${n} no está bloqueada`,
};
const ACTIVITY = { activar: 'Activó', desactivar: 'Desactivó', bloquear: 'Bloqueó', desbloquear: 'Desbloqueó' } as const;

/** What a pending business still lacks before its first activation (KYC). */
async function missingForActivation(tx: DbOrTx, b: BusinessRow): Promise<string[]> {
  const missing: string[] = [];
  if (isMoral(b)) {
    const [rep] = await tx.select({ v_uid: legalRepresentatives.v_uid }).from(legalRepresentatives).where(eq(legalRepresentatives.v_uid_business, b.v_uid));
    if (!rep) missing.push('el representante legal');
  }
  const docs = await tx.select({ status: businessDocuments.v_uid_status }).from(businessDocuments).where(eq(businessDocuments.v_uid_business, b.v_uid));
  if (!docs.some((d) => d.status === STATUS_IDS.activo)) missing.push('al menos un documento aprobado');
  if (docs.some((d) => d.status === STATUS_IDS.pendiente)) missing.push('revisar los documentos pendientes');
  return missing;
}

/** Activate, deactivate, block or unblock businesses: all of the selection or none, each audited. */
export async function businessActions(tx: DbOrTx, actor: Actor, action: keyof typeof ACTIVITY, ids: readonly string[]): Promise<number> {
  const unique = [...new Set(ids)].sort();
  for (const id of unique) {
    const b = await liveBusiness(tx, id, true);
    const next = users.nextStatus(b.v_uid_status, action, { pendingMayActivate: true });
    if ('refusal' in next) throw next.refusal === 'deleted' ? notFound(NO_BUSINESS) : rule(REFUSAL[next.refusal]!(businessName(b)));
    if (action === 'activar' && b.v_uid_status === STATUS_IDS.pendiente) {
      const missing = await missingForActivation(tx, b);
      if (missing.length) throw rule(`Para activar la empresa ${businessName(b)} falta: ${missing.join(', ')}`);
    }
    const now = new Date();
    await tx
      .update(businesses)
      .set({ v_uid_status: next.status, d_update_at: now, [users.STAMP_COLUMN[next.stamp]]: now })
      .where(eq(businesses.v_uid, b.v_uid));
    await recordActivity(tx, {
      actor,
      section: SECTION,
      action: users.ACTION_LABEL[action],
      activity: `${ACTIVITY[action]} la empresa ${businessName(b)}`,
      detail: { business: b.v_uid, from: statusName(b.v_uid_status), to: statusName(next.status) },
    });
  }
  return unique.length;
}

/** Demo data: an active business with its CLABE; its users are created by the seed with its v_client. */
export async function seedBusiness(
  tx: DbOrTx,
  data: Omit<typeof businesses.$inferInsert, 'v_client' | 'v_account_number' | 'v_uid_status'> & {
    legalRepresentative?: Omit<typeof legalRepresentatives.$inferInsert, 'v_uid_business'>;
  },
) {
  const { legalRepresentative, ...columns } = data;
  const now = new Date();
  const [b] = await tx
    .insert(businesses)
    .values({
      ...columns,
      v_client: await users.nextClientNumber(tx, 'BUS'),
      v_account_number: await allocateAccountNumber(tx),
      v_uid_status: STATUS_IDS.activo,
      d_activation_at: now,
    })
    .returning();
  if (legalRepresentative) await tx.insert(legalRepresentatives).values({ ...legalRepresentative, v_uid_business: b!.v_uid });
  return b!;
}
