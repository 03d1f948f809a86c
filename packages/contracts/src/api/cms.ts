/** Content administrator (issue 13): content types, contents, files, versions, help and legal acceptance. */
import { z } from 'zod';
import { CMS_SECTIONS } from '../catalogs';
import { MENU_SEED, type ClientKind } from '../catalogs/rbac';
import { fixedUid } from '../catalogs/uid';
import { Uuid } from './common';

/** The two cms-sections of spec §3, by name; the ids are the catalogue's. */
export const CMS_SECTION_NAMES = ['business', 'wallet'] as const;
export type CmsSection = (typeof CMS_SECTION_NAMES)[number];
export const CMS_SECTION_IDS: Readonly<Record<CmsSection, string>> = {
  business: CMS_SECTIONS[0]!.v_uid,
  wallet: CMS_SECTIONS[1]!.v_uid,
};
export const CMS_SECTION_LABELS: Readonly<Record<CmsSection, string>> = { business: 'Business', wallet: 'Wallet' };

/**
 * The screens a help link may open for the readers of a section, by route, with the title the link
 * shows: the side menu of the section's kind, plus the wallet's landing page and its help (neither
 * is a menu entry, decision 0003 and 0012).
 */
const SECTION_KINDS: Readonly<Record<CmsSection, ClientKind>> = { business: 'BUS', wallet: 'WAL' };
const EXTRA_SCREENS: Readonly<Record<CmsSection, ReadonlyArray<[string, string]>>> = {
  business: [],
  wallet: [
    ['/dashboard', 'Mi resumen'],
    ['/help', 'Ayuda'],
  ],
};
export function helpScreens(section: CmsSection): ReadonlyMap<string, string> {
  return new Map([
    ...MENU_SEED.filter((e) => e.v_client_prefix.includes(SECTION_KINDS[section])).map((e): [string, string] => [e.v_url, e.v_name]),
    ...EXTRA_SCREENS[section],
  ]);
}
/** The title of the screen a help link opens (its query string aside), or null if it is none of the section's. */
export const helpLinkTitle = (section: CmsSection, link: string): string | null => helpScreens(section).get(link.split(/[?#]/)[0] ?? '') ?? null;
export const HELP_LINK_MESSAGE = 'El enlace debe ser una pantalla de la sección (p. ej. /movement)';

/** Publication states of a content item (the status catalogue has none of these). */
export const CMS_STATUS_NAMES = ['borrador', 'publicado', 'despublicado'] as const;
export type CmsStatus = (typeof CMS_STATUS_NAMES)[number];
export const CMS_STATUS_IDS: Readonly<Record<CmsStatus, string>> = {
  borrador: fixedUid('7e2fd160', 1),
  publicado: fixedUid('7e2fd160', 2),
  despublicado: fixedUid('7e2fd160', 3),
};
export const CMS_STATUS_LABELS: Readonly<Record<CmsStatus, string>> = { borrador: 'Borrador', publicado: 'Publicado', despublicado: 'No publicado' };

const Section = z.enum(CMS_SECTION_NAMES, { message: 'Sección no válida' });
const Status = z.enum(CMS_STATUS_NAMES, { message: 'Estado no válido' });
/** A catalogue value given by name or by its §3 uid (`v_uid_section`, `v_uid_status`); read as the name. */
const byNameOrUid = <N extends string>(names: readonly [N, ...N[]], ids: Readonly<Record<N, string>>, message: string) =>
  z
    .string({ message })
    .trim()
    .transform((v, ctx): N => {
      const name = names.find((n) => n === v || ids[n] === v.toLowerCase());
      if (name !== undefined) return name;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });
const SectionRef = byNameOrUid(CMS_SECTION_NAMES, CMS_SECTION_IDS, 'Sección no válida');
const StatusRef = byNameOrUid(CMS_STATUS_NAMES, CMS_STATUS_IDS, 'Estado no válido');
const Name = z
  .string({ message: 'Este campo es requerido' })
  .trim()
  .min(2, 'Debe contener mínimo 2 caracteres')
  .max(120, 'Debe contener máximo 120 caracteres');

/**
 * Bodies take the §3 names (`v_name`, `t_json`, …). The names the first clients sent (`Name`,
 * `Value`, …) are still read, so an old client keeps working; a §3 name wins when both come.
 */
const withOldNames = <S extends z.ZodTypeAny>(names: Readonly<Record<string, string>>, schema: S) =>
  z.preprocess((input) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
    const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
    for (const [old, spec] of Object.entries(names)) {
      if (old in out && !(spec in out)) out[spec] = out[old];
      delete out[old];
    }
    return out;
  }, schema);

/** The generic item's dates (spec §3: created, updated). */
const RecordDates = { d_create_at: z.string(), d_update_at: z.string() };

// ---- Content types ---------------------------------------------------------------------------------

/** The definition (t_json) travels as JSON text or as an object; the server checks it either way. */
export const ContentTypeBody = withOldNames(
  { Name: 'v_name', Section: 'v_uid_section', Definition: 't_json' },
  z.object({
    v_name: Name,
    v_uid_section: SectionRef.default('business'),
    t_json: z.unknown(),
  }),
);
export type ContentTypeBody = z.input<typeof ContentTypeBody>;
export type ContentTypeInput = z.output<typeof ContentTypeBody>;

/** A content type as §3 names it (v_name, t_json, v_uid_section), with the section's name and its live contents. */
export const ContentTypeItem = z.object({
  v_uid: z.string(),
  v_name: z.string(),
  v_system_name: z.string().nullable(),
  v_uid_section: z.string(),
  Section: Section,
  t_json: z.unknown(),
  i_contents: z.number().int(),
  ...RecordDates,
});
export type ContentTypeItem = z.infer<typeof ContentTypeItem>;

// ---- Contents ----------------------------------------------------------------------------------------

const CONTENT_OLD_NAMES = {
  ContentTypeId: 'v_uid_content_type',
  Section: 'v_uid_section',
  Name: 'v_name',
  Value: 't_json',
  Status: 'v_uid_status',
  Hidden: 'b_hidden',
  Locked: 'b_locked',
  ParentId: 'v_uid_parent',
};
const Values = z.record(z.string(), z.unknown(), { message: 'Este campo es requerido' });

export const ContentBody = withOldNames(
  CONTENT_OLD_NAMES,
  z.object({
    v_uid_content_type: Uuid,
    v_uid_section: SectionRef.optional(),
    v_name: Name,
    t_json: Values,
    v_uid_status: StatusRef.default('borrador'),
    b_hidden: z.boolean().default(false),
    b_locked: z.boolean().default(false),
    v_uid_parent: Uuid.nullable().optional(),
  }),
);
export type ContentBody = z.input<typeof ContentBody>;
export type ContentInput = z.output<typeof ContentBody>;

/** Only what is sent changes (no defaults here: a PUT without v_uid_status keeps the status). */
export const ContentUpdateBody = withOldNames(
  CONTENT_OLD_NAMES,
  z.object({
    v_uid_section: SectionRef.optional(),
    v_name: Name.optional(),
    t_json: Values.optional(),
    v_uid_status: StatusRef.optional(),
    b_hidden: z.boolean().optional(),
    b_locked: z.boolean().optional(),
    v_uid_parent: Uuid.nullable().optional(),
  }),
);
export type ContentUpdateBody = z.input<typeof ContentUpdateBody>;
export type ContentUpdateInput = z.output<typeof ContentUpdateBody>;

/**
 * A content item: the §3 fields (v_uid_section, v_uid_content_type, v_name, t_json, v_uid_status,
 * i_order) and the generic item's (system name, locked, hidden, parent, author, dates), under their
 * column names; `Section`, `Status`, `ContentType` and `Author` are the readable names beside the uids.
 */
export const ContentItem = z.object({
  v_uid: z.string(),
  v_system_name: z.string(),
  v_name: z.string(),
  v_uid_section: z.string(),
  Section: Section,
  v_uid_content_type: z.string(),
  ContentType: z.object({ v_uid: z.string(), v_name: z.string(), v_system_name: z.string().nullable() }),
  t_json: z.record(z.string(), z.unknown()),
  v_uid_status: z.string(),
  Status: Status,
  i_order: z.number().int(),
  b_hidden: z.boolean(),
  b_locked: z.boolean(),
  v_uid_parent: z.string().nullable(),
  i_version: z.number().int(),
  v_uid_author: z.string().nullable(),
  Author: z.string().nullable(),
  ...RecordDates,
  d_published_at: z.string().nullable(),
  d_deleted_at: z.string().nullable(),
});
export type ContentItem = z.infer<typeof ContentItem>;

export const ContentListQuery = z.object({
  Page: z.coerce.number().int().min(1).default(1),
  Size: z.coerce.number().int().min(1).max(200).default(50),
  Search: z.string().trim().max(100).optional(),
  Section: Section.optional(),
  ContentTypeId: Uuid.optional(),
  Status: Status.optional(),
});

export const CMS_BULK_ACTIONS = ['publicar', 'despublicar', 'borrador', 'borrar', 'bloquear', 'desbloquear'] as const;
export type CmsBulkAction = (typeof CMS_BULK_ACTIONS)[number];
export const CMS_BULK_LABELS: Readonly<Record<CmsBulkAction, string>> = {
  publicar: 'Publicar',
  despublicar: 'Despublicar',
  borrador: 'Pasar a borrador',
  borrar: 'Eliminar',
  bloquear: 'Bloquear',
  desbloquear: 'Desbloquear',
};
export const ContentBulkBody = z.object({
  Action: z.enum(CMS_BULK_ACTIONS, { message: 'Acción no válida' }),
  Ids: z.array(Uuid).min(1, 'Selecciona al menos un contenido').max(200),
});
export const ContentBulkResult = z.object({ Updated: z.number().int() });

export const ContentReorderBody = z.object({ Ids: z.array(Uuid).min(1, 'Selecciona al menos un contenido').max(500) });

export const ContentVersion = z.object({
  i_version: z.number().int(),
  v_name: z.string(),
  t_json: z.record(z.string(), z.unknown()),
  v_uid_status: z.string(),
  Status: Status,
  v_uid_author: z.string().nullable(),
  Author: z.string().nullable(),
  d_create_at: z.string(),
});
export type ContentVersion = z.infer<typeof ContentVersion>;

// ---- Files --------------------------------------------------------------------------------------------

/** Stored CMS files are referenced from content values by this URL. */
export const cmsFileUrl = (id: string) => `/api/cms/files/${id}`;
export const CMS_FILE_URL = /^\/api\/cms\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
export const CmsFile = z.object({ Id: z.string(), Url: z.string(), Name: z.string(), MediaType: z.string(), Size: z.number().int() });
export type CmsFile = z.infer<typeof CmsFile>;

/** Where a help video plays in place: the players the help screen embeds, and the only hosts the CSP lets it frame. */
export const VIDEO_PLAYER_ORIGINS = { youtube: 'https://www.youtube-nocookie.com', vimeo: 'https://player.vimeo.com' } as const;

// ---- Readers ------------------------------------------------------------------------------------------

/** A published item as its readers get it, with its type's form definition (to draw a staff type's fields). */
export const HelpContent = z.object({
  v_uid: z.string(),
  v_name: z.string(),
  v_uid_content_type: z.string(),
  ContentType: z.object({ v_uid: z.string(), v_name: z.string(), v_system_name: z.string().nullable(), t_json: z.unknown() }),
  t_json: z.record(z.string(), z.unknown()),
  i_order: z.number().int(),
  v_uid_parent: z.string().nullable(),
  i_version: z.number().int(),
  d_update_at: z.string(),
});
export type HelpContent = z.infer<typeof HelpContent>;

/** A legal text to read and accept: its version and its sanitised HTML (t_json's `content`). */
export const PendingLegal = z.object({ v_uid: z.string(), v_name: z.string(), i_version: z.number().int(), Html: z.string(), d_published_at: z.string() });
export type PendingLegal = z.infer<typeof PendingLegal>;
export const LegalAcceptBody = withOldNames({ Version: 'i_version' }, z.object({ i_version: z.coerce.number().int().min(1, 'Versión no válida') }));
/** A legal text and the version the person read and ticked (wallet sign-up step 1). */
export const LegalVersion = z.object({ Id: Uuid, Version: z.number({ message: 'Versión no válida' }).int('Versión no válida').min(1, 'Versión no válida') });
export type LegalVersion = z.infer<typeof LegalVersion>;
export const LegalAcceptance = z.object({ v_uid_content: z.string(), i_version: z.number().int(), d_accepted_at: z.string() });
