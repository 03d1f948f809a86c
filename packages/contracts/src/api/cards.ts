/**
 * Cards, cardholders, card money and the card-network sandbox (docs/decisions/0013-cards.md).
 * Status numbers, decline reasons and the masking rule live here so the screens and the server
 * say the same thing.
 */
import { z } from 'zod';
import { curpSchema } from '../ids/curp';
import { rfcSchema } from '../ids/rfc';
import { AmountField, AmountOut } from './money';
import { EmailField } from './common';
import { CountryCode, DateField, PersonName, optional, REQUIRED } from './fields';
import { BeneficiaryNameField, ClabeField, ConceptField, ConfirmHolderField, NumericReferenceField, SecurityCodeField } from './spei';

// ---- card status -----------------------------------------------------------------------------

/** 1 stock (unassigned), 2 assigned to a cardholder, 3 active, 4 cancelled (final). */
export const CARD_STATUS = { stock: 1, assigned: 2, active: 3, cancelled: 4 } as const;
export type CardStatusNumber = (typeof CARD_STATUS)[keyof typeof CARD_STATUS];
export const CARD_STATUS_NAMES: Record<number, string> = { 1: 'En stock', 2: 'Asignada', 3: 'Activa', 4: 'Cancelada' };

/** Creation batches: INPROGRESS while the job works, then one of the final states. */
export const BATCH_STATUSES = ['INPROGRESS', 'COMPLETED', 'COMPLETED_WITH_ERRORS', 'FAILED'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
export const BATCH_STATUS_NAMES: Record<BatchStatus, string> = {
  INPROGRESS: 'En proceso',
  COMPLETED: 'Terminado',
  COMPLETED_WITH_ERRORS: 'Terminado con errores',
  FAILED: 'Fallido',
};

/** First 6 and last 4 digits (§9: first and last characters default 6). */
export const maskPan = (first6: string, last4: string) => `${first6}******${last4}`;

/** Luhn check digit of the first 15 digits. */
export function luhnCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = body.charCodeAt(body.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}
export const isLuhnValid = (pan: string) => /^\d{16}$/.test(pan) && luhnCheckDigit(pan.slice(0, 15)) === pan.charAt(15);

// ---- merchant categories and controls ---------------------------------------------------------

/** MCC groups a business can allow or block per card; each names its MCC ranges. */
export const MCC_GROUPS = {
  fuel: {
    name: 'Gasolineras',
    ranges: [
      [5541, 5542],
      [5983, 5983],
    ],
  },
  restaurants: { name: 'Restaurantes', ranges: [[5811, 5814]] },
  travel: {
    name: 'Viajes',
    ranges: [
      [3000, 3999],
      [4511, 4511],
      [4722, 4722],
      [7011, 7011],
    ],
  },
  groceries: {
    name: 'Supermercados',
    ranges: [
      [5411, 5411],
      [5499, 5499],
    ],
  },
  cash: { name: 'Retiros de efectivo', ranges: [[6010, 6011]] },
  entertainment: { name: 'Entretenimiento', ranges: [[7832, 7999]] },
} as const satisfies Record<string, { name: string; ranges: readonly (readonly [number, number])[] }>;
export type MccGroup = keyof typeof MCC_GROUPS;
export const MCC_GROUP_KEYS = Object.keys(MCC_GROUPS) as MccGroup[];
export function mccGroupOf(mcc: number): MccGroup | null {
  for (const key of MCC_GROUP_KEYS) if (MCC_GROUPS[key].ranges.some(([a, b]) => mcc >= a && mcc <= b)) return key;
  return null;
}

export const CHANNELS = { online: 'en línea', 'in-person': 'presencial', atm: 'cajero automático' } as const;
export type Channel = keyof typeof CHANNELS;

export const CardControls = z.object({
  /** Empty: every category not blocked is allowed. */
  AllowedMccGroups: z
    .array(z.enum(MCC_GROUP_KEYS as [MccGroup, ...MccGroup[]], { message: 'Categoría no válida' }))
    .max(10)
    .default([]),
  BlockedMccGroups: z
    .array(z.enum(MCC_GROUP_KEYS as [MccGroup, ...MccGroup[]], { message: 'Categoría no válida' }))
    .max(10)
    .default([]),
  Online: z.boolean().default(true),
  InPerson: z.boolean().default(true),
  Atm: z.boolean().default(true),
  DomesticOnly: z.boolean().default(false),
});
export type CardControls = z.output<typeof CardControls>;
export const DEFAULT_CARD_CONTROLS: CardControls = { AllowedMccGroups: [], BlockedMccGroups: [], Online: true, InPerson: true, Atm: true, DomesticOnly: false };

/** Why the sandbox declines (the message names the control that refused). */
export const DECLINE_REASONS = {
  notActive: 'Tarjeta no activa',
  locked: 'Tarjeta bloqueada',
  cancelled: 'Tarjeta cancelada',
  cardholderLocked: 'Tarjetahabiente bloqueado',
  insufficientFunds: 'Saldo insuficiente',
  business: 'Rechazada por el negocio',
  businessDefault: 'Rechazada: el negocio no dio una respuesta válida a tiempo',
  perTransaction: 'Límite por transacción excedido',
  daily: 'Límite diario excedido',
  monthly: 'Límite mensual excedido',
  mccBlocked: (group: string) => `Categoría de comercio bloqueada: ${group}`,
  mccNotAllowed: (group: string) => `Categoría de comercio no permitida: ${group}`,
  channel: (channel: string) => `Canal no permitido: ${channel}`,
  abroad: 'Compras en el extranjero no permitidas',
  merchantLocked: 'Comercio no permitido para esta tarjeta',
  singleUseSpent: 'Tarjeta de un solo uso ya utilizada',
  cardPerTransaction: 'Límite por compra de la tarjeta excedido',
  cardDaily: 'Límite diario de la tarjeta excedido',
  cardMonthly: 'Límite mensual de la tarjeta excedido',
} as const;

// ---- shared fields ----------------------------------------------------------------------------

export const CardIdentifierField = z.string({ message: REQUIRED }).trim().min(1, REQUIRED).max(40, 'Debe contener máximo 40 caracteres');
export const HolderIdField = z
  .string({ message: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(40, 'Debe contener máximo 40 caracteres')
  .regex(/^[A-Za-z0-9_-]+$/, 'Solo se aceptan letras, números, guion y guion bajo');
const SecurityCode = z.string({ message: REQUIRED }).regex(/^\d{6}$/, 'El código debe tener 6 dígitos');
const Reason = z.string({ message: REQUIRED }).trim().min(3, 'Debe contener mínimo 3 caracteres').max(200, 'Debe contener máximo 200 caracteres');
const TokenPage = { PaginationToken: z.string().max(400).optional(), Size: z.coerce.number().int().min(1).max(100).default(10) };
export const tokenPageOf = <T extends z.ZodTypeAny>(item: T) => z.object({ Records: z.array(item), PaginationToken: z.string().nullable() });

// ---- cardholders ------------------------------------------------------------------------------

/** One cardholder as a CSV row or a form sends it (every row of an upload is checked with this). */
export const CardholderInput = z.object({
  CardholderIdentifier: optional(HolderIdField),
  Names: PersonName(),
  LastName: PersonName(),
  SecondLastName: optional(PersonName()),
  Email: EmailField,
  PhoneCode: CountryCode,
  CellPhone: z
    .string({ message: REQUIRED })
    .trim()
    .regex(/^\d{10}$/, 'El teléfono debe tener 10 dígitos'),
  Curp: optional(curpSchema),
  Rfc: optional(rfcSchema('fisica')),
  BirthDate: optional(DateField),
});

export const Cardholder = z.object({
  Id: z.string(),
  BusinessId: z.string(),
  CardholderIdentifier: z.string(),
  Names: z.string(),
  LastName: z.string(),
  SecondLastName: z.string().nullable(),
  FullName: z.string(),
  Email: z.string(),
  PhoneCode: z.string(),
  CellPhone: z.string().nullable(),
  MobileLinked: z.boolean(),
  Curp: z.string().nullable(),
  Rfc: z.string().nullable(),
  BirthDate: z.string().nullable(),
  IsLocked: z.boolean(),
  CardsCount: z.number().int(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type Cardholder = z.infer<typeof Cardholder>;

export const BusinessScoped = z.object({ BusinessId: z.string().uuid({ message: 'Identificador no válido' }).optional() });
export const CardholderListBody = BusinessScoped.extend({
  Page: z.coerce.number().int().min(1).default(1),
  Size: z.coerce.number().int().min(1).max(100).default(10),
  Search: z.string().trim().max(100).optional(),
  IsLocked: z.boolean().optional(),
});
export const CardholderByIdBody = BusinessScoped.extend({ Id: z.string().uuid({ message: 'Identificador no válido' }) });
export const CardholderByEmailBody = BusinessScoped.extend({ Email: EmailField });
export const CardholderByEmailsBody = BusinessScoped.extend({ Emails: z.array(EmailField).min(1, REQUIRED).max(100, 'Debe contener máximo 100 elementos') });
export const CardholderIdentifierBody = BusinessScoped.extend({ CardholderIdentifier: HolderIdField });
export const CardholderLockBody = CardholderIdentifierBody.extend({ Lock: z.boolean().default(true) });
export const CardholderCreateBody = BusinessScoped.extend(CardholderInput.shape);
export const CardholderUpdateBody = BusinessScoped.extend({ ...CardholderInput.partial().shape, CardholderIdentifier: HolderIdField });
export const CardholderNamesBody = BusinessScoped.extend({
  CardholderIdentifier: HolderIdField,
  Names: PersonName(),
  LastName: PersonName(),
  SecondLastName: optional(PersonName()),
});
export const RowError = z.object({ Row: z.number().int(), Field: z.string().nullable(), Message: z.string() });
export const UploadResult = z.object({
  TotalRecords: z.number().int(),
  CreatedRecords: z.number().int(),
  FailedRecords: z.number().int(),
  Errors: z.array(RowError),
});

// ---- cards ------------------------------------------------------------------------------------

export const Card = z.object({
  CompositeSortKey: z.string(),
  CardIdentifier: z.string(),
  CardholderIdentifier: z.string().nullable(),
  UserType: z.number().int(),
  FullName: z.string().nullable(),
  Email: z.string().nullable(),
  IsBlocked: z.boolean(),
  IsTurnedOff: z.boolean(),
  Status: z.number().int(),
  StatusName: z.string(),
  CreatedAt: z.string(),
  ActivatedAt: z.string().nullable(),
  ReferenceBatch: z.string(),
  Payload: z.object({
    MaskedPan: z.string(),
    Last4: z.string(),
    ValidDate: z.string(),
    CardType: z.string(),
    Controls: CardControls,
    ReplacedBy: z.string().nullable(),
    ReplacementOf: z.string().nullable(),
    /** Issued at once with generated data (issue 28 §1); shown as «Virtual». */
    IsVirtual: z.boolean(),
    SingleUse: z.boolean(),
    /** The merchant the card is locked to (given at issue or the first it was used with), or null. */
    MerchantLock: z.string().nullable(),
    /** Locked to the first merchant it is used with (MerchantLock is null until then). */
    LockToFirstMerchant: z.boolean(),
    Limits: z.object({ PerTransaction: AmountOut.nullable(), Daily: AmountOut.nullable(), Monthly: AmountOut.nullable() }),
  }),
  CustomerId: z.string().nullable(),
  BusinessId: z.string().nullable(),
});
export type Card = z.infer<typeof Card>;
export const CardPage = tokenPageOf(Card);

export const CardListBody = BusinessScoped.extend({
  ...TokenPage,
  Status: z.coerce.number().int().min(1).max(4).optional(),
  ReferenceBatch: z.string().trim().max(60).optional(),
  CardholderIdentifier: z.string().trim().max(40).optional(),
  Last4: z
    .string()
    .regex(/^\d{4}$/, 'Escribe los últimos 4 dígitos')
    .optional(),
  /** Staff: only cards not assigned to any business. */
  Unassigned: z.boolean().optional(),
});
export const CardRefBody = BusinessScoped.extend({ CardIdentifier: CardIdentifierField });
export const CardActivateBody = BusinessScoped.extend({ CardIdentifier: CardIdentifierField.optional() });
export const CardActivateResult = z.object({ CustomerId: z.string(), Activated: z.number().int() });
export const CardLockBody = CardRefBody.extend({ Lock: z.boolean().default(true) });
export const CardRevealBody = CardRefBody.extend({ SecurityCode, Reason });
export const CardReferenceRevealBody = BusinessScoped.extend({ CardReference: CardIdentifierField, SecurityCode, Reason });
export const CardInfo = z.object({ card_number: z.string(), card_type: z.string(), cvv: z.string(), valid_date: z.string() });
export const CardForCustomer = Card.extend({ CardInfo, VisibleSeconds: z.number().int() });
/** The isolated reveal view (issue 28 §4): the address of the page that shows the number, once, for ExpiresIn seconds. */
export const CardRevealView = z.object({ RevealUrl: z.string(), ExpiresIn: z.number().int() });
export type CardRevealView = z.infer<typeof CardRevealView>;
export const CardPin = z.object({ CardIdentifier: z.string(), Pin: z.string(), VisibleSeconds: z.number().int() });
/** Virtual: how many of Total are virtual cards. */
export const CardStatusCount = z.object({ Status: z.number().int(), StatusName: z.string(), Total: z.number().int(), Virtual: z.number().int() });
export const CardControlsBody = CardRefBody.extend({ Controls: CardControls });
/** Spending limits of one card (issue 28 §1), beside the cardholder's: every one that applies must allow a purchase. */
export const CardLimitsInput = z.object({
  PerTransaction: AmountField.optional(),
  Daily: AmountField.optional(),
  Monthly: AmountField.optional(),
});
export const VIRTUAL_MERCHANT_LOCKS = { none: 'Sin bloqueo', first: 'Primer comercio', given: 'Comercio indicado' } as const;
export type VirtualMerchantLock = keyof typeof VIRTUAL_MERCHANT_LOCKS;
export const MerchantIdField = z.string({ message: REQUIRED }).trim().min(1, REQUIRED).max(80, 'Debe contener máximo 80 caracteres');
export const IssueVirtualCardBody = BusinessScoped.extend({
  CardholderIdentifier: HolderIdField,
  SingleUse: z.boolean().default(false),
  MerchantLock: z
    .enum(Object.keys(VIRTUAL_MERCHANT_LOCKS) as [VirtualMerchantLock, ...VirtualMerchantLock[]], { message: 'Bloqueo de comercio no válido' })
    .default('none'),
  /** Required when MerchantLock is 'given': the merchant id the network sends (the merchant name when it sends none). */
  MerchantId: optional(MerchantIdField),
  Controls: CardControls.optional(),
  Limits: CardLimitsInput.optional(),
}).superRefine((b, ctx) => {
  if (b.MerchantLock === 'given' && !b.MerchantId) ctx.addIssue({ code: 'custom', path: ['MerchantId'], message: 'Indica el comercio' });
  if (b.MerchantLock !== 'given' && b.MerchantId)
    ctx.addIssue({ code: 'custom', path: ['MerchantId'], message: 'El comercio solo se indica con el bloqueo «Comercio indicado»' });
  const l = b.Limits;
  if (l?.PerTransaction !== undefined && l.Daily !== undefined && l.PerTransaction > l.Daily)
    ctx.addIssue({ code: 'custom', path: ['Limits', 'PerTransaction'], message: 'El límite por compra no puede ser mayor que el diario' });
  if (l?.Daily !== undefined && l.Monthly !== undefined && l.Daily > l.Monthly)
    ctx.addIssue({ code: 'custom', path: ['Limits', 'Daily'], message: 'El límite diario no puede ser mayor que el mensual' });
});
export const CardReplaceBody = CardRefBody.extend({ Reason: z.enum(['lost', 'stolen', 'damaged'], { message: 'Motivo no válido' }) });

// ---- batches ----------------------------------------------------------------------------------

export const CreationBatch = z.object({
  ReferenceBatch: z.string(),
  Email: z.string(),
  PathStorage: z.string(),
  TotalRecords: z.number().int(),
  CreatedRecords: z.number().int(),
  FailedRecords: z.number().int(),
  Status: z.enum(BATCH_STATUSES),
  GeneratedAt: z.string(),
  UpdatedAt: z.string(),
  Errors: z.array(RowError).optional(),
});
export const CreationBatchPage = tokenPageOf(CreationBatch);
export const BatchListBody = z.object({ ...TokenPage, Status: z.enum(BATCH_STATUSES).optional() });
export const BatchRefBody = z.object({ ReferenceBatch: z.string({ message: REQUIRED }).trim().min(1, REQUIRED).max(60) });
export const GenerateCardsBody = z.object({
  Count: z.coerce.number({ message: REQUIRED }).int('Debe ser un número entero').min(1, 'Mínimo 1 tarjeta').max(100_000, 'Máximo 100,000 tarjetas por lote'),
});
export const StockSettings = z.object({
  LowStockThreshold: z.number().int(),
  Bin: z.string(),
  VirtualBin: z.string(),
  Unassigned: z.number().int(),
  IsLow: z.boolean(),
});
export const StockSettingsBody = z.object({
  LowStockThreshold: z.coerce.number({ message: REQUIRED }).int('Debe ser un número entero').min(0, 'Debe ser mayor o igual a 0').max(10_000_000),
});

/** What an assignment row became, as a person reads it (issue 26 §2). */
export const ACTIVATION_STATUS_NAMES: Record<string, string> = { MATCHED: 'Asignada', ACTIVATED: 'Activada', FAILED: 'Con error' };
export const ActivationItem = z.object({
  CompositePartitionKey: z.string(),
  CompositeSortingKey: z.string(),
  ReferenceBatch: z.string(),
  CardholderIdentifier: z.string(),
  CardIdentifier: z.string(),
  UserType: z.number().int(),
  CustomerId: z.string().nullable(),
  Status: z.string(),
  /** «Asignada», «Activada», «Con error». */
  StatusName: z.string(),
  /** The card as printed (first 6 and last 4); null when the row named no card of the stock. */
  MaskedPan: z.string().nullable(),
  ErrorMessage: z.string().nullable(),
  GeneratedAt: z.string(),
});
export type ActivationItem = z.infer<typeof ActivationItem>;
export const ActivationItemPage = tokenPageOf(ActivationItem);
export const ActivationListBody = BusinessScoped.extend({ ...TokenPage, ReferenceBatch: z.string().trim().max(60).optional() });
export const MatchResult = z.object({
  ReferenceBatch: z.string(),
  TotalRecords: z.number().int(),
  MatchedRecords: z.number().int(),
  FailedRecords: z.number().int(),
  Errors: z.array(RowError),
});

// ---- card money -------------------------------------------------------------------------------

export const CardBalance = z.object({
  CardIdentifier: z.string(),
  MaskedPan: z.string(),
  balance: AmountOut,
  transitBalance: AmountOut,
  availableBalance: AmountOut,
});
export const CardholderBalance = z.object({
  CardholderIdentifier: z.string(),
  balance: AmountOut,
  transitBalance: AmountOut,
  availableBalance: AmountOut,
  Cards: z.array(CardBalance),
});
export const CardholderBalancesBody = BusinessScoped.extend({
  CardholderIdentifiers: z.array(HolderIdField).min(1, REQUIRED).max(100, 'Debe contener máximo 100 elementos'),
});

export const FundingRow = z.object({
  Row: z.number().int(),
  CardIdentifier: z.string(),
  CardholderIdentifier: z.string().nullable(),
  MaskedPan: z.string(),
  Amount: AmountOut,
  Commission: AmountOut,
  IVA: AmountOut,
  Total: AmountOut,
});
export const FundingPreview = z.object({
  Executed: z.boolean(),
  Rows: z.array(FundingRow),
  Errors: z.array(RowError),
  TotalAmount: AmountOut,
  TotalCommission: AmountOut,
  TotalIVA: AmountOut,
  Total: AmountOut,
  CurrentBalance: AmountOut,
  RemainingBalance: AmountOut,
});

export const CARD_MOVEMENT_KINDS = {
  funding: 'Fondeo',
  purchase: 'Compra',
  refund: 'Devolución',
  'replacement-out': 'Traspaso por reposición (salida)',
  'replacement-in': 'Traspaso por reposición (entrada)',
  'spei-out': 'Envío SPEI',
  'dispute-credit': 'Abono provisional por disputa',
  'dispute-reversal': 'Reversa de abono por disputa perdida',
  'dispute-chargeback': 'Contracargo por disputa ganada',
} as const;
/** Card movements that take money from the card (a charge); the rest add to it. */
export const CARD_MOVEMENT_CHARGES: readonly string[] = ['purchase', 'replacement-out', 'spei-out', 'dispute-reversal'];
/** Who decided a purchase when the business's endpoint was asked (issue 28 §2), as people read it. */
export const DECIDED_BY_NAMES = { producto: 'Producto', negocio: 'Negocio', predeterminado: 'Respuesta predeterminada' } as const;
export type DecidedBy = keyof typeof DECIDED_BY_NAMES;
const DecidedByField = z.enum(Object.keys(DECIDED_BY_NAMES) as [DecidedBy, ...DecidedBy[]]);
/** A purchase the business's endpoint was asked about: who decided, the business's reason (or why its default applied), how long it took. */
export const PurchaseDecision = z.object({
  DecidedBy: DecidedByField,
  BusinessReason: z.string().nullable(),
  DecisionMs: z.number().int(),
});
export type PurchaseDecision = z.infer<typeof PurchaseDecision>;

export const CardMovement = z.object({
  Id: z.string(),
  CardIdentifier: z.string(),
  MaskedPan: z.string(),
  Kind: z.string(),
  KindName: z.string(),
  Description: z.string(),
  Amount: AmountOut,
  Commission: AmountOut,
  IVA: AmountOut,
  Status: z.string(),
  AuthorizationId: z.string().nullable(),
  CreatedAt: z.string(),
  /** A purchase's decision when the business was asked; null otherwise (the product alone decided). */
  Decision: PurchaseDecision.nullable(),
});
export const CardMovementsBody = BusinessScoped.extend({
  CardIdentifier: z.string().trim().max(40).optional(),
  CardholderIdentifier: z.string().trim().max(40).optional(),
  Kind: z.enum(Object.keys(CARD_MOVEMENT_KINDS) as [string, ...string[]], { message: 'Tipo no válido' }).optional(),
  From: DateField.optional(),
  To: DateField.optional(),
  Page: z.coerce.number().int().min(1).default(1),
  Size: z.coerce.number().int().min(1).max(100).default(10),
  Format: z.enum(['csv', 'xlsx'], { message: 'Formato no válido' }).optional(),
});

/** SPEI out from a cardholder's card to a CLABE, sent by the business (security code of the spei-out operation). */
export const CardSpeiOutBody = z.object({
  CardIdentifier: CardIdentifierField,
  Clabe: ClabeField,
  BeneficiaryName: BeneficiaryNameField,
  Amount: AmountField,
  Concept: ConceptField,
  Reference: NumericReferenceField,
  ConfirmHolder: ConfirmHolderField,
  SecurityCode: SecurityCodeField,
});
export const CARD_SPEI_MESSAGES = {
  holderDisabled: 'El envío SPEI está deshabilitado para este tarjetahabiente',
} as const;

// ---- sandbox ----------------------------------------------------------------------------------

export const AuthorizeBody = BusinessScoped.extend({
  CardIdentifier: CardIdentifierField,
  MerchantName: z.string({ message: REQUIRED }).trim().min(1, REQUIRED).max(80, 'Debe contener máximo 80 caracteres'),
  /** The card acceptor id the network sends; a merchant lock compares it (the name when absent). */
  MerchantId: optional(MerchantIdField),
  Mcc: z.coerce.number({ message: 'MCC no válido' }).int('MCC no válido').min(1, 'MCC no válido').max(9999, 'MCC no válido'),
  Amount: AmountField,
  Channel: z.enum(Object.keys(CHANNELS) as [Channel, ...Channel[]], { message: 'Canal no válido' }).default('in-person'),
  Country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'País no válido')
    .default('MX'),
});
export const AuthorizationRefBody = BusinessScoped.extend({ AuthorizationId: z.string().uuid({ message: 'Identificador no válido' }) });
export const RefundBody = AuthorizationRefBody.extend({ Amount: AmountField.optional() });
export const Authorization = z.object({
  AuthorizationId: z.string(),
  CardIdentifier: z.string(),
  Approved: z.boolean(),
  DeclineReason: z.string().nullable(),
  Status: z.string(),
  MerchantName: z.string(),
  Mcc: z.number().int(),
  Amount: AmountOut,
  Refunded: AmountOut,
  CreatedAt: z.string(),
  /** Who decided: «producto», «negocio» or «predeterminado» (the business's default on a time-out or failure). */
  DecidedBy: DecidedByField,
  BusinessReason: z.string().nullable(),
  DecisionMs: z.number().int().nullable(),
});

/** A business's real-time authorisation endpoint (issue 28 §2): bounds of its time-out. */
export const AUTH_TIMEOUT_MS = { min: 200, max: 5000, default: 1500 } as const;
export const CardAuthEndpointRequest = BusinessScoped.extend({
  Url: z.string({ message: REQUIRED }).trim().max(500).url({ message: 'URL no válida' }),
  TimeoutMs: z.coerce
    .number({ message: 'Tiempo de espera no válido' })
    .int('Tiempo de espera no válido')
    .min(AUTH_TIMEOUT_MS.min, `El tiempo de espera debe ser de ${AUTH_TIMEOUT_MS.min} a ${AUTH_TIMEOUT_MS.max} ms`)
    .max(AUTH_TIMEOUT_MS.max, `El tiempo de espera debe ser de ${AUTH_TIMEOUT_MS.min} a ${AUTH_TIMEOUT_MS.max} ms`)
    .default(AUTH_TIMEOUT_MS.default),
  Default: z.enum(['approve', 'decline'], { message: 'Decisión predeterminada no válida' }).default('decline'),
  /** Staff only, outside production: allow http:// to a loopback address (tests, local receivers). */
  AllowLoopback: z.boolean().optional(),
});
export const CardAuthEndpoint = z.object({
  Url: z.string(),
  TimeoutMs: z.number().int(),
  Default: z.enum(['approve', 'decline']),
  AllowLoopback: z.boolean(),
  UpdatedAt: z.string(),
  /** The signing secret: shown only when the endpoint is first set. */
  Secret: z.string().optional(),
});
export type CardAuthEndpoint = z.infer<typeof CardAuthEndpoint>;

export type CardStatusCount = z.infer<typeof CardStatusCount>;
export type CardMovement = z.infer<typeof CardMovement>;
export type CardForCustomer = z.infer<typeof CardForCustomer>;
export type FundingPreview = z.infer<typeof FundingPreview>;

// ---- disputes (issue 28 §3) ---------------------------------------------------------------------

/** The networks' usual reasons, each with the days the network gives to resolve it (the dispute's deadline). */
export const DISPUTE_REASONS = {
  unrecognised: { name: 'Cargo no reconocido', days: 45 },
  duplicate: { name: 'Cargo duplicado', days: 30 },
  'not-received': { name: 'Mercancía o servicio no recibido', days: 45 },
  'amount-differs': { name: 'El monto es distinto', days: 30 },
  'cancelled-recurring': { name: 'Cargo recurrente cancelado', days: 30 },
} as const;
export type DisputeReason = keyof typeof DISPUTE_REASONS;
/** A purchase may be disputed up to this many days after it was made. */
export const DISPUTE_WINDOW_DAYS = 120;
export const DISPUTE_STATUSES = { open: 'Abierta', review: 'En revisión', won: 'Ganada', lost: 'Perdida', withdrawn: 'Retirada' } as const;
export type DisputeStatus = keyof typeof DISPUTE_STATUSES;
/** Where staff may move a dispute from each status (won, lost and withdrawn are final). */
export const DISPUTE_MOVES: Record<DisputeStatus, readonly DisputeStatus[]> = {
  open: ['review', 'won', 'lost', 'withdrawn'],
  review: ['won', 'lost', 'withdrawn'],
  won: [],
  lost: [],
  withdrawn: [],
};
export const DISPUTE_OPEN_STATUSES: readonly DisputeStatus[] = ['open', 'review'];

const DisputeReasonField = z.enum(Object.keys(DISPUTE_REASONS) as [DisputeReason, ...DisputeReason[]], { message: 'Motivo no válido' });
const DisputeStatusField = z.enum(Object.keys(DISPUTE_STATUSES) as [DisputeStatus, ...DisputeStatus[]], { message: 'Estatus no válido' });
const DisputeText = (max: number) =>
  z.string({ message: REQUIRED }).trim().min(10, 'Debe contener mínimo 10 caracteres').max(max, `Debe contener máximo ${max} caracteres`);
const DisputeIdField = z.string({ message: REQUIRED }).uuid({ message: 'Identificador no válido' });

export const DisputeCreateBody = BusinessScoped.extend({
  AuthorizationId: z.string({ message: REQUIRED }).uuid({ message: 'Identificador no válido' }),
  Reason: DisputeReasonField,
  Description: DisputeText(1000),
});
export const DisputeListBody = BusinessScoped.extend({
  Page: z.coerce.number().int().min(1).default(1),
  Size: z.coerce.number().int().min(1).max(100).default(10),
  Status: DisputeStatusField.optional(),
  Reason: DisputeReasonField.optional(),
  /** Only disputes past their deadline and still open or in review. */
  Overdue: z.boolean().optional(),
  CardIdentifier: z.string().trim().max(40).optional(),
});
export const DisputeRefBody = z.object({ DisputeId: DisputeIdField });
export const DisputeMoveBody = DisputeRefBody.extend({
  Status: DisputeStatusField,
  Comment: optional(z.string().trim().max(1000, 'Debe contener máximo 1000 caracteres')),
});
export const DisputeCreditBody = DisputeRefBody.extend({ Amount: AmountField.optional() });
export const DisputeWithdrawBody = BusinessScoped.extend({ DisputeId: DisputeIdField });

export const Dispute = z.object({
  Id: z.string(),
  Folio: z.string(),
  BusinessId: z.string(),
  BusinessName: z.string().nullable(),
  CardIdentifier: z.string(),
  MaskedPan: z.string(),
  AuthorizationId: z.string(),
  MerchantName: z.string(),
  PurchaseAt: z.string(),
  Amount: AmountOut,
  Reason: DisputeReasonField,
  ReasonName: z.string(),
  Description: z.string(),
  Status: DisputeStatusField,
  StatusName: z.string(),
  DeadlineAt: z.string(),
  /** Past its deadline and still open or in review. */
  Overdue: z.boolean(),
  ProvisionalCredit: AmountOut,
  CreatedAt: z.string(),
  ResolvedAt: z.string().nullable(),
});
export type Dispute = z.infer<typeof Dispute>;
export const DisputeEvent = z.object({
  Id: z.string(),
  Kind: z.enum(['opened', 'evidence', 'status', 'credit', 'reversal', 'chargeback']),
  Staff: z.boolean(),
  Author: z.string(),
  Comment: z.string().nullable(),
  FromStatus: z.string().nullable(),
  ToStatus: z.string().nullable(),
  Amount: AmountOut.nullable(),
  FileId: z.string().nullable(),
  FileName: z.string().nullable(),
  CreatedAt: z.string(),
});
export type DisputeEvent = z.infer<typeof DisputeEvent>;
export const DisputeDetail = Dispute.extend({ Events: z.array(DisputeEvent) });
