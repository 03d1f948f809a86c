/**
 * Businesses (/api/v1/profiles/business/*, PascalCase) and what hangs from them under
 * "Other services" (v_-style): legal representative, documents, account groups, beneficiaries and
 * strategic allies. Business-owned records carry `v_uid_business` (the business's Id).
 */
import { z } from 'zod';
import { TYPES_PERSONS } from '../catalogs';
import { EmailField, PageQuery, Uuid, sortQuery } from './common';
import {
  CompanyName,
  CountryCode,
  DateField,
  IdentityText,
  PersonName,
  PhoneNumber,
  PostalCodeField,
  RequiredText,
  SelectedIds,
  StatusFilter,
  StatusRef,
  optional,
  LIFECYCLE_DATES,
} from './fields';

/** TypePerson is the id of the types-persons catalogue entry. */
export const TYPE_PERSON_IDS = { moral: TYPES_PERSONS[0]!.v_uid, fisica: TYPES_PERSONS[1]!.v_uid } as const;
export const TypePersonField = z.enum([TYPE_PERSON_IDS.moral, TYPE_PERSON_IDS.fisica], { message: 'Tipo de persona no válido' });

export const BusinessListItem = z.object({
  Id: z.string(),
  AccountNumber: z.string(),
  Name: z.string(),
  CreationDate: z.string(),
  RegisteredUsers: z.number().int(),
  Status: StatusRef,
});
export type BusinessListItem = z.infer<typeof BusinessListItem>;

export const BusinessDetail = z.object({
  Id: z.string(),
  ClientNumber: z.string(),
  TypePerson: z.string(),
  CompanyName: z.string().nullable(),
  Name: z.string().nullable(),
  LastName: z.string().nullable(),
  SecondLastName: z.string().nullable(),
  Rfc: z.string(),
  Curp: z.string().nullable(),
  Email: z.string(),
  Mobile: z.string().nullable(),
  MobileCode: z.string(),
  Street: z.string(),
  ExteriorNumber: z.string(),
  InteriorNumber: z.string().nullable(),
  PostalCode: z.string(),
  NeighborhoodId: z.string(),
  Neighborhood: z.string(),
  Municipality: z.string(),
  City: z.string().nullable(),
  State: z.string(),
  ...LIFECYCLE_DATES,
  AccountNumber: z.string(),
  CustomerId: z.string().nullable(),
  RegisteredUsers: z.number().int(),
  Status: StatusRef,
});
export type BusinessDetail = z.infer<typeof BusinessDetail>;

/**
 * The business a business user belongs to, as their /profile shows it: a persona moral's company
 * data (razón social, RFC of 12, legal representative) or a persona física's own.
 */
export const MyBusiness = BusinessDetail.pick({
  Id: true,
  ClientNumber: true,
  CompanyName: true,
  Name: true,
  LastName: true,
  SecondLastName: true,
  Rfc: true,
  Curp: true,
}).extend({
  IsMoral: z.boolean(),
  LegalRepresentative: z.object({ Name: z.string(), Email: z.string() }).nullable(),
});
export type MyBusiness = z.infer<typeof MyBusiness>;

/** What a persona moral's users cannot give themselves on /profile (§3: a company has none). */
export const MORAL_PROFILE_MESSAGES = {
  lastName: 'Una persona moral no tiene apellidos',
  birthdate: 'Una persona moral no tiene fecha de nacimiento',
} as const;

const BusinessFields = {
  TypePerson: TypePersonField,
  /** Required for persona moral; optional trade name for persona física. */
  CompanyName: optional(CompanyName),
  /** Persona física only (names and last names); refused for persona moral. */
  Name: optional(PersonName()),
  LastName: optional(PersonName()),
  SecondLastName: optional(PersonName()),
  /** 12 characters for persona moral, 13 for persona física; checked on the server. */
  Rfc: IdentityText,
  /** Persona física only. */
  Curp: optional(IdentityText),
  Email: EmailField,
  /** Persona física only. */
  Mobile: optional(PhoneNumber),
  MobileCode: CountryCode,
  Street: RequiredText(120),
  ExteriorNumber: RequiredText(20),
  InteriorNumber: optional(RequiredText(20)),
  PostalCode: PostalCodeField,
  /** Id of one of the postal code's colonies (GET /api/v1/postal-code/{code}). */
  NeighborhoodId: Uuid,
  /** The operator confirms an RFC whose check digit does not match (SAT has issued such RFCs). */
  ConfirmRfcWarning: z.boolean().default(false),
};

