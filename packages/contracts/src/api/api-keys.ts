import { z } from 'zod';
import { Uuid } from './common';

/**
 * API keys of a business (issue 25 §1, docs/decisions/0027). The names are part of the interface:
 * `Name`, `Scopes`, `Key`, the scopes below and the `far_sk_` prefix.
 */
export const API_KEY_SCOPES = ['lectura', 'transferencias', 'dispersiones', 'tarjetas'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  lectura: 'Lectura: saldos, movimientos, órdenes, dispersiones y reportes',
  transferencias: 'Transferencias: envíos SPEI',
  dispersiones: 'Dispersiones',
  tarjetas: 'Tarjetas: tarjetas, tarjetahabientes y fondeo',
};
export const API_KEY_PREFIX = 'far_sk_';
/** A key as sent in `Authorization: Bearer`: the prefix and 40 random base64url characters. */
export const API_KEY_PATTERN = /^far_sk_[A-Za-z0-9_-]{40}$/;

export const ApiKeyCreateRequest = z.object({
  Name: z.string({ message: 'Este campo es requerido' }).trim().min(1, 'Este campo es requerido').max(60, 'Máximo 60 caracteres'),
  Scopes: z
    .array(z.enum(API_KEY_SCOPES, { message: 'Permiso no válido' }), { message: 'Este campo es requerido' })
    .min(1, 'Selecciona al menos un permiso')
    .max(API_KEY_SCOPES.length),
  /** The six-digit security code of operation 'api-key'. */
  Code: z.string({ message: 'Este campo es requerido' }).regex(/^\d{6}$/, 'El código debe tener 6 dígitos'),
});
export type ApiKeyCreateRequest = z.input<typeof ApiKeyCreateRequest>;
export const ApiKeyListQuery = z.object({ BusinessId: Uuid.optional() });

export const ApiKey = z.object({
  v_uid: z.string(),
  Name: z.string(),
  Scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** The first characters of the key (far_sk_ and 8 more): enough to recognise it, useless to call with. */
  Prefix: z.string(),
  d_create_at: z.string(),
  LastUsedAt: z.string().nullable(),
  ExpiresAt: z.string(),
  /** Until when the secret before the last rotation still works (24 h after it). */
  PreviousValidUntil: z.string().nullable(),
  RevokedAt: z.string().nullable(),
  CreatedBy: z.string().nullable(),
  /** Only in the answer of create and rotate: the whole key, shown once. */
  Key: z.string().optional(),
});
export type ApiKey = z.infer<typeof ApiKey>;
