import { z } from 'zod';

/**
 * The one search of the portal (issue 27, docs/decisions/0034-search.md): what it finds, in the
 * order its groups are shown, and each group's Spanish name.
 */
export const SEARCH_KINDS = ['business', 'staff', 'businessUser', 'walletUser', 'cardholder', 'card', 'movement', 'dispersion', 'clarification'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  business: 'Empresas',
  staff: 'Usuarios administradores',
  businessUser: 'Usuarios de empresa',
  walletUser: 'Usuarios Wallet',
  cardholder: 'Tarjetahabientes',
  card: 'Tarjetas',
  movement: 'Movimientos y órdenes SPEI',
  dispersion: 'Dispersiones',
  clarification: 'Aclaraciones',
};
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
/** Results per group: the header box shows a few of each kind; the kind's own list pages the rest. */
export const SEARCH_DEFAULT_LIMIT = 5;

export const SearchQuery = z.object({
  q: z
    .string({ message: 'Escribe qué buscar' })
    .trim()
    .min(SEARCH_MIN_LENGTH, `Escribe al menos ${SEARCH_MIN_LENGTH} caracteres para buscar`)
    .max(SEARCH_MAX_LENGTH, `La búsqueda admite máximo ${SEARCH_MAX_LENGTH} caracteres`),
  /** Comma-separated kinds to look in; all the caller may see when omitted. */
  kinds: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const kinds = [...new Set(v.split(',').map((k) => k.trim()))];
      const unknown = kinds.filter((k) => !(SEARCH_KINDS as readonly string[]).includes(k));
      if (unknown.length) ctx.addIssue({ code: 'custom', message: `Tipo de búsqueda no válido: ${unknown.join(', ')}` });
      return kinds as SearchKind[];
    }),
  limit: z.coerce.number().int().min(1).max(20).default(SEARCH_DEFAULT_LIMIT),
});

export const SearchHit = z.object({
  Id: z.string(),
  Title: z.string(),
  Subtitle: z.string(),
  /** The web route of the screen that shows it. */
  Link: z.string(),
  /** Movements: the amount in cents, for the money formatter. */
  AmountCents: z.number().int().nullable(),
  Date: z.string().nullable(),
});
export type SearchHit = z.infer<typeof SearchHit>;

export const SearchGroup = z.object({ Kind: z.enum(SEARCH_KINDS), Label: z.string(), Results: z.array(SearchHit) });
export type SearchGroup = z.infer<typeof SearchGroup>;

export const SearchAnswer = z.object({
  Query: z.string(),
  Groups: z.array(SearchGroup),
  /** What the database lacks and the search does without (e.g. unaccent), in Spanish; empty normally. */
  Fallbacks: z.array(z.string()),
});
export type SearchAnswer = z.infer<typeof SearchAnswer>;
