/**
 * Reports (/report, /api/v1/reports): the kinds each client kind may ask for, their status
 * filters, the request, the figures behind the charts and scheduled reports (docs/decisions/0016).
 */
import { z } from 'zod';
import { CLARIFICATION_STATUSES, CLARIFICATION_STATUS_LABELS } from './clarifications';
import { CARD_STATUS_NAMES } from './cards';
import { Uuid } from './common';
import { DISPERSION_STATUS_NAMES } from './dispersions';
import { DateField, optional } from './fields';
import { MOVEMENT_STATUS_NAMES } from './movements';

export interface ReportStatusOption {
  Key: string;
  Label: string;
}

export interface ReportKindInfo {
  Key: string;
  Label: string;
  /** Staff only (users, businesses, commissions). */
  StaffOnly: boolean;
  Statuses: ReportStatusOption[];
}

/** Numbered statuses: the number is the key, its Spanish name the label. */
const numbered = (names: Readonly<Record<number, string>>, codes: number[] = Object.keys(names).map(Number)): ReportStatusOption[] =>
  codes.map((c) => ({ Key: String(c), Label: names[c] ?? String(c) }));
const movementStatuses = (codes: number[]) => numbered(MOVEMENT_STATUS_NAMES, codes);
const USER_STATUSES: ReportStatusOption[] = [
  { Key: 'activo', Label: 'Activo' },
  { Key: 'inactivo', Label: 'Inactivo' },
  { Key: 'desactivado', Label: 'Desactivado' },
  { Key: 'activo-bloqueado', Label: 'Bloqueado' },
  { Key: 'pendiente', Label: 'Pendiente' },
];

/** Every kind the server knows; a new kind adds one entry here and one in the server's registry. */
export const REPORT_KINDS = [
  { Key: 'movements', Label: 'Movimientos', StaffOnly: false, Statuses: movementStatuses([0, 1, 2, 3, 4, 5]) },
  { Key: 'spei-orders', Label: 'Órdenes SPEI enviadas, devueltas y rechazadas', StaffOnly: false, Statuses: movementStatuses([1, 2, 3, 4]) },
  { Key: 'dispersions', Label: 'Dispersiones y sus filas', StaffOnly: false, Statuses: numbered(DISPERSION_STATUS_NAMES) },
  { Key: 'cards', Label: 'Tarjetas por estatus', StaffOnly: false, Statuses: numbered(CARD_STATUS_NAMES) },
  {
    Key: 'clarifications',
    Label: 'Aclaraciones',
    StaffOnly: false,
    Statuses: CLARIFICATION_STATUSES.map((s) => ({ Key: s, Label: CLARIFICATION_STATUS_LABELS[s] })),
  },
  { Key: 'users', Label: 'Usuarios', StaffOnly: true, Statuses: USER_STATUSES },
  { Key: 'businesses', Label: 'Empresas', StaffOnly: true, Statuses: USER_STATUSES },
  { Key: 'commissions', Label: 'Comisiones e IVA por empresa y mes', StaffOnly: true, Statuses: [] },
] as const satisfies readonly ReportKindInfo[];
export type ReportKey = (typeof REPORT_KINDS)[number]['Key'];
export const REPORT_KEYS = REPORT_KINDS.map((k) => k.Key) as [ReportKey, ...ReportKey[]];
export const reportKind = (key: string): ReportKindInfo | undefined => REPORT_KINDS.find((k) => k.Key === key);

/** A report file's name in Spanish, with its days as dd-mm-aaaa (a file name cannot hold '/'). */
const REPORT_FILE_NAMES: Record<ReportKey, string> = {
  movements: 'movimientos',
  'spei-orders': 'ordenes-spei',
  dispersions: 'dispersiones',
  cards: 'tarjetas',
  clarifications: 'aclaraciones',
  users: 'usuarios',
  businesses: 'empresas',
  commissions: 'comisiones',
};
const fileDay = (day: string) => day.split('-').reverse().join('-');
export const reportFileName = (key: ReportKey, days: { from: string; to: string } | null): string =>
  `reporte-${REPORT_FILE_NAMES[key]}${days ? `-${fileDay(days.from)}-a-${fileDay(days.to)}` : ''}`;

