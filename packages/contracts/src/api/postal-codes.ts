/** Postal codes (SEPOMEX): lookup for address forms and the staff import of CPdescarga.txt. */
import { z } from 'zod';

export const PostalColony = z.object({ Id: z.string(), Name: z.string(), SettlementType: z.string(), Zone: z.string().nullable() });
export const PostalCodeInfo = z.object({
  PostalCode: z.string(),
  Municipality: z.string(),
  City: z.string().nullable(),
  State: z.string(),
  Colonies: z.array(PostalColony),
});
export type PostalCodeInfo = z.infer<typeof PostalCodeInfo>;

export const IMPORT_STATUSES = ['pendiente', 'en-proceso', 'finalizado', 'no-finalizado'] as const;
export const PostalImportJob = z.object({
  Id: z.string(),
  FileName: z.string(),
  Status: z.enum(IMPORT_STATUSES),
  Processed: z.number().int(),
  Total: z.number().int(),
  Error: z.string().nullable(),
  CreatedAt: z.string(),
  StartedAt: z.string().nullable(),
  FinishedAt: z.string().nullable(),
});
export type PostalImportJob = z.infer<typeof PostalImportJob>;
/** The official file is about 15 MB; a little room above it. */
export const POSTAL_IMPORT_MAX_MB = 40;
