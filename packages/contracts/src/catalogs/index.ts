/**
 * The catalogues of spec §3 with fixed ids, so seeds, server and client name the same records.
 * Roles and permissions come from ./rbac and statuses from ./status; this file gathers them all.
 */
import spei from './spei-participants.json';
import { PERMISSION_IDS, PERMISSION_NAMES, SYSTEM_ROLES } from './rbac';
import { STATUS_CATALOG } from './status';
import { fixedUid } from './uid';

export interface CatalogItem {
  v_uid: string;
  v_name: string;
  i_active: boolean;
}

export const CATALOG_NAMES = [
  'roles',
  'permissions',
  'cms-sections',
  'status',
  'types-persons',
  'area',
  'types-incidents',
  'financials-institutions',
  'types-clarifications',
] as const;
export type CatalogName = (typeof CATALOG_NAMES)[number];

/**
 * d_create_at and d_update_at of the fixed catalogues (§3 gives every catalog-style record both):
 * they are defined in code, so both are when the foundation first defined them.
 */
export const CATALOGS_DEFINED_AT = '2026-11-22T01:56:27.000Z';

/** Positions are part of the ids: append new names, never reorder. */
const catalog = (prefix: string, names: readonly string[]): ReadonlyArray<CatalogItem> =>
  names.map((v_name, index) => ({ v_uid: fixedUid(prefix, index + 1), v_name, i_active: true }));

export const CMS_SECTIONS = catalog('3a7b8c10', ['business', 'wallet']);
export const TYPES_PERSONS = catalog('4b8c9d20', ['Persona moral', 'Persona física']);
/** Areas are also the departments of admin users (spec §7: Administración, Soporte Técnico, Ventas). */
export const AREAS = catalog('5c9dae30', ['Administración', 'Soporte Técnico', 'Ventas']);
/** @alias AREAS (the departments of admin users) */
export const DEPARTMENTS = AREAS;
export const TYPES_INCIDENTS = catalog('6d0ebf40', ['Seguridad', 'Validación', 'Sistema', 'Integración']);
export const TYPES_CLARIFICATIONS = catalog('9e1fc050', ['Cargo no reconocido', 'Transferencia no recibida', 'Saldo incorrecto', 'Tarjeta bloqueada', 'Otro']);

/** A SPEI participant: `code` is the three-digit CLABE prefix, `speiKey` Banxico's participant key. */
export interface Bank {
  code: string;
  speiKey: string;
  name: string;
}

export const BANKS: ReadonlyArray<Bank> = spei.banks.map(({ code, speiKey, name }) => ({ code, speiKey, name }));
/** @alias BANKS (the lower-case name is kept for its callers) */
export const banks = BANKS;

export interface FinancialInstitution extends CatalogItem {
  v_code: string;
}

/** The uuid follows from the bank code ('002' → …-000000000002), so it never depends on list order. */
export const FINANCIAL_INSTITUTIONS: ReadonlyArray<FinancialInstitution> = BANKS.map((bank) => ({
  v_uid: fixedUid('b2c3d4e0', Number(bank.code)),
  v_name: bank.name,
  i_active: true,
  v_code: bank.code,
}));

/**
 * Test participants of the built-in SPEI sandbox rail (codes no Banxico participant uses). A CLABE
 * with one of these prefixes passes validation; the sandbox gives each a documented outcome:
 * 990 settles, 991 comes back as a return (devolución), 992 is rejected at once. A real rail
 * adapter refuses them. They are not financial institutions of the catalogue.
 */
export const SANDBOX_BANKS: ReadonlyArray<Bank & { outcome: 'settle' | 'return' | 'reject' }> = [
  { code: '990', speiKey: '90990', name: 'SANDBOX LIQUIDA', outcome: 'settle' },
  { code: '991', speiKey: '90991', name: 'SANDBOX DEVUELVE', outcome: 'return' },
  { code: '992', speiKey: '90992', name: 'SANDBOX RECHAZA', outcome: 'reject' },
];
export const isSandboxBank = (code: string) => SANDBOX_BANKS.some((b) => b.code === code);

const banksByCode = new Map([...BANKS, ...SANDBOX_BANKS.map(({ code, speiKey, name }) => ({ code, speiKey, name }))].map((bank) => [bank.code, bank]));

/** The bank of a CLABE, or of its first three digits (SPEI participants and sandbox test banks); undefined for an unknown code. */
export function bankByClabePrefix(code: string): Bank | undefined {
  return banksByCode.get(code.trim().slice(0, 3));
}

export const CATALOGS: Readonly<Record<CatalogName, ReadonlyArray<CatalogItem>>> = {
  roles: SYSTEM_ROLES.map(({ v_uid, v_name }) => ({ v_uid, v_name, i_active: true })),
  permissions: PERMISSION_NAMES.map((name) => ({ v_uid: PERMISSION_IDS[name], v_name: name, i_active: true })),
  'cms-sections': CMS_SECTIONS,
  status: STATUS_CATALOG.map(({ v_uid, v_name }) => ({ v_uid, v_name, i_active: true })),
  'types-persons': TYPES_PERSONS,
  area: AREAS,
  'types-incidents': TYPES_INCIDENTS,
  'financials-institutions': FINANCIAL_INSTITUTIONS,
  'types-clarifications': TYPES_CLARIFICATIONS,
};

export function isCatalogName(value: unknown): value is CatalogName {
  return typeof value === 'string' && (CATALOG_NAMES as readonly string[]).includes(value);
}

/** Looks an item up by uuid in one catalogue. */
export function catalogItem(name: CatalogName, uid: string): CatalogItem | undefined {
  const wanted = uid.toLowerCase();
  return CATALOGS[name].find((item) => item.v_uid === wanted);
}
