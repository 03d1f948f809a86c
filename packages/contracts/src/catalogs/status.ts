/**
 * Status catalogue of spec §4, plus 'rechazado' for documents refused by staff. The ids are fixed so
 * that seeds, server rules and screens compare the same uuid without a lookup.
 */
import { fixedUid } from './uid';

/** Name → [position, label]. The position gives the uuid's last digits: never renumber, only append. */
const STATUSES = {
  activo: [1, 'Activo'],
  inactivo: [2, 'Inactivo'],
  desactivado: [3, 'Desactivado'],
  'activo-bloqueado': [4, 'Activo bloqueado'],
  'activo-desbloqueado': [5, 'Activo desbloqueado'],
  'inactivo-bloqueado': [6, 'Inactivo bloqueado'],
  'inactivo-desbloqueado': [7, 'Inactivo desbloqueado'],
  pendiente: [8, 'Pendiente'],
  finalizado: [9, 'Finalizado'],
  'no-finalizado': [10, 'No finalizado'],
  leido: [11, 'Leído'],
  'no-leido': [12, 'No leído'],
  'en-proceso': [13, 'En proceso'],
  'por-abrir': [14, 'Por abrir'],
  cerrado: [15, 'Cerrado'],
  escalada: [16, 'Escalada'],
  eliminado: [17, 'Eliminado'],
  rechazado: [18, 'Rechazado'],
} as const satisfies Record<string, readonly [number, string]>;

export type StatusName = keyof typeof STATUSES;

export const STATUS_NAMES = Object.keys(STATUSES) as StatusName[];

const statusUid = (position: number): string => fixedUid('5d0e1f40', position);

export const STATUS_IDS = Object.freeze(Object.fromEntries(STATUS_NAMES.map((name) => [name, statusUid(STATUSES[name][0])])) as Record<StatusName, string>);

export interface StatusEntry {
  v_uid: string;
  v_name: StatusName;
  label: string;
}

export const STATUS_CATALOG: ReadonlyArray<StatusEntry> = STATUS_NAMES.map((name) => ({
  v_uid: STATUS_IDS[name],
  v_name: name,
  label: STATUSES[name][1],
}));

const byUid = new Map(STATUS_CATALOG.map((entry) => [entry.v_uid.toLowerCase(), entry]));

/** The status name of a uuid, or undefined when the uuid is not a status. */
export function statusName(uid: string): StatusName | undefined {
  return byUid.get(uid.toLowerCase())?.v_name;
}

/** The Spanish label of a status given by uuid or name ('activo-bloqueado' → 'Activo bloqueado'). */
export function statusLabel(uidOrName: string): string | undefined {
  if (isStatusName(uidOrName)) return STATUSES[uidOrName][1];
  return byUid.get(uidOrName.toLowerCase())?.label;
}

export function isStatusName(value: unknown): value is StatusName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(STATUSES, value);
}
