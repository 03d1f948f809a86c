import { z } from 'zod';
import { NOTIFICATION_KIND_NAMES, WEBHOOK_EVENT_KINDS, type NotificationKind } from '../catalogs/notification-kinds';
import { STATUS_IDS } from '../catalogs/status';
import { Uuid } from './common';

const Kind = z.enum(NOTIFICATION_KIND_NAMES as [NotificationKind, ...NotificationKind[]], { message: 'Tipo de notificación no válido' });
const DateOnly = z.iso.date({ message: 'Fecha no válida' });

/** The fields a notice has in an answer; `Fields` may ask for some of them only. */
export const NOTIFICATION_FIELDS = [
  'v_uid',
  'd_create_at',
  'd_update_at',
  'v_title',
  't_description',
  'v_uid_status',
  'i_status',
  'v_kind',
  'v_kind_label',
  'v_link',
  'v_uid_user',
  'd_read_at',
] as const;

/**
 * The §7 envelope of the notification calls: Security, Pagination, Search, Filters, Fields, Data,
 * Order. Each call reads the parts it needs; Security is accepted and ignored (the caller is the
 * bearer token's user).
 */
const envelope = <D extends z.ZodTypeAny, F extends z.ZodTypeAny>(data: D, filters: F) =>
  z.object({
    Security: z.record(z.string(), z.unknown()).optional(),
    Pagination: z
      .object({ page: z.coerce.number().int().min(1).default(1), perPage: z.coerce.number().int().min(1).max(100).default(10) })
      .default({ page: 1, perPage: 10 }),
    Search: z.string().trim().max(100).optional(),
    Filters: filters,
    Fields: z
      .array(z.enum(NOTIFICATION_FIELDS, { message: 'Campo no válido' }))
      .max(NOTIFICATION_FIELDS.length)
      .optional(),
    Data: data,
    Order: z.object({ field: z.enum(['d_create_at', 'v_title', 'i_status']).default('d_create_at'), dir: z.enum(['asc', 'desc']).default('desc') }).optional(),
  });

const StatusValue = z.union([z.literal(1), z.literal(2)], { message: 'Estado no válido' });
const READ_UIDS = [STATUS_IDS['no-leido'], STATUS_IDS.leido] as const;

export const NotificationListFilters = z
  .object({
    /** 1 unread, 2 read. */
    i_status: StatusValue.optional(),
    v_kind: Kind.optional(),
    from: DateOnly.optional(),
    to: DateOnly.optional(),
  })
  .optional();
export const NotificationListRequest = envelope(z.unknown().optional(), NotificationListFilters);
export type NotificationListRequest = z.input<typeof NotificationListRequest>;

