import { CLARIFICATION_STATUSES, CLARIFICATION_STATUS_LABELS } from '@far/contracts';

export const STATUS_OPTIONS = CLARIFICATION_STATUSES.map((s) => ({ value: s, label: CLARIFICATION_STATUS_LABELS[s] }));

const span = (minutes: number) => {
  const m = Math.abs(minutes);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ${m % 60 ? `${m % 60} min` : ''}`.trim();
  return `${Math.floor(h / 24)} d ${h % 24} h`;
};

/** «Vence en 5 h 10 min» / «Vencida hace 2 h» of an open case; closed cases say how they ended. */
export function timeLeftText(c: { MinutesLeft: number; Overdue: boolean; Status: string }): string {
  if (c.Status === 'cerrado') return c.MinutesLeft >= 0 ? 'Cerrada a tiempo' : `Cerrada ${span(c.MinutesLeft)} tarde`;
  if (c.Status === 'eliminado') return 'Eliminada';
  return c.MinutesLeft >= 0 ? `Vence en ${span(c.MinutesLeft)}` : `Vencida hace ${span(c.MinutesLeft)}`;
}

export const FOLLOW_UP_TEXT: Record<string, string> = { comment: 'Comentario', status: 'Cambio de estatus', assign: 'Asignación', rating: 'Calificación' };
