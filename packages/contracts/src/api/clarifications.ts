/**
 * Clarifications (support cases, /api/v1/clarifications): the §3 record, its statuses and allowed
 * transitions, the SLA of every type, follow-ups and the rating (docs/decisions/0016).
 */
import { z } from 'zod';
import { TYPES_CLARIFICATIONS } from '../catalogs';
import { STATUS_IDS, type StatusName } from '../catalogs/status';
import { Uuid, pageOf } from './common';
import { DateField, REQUIRED, optional } from './fields';

export const CLARIFICATION_LIMITS = { comment: 1000, rating: 500, tracking: 40 } as const;

export const CLARIFICATION_MESSAGES = {
  unknownType: 'Tipo de aclaración no válido',
  rating: 'La calificación debe ser un número entero del 0 al 5',
  notFound: 'Aclaración no encontrada',
  closedFollowUp: 'La aclaración está cerrada: ya no admite seguimientos',
  transition: (from: string, to: string) => `No se puede pasar una aclaración de «${from}» a «${to}»`,
  staffOnly: 'Solo el personal FAR cambia el estatus de una aclaración',
  openerOnly: 'Solo quien abrió la aclaración puede calificarla',
  rateClosedOnly: 'Solo se puede calificar una aclaración cerrada',
  alreadyRated: 'La aclaración ya fue calificada',
  deleteOpenOnly: 'Solo puedes eliminar una aclaración que aún no se atiende',
  trackingUnknown: 'La clave de rastreo no corresponde a ninguno de tus movimientos',
  nothingToChange: 'Indica qué cambiar',
  assignStaffOnly: 'Solo el personal FAR puede tomar una aclaración',
  attachmentAccept: 'Archivo no válido, solo se aceptan archivos .pdf, .jpg, .jpeg, .png',
} as const;

/** The statuses a case goes through (§4 catalogue names). */
export const CLARIFICATION_STATUSES = ['por-abrir', 'en-proceso', 'escalada', 'cerrado', 'eliminado'] as const satisfies readonly StatusName[];
export type ClarificationStatus = (typeof CLARIFICATION_STATUSES)[number];

export const CLARIFICATION_STATUS_LABELS: Record<ClarificationStatus, string> = {
  'por-abrir': 'Por abrir',
  'en-proceso': 'En proceso',
  escalada: 'Escalada',
  cerrado: 'Cerrado',
  eliminado: 'Eliminado',
};

/**
 * Forward moves only (staff). 'eliminado' is the delete: staff from any open status, the opener
 * only while 'por-abrir'. Closed and deleted cases never move again.
 */
export const CLARIFICATION_TRANSITIONS: Record<ClarificationStatus, readonly ClarificationStatus[]> = {
  'por-abrir': ['en-proceso', 'escalada', 'cerrado', 'eliminado'],
  'en-proceso': ['escalada', 'cerrado', 'eliminado'],
  escalada: ['cerrado', 'eliminado'],
  cerrado: [],
  eliminado: [],
};

export const canMoveClarification = (from: ClarificationStatus, to: ClarificationStatus) => CLARIFICATION_TRANSITIONS[from].includes(to);

/** Statuses on which the case still runs against its SLA. */
export const OPEN_CLARIFICATION_STATUSES: readonly ClarificationStatus[] = ['por-abrir', 'en-proceso', 'escalada'];

export const clarificationStatusId = (s: ClarificationStatus) => STATUS_IDS[s];
export const clarificationStatusOf = (uid: string): ClarificationStatus | undefined => CLARIFICATION_STATUSES.find((s) => STATUS_IDS[s] === uid.toLowerCase());

/** Target time per type, in hours from opening (catalogue order: the type names of types-clarifications). */
const SLA_BY_NAME: Record<string, number> = {
  'Cargo no reconocido': 72,
  'Transferencia no recibida': 48,
  'Saldo incorrecto': 72,
  'Tarjeta bloqueada': 24,
  Otro: 120,
};

export interface ClarificationTypeInfo {
  Id: string;
  Value: string;
  SlaHours: number;
}

export const CLARIFICATION_TYPES: readonly ClarificationTypeInfo[] = TYPES_CLARIFICATIONS.map((t) => ({
  Id: t.v_uid,
  Value: t.v_name,
  SlaHours: SLA_BY_NAME[t.v_name] ?? 120,
}));
export const clarificationType = (uid: string) => CLARIFICATION_TYPES.find((t) => t.Id === uid.toLowerCase());

