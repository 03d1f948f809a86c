/**
 * The kinds of notice the product sends (notify() in the server), with their Spanish labels.
 * The same list is what a user chooses e-mail for in /profile and what a webhook endpoint
 * subscribes to. Append new kinds; a stored notice keeps its kind string.
 */
export const NOTIFICATION_KINDS = {
  'spei.settled': 'Transferencia SPEI liquidada',
  'spei.returned': 'Transferencia SPEI devuelta',
  'spei.rejected': 'Transferencia SPEI rechazada',
  'deposit.received': 'Depósito recibido',
  'dispersion.finished': 'Dispersión terminada',
  'clarification.answered': 'Aclaración respondida',
  'clarification.closed': 'Aclaración cerrada',
  'card.locked': 'Tarjeta bloqueada',
  'card.dispute': 'Disputa de tarjeta',
  'cards.low-stock': 'Pocas tarjetas en existencia',
  'user.blocked': 'Usuario bloqueado por intentos fallidos',
  'wallet.received': 'Dinero recibido en tu wallet',
  'budget.goal-met': 'Meta de presupuesto alcanzada',
  'wallet.transfer-settled': 'Transferencia de tu wallet liquidada',
  'wallet.transfer-returned': 'Transferencia de tu wallet devuelta o rechazada',
  announcement: 'Aviso del equipo FAR',
} as const;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];
export const isNotificationKind = (v: string): v is NotificationKind => Object.hasOwn(NOTIFICATION_KINDS, v);
export const notificationKindLabel = (kind: string): string => (isNotificationKind(kind) ? NOTIFICATION_KINDS[kind] : kind);

/** Which client kinds can receive a kind (the /profile preferences show only these). */
export const NOTIFICATION_KINDS_FOR: Readonly<Record<'FAR' | 'BUS' | 'WAL', readonly NotificationKind[]>> = {
  FAR: ['user.blocked', 'cards.low-stock', 'card.dispute', 'clarification.answered', 'announcement'],
  BUS: [
    'spei.settled',
    'spei.returned',
    'spei.rejected',
    'deposit.received',
    'dispersion.finished',
    'clarification.answered',
    'clarification.closed',
    'card.locked',
    'card.dispute',
    'announcement',
  ],
  WAL: [
    'wallet.received',
    'wallet.transfer-settled',
    'wallet.transfer-returned',
    'budget.goal-met',
    'clarification.answered',
    'clarification.closed',
    'card.locked',
    'announcement',
  ],
};

/** Kinds a business may send to its webhook endpoints (events about the business itself). */
export const WEBHOOK_EVENT_KINDS: readonly NotificationKind[] = NOTIFICATION_KINDS_FOR.BUS;

/** Notification statuses (spec §4: created with status 1, updated by status). */
export const NOTIFICATION_STATUS = { unread: 1, read: 2 } as const;
