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
const Name = z
  .string({ message: 'Este campo es requerido' })
  .trim()
  .min(2, 'Debe contener mínimo 2 caracteres')
  .max(120, 'Debe contener máximo 120 caracteres');

// ---- Content types ---------------------------------------------------------------------------------

/** The definition travels as JSON text or as an object; the server checks it either way. */
export const ContentTypeBody = z.object({
  Name,
  Section: Section.default('business'),
  Definition: z.unknown(),
});
export type ContentTypeBody = z.input<typeof ContentTypeBody>;

export const ContentTypeItem = z.object({
  Id: z.string(),
  Name: z.string(),
  SystemName: z.string().nullable(),
  Section: Section,
  Definition: z.unknown(),
  Contents: z.number().int(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type ContentTypeItem = z.infer<typeof ContentTypeItem>;

// ---- Contents ----------------------------------------------------------------------------------------

export const ContentBody = z.object({
  ContentTypeId: Uuid,
  Section: Section.optional(),
  Name,
  Value: z.record(z.string(), z.unknown(), { message: 'Este campo es requerido' }),
  Status: Status.default('borrador'),
  Hidden: z.boolean().default(false),
  Locked: z.boolean().default(false),
  ParentId: Uuid.nullable().optional(),
});
export type ContentBody = z.input<typeof ContentBody>;

/** Only what is sent changes (no defaults here: a PUT without Status keeps the status). */
export const ContentUpdateBody = z.object({
  Section: Section.optional(),
  Name: Name.optional(),
  Value: z.record(z.string(), z.unknown(), { message: 'Este campo es requerido' }).optional(),
  Status: Status.optional(),
  Hidden: z.boolean().optional(),
  Locked: z.boolean().optional(),
  ParentId: Uuid.nullable().optional(),
});
export type ContentUpdateBody = z.input<typeof ContentUpdateBody>;

export const ContentItem = z.object({
  Id: z.string(),
  SystemName: z.string(),
  Name: z.string(),
  Section: Section,
  ContentType: z.object({ Id: z.string(), Name: z.string(), SystemName: z.string().nullable() }),
  Value: z.record(z.string(), z.unknown()),
  Status: Status,
  Order: z.number().int(),
  Hidden: z.boolean(),
  Locked: z.boolean(),
  ParentId: z.string().nullable(),
  Version: z.number().int(),
  Author: z.string().nullable(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
  PublishedAt: z.string().nullable(),
  DeletedAt: z.string().nullable(),
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
  Version: z.number().int(),
  Name: z.string(),
  Value: z.record(z.string(), z.unknown()),
  Status: Status,
  Author: z.string().nullable(),
  CreatedAt: z.string(),
});
export type ContentVersion = z.infer<typeof ContentVersion>;

// ---- Files --------------------------------------------------------------------------------------------

/** Stored CMS files are referenced from content values by this URL. */
export const cmsFileUrl = (id: string) => `/api/cms/files/${id}`;
export const CMS_FILE_URL = /^\/api\/cms\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
export const CmsFile = z.object({ Id: z.string(), Url: z.string(), Name: z.string(), MediaType: z.string(), Size: z.number().int() });
export type CmsFile = z.infer<typeof CmsFile>;

// ---- Readers ------------------------------------------------------------------------------------------

export const HelpContent = z.object({
  Id: z.string(),
  Name: z.string(),
  Type: z.object({ Id: z.string(), Name: z.string(), SystemName: z.string().nullable(), Definition: z.unknown() }),
  Value: z.record(z.string(), z.unknown()),
  Order: z.number().int(),
  ParentId: z.string().nullable(),
  Version: z.number().int(),
  UpdatedAt: z.string(),
});
export type HelpContent = z.infer<typeof HelpContent>;

export const PendingLegal = z.object({ Id: z.string(), Name: z.string(), Version: z.number().int(), Html: z.string(), PublishedAt: z.string() });
export type PendingLegal = z.infer<typeof PendingLegal>;
export const LegalAcceptBody = z.object({ Version: z.coerce.number().int().min(1, 'Versión no válida') });
/** A legal text and the version the person read and ticked (wallet sign-up step 1). */
export const LegalVersion = z.object({ Id: Uuid, Version: z.number({ message: 'Versión no válida' }).int('Versión no válida').min(1, 'Versión no válida') });
export type LegalVersion = z.infer<typeof LegalVersion>;
export const LegalAcceptance = z.object({ ContentId: z.string(), Version: z.number().int(), AcceptedAt: z.string() });
