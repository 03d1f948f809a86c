/**
 * Roles, permissions and the side menu of spec §2 and §6. The ids are fixed so that seed data,
 * server guards and the web client name the same records without a lookup.
 */
export const CLIENT_KINDS = ['FAR', 'BUS', 'WAL'] as const;
export type ClientKind = (typeof CLIENT_KINDS)[number];

export const ROLE_IDS = {
  super: '6f1c2a10-0000-4000-8000-000000000001',
  techfar: '6f1c2a10-0000-4000-8000-000000000002',
  business: '6f1c2a10-0000-4000-8000-000000000003',
  wallet: '6f1c2a10-0000-4000-8000-000000000004',
} as const;
export type SystemRole = keyof typeof ROLE_IDS;

export const SYSTEM_ROLES: ReadonlyArray<{ v_uid: string; v_name: SystemRole; v_client_prefix: ClientKind }> = [
  { v_uid: ROLE_IDS.super, v_name: 'super', v_client_prefix: 'FAR' },
  { v_uid: ROLE_IDS.techfar, v_name: 'techfar', v_client_prefix: 'FAR' },
  { v_uid: ROLE_IDS.business, v_name: 'business', v_client_prefix: 'BUS' },
  { v_uid: ROLE_IDS.wallet, v_name: 'wallet', v_client_prefix: 'WAL' },
];

/** What a person reads for a system role (its v_name is the spec's code); any other role reads as named. */
const SYSTEM_ROLE_LABELS: Record<SystemRole, string> = {
  super: 'Super administrador',
  techfar: 'Operador',
  business: 'Empresa',
  wallet: 'Monedero',
};
export const roleLabel = (name: string): string => SYSTEM_ROLE_LABELS[name as SystemRole] ?? name;

export const PERMISSION_NAMES = ['Ver', 'Agregar', 'Editar', 'Borrar', 'Desactivar', 'Desvincular'] as const;
export type PermissionName = (typeof PERMISSION_NAMES)[number];
export const PERMISSION_IDS: Record<PermissionName, string> = {
  Ver: '7a2d3b20-0000-4000-8000-000000000001',
  Agregar: '7a2d3b20-0000-4000-8000-000000000002',
  Editar: '7a2d3b20-0000-4000-8000-000000000003',
  Borrar: '7a2d3b20-0000-4000-8000-000000000004',
  Desactivar: '7a2d3b20-0000-4000-8000-000000000005',
  Desvincular: '7a2d3b20-0000-4000-8000-000000000006',
};
const ALL: PermissionName[] = [...PERMISSION_NAMES];

export interface MenuSeed {
  v_uid: string;
  v_name: string;
  v_url: string;
  v_client_prefix: ClientKind[];
  /** Permissions that make sense on this screen; a role may be granted any of them. */
  v_permissions: PermissionName[];
  /** A system role's default grant when it is not every permission of the entry. */
  v_defaults?: Partial<Record<SystemRole, PermissionName[]>>;
  v_icon: string;
  i_order: number;
}

