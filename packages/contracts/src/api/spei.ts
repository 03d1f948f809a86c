/**
 * SPEI: bank catalogue and account types (opm-features), the CLABE account registry, SPEI out
 * with its pending transactions, deposits, the sandbox incoming order, and the transference entity
 * (/api/v1/transference*). The movements they create and the balance are read through
 * movements.ts. Amounts in: AmountField (bigint cents); out: two-decimal strings.
 */
import { z } from 'zod';
import { clabeSchema } from '../ids/clabe';
import { rfcSchema } from '../ids/rfc';
import { AmountField, AmountOut } from './money';
import { Uuid, pageOf } from './common';
import { DateField, REQUIRED, optional } from './fields';
import { BusinessMovement, MOVEMENT_STATUS_MAX } from './movements';

// ---- fields with their Spanish messages ------------------------------------------------------------

export const SPEI_MESSAGES = {
  concept: 'El concepto admite máximo 39 caracteres, solo letras, números y espacios',
  reference: 'La referencia numérica debe tener de 1 a 7 dígitos',
  beneficiaryName: 'El nombre del beneficiario admite máximo 39 caracteres',
  beneficiaryChars: "El nombre del beneficiario solo admite letras, números, espacios y . , & ' -",
  securityCode: 'El código de seguridad debe tener 6 dígitos',
  destination: 'Elige una cuenta registrada o escribe una CLABE',
  alias: 'El alias admite máximo 40 caracteres',
  paymentDay: 'La fecha de pago debe ser una fecha futura',
} as const;

/** §8 sample, the upstream's words for the same refusal; answers carry it in `errorDescrpition`. */
export const PAYMENT_DAY_DESCRIPTION = 'The payment day needs to be a future date';

/**
 * A payment day must come after the operation day (both YYYY-MM-DD in America/Mexico_City):
 * today and past days are refused, on the server and on the screen alike.
 */
export const isFuturePaymentDay = (day: string, today: string): boolean => day > today;

/** The §8 text of a refusal whose Spanish message is the key, for `errorDescrpition`. */
export const SPEC_ERROR_DESCRIPTIONS: Readonly<Record<string, string>> = { [SPEI_MESSAGES.paymentDay]: PAYMENT_DAY_DESCRIPTION };