const Comment = z
  .string({ message: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(CLARIFICATION_LIMITS.comment, `Debe contener máximo ${CLARIFICATION_LIMITS.comment} caracteres`);
const TypeId = Uuid.refine((v) => !!clarificationType(v), CLARIFICATION_MESSAGES.unknownType);
const StatusField = z.enum(CLARIFICATION_STATUSES, { message: 'Estatus no válido' });
/** A SPEI tracking key: letters and digits, up to 40 (claveRastreo is up to 30; returns add a prefix). */
const TrackingKey = z
  .string()
  .trim()
  .max(CLARIFICATION_LIMITS.tracking, `Debe contener máximo ${CLARIFICATION_LIMITS.tracking} caracteres`)
  .regex(/^[A-Za-z0-9]+$/, 'La clave de rastreo solo admite letras y números');

export const ClarificationAddBody = z.object({
  v_uid_type_clarification: TypeId,
  t_comment: Comment,
  v_key_tracing: optional(TrackingKey),
});

export const ClarificationUpdateBody = z.object({
  /** A status name of CLARIFICATION_STATUSES or its catalogue uuid; 'eliminado' is the delete. */
  v_uid_status: optional(
    z
      .string()
      .trim()
      .transform((v, ctx) =>
        (CLARIFICATION_STATUSES as readonly string[]).includes(v)
          ? (v as ClarificationStatus)
          : (clarificationStatusOf(v) ?? (ctx.addIssue({ code: 'custom', message: 'Estatus no válido' }), z.NEVER)),
      ),
  ),
  /** A note kept in the timeline with the status change (the closing answer, the reason to escalate). */
  t_note: optional(Comment),
  AssignToMe: z.boolean().optional(),
  v_uid_type_clarification: optional(TypeId),
  n_calification: z
    .number({ message: CLARIFICATION_MESSAGES.rating })
    .int(CLARIFICATION_MESSAGES.rating)
    .min(0, CLARIFICATION_MESSAGES.rating)
    .max(5, CLARIFICATION_MESSAGES.rating)
    .optional(),
  t_calification: optional(z.string().trim().max(CLARIFICATION_LIMITS.rating, `Debe contener máximo ${CLARIFICATION_LIMITS.rating} caracteres`)),
});

export const ClarificationListBody = z.object({
  Page: z.coerce.number().int().min(1).default(1),
  Size: z.coerce.number().int().min(1).max(100).default(10),
  /** The search's matcher (decision 0034): folio, tracking key or client number by its start; words of the comment. */
  Search: optional(z.string().trim().max(100)),
  Status: optional(StatusField),
  TypeId: optional(TypeId),
  /** Staff: one client (v_client, e.g. BUS000001). */
  Client: optional(z.string().trim().max(20)),
  From: optional(DateField),
  To: optional(DateField),
  Overdue: z.boolean().optional(),
  /** Staff: only the cases assigned to me. */
  Mine: z.boolean().optional(),
});
export type ClarificationListInput = z.infer<typeof ClarificationListBody>;

export const ClarificationUidParams = z.object({ uid: Uuid });

export const ClarificationFollowUpBody = z.object({
  v_uid_clarification: Uuid,
  t_comment: Comment,
  /** The spec names it; the server writes the signed-in person's name whatever is sent. */
  v_fullname_operator: optional(z.string().max(150)),
});

export const ClarificationTypeOut = z.object({ Id: z.string(), Value: z.string(), SlaHours: z.number().int() });

export const Clarification = z.object({
  v_uid: z.string(),
  v_num_sheet: z.string(),
  v_key_tracing: z.string().nullable(),
  v_uid_movement: z.string().nullable(),
  v_uid_type_clarification: z.string(),
  TypeName: z.string(),
  v_uid_user: z.string(),
  OpenedBy: z.string(),
  v_client: z.string(),
  ClientName: z.string().nullable(),
  t_comment: z.string(),
  v_uid_status: z.string(),
  Status: StatusField,
  StatusName: z.string(),
  v_uid_assignee: z.string().nullable(),
  AssigneeName: z.string().nullable(),
  n_calification: z.number().int().nullable(),
  t_calification: z.string().nullable(),
  d_create_at: z.string(),
  d_update_at: z.string(),
  d_closed_at: z.string().nullable(),
  /** The SLA's target time; MinutesLeft is negative once it passed; Overdue only while open. */
  d_due_at: z.string(),
  SlaHours: z.number().int(),
  MinutesLeft: z.number().int(),
  Overdue: z.boolean(),
});
export type ClarificationOut = z.infer<typeof Clarification>;
export const ClarificationPage = pageOf(Clarification);

export const ClarificationFollowUp = z.object({
  v_uid: z.string(),
  v_uid_clarification: z.string(),
  /** comment, status (a status change), assign (staff took the case), rating. */
  Kind: z.enum(['comment', 'status', 'assign', 'rating']),
  v_fullname_operator: z.string(),
  FromStaff: z.boolean(),
  t_comment: z.string().nullable(),
  FromStatus: z.string().nullable(),
  ToStatus: z.string().nullable(),
  Attachment: z.object({ Id: z.string(), Name: z.string(), Size: z.number().int() }).nullable(),
  d_create_at: z.string(),
});
export type ClarificationFollowUpOut = z.infer<typeof ClarificationFollowUp>;
