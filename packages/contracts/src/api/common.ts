import { z } from 'zod';

/** The §5 words for the rules a schema did not word itself; undefined leaves zod's Spanish locale. */
const SPEC_WORDS: z.core.$ZodErrorMap = (issue) => {
  if (issue.input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union'))
    return 'Este campo es requerido';
  if (issue.code === 'too_big' && issue.origin === 'string') return `Debe contener máximo ${issue.maximum} caracteres`;
  if (issue.code === 'too_small' && issue.origin === 'string')
    return Number(issue.minimum) <= 1 ? 'Este campo es requerido' : `Debe contener mínimo ${issue.minimum} caracteres`;
  if (issue.code === 'too_big' && issue.origin === 'array') return `Debe contener máximo ${issue.maximum} elementos`;
  if (issue.code === 'invalid_format') {
    if (issue.format === 'email') return 'Correo electrónico no válido';
    if (issue.format === 'uuid') return 'Identificador no válido';
    if (issue.format === 'date' || issue.format === 'datetime') return 'Fecha no válida';
    if (issue.format === 'url') return 'URL no válida';
    // A pattern is an implementation detail; the caller needs to know the format was wrong.
    return 'Formato no válido';
  }
  return undefined;
};

// Zod speaks Spanish for its generic messages, in the §5 words where the spec gives them;
// rule-specific messages come from the validators.
z.config({ ...z.locales.es(), customError: SPEC_WORDS });

/**
 * A field's own message for a value that is there but wrong; a field left out still answers the §5
 * 'Este campo es requerido' (a schema's own message would otherwise win over SPEC_WORDS).
 */
export const unlessMissing = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'Este campo es requerido' : message),
});

/** Ids are version-4 UUIDs (§5); anything else is refused before any lookup. */
export const Uuid = z.uuidv4(unlessMissing('Identificador no válido'));
export const IdParam = z.object({ id: Uuid });

/**
 * Text no form can type and PostgreSQL cannot store: NUL, and UTF-16 halves without their pair
 * (JSON can carry "\u0000" and "\ud800"). The server refuses them in every body, query and path.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this refuses
export const FORBIDDEN_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const FORBIDDEN_TEXT_MESSAGE = 'El texto contiene caracteres no permitidos';
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
  errorCode: z.string(),
  message: z.string(),
  Message: z.string(),
  /** Spec §8 spelling, kept as the upstream writes it. */
  errorDescrpition: z.string(),
  errors: z.array(FieldErrorSchema).optional(),
});

/** Page/Size style (profiles, roles). */
export const PageQuery = z.object({
  Page: z.coerce.number().int().min(1).default(1),
  Size: z.coerce.number().int().min(1).max(100).default(10),
  Search: z.string().trim().max(100).optional(),
});
/**
 * The sort a list asks for: one of the list's whitelisted fields and a direction. Without SortBy
 * the list keeps its own order (newest first). The server adds v_uid as the last key, so pages
 * never repeat or skip a row when values tie.
 */
export const sortQuery = <const F extends readonly [string, ...string[]]>(fields: F) => ({
  SortBy: z.enum(fields, { message: 'Campo de orden no válido' }).optional(),
  SortDir: z.enum(['asc', 'desc'], { message: 'Dirección de orden no válida: asc o desc' }).default('asc'),
});
export type SortDir = 'asc' | 'desc';

/** What people, staff, business and wallet user lists sort by. */
export const USER_SORT_FIELDS = ['Name', 'Email', 'CreationDate'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
export const UserSort = sortQuery(USER_SORT_FIELDS);

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

/** Pages of a list: 0 when it has no records, as every list answers (docs/decisions/0018). */
export const pagesFor = (total: number, size: number) => Math.ceil(total / size);
