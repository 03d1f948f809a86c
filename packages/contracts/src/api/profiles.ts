/**
 * Users under /api/v1/profiles/users/*, per client kind (body field `ClientKind`: 'techfar' for the
 * provider's staff, 'business' for the users of a business), departments and employee records.
 * Any other ClientKind is refused with 400 'Parametro no válido' before anything else is looked at.
 */
import { z } from 'zod';
import { clientKindParam } from '../validation/client-kind';
import { EmailField, PageQuery, UserSort, Uuid } from './common';
import {
  CountryCode,
  DateField,
  IdentityText,
  PersonName,
  PhoneNumber,
  RequiredText,
  RoleRef,
  SelectedIds,
  StatusFilter,
  USER_ACTIONS,
  UserStatusRef,
  optional,
  USER_LIFECYCLE_DATES,
} from './fields';

const ClientKindField = clientKindParam;

/** A row of the staff list and of a business's users (spec §3, exactly these fields). */
export const UserListItem = z.object({
  Id: z.string(),
  Name: z.string(),
  LastName: z.string().nullable(),
  SecondLastName: z.string().nullable(),
  Email: z.string(),
  Role: RoleRef,
  CreationDate: z.string(),
  Status: UserStatusRef,
});
export type UserListItem = z.infer<typeof UserListItem>;

export const UsersListBody = z.discriminatedUnion('ClientKind', [
  PageQuery.extend({ ClientKind: z.literal('techfar'), Status: StatusFilter.optional(), ...UserSort }),
  /** BusinessId: required for staff; a business user always gets their own business. */
  PageQuery.extend({ ClientKind: z.literal('business'), Status: StatusFilter.optional(), BusinessId: Uuid.optional(), ...UserSort }),
]);
/** Admins only. */
export const UsersBlockedBody = PageQuery.extend({ ClientKind: z.literal('techfar') });
export const UsersIdBody = z.object({ ClientKind: ClientKindField, Id: Uuid });
export const UsersEmailBody = z.object({ ClientKind: ClientKindField, Email: EmailField });
export const UsersBulkBody = z.object({
  ClientKind: ClientKindField,
  Action: z.enum(USER_ACTIONS, { message: 'Acción no válida' }),
  Ids: SelectedIds,
});
/** Admins only; multipart with the image in the field `file` (≤ 2 MB, .jpg .jpeg .png .svg). */
export const UploadImageQuery = z.object({ ClientKind: z.literal('techfar'), Id: Uuid });

// ---- techfar (admin users) ----------------------------------------------------------------------

const AdminUserFields = {
  Name: PersonName(),
  LastName: PersonName(),
  SecondLastName: optional(PersonName()),
  DateOfBirth: optional(DateField),
  Curp: optional(IdentityText),
  Phone: optional(PhoneNumber),
  PhoneCode: CountryCode,
  Mobile: optional(PhoneNumber),
  MobileCode: CountryCode,
  DepartmentId: Uuid,
  Position: RequiredText(80),
  EmployeeNumber: optional(RequiredText(20).regex(/^[A-Za-z0-9-]+$/, 'Solo se aceptan letras, números y guiones')),
  DateOfJoining: optional(DateField),
  RoleId: Uuid,
  Email: EmailField,
  AltEmail: optional(EmailField),
  // No TermsAccepted: an acceptance is recorded only from the person's own tick (issue 26 §1).
  IsActive: z.boolean().default(true),
};
export const AdminUserCreateBody = z.object({ ClientKind: z.literal('techfar'), ...AdminUserFields });
/** PUT replaces every field; IsActive changes go through the activate/deactivate rules. */
export const AdminUserUpdateBody = z.object({ ClientKind: z.literal('techfar'), Id: Uuid, ...AdminUserFields });

