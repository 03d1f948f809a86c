import { statusName, type StatusFilterName } from '@far/contracts';

/**
 * The two facts behind the status of a user or a business (decision 0005): active or not, blocked
 * or not. The screens offer only the actions that change something.
 */
export type LifecycleAction = 'activar' | 'desactivar' | 'bloquear' | 'desbloquear';

export interface LifecycleText {
  /** Button text: 'Activar'. */
  verb: string;
  /** Past tense for the notice: 'Se activó…' / 'Se activaron…'. */
  one: string;
  many: string;
  danger: boolean;
}

export const LIFECYCLE_TEXT: Record<LifecycleAction | 'borrar', LifecycleText> = {
  activar: { verb: 'Activar', one: 'activó', many: 'activaron', danger: false },
  desactivar: { verb: 'Desactivar', one: 'desactivó', many: 'desactivaron', danger: true },
  bloquear: { verb: 'Bloquear', one: 'bloqueó', many: 'bloquearon', danger: true },
  desbloquear: { verb: 'Desbloquear', one: 'desbloqueó', many: 'desbloquearon', danger: false },
  borrar: { verb: 'Borrar', one: 'borró', many: 'borraron', danger: true },
};

/** The filter choices of the user and business lists (the server groups catalogue statuses). */
export const STATUS_FILTER_OPTIONS: Array<{ value: StatusFilterName; label: string }> = [
  { value: 'activo', label: 'Activos' },
  { value: 'inactivo', label: 'Inactivos' },
  { value: 'bloqueado', label: 'Bloqueados' },
  { value: 'pendiente', label: 'Pendientes' },
];

export interface LifecycleState {
  name: string;
  active: boolean;
  blocked: boolean;
  pending: boolean;
  deleted: boolean;
}

/** Reads a status given by catalogue name or uuid ('activo-bloqueado' → active and blocked). */
export function lifecycleOf(status: { Name?: string | null; Id?: string | null; IsBlocked?: boolean } | string | null | undefined): LifecycleState {
  const raw = typeof status === 'string' ? status : (status?.Name ?? status?.Id ?? '');
  const name = statusName(raw) ?? raw;
  const blockedFlag = typeof status === 'object' && status !== null ? status.IsBlocked : undefined;
  return {
    name,
    active: name === 'activo' || name.startsWith('activo-'),
    blocked: blockedFlag ?? name.endsWith('-bloqueado'),
    pending: name === 'pendiente',
    deleted: name === 'eliminado',
  };
}

/** The actions that would change this status, in the order the screens show them. */
export function availableActions(state: LifecycleState): LifecycleAction[] {
  if (state.deleted) return [];
  const out: LifecycleAction[] = [];
  out.push(state.active ? 'desactivar' : 'activar');
  out.push(state.blocked ? 'desbloquear' : 'bloquear');
  return out;
}

/** '1 usuario' / '3 usuarios'. */
export const countOf = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