/** The text patterns of a SPEI out's fields (the zod fields below and the dispersion rows' fast check share them). */
export const SPEI_PATTERNS = {
  concept: /^[A-Za-z0-9 ]+$/,
  reference: /^\d{1,7}$/,
  beneficiaryName: /^[\p{L}\d][\p{L}\d .,&'-]*$/u,
} as const;

/** SPEI concept: 1 to 39 plain letters (no accents), digits and spaces. */
export const ConceptField = z
  .string({ message: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(39, SPEI_MESSAGES.concept)
  .regex(SPEI_PATTERNS.concept, SPEI_MESSAGES.concept);

/** Numeric reference: 1 to 7 digits (a JSON number is read as its digits). */
export const NumericReferenceField = z
  .union([z.string().max(32), z.number()], { message: REQUIRED })
  .transform((v) => (typeof v === 'number' ? (Number.isSafeInteger(v) && v >= 0 ? String(v) : 'x') : v.trim()))
  .pipe(z.string().min(1, REQUIRED).regex(SPEI_PATTERNS.reference, SPEI_MESSAGES.reference));

export const BeneficiaryNameField = z
  .string({ message: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(39, SPEI_MESSAGES.beneficiaryName)
  .regex(SPEI_PATTERNS.beneficiaryName, SPEI_MESSAGES.beneficiaryChars);

export const SecurityCodeField = z
  .string({ message: REQUIRED })
  .trim()
  .regex(/^\d{6}$/, SPEI_MESSAGES.securityCode);

/** An 18-digit CLABE with a valid check digit and a known bank (SPEI participants and sandbox test banks). */
export const ClabeField = z.preprocess((v) => (typeof v === 'string' ? v.replace(/\s+/g, '') : v), clabeSchema);

// ---- catalogues (opm-features) -------------------------------------------------------------------

export const BankItem = z.object({
  /** The three-digit CLABE prefix. */
  code: z.string(),
  name: z.string(),
  /** The participant's five-digit SPEI key. */
  legalCode: z.string(),
  isActive: z.boolean(),
  /** Only sandbox test banks: what the sandbox rail does with an order to them. */
  sandboxOutcome: z.enum(['settle', 'return', 'reject']).optional(),
});
export const BanksBody = z.object({ Search: optional(z.string().trim().max(60)) }).optional();

export const CatalogEntry = z.object({ key: z.number().int(), description: z.string(), active: z.boolean() });

/** Account types of SPEI (tipoCuenta). Only CLABE accounts can be registered and paid for now. */
export const ACCOUNT_TYPES = [
  { key: 40, description: 'CLABE', active: true },
  { key: 3, description: 'Tarjeta de débito', active: false },
  { key: 10, description: 'Teléfono celular', active: false },
] as const;
/** Payment types of SPEI (tipoPago). Transfers are third party to third party. */
export const PAYMENT_TYPES = [
  { key: 1, description: 'Tercero a tercero', active: true },
  { key: 0, description: 'Devolución', active: false },
  { key: 2, description: 'Tercero a ventanilla', active: false },
  { key: 3, description: 'Tercero a tercero vostro', active: false },
  { key: 5, description: 'Participante a tercero', active: false },
] as const;

export const BusinessIdParams = z.object({ id: Uuid });

export const DepositBody = z.object({
  Amount: AmountField,
  Concept: optional(ConceptField),
  Reference: optional(NumericReferenceField),
  SenderName: optional(BeneficiaryNameField),
});

// ---- CLABE accounts ------------------------------------------------------------------------------

export const CLABE_USAGE_SCOPES = ['ALL', 'TRANSFER', 'DISPERSION'] as const;
export const ClabeUsageScope = z.enum(CLABE_USAGE_SCOPES, { message: 'Uso de la cuenta no válido: ALL, TRANSFER o DISPERSION' });

export const ClabeAccount = z.object({
  Id: z.string(),
  Alias: z.string(),
  AccountHolderName: z.string(),
  Clabe: z.string(),
  NameFinancialInstitution: z.string(),
  /** The bank's three-digit code (opm-features/banks `code`). */
  FinancialInstitutionId: z.string(),
  RFC: z.string().nullable(),
  BusinessId: z.string(),
  /** The CLABE belongs to a business of this provider. */
  IsInternalBusiness: z.boolean(),
  /** Registered by the provider's staff. */
  IsAdmin: z.boolean(),
  ClabeUsageScope: ClabeUsageScope,
  DailyTransferLimit: AmountOut.nullable(),
  AccountTypeId: z.number().int(),
  IsActive: z.boolean(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type ClabeAccount = z.infer<typeof ClabeAccount>;

/** ConfirmHolder: the business accepts a holder that did not match (then the CLABE is remembered as confirmed). */
export const ConfirmHolderField = z.boolean().optional().describe('true: pagar aunque el titular de la CLABE no coincida con el nombre o RFC dados');
const AliasField = z.string({ message: REQUIRED }).trim().min(1, REQUIRED).max(40, SPEI_MESSAGES.alias);
const RfcField = z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), rfcSchema());
const DailyLimitField = z.preprocess((v) => (v === '' ? null : v), AmountField.nullable().optional());

export const ClabeAccountCreateBody = z.object({
  BusinessId: optional(Uuid),
  Alias: AliasField,
  AccountHolderName: BeneficiaryNameField,
  Clabe: ClabeField,
  RFC: optional(RfcField),
  ClabeUsageScope: ClabeUsageScope.default('ALL'),
  DailyTransferLimit: DailyLimitField,
  AccountTypeId: z.literal(40, { message: 'Por ahora solo se pueden registrar cuentas CLABE (tipo 40)' }).default(40),
  ConfirmHolder: ConfirmHolderField,
});

export const ClabeAccountEditBody = z.object({
  Id: Uuid,
  Alias: AliasField.optional(),
  AccountHolderName: BeneficiaryNameField.optional(),
  RFC: z.preprocess((v) => (v === '' ? null : v), RfcField.nullable().optional()),
  ClabeUsageScope: ClabeUsageScope.optional(),
  DailyTransferLimit: DailyLimitField,
  /** false deactivates the account (needs Desactivar); true reactivates it. */
  IsActive: z.boolean().optional(),
});

export const ClabeAccountListBody = z.object({
  BusinessId: optional(Uuid),
  Page: z.coerce.number().int().min(1).default(1),
  Size: z.coerce.number().int().min(1).max(100).default(5),
  Search: optional(z.string().trim().max(60)),
  IsActive: z.boolean().optional(),
});
export const ClabeAccountPage = pageOf(ClabeAccount);

// ---- SPEI out ------------------------------------------------------------------------------------

/** Maker-checker of single SPEI outs and dispersions (one setting per business, set by staff). */
export const APPROVAL_MESSAGES = {
  speiOutAwaits: 'Transferencia registrada: espera la autorización de otro usuario de la empresa',
  speiOutNotAwaiting: 'La transferencia no está por autorizar',
  speiOutSameUser: 'Otro usuario de la empresa debe autorizar esta transferencia',
} as const;

/** The account-holder check before the first payout to a CLABE (the rail's penny test; decision 0014). */
export const HOLDER_MESSAGES = {
  noSuchAccount: 'La cuenta no existe (verificación del titular)',
  mismatch: (name: string, rfc: string | null) =>
    `El titular de la CLABE es ${name}${rfc ? ` (RFC ${rfc})` : ''} y no coincide con el nombre o RFC indicados. Confirma el titular para continuar`,
} as const;
export const SpeiOutBody = z
  .object({
    /** A registered, active CLABE account of the business … */
    ClabeAccountId: optional(Uuid),
    /** … or a CLABE with the beneficiary's name. */
    Clabe: optional(ClabeField),
    BeneficiaryName: optional(BeneficiaryNameField),
    BeneficiaryRfc: optional(RfcField),
    Amount: AmountField,
    Concept: ConceptField,
    Reference: NumericReferenceField,
    /** A person's code (spei-out); an API key sends none: the money command asks it of people only. */
    SecurityCode: optional(SecurityCodeField),
    /** Optional future day (YYYY-MM-DD, America/Mexico_City) to send it; until then it stays pending and cancellable. */
    PaymentDay: optional(DateField),
    ConfirmHolder: ConfirmHolderField,
  })
  .superRefine((d, ctx) => {
    if (!d.ClabeAccountId === !d.Clabe) ctx.addIssue({ code: 'custom', path: ['Clabe'], message: SPEI_MESSAGES.destination });
    if (d.Clabe && !d.BeneficiaryName) ctx.addIssue({ code: 'custom', path: ['BeneficiaryName'], message: REQUIRED });
  });

export const PendingTransactionsBody = z.object({
  BusinessId: optional(Uuid),
  Page: z.coerce.number().int().min(1).default(1),
  Size: z.coerce.number().int().min(1).max(100).default(10),
});

export const MovementIdBody = z.object({ Id: Uuid });
/** A second user of the business authorises a SPEI out «Por autorizar» with their own code (operation spei-out). */
export const SpeiOutApproveBody = z.object({ Id: Uuid, SecurityCode: SecurityCodeField });
/** A SPEI out awaiting authorisation, with whether the caller may authorise it (not its maker). */
export const AwaitingSpeiOut = BusinessMovement.extend({ CanApprove: z.boolean(), CreatedByEmail: z.string().nullable() });
export type AwaitingSpeiOut = z.infer<typeof AwaitingSpeiOut>;
export const AwaitingSpeiOutPage = pageOf(AwaitingSpeiOut);
export const MovementIdParams = z.object({ id: Uuid });
/** Which proof of payment: Banxico's CEP or the product's own PDF (default: the CEP when it exists). */
export const ProofQuery = z.object({ Kind: z.enum(['cep', 'propio'], { message: 'Tipo de comprobante no válido' }).optional() });

// ---- sandbox incoming order (staff) ------------------------------------------------------------------

export const SandboxIncomingBody = z.object({
  /** The business CLABE that receives it. */
  Clabe: ClabeField,
  Amount: AmountField,
  SenderName: BeneficiaryNameField,
  /** The ordering account; by default a BBVA CLABE of the sandbox. */
  SenderClabe: optional(ClabeField),
  Concept: ConceptField,
  Reference: optional(NumericReferenceField),
  /** The sender's tracking key; generated when omitted. Same key + same day + same sending bank = the same order. */
  TrackingKey: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Z0-9]{1,30}$/, 'La clave de rastreo admite máximo 30 letras mayúsculas y dígitos'),
  ),
  OperationDate: optional(DateField),
});
export const SandboxIncomingResult = z.object({ Movement: BusinessMovement, Duplicate: z.boolean() });

// ---- transference (/api/v1/transference*) -----------------------------------------------------------

/** spec §3 transference, plus v_uid, the destination CLABE and the dates. n_status = StatusBusinessMovement. */
export const Transference = z.object({
  v_uid: z.string(),
  v_clabe_origin: z.string(),
  v_clabe_destination: z.string().nullable(),
  v_recipients_name: z.string().nullable(),
  v_financial_institution: z.string().nullable(),
  v_alias: z.string().nullable(),
  v_reference: z.string().nullable(),
  v_concept: z.string().nullable(),
  n_amount: AmountOut,
  n_amount_comission: AmountOut,
  n_amount_total: AmountOut,
  v_uid_dispersion: z.string().nullable(),
  v_tracking_number: z.string().nullable(),
  n_status: z.number().int(),
  v_status_name: z.string(),
  d_create_at: z.string(),
  d_update_at: z.string(),
});
export type Transference = z.infer<typeof Transference>;

export const TransferenceCreateBody = z
  .object({
    v_uid_account: optional(Uuid),
    v_clabe_destination: optional(ClabeField),
    v_recipients_name: optional(BeneficiaryNameField),
    v_alias: optional(AliasField),
    v_reference: NumericReferenceField,
    v_concept: ConceptField,
    n_amount: AmountField,
    v_security_code: SecurityCodeField,
    b_confirm_holder: ConfirmHolderField,
  })
  .superRefine((d, ctx) => {
    if (!d.v_uid_account === !d.v_clabe_destination) ctx.addIssue({ code: 'custom', path: ['v_clabe_destination'], message: SPEI_MESSAGES.destination });
    if (d.v_clabe_destination && !d.v_recipients_name) ctx.addIssue({ code: 'custom', path: ['v_recipients_name'], message: REQUIRED });
  });

export const TransferenceUpdateBody = z.object({
  v_recipients_name: optional(BeneficiaryNameField),
  v_alias: optional(AliasField),
  v_reference: optional(NumericReferenceField),
  v_concept: optional(ConceptField),
});

export const TransferenceListQuery = z.object({
  BusinessId: optional(Uuid),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
  n_status: z.coerce.number().int().min(0).max(MOVEMENT_STATUS_MAX).optional(),
});