const m = (n: number) => `8b3e4c30-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * Every route and order value of spec §2. Where §2 gives no order (admin Logs and Reports, business
 * Reports, Clarifications and Notifications, the wallet screens) the value fills the gap; see
 * docs/decisions/0003-menu.md. Ties keep this list's order.
 */
export const MENU_SEED: MenuSeed[] = [
  { v_uid: m(1), v_name: 'Dashboard', v_url: '/dashboard', v_client_prefix: ['FAR', 'BUS', 'WAL'], v_permissions: ['Ver'], v_icon: 'dashboard', i_order: 1 },
  { v_uid: m(2), v_name: 'Perfil', v_url: '/profile', v_client_prefix: ['FAR', 'BUS', 'WAL'], v_permissions: ['Ver', 'Editar'], v_icon: 'user', i_order: 2 },
  { v_uid: m(3), v_name: 'Cuentas Business', v_url: '/user/business', v_client_prefix: ['FAR'], v_permissions: ALL, v_icon: 'building', i_order: 3 },
  { v_uid: m(4), v_name: 'Usuarios Wallet', v_url: '/user/wallet', v_client_prefix: ['FAR'], v_permissions: ALL, v_icon: 'wallet', i_order: 4 },
  { v_uid: m(5), v_name: 'Usuarios administradores', v_url: '/user/techfar', v_client_prefix: ['FAR'], v_permissions: ALL, v_icon: 'users', i_order: 5 },
  {
    v_uid: m(6),
    v_name: 'Aclaraciones',
    v_url: '/clarification',
    v_client_prefix: ['FAR', 'BUS', 'WAL'],
    v_permissions: ['Ver', 'Agregar', 'Editar', 'Borrar'],
    v_icon: 'help-circle',
    i_order: 6,
  },
  { v_uid: m(7), v_name: 'Logs', v_url: '/log', v_client_prefix: ['FAR'], v_permissions: ['Ver'], v_icon: 'list-details', i_order: 7 },
  { v_uid: m(8), v_name: 'Reportes', v_url: '/report', v_client_prefix: ['FAR', 'BUS'], v_permissions: ['Ver'], v_icon: 'report', i_order: 8 },
  { v_uid: m(9), v_name: 'Administrador de contenido', v_url: '/cms', v_client_prefix: ['FAR'], v_permissions: ALL, v_icon: 'file-text', i_order: 9 },
  {
    v_uid: m(10),
    v_name: 'Notificaciones',
    v_url: '/notification',
    v_client_prefix: ['FAR', 'BUS', 'WAL'],
    v_permissions: ['Ver', 'Agregar', 'Editar'],
    v_icon: 'bell',
    i_order: 10,
  },
  { v_uid: m(11), v_name: 'Roles y permisos', v_url: '/roles-permissions', v_client_prefix: ['FAR'], v_permissions: ALL, v_icon: 'lock', i_order: 11 },
  { v_uid: m(12), v_name: 'Pre Stock', v_url: '/pre-stock-cards', v_client_prefix: ['FAR'], v_permissions: ALL, v_icon: 'credit-card', i_order: 12 },
  { v_uid: m(13), v_name: 'Alta de cuentas', v_url: '/account', v_client_prefix: ['BUS'], v_permissions: ALL, v_icon: 'building-bank', i_order: 2 },
  {
    v_uid: m(14),
    v_name: 'Historial de dispersiones',
    v_url: '/dispersal/history',
    v_client_prefix: ['BUS'],
    v_permissions: ['Ver'],
    v_icon: 'history',
    i_order: 3,
  },
  {
    v_uid: m(15),
    v_name: 'Transferencias y dispersiones',
    v_url: '/dispersal/transfer',
    v_client_prefix: ['BUS', 'WAL'],
    v_permissions: ['Ver', 'Agregar', 'Borrar'],
    v_icon: 'arrows-exchange',
    i_order: 4,
  },
  {
    v_uid: m(16),
    v_name: 'Dispersiones programadas',
    v_url: '/dispersal/program',
    v_client_prefix: ['BUS'],
    v_permissions: ['Ver', 'Agregar', 'Editar', 'Borrar'],
    v_icon: 'calendar-time',
    i_order: 5,
  },
  { v_uid: m(17), v_name: 'Saldos y movimientos', v_url: '/movement', v_client_prefix: ['BUS', 'WAL'], v_permissions: ['Ver'], v_icon: 'cash', i_order: 5 },
  { v_uid: m(18), v_name: 'Estado de cuenta', v_url: '/account/status', v_client_prefix: ['BUS'], v_permissions: ['Ver'], v_icon: 'file-invoice', i_order: 5 },
  {
    v_uid: m(19),
    v_name: 'Presupuestos',
    v_url: '/dispersal/budget',
    v_client_prefix: ['WAL'],
    v_permissions: ['Ver', 'Agregar', 'Editar', 'Borrar'],
    v_icon: 'pig-money',
    i_order: 6,
  },
  {
    // Issue 24 §5: staff read it; operators mark lines reviewed and run a day; crediting money is the super admin's (decision 0031).
    v_uid: m(21),
    v_name: 'Conciliación SPEI',
    v_url: '/spei-reconciliation',
    v_client_prefix: ['FAR'],
    v_permissions: ['Ver', 'Agregar', 'Editar'],
    v_defaults: { techfar: ['Ver', 'Editar'] },
    v_icon: 'scale',
    i_order: 8,
  },
  { v_uid: m(20), v_name: 'Ayuda', v_url: '/help', v_client_prefix: ['BUS'], v_permissions: ['Ver'], v_icon: 'lifebuoy', i_order: 999999 },
];

/**
 * What a client kind reads for an entry whose page it names differently (issue 26 §4): the wallet's
 * dashboard is «Mi resumen» and its transfers page «Transferencias». Applied only while the entry
 * keeps its seeded name, so a name staff gave an entry wins.
 */
export const MENU_LABELS_BY_KIND: Partial<Record<ClientKind, Record<string, string>>> = {
  WAL: { '/dashboard': 'Mi resumen', '/dispersal/transfer': 'Transferencias' },
};
export function menuLabel(kind: ClientKind, entry: { v_url: string; v_name: string }): string {
  const seeded = MENU_SEED.find((e) => e.v_url === entry.v_url)?.v_name;
  return (seeded === entry.v_name && MENU_LABELS_BY_KIND[kind]?.[entry.v_url]) || entry.v_name;
}

export const menuIdByUrl = (url: string): string => {
  const entry = MENU_SEED.find((e) => e.v_url === url);
  if (!entry) throw new Error(`No menu entry for ${url}`);
  return entry.v_uid;
};

/** Default grants of the system roles: every permission an entry offers, on the entries of its kind. */
export function defaultGrants(role: SystemRole): Array<{ v_uid_menu: string; v_permissions: string[] }> {
  const kind = SYSTEM_ROLES.find((r) => r.v_name === role)!.v_client_prefix;
  return MENU_SEED.filter((e) => e.v_client_prefix.includes(kind)).map((e) => ({
    v_uid_menu: e.v_uid,
    v_permissions: (e.v_defaults?.[role] ?? e.v_permissions).map((p) => PERMISSION_IDS[p]),
  }));
}
