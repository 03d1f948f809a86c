import { z } from 'zod';

/** The SPEI rail's state, for staff on the dashboard (docs/decisions/0026-stp-rail.md). Dates are already es-MX text. */
export const SpeiRailState = z.object({
  /** 'sandbox' or 'stp'. */
  Rail: z.string(),
  RailName: z.string(),
  /** «Disponible», «Sin respuesta» or «Sin actividad». */
  StateName: z.string(),
  Available: z.boolean(),
  LastOk: z.string().nullable(),
  LastFailure: z.string().nullable(),
  LastError: z.string().nullable(),
  /** Orders waiting to be sent, and orders whose fate STP has not confirmed yet. */
  Queued: z.number().int(),
  Unconfirmed: z.number().int(),
  OldestWaiting: z.string().nullable(),
  AccountsPending: z.number().int(),
});
export type SpeiRailState = z.infer<typeof SpeiRailState>;

/** Whether a CLABE this provider issued is registered at the rail. */
export const ClabeRegistration = z.object({
  Clabe: z.string(),
  Rail: z.string(),
  Registered: z.boolean(),
  /** «Registrada en STP», «Registro en STP pendiente», «Dada de baja en STP», «No requiere registro (riel sandbox)». */
  StatusName: z.string(),
  RegisteredAt: z.string().nullable(),
  LastError: z.string().nullable(),
});
export type ClabeRegistration = z.infer<typeof ClabeRegistration>;