export const AdminUserDetail = z.object({
  Id: z.string(),
  ClientNumber: z.string(),
  Name: z.string(),
  LastName: z.string().nullable(),
  SecondLastName: z.string().nullable(),
  DateOfBirth: z.string().nullable(),
  Curp: z.string().nullable(),
  Phone: z.string().nullable(),
  PhoneCode: z.string(),
  Mobile: z.string().nullable(),
  MobileCode: z.string(),
  DepartmentId: z.string().nullable(),
  Position: z.string().nullable(),
  EmployeeNumber: z.string().nullable(),
  DateOfJoining: z.string().nullable(),
  RoleId: z.string(),
  Role: RoleRef,
  Email: z.string(),
  AltEmail: z.string().nullable(),
  TermsAccepted: z.boolean(),
  IsActive: z.boolean(),
  Status: UserStatusRef,
  ...USER_LIFECYCLE_DATES,
  /** GET it with the bearer token (it is not public); null without a photo. */
  ProfilePhotoUrl: z.string().nullable(),
  IsSuperAdmin: z.boolean(),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

// ---- business (the users of one business) -------------------------------------------------------

const BusinessUserFields = {
  Name: PersonName(),
  LastName: optional(PersonName()),
  SecondLastName: optional(PersonName()),
  Email: EmailField,
  AltEmail: optional(EmailField),
  Mobile: optional(PhoneNumber),
  MobileCode: CountryCode,
  /** A role of the BUS kind; the system role 'business' when omitted. */
  RoleId: Uuid.optional(),
  IsActive: z.boolean().default(true),
};
export const BusinessUserCreateBody = z.object({ ClientKind: z.literal('business'), BusinessId: Uuid.optional(), ...BusinessUserFields });
export const BusinessUserUpdateBody = z.object({ ClientKind: z.literal('business'), Id: Uuid, ...BusinessUserFields });

export const BusinessUserDetail = z.object({
  Id: z.string(),
  BusinessId: z.string().nullable(),
  ClientNumber: z.string(),
  Name: z.string(),
  LastName: z.string().nullable(),
  SecondLastName: z.string().nullable(),
  Email: z.string(),
  AltEmail: z.string().nullable(),
  Mobile: z.string().nullable(),
  MobileCode: z.string(),
  RoleId: z.string(),
  Role: RoleRef,
  IsActive: z.boolean(),
  Status: UserStatusRef,
  ...USER_LIFECYCLE_DATES,
});
export type BusinessUserDetail = z.infer<typeof BusinessUserDetail>;

export const UsersCreateBody = z.discriminatedUnion('ClientKind', [AdminUserCreateBody, BusinessUserCreateBody]);
export const UsersUpdateBody = z.discriminatedUnion('ClientKind', [AdminUserUpdateBody, BusinessUserUpdateBody]);
export const UserDetail = z.union([AdminUserDetail, BusinessUserDetail]);

// ---- departments and employee records -------------------------------------------------------------

export const Department = z.object({ Id: z.string(), Name: z.string(), IsSystem: z.boolean() });
export const DepartmentName = RequiredText(60).regex(/^[\p{L}][\p{L}\d .-]*$/u, 'Solo se aceptan letras, números, espacios y . -');
export const DepartmentCreateBody = z.object({ Name: DepartmentName });
export const DepartmentUpdateBody = z.object({ Id: Uuid, Name: DepartmentName });
export const DepartmentIdBody = z.object({ Id: Uuid });

export const Employee = z.object({
  v_uid: z.string(),
  v_uid_user: z.string(),
  v_uid_area: z.string(),
  v_number_employ: z.string().nullable(),
  v_position: z.string(),
  d_admission_at: z.string().nullable(),
  d_create_at: z.string(),
  d_update_at: z.string(),
});
const EmployeeFields = {
  v_uid_area: Uuid,
  v_number_employ: AdminUserFields.EmployeeNumber,
  v_position: RequiredText(80),
  d_admission_at: optional(DateField),
};
export const EmployeeCreateBody = z.object({ v_uid_user: Uuid, ...EmployeeFields });
export const EmployeeUpdateBody = z.object(EmployeeFields);
