import { z } from 'zod';
import { DateField, RequiredText } from './fields';
import { AmountOut } from './money';

/**
 * Daily SPEI reconciliation (issue 24 §5, docs/decisions/0031): what the rail says against the
 * ledger, one line per difference.
 */
export const RECONCILIATION_KINDS = {
  falta_en_libro: 'Falta en el libro',
  falta_en_riel: 'Falta en el riel',
  monto: 'Monto distinto',
  estado: 'Estado distinto',
} as const;
export type ReconciliationKind = keyof typeof RECONCILIATION_KINDS;

export const RECONCILIATION_LINE_STATUS = { abierta: 'Pendiente', revisada: 'Revisada', abonada: 'Abonada' } as const;
export type ReconciliationLineStatus = keyof typeof RECONCILIATION_LINE_STATUS;

/** A state as both sides are compared: what the rail calls it and what the ledger's order status means. */
export const RECONCILIATION_STATES = { liquidada: 'Liquidada', devuelta: 'Devuelta', cancelada: 'Cancelada', en_proceso: 'En proceso' } as const;
export type ReconciliationState = keyof typeof RECONCILIATION_STATES;

export const ReconciliationDayQuery = z.object({
  Day: DateField,
  Status: z.enum(['abierta', 'revisada', 'abonada'], { message: 'Estatus no válido' }).optional(),
});

export const ReconciliationRunBody = z.object({ Day: DateField });

export const ReconciliationReviewBody = z.object({ Comment: RequiredText(500) });

export const ReconciliationRun = z.object({
  Day: z.string(),
  Rail: z.string(),
  RailName: z.string(),
  /** 'completa' or 'fallida' (the rail could not be asked; retried). */
  Status: z.enum(['completa', 'fallida']),
  StatusName: z.string(),
  Error: z.string().nullable(),
  RanAt: z.string(),
  /** Who asked for it; null: the daily job. */
  RanBy: z.string().nullable(),
  SentRail: z.number().int(),
  ReceivedRail: z.number().int(),
  SentLedger: z.number().int(),
  ReceivedLedger: z.number().int(),
  Lines: z.number().int(),
  Open: z.number().int(),
});
export type ReconciliationRun = z.infer<typeof ReconciliationRun>;

export const ReconciliationLine = z.object({
  Id: z.string(),
  Day: z.string(),
  /** 'E' sent by us, 'R' received. */
  Direction: z.enum(['E', 'R']),
  DirectionName: z.string(),
  Kind: z.enum(['falta_en_libro', 'falta_en_riel', 'monto', 'estado']),
  KindName: z.string(),
  TrackingKey: z.string(),
  RailAmount: AmountOut.nullable(),
  LedgerAmount: AmountOut.nullable(),
  RailState: z.string().nullable(),
  LedgerState: z.string().nullable(),
  /** The other party: the ordering account of an incoming order, the beneficiary of one we sent. */
  Counterparty: z.string().nullable(),
  Account: z.string().nullable(),
  Status: z.enum(['abierta', 'revisada', 'abonada']),
  StatusName: z.string(),
  Comment: z.string().nullable(),
  ResolvedBy: z.string().nullable(),
  ResolvedAt: z.string().nullable(),
  MovementId: z.string().nullable(),
  /** An incoming order the ledger lacks, still open: it may be credited. */
  CanCredit: z.boolean(),
});
export type ReconciliationLine = z.infer<typeof ReconciliationLine>;

export const ReconciliationDay = z.object({ Run: ReconciliationRun.nullable(), Lines: z.array(ReconciliationLine) });
export type ReconciliationDay = z.infer<typeof ReconciliationDay>;

/** Banxico's CEP of an order we sent (issue 24 §6): whether the proof offered is Banxico's or ours. */
export const CepState = z.object({
  Available: z.boolean(),
  /** «CEP de Banxico disponible», «CEP en espera de Banxico», «CEP no disponible». */
  StatusName: z.string(),
});
export type CepState = z.infer<typeof CepState>;
