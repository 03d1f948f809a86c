import { z } from 'zod';

// Zod speaks Spanish for its generic messages; rule-specific messages come from the validators.
z.config(z.locales.es());

export const Uuid = z.string().uuid({ message: 'Identificador no válido' });
export const EmailField = z
  .string({ message: 'Este campo es requerido' })
  .trim()
  .min(1, 'Este campo es requerido')
  .max(254, 'Debe contener máximo 254 caracteres')
  .email({ message: 'Correo electrónico no válido' })
  .refine((v) => (v.split('@')[0] ?? '').length <= 64, 'Correo electrónico no válido')
  .transform((v) => v.toLowerCase());

export const FieldErrorSchema = z.object({ field: z.string(), key: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** The outer shape of every answer (docs/api.md). */
export const answer = <T extends z.ZodTypeAny>(data: T) =>
  z.object({
    success: z.boolean(),
    IsSuccess: z.boolean(),
    data,
    status: z.object({ code: z.number(), message: z.string() }),
    replay: z.boolean().optional(),
  });

export const ErrorAnswer = z.object({
  success: z.literal(false),
  IsSuccess: z.literal(false),
  data: z.unknown().nullable(),
  status: z.object({ code: z.number(), message: z.string() }),
  ErrorCode: z.string(),
  message: z.string(),
  errors: z.array(FieldErrorSchema).optional(),
});

/** Page/Size style (profiles, roles). */
export const PageQuery = z.object({
  Page: z.coerce.number().int().min(1).default(1),
  Size: z.coerce.number().int().min(1).max(100).default(10),
  Search: z.string().trim().max(100).optional(),
});
export const pageOf = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ Records: z.array(item), Page: z.number(), Size: z.number(), TotalPages: z.number(), TotalRecords: z.number() });

/** page/perPage style (logs, notifications, outbox). */
export const PerPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(100).optional(),
});
export const perPageOf = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), page: z.number(), perPage: z.number(), pages: z.number(), total: z.number() });

export const pagesFor = (total: number, size: number) => Math.max(1, Math.ceil(total / size));