export const NotificationItem = z.object({
  /** The §3 serial id (the v_uid is what every call takes). */
  i_id: z.number(),
  v_uid: z.string(),
  d_create_at: z.string(),
  d_update_at: z.string(),
  v_title: z.string(),
  t_description: z.string(),
  /** The catalogue status: no-leido (as created) or leido. */
  v_uid_status: z.string(),
  /** 1 unread, 2 read (spec §4: created with status 1). */
  i_status: z.number(),
  v_kind: z.string(),
  v_kind_label: z.string(),
  v_link: z.string().nullable(),
  v_uid_user: z.string(),
  d_read_at: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

export const NotificationPage = z.object({
  items: z.array(NotificationItem.partial()),
  page: z.number(),
  perPage: z.number(),
  pages: z.number(),
  total: z.number(),
  /** The caller's unread notices, whatever the filters. */
  unread: z.number(),
});

const Link = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/[^/\\]/, 'El enlace debe ser una ruta del portal (p. ej. /movement)');
export const NotificationAddRequest = envelope(
  z.object({
    v_title: z.string().trim().min(1, 'Este campo es requerido').max(120),
    t_description: z.string().trim().min(1, 'Este campo es requerido').max(1000),
    /** Staff may address anyone; a business user someone of its business; a wallet user only itself. Omitted: the caller. */
    v_uid_user: Uuid.optional(),
    v_link: Link.optional(),
  }),
  z.unknown().optional(),
);

export const NotificationUpdateRequest = envelope(
  z
    .object({ v_uid_status: z.enum(READ_UIDS, { message: 'Estado no válido' }).optional(), i_status: StatusValue.optional() })
    .refine((d) => (d.v_uid_status === undefined) !== (d.i_status === undefined), { message: 'Indica el estado (leído o no leído)', path: ['i_status'] }),
  z.object({ v_uid: Uuid.optional() }).optional(),
);

export const UnreadCount = z.object({ unread: z.number() });

export const AnnouncementRequest = z
  .object({
    Audience: z.enum(['businesses', 'wallets', 'business'], { message: 'Destinatarios no válidos' }),
    BusinessId: Uuid.optional(),
    Title: z.string().trim().min(1, 'Este campo es requerido').max(120),
    Text: z.string().trim().min(1, 'Este campo es requerido').max(2000),
  })
  .refine((a) => a.Audience !== 'business' || a.BusinessId !== undefined, { message: 'Selecciona la empresa', path: ['BusinessId'] });
export type AnnouncementRequest = z.infer<typeof AnnouncementRequest>;
export const Announcement = z.object({
  v_uid: z.string(),
  d_create_at: z.string(),
  Audience: z.string(),
  BusinessName: z.string().nullable(),
  Title: z.string(),
  Text: z.string(),
  Recipients: z.number(),
  Author: z.string().nullable(),
});
export type Announcement = z.infer<typeof Announcement>;

export const NotificationPreference = z.object({ Kind: Kind, Label: z.string().optional(), Email: z.boolean() });
export const NotificationPreferences = z.object({ Items: z.array(NotificationPreference).max(NOTIFICATION_KIND_NAMES.length) });
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

export const StreamTicket = z.object({ Ticket: z.string(), ExpiresIn: z.number() });
export const StreamQuery = z.object({ ticket: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Ticket no válido') });

const WebhookKind = z.enum(WEBHOOK_EVENT_KINDS as [NotificationKind, ...NotificationKind[]], { message: 'Evento no válido' });
export const WebhookEndpointRequest = z.object({
  /** Staff name the business; a business user always gets its own. */
  BusinessId: Uuid.optional(),
  Url: z.string().trim().max(500).url({ message: 'URL no válida' }),
  Kinds: z.array(WebhookKind).min(1, 'Selecciona al menos un evento').max(WEBHOOK_EVENT_KINDS.length),
  Description: z.string().trim().max(120).optional(),
  /** Staff only: allow http:// to a loopback address (tests, local receivers). */
  AllowLoopback: z.boolean().optional(),
});
export type WebhookEndpointRequest = z.input<typeof WebhookEndpointRequest>;
export const WebhookEndpointUpdate = z.object({
  Url: z.string().trim().max(500).url({ message: 'URL no válida' }).optional(),
  Kinds: z.array(WebhookKind).min(1, 'Selecciona al menos un evento').max(WEBHOOK_EVENT_KINDS.length).optional(),
  Description: z.string().trim().max(120).optional(),
  IsActive: z.boolean().optional(),
});
export const WebhookEndpoint = z.object({
  v_uid: z.string(),
  d_create_at: z.string(),
  Url: z.string(),
  Kinds: z.array(z.string()),
  Description: z.string().nullable(),
  IsActive: z.boolean(),
  AllowLoopback: z.boolean(),
  /** The signing secret, only in the answer that creates the endpoint (or rotates it). */
  Secret: z.string().optional(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;
export const WebhookListQuery = z.object({ BusinessId: Uuid.optional() });
export const WebhookDeliveryQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
});
export const WebhookDelivery = z.object({
  v_uid: z.string(),
  v_uid_event: z.string(),
  EventType: z.string(),
  d_create_at: z.string(),
  /** pendiente, entregado, fallido */
  Status: z.enum(['pendiente', 'entregado', 'fallido']),
  Attempts: z.number(),
  LastCode: z.number().nullable(),
  LastError: z.string().nullable(),
  LastAttemptAt: z.string().nullable(),
  DeliveredAt: z.string().nullable(),
  NextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