/** The business's first user; by default the business's own e-mail and name. */
export const FirstUserBody = z.object({
  Name: PersonName(),
  LastName: optional(PersonName()),
  SecondLastName: optional(PersonName()),
  Email: EmailField,
  Mobile: optional(PhoneNumber),
  MobileCode: CountryCode,
});

export const BusinessCreateBody = z.object({ ...BusinessFields, FirstUser: FirstUserBody.optional() });
export const BusinessUpdateBody = z.object({ Id: Uuid, ...BusinessFields });
export const BusinessCreated = BusinessDetail.extend({ FirstUser: z.object({ Id: z.string(), Email: z.string() }) });
/** What the staff business list sorts by. */
export const BUSINESS_SORT_FIELDS = ['Name', 'AccountNumber', 'CreationDate'] as const;
export type BusinessSortField = (typeof BUSINESS_SORT_FIELDS)[number];
export const BusinessListBody = PageQuery.extend({ Status: StatusFilter.optional(), ...sortQuery(BUSINESS_SORT_FIELDS) });
export const BusinessIdBody = z.object({ Id: Uuid });
export const BusinessEmailBody = z.object({ Email: EmailField });
export const BusinessCustomerIdBody = z.object({
  Id: Uuid,
  CustomerId: z
    .string({ message: 'Este campo es requerido' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Identificador de cliente no válido'),
});
export const BUSINESS_ACTIONS = ['activar', 'desactivar', 'bloquear', 'desbloquear'] as const;
export const BusinessBulkBody = z.object({ Action: z.enum(BUSINESS_ACTIONS, { message: 'Acción no válida' }), Ids: SelectedIds });

/** Sent with 422 when the RFC's check digit does not match and ConfirmRfcWarning was not set. */
export const RfcWarningData = z.object({
  RequiresConfirmation: z.literal(true),
  Warnings: z.array(z.object({ field: z.string(), key: z.string(), message: z.string() })),
});

// ---- legal representative (persona moral) ---------------------------------------------------------

export const LegalRepresentative = z.object({
  v_uid: z.string(),
  v_uid_business: z.string(),
  v_names: z.string(),
  v_last_name_1: z.string(),
  v_last_name_2: z.string().nullable(),
  v_email: z.string(),
  v_email_alternative: z.string().nullable(),
  d_create_at: z.string(),
  d_update_at: z.string(),
});
const LegalRepresentativeFields = {
  v_names: PersonName(),
  v_last_name_1: PersonName(),
  v_last_name_2: optional(PersonName()),
  v_email: EmailField,
  v_email_alternative: optional(EmailField),
};
/** v_uid_business: required for staff; a business user always means their own business. */
export const LegalRepresentativeCreateBody = z.object({ v_uid_business: Uuid.optional(), ...LegalRepresentativeFields });
export const LegalRepresentativeUpdateBody = z.object(LegalRepresentativeFields);

// ---- documents (PDF) ------------------------------------------------------------------------------

export const BusinessDocument = z.object({
  v_uid: z.string(),
  v_uid_business: z.string(),
  v_name: z.string(),
  /** Id of the stored PDF; download it from v_file_url with the bearer token. */
  v_file_pdf: z.string(),
  v_file_name: z.string(),
  v_file_url: z.string(),
  i_size: z.number().int(),
  v_uid_status: z.string(),
  v_status: z.string(),
  t_comment: z.string().nullable(),
  d_review_at: z.string().nullable(),
  d_create_at: z.string(),
  d_update_at: z.string(),
});
export const DocumentListQuery = z.object({ v_uid_business: Uuid.optional() });
/** Staff review: v_uid_status activo or rechazado (a comment is required to refuse). */
export const DocumentUpdateBody = z.object({
  v_name: RequiredText(100).optional(),
  v_uid_status: Uuid.optional(),
  t_comment: optional(RequiredText(500)),
});
export const DOCUMENT_MAX_MB = 10;

// ---- account groups -------------------------------------------------------------------------------

export const AccountGroup = z.object({
  v_uid: z.string(),
  v_uid_business: z.string(),
  v_name: z.string(),
  t_description: z.string().nullable(),
  i_active: z.boolean(),
  d_create_at: z.string(),
  d_update_at: z.string(),
});
const AccountGroupFields = { v_name: RequiredText(60), t_description: optional(RequiredText(300)), i_active: z.boolean().default(true) };
export const AccountGroupCreateBody = z.object({ v_uid_business: Uuid.optional(), ...AccountGroupFields });
export const AccountGroupUpdateBody = z.object(AccountGroupFields);
export const BusinessScopeQuery = z.object({ v_uid_business: Uuid.optional() });

// ---- beneficiaries (of a business or of a wallet user) --------------------------------------------

export const Beneficiary = z.object({
  v_uid: z.string(),
  v_uid_user: z.string().nullable(),
  v_uid_business: z.string().nullable(),
  v_names: z.string(),
  d_birthdate_at: z.string(),
  v_phone: z.string(),
  v_email: z.string(),
  d_create_at: z.string(),
  d_update_at: z.string(),
});
const BeneficiaryFields = {
  v_names: PersonName(120),
  d_birthdate_at: DateField,
  v_phone: z
    .string({ message: 'Este campo es requerido' })
    .trim()
    .regex(/^\d{10}$/, 'El teléfono debe tener 10 dígitos'),
  v_email: EmailField,
};
/** Owner: v_uid_user (a wallet user) or v_uid_business; a wallet or business user means themselves. */
export const BeneficiaryCreateBody = z.object({ v_uid_user: Uuid.optional(), v_uid_business: Uuid.optional(), ...BeneficiaryFields });
export const BeneficiaryUpdateBody = z.object(BeneficiaryFields);
export const BeneficiaryListQuery = z.object({ v_uid_user: Uuid.optional(), v_uid_business: Uuid.optional() });
export const MAX_BENEFICIARIES = 10;

// ---- strategic allies (a wallet user linked to a business) ----------------------------------------

export const StrategicAlly = z.object({
  v_uid: z.string(),
  v_uid_user_wallet: z.string(),
  /** The business's Id. */
  v_uid_user_business: z.string(),
  v_names: z.string(),
  v_rfc: z.string().nullable(),
  /** The business's client number (tenant). */
  v_client: z.string(),
  d_application_at: z.string(),
  d_binding_at: z.string().nullable(),
  v_uid_status: z.string(),
  v_status: z.string(),
  t_comment: z.string().nullable(),
  d_create_at: z.string(),
  d_update_at: z.string(),
});
export const StrategicAllyListQuery = PageQuery.extend({
  v_uid_user_business: Uuid.optional(),
  v_uid_user_wallet: Uuid.optional(),
  Status: z.enum(['pendiente', 'activo', 'rechazado', 'inactivo'], { message: 'Estatus no válido' }).optional(),
});
export const StrategicAllyCreateBody = z.object({
  /** Staff name the wallet user; a wallet user applies for themselves. */
  v_uid_user_wallet: Uuid.optional(),
  v_uid_user_business: Uuid,
  v_rfc: optional(IdentityText),
  ConfirmRfcWarning: z.boolean().default(false),
});
/** activo binds (from pendiente), rechazado refuses (from pendiente), inactivo unlinks (from activo). */
export const StrategicAllyUpdateBody = z.object({ v_uid_status: Uuid, t_comment: optional(RequiredText(500)) });
