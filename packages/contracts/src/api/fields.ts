/**
 * Field schemas shared by the people-and-organisations calls (staff, businesses, wallet users).
 * Optional fields accept '' and null as "none" and come out as undefined, so a form can send an
 * emptied input as it is; the server stores null.
 */
import { z } from 'zod';
import { PHONE_CODES } from '../ids/phone-codes';
import { STATUS_IDS } from '../catalogs/status';
import { Uuid } from './common';

export const REQUIRED = 'Este campo es requerido';
const maxMessage = (n: number) => `Debe contener máximo ${n} caracteres`;

/** '' and null mean "not given". Typed input, so z.input<typeof Body> keeps the field's type for the web. */
export const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v: z.input<T> | '' | null | undefined) => (v === '' || v === null ? undefined : v), schema.optional());

export const RequiredText = (max: number) => z.string({ message: REQUIRED }).trim().min(1, REQUIRED).max(max, maxMessage(max));

/** Names and last names: letters (with accents), spaces and . ' - */
export const PersonName = (max = 60) => RequiredText(max).regex(/^[\p{L}][\p{L} .'-]*$/u, 'Solo se aceptan letras y espacios');

/** A company name: letters, digits, spaces and the usual punctuation of "Comercializadora X, S.A. de C.V.". */
export const CompanyName = RequiredText(150).regex(/^[\p{L}\d][\p{L}\d .,&'()-]*$/u, 'Solo se aceptan letras, números, espacios y . , & ( ) -');

/** A calendar day, YYYY-MM-DD. */
export const DateField = z.iso.date({ message: 'Fecha no válida' });

/** National number (digits only); its length is checked against the country code on the server. */
export const PhoneNumber = z
  .string({ message: REQUIRED })
  .trim()
  .regex(/^\d{7,15}$/, 'El teléfono debe tener 10 dígitos');

/** A dialling code of the phone-code list; Mexico +52 by default. */
export const CountryCode = z
  .string()
  .max(8, 'Clave de país no válida')
  .refine((c) => PHONE_CODES.some((p) => p.code === c), 'Clave de país no válida')
  .default('+52');

export const PostalCodeField = z
  .string({ message: REQUIRED })
  .trim()
  .regex(/^\d{5}$/, 'El código postal debe tener 5 dígitos');

/** Identity numbers are checked by the server (length per kind of person, check digits, warnings). */
export const IdentityText = z.string({ message: REQUIRED }).trim().min(1, REQUIRED).max(40, maxMessage(40));

/** Status shapes of the PascalCase entities: Name is the catalogue name ('activo-bloqueado'). */
export const StatusRef = z.object({ Id: z.string(), Name: z.string() });
export const UserStatusRef = StatusRef.extend({ IsBlocked: z.boolean() });
export const RoleRef = z.object({ Id: z.string(), Name: z.string() });

/** Status filter of the user and business lists; each groups several catalogue statuses. */
export const STATUS_FILTERS = ['activo', 'inactivo', 'bloqueado', 'pendiente'] as const;
export type StatusFilterName = (typeof STATUS_FILTERS)[number];
export const StatusFilter = z.enum(STATUS_FILTERS, { message: 'Estatus no válido' });

/** Lifecycle actions of users (and, without 'borrar', of businesses). */
export const USER_ACTIONS = ['activar', 'desactivar', 'bloquear', 'desbloquear', 'borrar'] as const;
export type UserAction = (typeof USER_ACTIONS)[number];
export const SelectedIds = z.array(Uuid).min(1, 'Selecciona al menos un registro').max(100, 'Selecciona como máximo 100 registros');
export const BulkResult = z.object({ Affected: z.number().int() });

/** Review outcome of a document or a strategic-ally request (by status id). */
export const REVIEW_STATUS_IDS = { activo: STATUS_IDS.activo, rechazado: STATUS_IDS.rechazado } as const;

/** The dates of a record's lifecycle (spec §3, real API): when it was created, activated, deactivated, blocked and unblocked. */
export const LIFECYCLE_DATES = {
  CreatedAt: z.string(),
  ActivedAt: z.string().nullable(),
  DeActivedAt: z.string().nullable(),
  BlockedAt: z.string().nullable(),
  UnBlockedAt: z.string().nullable(),
};
/** People also accept the terms. */
export const USER_LIFECYCLE_DATES = { ...LIFECYCLE_DATES, TermsAcceptedAt: z.string().nullable() };