export const REPORT_MESSAGES = {
  unknownKind: 'Tipo de reporte no válido',
  staffOnly: 'Este reporte es solo para el personal FAR',
  status: 'Estatus no válido',
  range: 'La fecha inicial debe ser anterior o igual a la final',
} as const;

const ReportFilterFields = z.object({
  Kind: z.enum(REPORT_KEYS, { message: REPORT_MESSAGES.unknownKind }),
  /** Mexico City calendar days, both included; without them, the current month. */
  From: optional(DateField),
  To: optional(DateField),
  /** Staff: one business; a business always gets its own. */
  BusinessId: optional(Uuid),
  Status: optional(z.string().trim().max(30)),
});

const statusOfKind = (b: { Kind: string; Status?: string }) => !b.Status || (reportKind(b.Kind)?.Statuses ?? []).some((s) => s.Key === b.Status);

export const ReportQueryBody = ReportFilterFields.refine((b) => !b.From || !b.To || b.From <= b.To, { message: REPORT_MESSAGES.range, path: ['To'] }).refine(
  statusOfKind,
  { message: REPORT_MESSAGES.status, path: ['Status'] },
);
export type ReportQueryInput = z.infer<typeof ReportQueryBody>;

export const REPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ReportFormat = z.enum(REPORT_FORMATS, { message: 'Formato no válido' });
export const ReportDownloadBody = ReportFilterFields.extend({ Format: ReportFormat })
  .refine((b) => !b.From || !b.To || b.From <= b.To, { message: REPORT_MESSAGES.range, path: ['To'] })
  .refine(statusOfKind, { message: REPORT_MESSAGES.status, path: ['Status'] });

export const ReportKindOut = z.object({
  Key: z.string(),
  Label: z.string(),
  StaffOnly: z.boolean(),
  Statuses: z.array(z.object({ Key: z.string(), Label: z.string() })),
});

/** The period's figures: a few totals, and one chart's points (money as "1234.50"). */
export const ReportSummary = z.object({
  From: z.string(),
  To: z.string(),
  Totals: z.array(z.object({ Label: z.string(), Value: z.string(), Money: z.boolean() })),
  Chart: z.object({
    Type: z.enum(['line', 'bar']),
    Keys: z.array(z.object({ Key: z.string(), Label: z.string(), Money: z.boolean() })),
    Points: z.array(z.object({ Label: z.string(), Values: z.record(z.string(), z.string()) })),
  }),
});
export type ReportSummaryOut = z.infer<typeof ReportSummary>;

export const REPORT_FREQUENCIES = ['daily', 'monthly'] as const;
export const REPORT_FREQUENCY_LABELS: Record<(typeof REPORT_FREQUENCIES)[number], string> = {
  daily: 'Diario (el día anterior)',
  monthly: 'Mensual (el mes anterior)',
};

export const ReportScheduleBody = z
  .object({
    Kind: z.enum(REPORT_KEYS, { message: REPORT_MESSAGES.unknownKind }),
    Format: ReportFormat,
    Frequency: z.enum(REPORT_FREQUENCIES, { message: 'Frecuencia no válida' }),
    BusinessId: optional(Uuid),
    Status: optional(z.string().trim().max(30)),
  })
  .refine(statusOfKind, { message: REPORT_MESSAGES.status, path: ['Status'] });

export const ReportSchedule = z.object({
  Id: z.string(),
  Kind: z.string(),
  KindLabel: z.string(),
  Format: ReportFormat,
  Frequency: z.enum(REPORT_FREQUENCIES),
  BusinessId: z.string().nullable(),
  Status: z.string().nullable(),
  Email: z.string(),
  NextRunAt: z.string(),
  LastRunAt: z.string().nullable(),
  CreatedAt: z.string(),
});
export type ReportScheduleOut = z.infer<typeof ReportSchedule>;
