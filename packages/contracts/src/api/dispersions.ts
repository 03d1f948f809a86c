/**
 * Dispersions: many SPEI outs from one file (docs/decisions/0014-dispersions.md). The file's
 * columns and how their names are matched, the per-row rules (the same fields as a single SPEI
 * out), the statuses with their Spanish names, the account-holder comparison, and the calls.
 */
import { z } from 'zod';
import { rfcCheckDigit, rfcSchema } from '../ids/rfc';
import { bankByClabePrefix } from '../catalogs';
import { validateClabe } from '../ids/clabe';
import { AmountField, AmountOut, parseApiAmount } from './money';
import { EmailField, Uuid, pageOf } from './common';
import { DateField, REQUIRED, optional } from './fields';
import { BeneficiaryNameField, ClabeField, ConceptField, HOLDER_MESSAGES, NumericReferenceField, SPEI_PATTERNS, SecurityCodeField } from './spei';
import { SpeiCommissions } from './pricing';

// ---- statuses --------------------------------------------------------------------------------------

/** StatusDispersion: the numbers (§4 saw 0 and 4) and their meaning. */
export const DISPERSION_STATUS = {
  programada: 0,
  porAutorizar: 1,
  enProceso: 2,
  completada: 3,
  fallida: 4,
  parcial: 5,
  eliminada: 6,
  rechazada: 7,
} as const;
export const ALL_FAILED = 'Todas las transacciones fallaron';
export const DISPERSION_STATUS_NAMES: Readonly<Record<number, string>> = {
  0: 'Programada',
  1: 'Por autorizar',
  2: 'En proceso',
  3: 'Completada',
  4: ALL_FAILED,
  5: 'Completada parcialmente',
  6: 'Eliminada',
  7: 'Rechazada por el autorizador',
};
/** A dispersion that may still be removed: nothing has been held or sent. */
export const DISPERSION_REMOVABLE: readonly number[] = [DISPERSION_STATUS.programada, DISPERSION_STATUS.porAutorizar];

// ---- the file --------------------------------------------------------------------------------------

export const DISPERSION_COLUMNS = ['Name', 'Clabe', 'Amount', 'Concept', 'Reference', 'Rfc', 'Email'] as const;
export type DispersionColumn = (typeof DISPERSION_COLUMNS)[number];
export const DISPERSION_REQUIRED_COLUMNS: readonly DispersionColumn[] = ['Name', 'Clabe', 'Amount', 'Concept', 'Reference'];
/** The template's headers (and the column names in error messages). */
export const DISPERSION_HEADERS: Readonly<Record<DispersionColumn, string>> = {
  Name: 'Nombre del beneficiario',
  Clabe: 'CLABE',
  Amount: 'Monto',
  Concept: 'Concepto',
  Reference: 'Referencia numérica',
  Rfc: 'RFC',
  Email: 'Correo electrónico',
};
/** Header spellings accepted, compared after headerKey (no case, accents, spaces or punctuation). */
const HEADER_ALIASES: Readonly<Record<DispersionColumn, string[]>> = {
  Name: ['nombredelbeneficiario', 'nombrebeneficiario', 'beneficiario', 'nombre', 'name', 'beneficiaryname'],
  Clabe: ['clabe', 'cuentaclabe', 'clabeinterbancaria', 'beneficiaryaccountclabe'],
  Amount: ['monto', 'importe', 'cantidad', 'amount'],
  Concept: ['concepto', 'conceptodepago', 'concept'],
  Reference: ['referencianumerica', 'referencia', 'reference'],
  Rfc: ['rfc', 'rfcdelbeneficiario'],
  Email: ['correoelectronico', 'correo', 'email', 'email'],
};

export const DISPERSION_LIMITS = { maxBytes: 10 * 1024 * 1024, maxRows: 50_000 } as const;

export const DISPERSION_MESSAGES = {
  empty: 'El archivo está vacío',
  noRows: 'El archivo no tiene filas con datos',
  extension: 'Archivo no válido, solo se aceptan archivos .csv o .xlsx',
  content: 'El contenido del archivo no corresponde a su extensión',
  size: 'No debe pesar más de 10MB',
  rows: 'El archivo admite como máximo 50,000 filas',
  missingColumn: (name: string) => `Falta la columna ${name}`,
  formula: 'La celda no puede comenzar con =, +, - o @',
  formulaCell: 'La celda contiene una fórmula; escribe el valor',
  duplicate: (row: number) => `Fila duplicada: misma CLABE, monto y referencia que la fila ${row}`,
  ownAccount: 'No puedes dispersar a tu propia cuenta',
  rowErrors: 'El archivo tiene errores; corrígelos y vuelve a cargarlo',
  noSuchAccount: HOLDER_MESSAGES.noSuchAccount,
  holderMismatch: 'El titular de la cuenta no coincide con el nombre o RFC indicados',
  unconfirmed: 'Confirma o quita las filas cuyo titular no coincide',
  notRemovable: 'Solo se puede eliminar una dispersión que aún no inicia',
  notFound: 'Dispersión no encontrada',
  notAwaiting: 'La dispersión no está por autorizar',
  sameUser: 'Otro usuario de la empresa debe autorizar esta dispersión',
  nothingToResend: 'La dispersión no tiene filas fallidas por reenviar',
} as const;

/** A header as compared: lower case, no accents, only letters and digits. */
export const headerKey = (h: string): string =>
  h
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Which column a header names, or undefined. */
export function columnOfHeader(header: string): DispersionColumn | undefined {
  const k = headerKey(header);
  return DISPERSION_COLUMNS.find((c) => HEADER_ALIASES[c].includes(k));
}

/** A text cell that a spreadsheet would run as a formula. */
export const looksLikeFormula = (v: string): boolean => /^[=+\-@]/.test(v);

/** One row as typed (file or screen): every value a string. */
export const DispersionRowInput = z.object({
  Name: z.string().max(200).default(''),
  Clabe: z.string().max(60).default(''),
  Amount: z
    .union([z.string().max(40), z.number()])
    .transform(String)
    .default(''),
  Concept: z.string().max(200).default(''),
  Reference: z
    .union([z.string().max(40), z.number()])
    .transform(String)
    .default(''),
  Rfc: z.string().max(40).optional(),
  Email: z.string().max(300).optional(),
});
export type DispersionRowInput = z.input<typeof DispersionRowInput>;

export interface DispersionRowError {
  Row: number;
  Column: string;
  Message: string;
}

export interface ValidDispersionRow {
  row: number;
  name: string;
  clabe: string;
  bankCode: string;
  amountCents: bigint;
  concept: string;
  reference: string;
  rfc: string | null;
  email: string | null;
}

const ROW_FIELDS: Record<DispersionColumn, z.ZodTypeAny> = {
  Name: BeneficiaryNameField,
  Clabe: ClabeField,
  Amount: AmountField,
  Concept: ConceptField,
  Reference: NumericReferenceField,
  Rfc: optional(rfcSchema()),
  Email: optional(EmailField),
};

/**
 * The fast path of a 50,000-row file: a row whose every cell plainly passes (the same patterns and
 * limits as the zod fields, no RFC or e-mail) is valid without zod; anything else, valid or not,
 * goes through zod, which also words the Spanish message. It accepts only what zod accepts.
 */
function plainValidRow(row: number, input: Partial<Record<DispersionColumn, string>>): ValidDispersionRow | undefined {
  if (input.Rfc?.trim() || input.Email?.trim()) return undefined;
  const name = (input.Name ?? '').trim();
  const clabe = (input.Clabe ?? '').trim();
  const amount = (input.Amount ?? '').trim();
  const concept = (input.Concept ?? '').trim();
  const reference = (input.Reference ?? '').trim();
  // The patterns refuse a leading = + - @, so no formula cell passes here.
  if (name.length > 39 || !SPEI_PATTERNS.beneficiaryName.test(name)) return undefined;
  if (concept.length > 39 || !SPEI_PATTERNS.concept.test(concept)) return undefined;
  if (!SPEI_PATTERNS.reference.test(reference)) return undefined;
  if (!/^\d{18}$/.test(clabe) || !validateClabe(clabe).ok) return undefined;
  if (amount.length > 32) return undefined;
  const cents = parseApiAmount(amount);
  if (!('value' in cents)) return undefined;
  return { row, name, clabe, bankCode: clabe.slice(0, 3), amountCents: cents.value, concept, reference, rfc: null, email: null };
}

/**
 * Validates one row with the contracts rules of a single SPEI out. Returns the row or every error
 * of it (column named as in the template). `row` is the number the person sees (file line).
 */
export function validateDispersionRow(
  row: number,
  input: Partial<Record<DispersionColumn, string>>,
): { value?: ValidDispersionRow; errors: DispersionRowError[] } {
  const quick = plainValidRow(row, input);
  if (quick) return { value: quick, errors: [] };
  const errors: DispersionRowError[] = [];
  const out: Partial<Record<DispersionColumn, unknown>> = {};
  for (const col of DISPERSION_COLUMNS) {
    const raw = (input[col] ?? '').trim();
    if (col !== 'Amount' && looksLikeFormula(raw)) {
      errors.push({ Row: row, Column: DISPERSION_HEADERS[col], Message: DISPERSION_MESSAGES.formula });
      continue;
    }
    const parsed = ROW_FIELDS[col].safeParse(raw);
    if (parsed.success) out[col] = parsed.data;
    else errors.push({ Row: row, Column: DISPERSION_HEADERS[col], Message: parsed.error.issues[0]?.message ?? REQUIRED });
  }
  if (errors.length) return { errors };
  const clabe = out.Clabe as string;
  return {
    errors,
    value: {
      row,
      name: out.Name as string,
      clabe,
      bankCode: clabe.slice(0, 3),
      amountCents: out.Amount as bigint,
      concept: out.Concept as string,
      reference: out.Reference as string,
      rfc: (out.Rfc as string | undefined) ?? null,
      email: (out.Email as string | undefined) ?? null,
    },
  };
}

/** Flags every later row with the same CLABE, amount and reference as an earlier one. */
export function duplicateRowErrors(rows: readonly ValidDispersionRow[]): DispersionRowError[] {
  const first = new Map<string, number>();
  const errors: DispersionRowError[] = [];
  for (const r of rows) {
    const k = `${r.clabe}|${r.amountCents}|${r.reference}`;
    const seen = first.get(k);
    if (seen === undefined) first.set(k, r.row);
    else errors.push({ Row: r.row, Column: DISPERSION_HEADERS.Clabe, Message: DISPERSION_MESSAGES.duplicate(seen) });
  }
  return errors;
}

// ---- account holder ---------------------------------------------------------------------------------

const LEGAL_FORMS = [
  'sociedad anonima promotora de inversion de capital variable',
  'sociedad anonima de capital variable',
  'sociedad de responsabilidad limitada de capital variable',
  'sapi de cv',
  'sab de cv',
  'sa de cv',
  's de rl de cv',
  's de rl',
  'sofom enr',
  'sofom er',
  'sc de rl',
  'sas de cv',
  'sas',
  'sa',
  'sc',
  'ac',
  'iap',
  'spr de rl',
];

/** A holder name as compared: no case, accents, punctuation or legal-form suffix ("SA de CV"). */
export function holderNameKey(name: string): string {
  let s = ` ${name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.,]/g, '')
    .replace(/[^a-z0-9&ñ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
  for (let changed = true; changed;) {
    changed = false;
    for (const form of LEGAL_FORMS) {
      if (s.endsWith(` ${form} `)) {
        s = s.slice(0, s.length - form.length - 1);
        changed = true;
      }
    }
  }
  return s.trim();
}

/** Whether the name (and RFC, when both sides have one) given for a CLABE are its holder's. */
export function holderMatches(given: { name: string; rfc?: string | null }, holder: { name: string; rfc?: string | null }): boolean {
  if (given.name !== holder.name && holderNameKey(given.name) !== holderNameKey(holder.name)) return false;
  if (given.rfc && holder.rfc && given.rfc.trim().toUpperCase() !== holder.rfc.trim().toUpperCase()) return false;
  return true;
}

export const HOLDER_CHECKS = ['verified', 'match', 'mismatch', 'no-account'] as const;
export type HolderCheck = (typeof HOLDER_CHECKS)[number];
export const HOLDER_CHECK_NAMES: Readonly<Record<HolderCheck, string>> = {
  verified: 'Verificada antes',
  match: 'Titular coincide',
  mismatch: 'Titular no coincide',
  'no-account': 'Cuenta inexistente',
};

// ---- the sandbox's penny test ------------------------------------------------------------------------

const FIRST_NAMES = [
  'ANA',
  'LUIS',
  'MARIA',
  'JOSE',
  'SOFIA',
  'CARLOS',
  'LUCIA',
  'JORGE',
  'ELENA',
  'MIGUEL',
  'PAULA',
  'RAUL',
  'ROSA',
  'DIEGO',
  'LAURA',
  'PEDRO',
];
const LAST_NAMES = [
  'GARCIA',
  'LOPEZ',
  'MARTINEZ',
  'HERNANDEZ',
  'PEREZ',
  'SANCHEZ',
  'RAMIREZ',
  'TORRES',
  'FLORES',
  'RIVERA',
  'GOMEZ',
  'DIAZ',
  'CRUZ',
  'MORALES',
  'REYES',
  'ORTIZ',
];

/**
 * Who holds a CLABE, as the SANDBOX rail answers its penny test (documented in decision 0014):
 * an account number (CLABE digits 7–17) starting with 999 does not exist; any other CLABE of an
 * outside bank is held by a person whose name and RFC come from the account number alone:
 * n = the 11-digit account number; name = FIRST[n mod 16] LAST[(n div 16) mod 16] LAST[(n div 256) mod 16];
 * RFC = the usual initials + birth date 19(60 + n mod 40)-(1 + n mod 12)-(1 + n mod 28) + 'SB' + check digit.
 * (CLABEs of this provider are answered by the server with the business that holds them.)
 */
export function sandboxAccountHolder(clabe: string): { exists: false } | { exists: true; name: string; rfc: string } {
  const account = clabe.slice(6, 17);
  if (account.startsWith('999')) return { exists: false };
  // 11 digits fit a double exactly: plain numbers, as fast as 50,000 rows need.
  const n = Number(account || '0');
  const pick = (list: string[], div: number) => list[Math.floor(n / div) % 16]!;
  const first = pick(FIRST_NAMES, 1);
  const last1 = pick(LAST_NAMES, 16);
  const last2 = pick(LAST_NAMES, 256);
  const vowel = last1.slice(1).match(/[AEIOU]/)?.[0] ?? 'X';
  const two = (v: number) => String(v).padStart(2, '0');
  const date = `${two(60 + (n % 40))}${two(1 + (n % 12))}${two(1 + (n % 28))}`;
  const base = `${last1[0]}${vowel}${last2[0]}${first[0]}${date}SB`;
  return { exists: true, name: `${first} ${last1} ${last2}`, rfc: `${base}${rfcCheckDigit(base)}` };
}

// ---- calls ------------------------------------------------------------------------------------------

const FileIn = z.object({
  Name: z.string({ message: REQUIRED }).trim().min(1, REQUIRED).max(200),
  /** The file's bytes, base64 (≤ 10 MB once decoded). */
  ContentBase64: z.string({ message: REQUIRED }).max(14_000_000, DISPERSION_MESSAGES.size),
});

const source = {
  File: FileIn.optional(),
  /** Rows typed or corrected on the screen (instead of a file). */
  Rows: z.array(DispersionRowInput).max(DISPERSION_LIMITS.maxRows, DISPERSION_MESSAGES.rows).optional(),
  /** Rows of the file (by their row number) left out of the dispersion. */
  DropRows: z.array(z.number().int().min(1)).max(DISPERSION_LIMITS.maxRows).optional(),
  /** CLABEs whose holder did not match and that the business confirms. */
  ConfirmedClabes: z.array(z.string().max(20)).max(DISPERSION_LIMITS.maxRows).optional(),
};
const needsSource = (d: { File?: unknown; Rows?: unknown }, ctx: z.RefinementCtx) => {
  if (!d.File === !d.Rows) ctx.addIssue({ code: 'custom', path: ['File'], message: 'Carga un archivo o escribe las filas' });
};

export const DispersionValidateBody = z.object(source).superRefine(needsSource);

export const DispersionCreateBody = z
  .object({
    ...source,
    Concept: optional(z.string().trim().max(39, 'El concepto admite máximo 39 caracteres')),
    InternalConcept: optional(z.string().trim().max(100, 'El concepto interno admite máximo 100 caracteres')),
    /** A future day (YYYY-MM-DD, America/Mexico_City); without it the dispersion runs now. */
    PaymentDay: optional(DateField),
    /** A person's code (dispersion); an API key sends none: the money command asks it of people only. */
    SecurityCode: optional(SecurityCodeField),
    /** The failed dispersion whose rows this re-sends. */
    ResendOf: optional(Uuid),
  })
  .superRefine(needsSource);

const Values = z.object({ Amount: AmountOut, Commission: AmountOut, IVA: AmountOut, TotalAmount: AmountOut, RemainingBalance: AmountOut });

export const DispersionPreviewRow = z.object({
  Row: z.number(),
  Name: z.string(),
  Clabe: z.string(),
  BankCode: z.string(),
  BankName: z.string().nullable(),
  Concept: z.string(),
  Reference: z.string(),
  Rfc: z.string().nullable(),
  Email: z.string().nullable(),
  Amount: AmountOut,
  Commission: AmountOut,
  IVA: AmountOut,
  TotalAmount: AmountOut,
  HolderCheck: z.enum(HOLDER_CHECKS),
  HolderName: z.string().nullable(),
  HolderRfc: z.string().nullable(),
});
export type DispersionPreviewRow = z.infer<typeof DispersionPreviewRow>;

export const DispersionRowErrorOut = z.object({ Row: z.number(), Column: z.string(), Message: z.string() });

/** The §3 values-and-commission preview of the whole batch, each row, and every error at once. */
export const DispersionPreview = z.object({
  FileName: z.string().nullable(),
  TotalRows: z.number(),
  Errors: z.array(DispersionRowErrorOut),
  Rows: z.array(DispersionPreviewRow),
  Commissions: SpeiCommissions,
  Values,
  /** The available balance now, and whether it covers the total. */
  AvailableBalance: AmountOut,
  Sufficient: z.boolean(),
  /** Why it cannot run now (balance, daily or monthly limit), or null. */
  Blocker: z.string().nullable(),
  Mismatches: z.number(),
  /** Whether a second user must authorise it (maker-checker). */
  NeedsApproval: z.boolean(),
});
export type DispersionPreview = z.infer<typeof DispersionPreview>;

/** The §3 dispersion record, with counts. */
export const Dispersion = z.object({
  Id: z.string(),
  BusinessId: z.string(),
  FileName: z.string().nullable(),
  IdS3: z.string().nullable(),
  FileSha256: z.string().nullable(),
  FileSize: z.number().nullable(),
  FileMediaType: z.string().nullable(),
  Concept: z.string().nullable(),
  InternalConcept: z.string().nullable(),
  PaymentDay: z.string().nullable(),
  TotalAmount: AmountOut,
  TotalTaxes: AmountOut,
  TotalImport: AmountOut,
  StatusDispersion: z.number(),
  StatusName: z.string(),
  CreatedAt: z.string(),
  StartedAt: z.string().nullable(),
  FinishedAt: z.string().nullable(),
  LastError: z.string().nullable(),
  TotalRows: z.number(),
  QueuedRows: z.number(),
  OpenRows: z.number(),
  SettledRows: z.number(),
  FailedRows: z.number(),
  CreatedByEmail: z.string().nullable(),
  ApprovedByEmail: z.string().nullable(),
  ResendOf: z.string().nullable(),
  CanRemove: z.boolean(),
  CanApprove: z.boolean(),
});
export type Dispersion = z.infer<typeof Dispersion>;
export const DispersionPage = pageOf(Dispersion);

/** The dashboards' dispersions of the last 30 days. */
export const DispersionSummary = z.object({
  ByStatus: z.array(z.object({ Status: z.number(), StatusName: z.string(), Count: z.number(), Rows: z.number(), TotalImport: AmountOut })),
  Latest: z.array(Dispersion),
});
export type DispersionSummary = z.infer<typeof DispersionSummary>;

/** A row of a dispersion: the §3 Dispersion transaction fields and its own status. */
export const DispersionTransaction = z.object({
  Id: z.string(),
  Row: z.number(),
  IdClientBusiness: z.string(),
  BeneficiaryName: z.string(),
  BeneficiaryAccountClabe: z.string(),
  BankCode: z.string(),
  BankName: z.string().nullable(),
  BeneficiaryRfc: z.string().nullable(),
  BeneficiaryEmail: z.string().nullable(),
  Concept: z.string(),
  Reference: z.string(),
  MovementAmount: AmountOut,
  Commission: AmountOut,
  IVA: AmountOut,
  TotalAmount: AmountOut,
  MovementType: z.string(),
  MovementDate: z.string().nullable(),
  MovementId: z.string().nullable(),
  OrderOPMId: z.string().nullable(),
  TrackinKey: z.string().nullable(),
  StatusBusinessMovement: z.number().nullable(),
  StatusName: z.string(),
  Failed: z.boolean(),
  ErrorDetail: z.string().nullable(),
  HasProof: z.boolean(),
});
export type DispersionTransaction = z.infer<typeof DispersionTransaction>;
export const DispersionTransactionPage = pageOf(DispersionTransaction);

export const DispersionHistoryBody = z.object({
  BusinessId: optional(Uuid),
  From: optional(DateField),
  To: optional(DateField),
  Status: optional(z.coerce.number().int().min(0).max(7)),
  Page: z.coerce.number().int().min(1).default(1),
  Size: z.coerce.number().int().min(1).max(100).default(10),
});
export const DispersionPendingBody = DispersionHistoryBody.pick({ BusinessId: true, Page: true, Size: true });
export const DispersionTransactionsBody = z.object({
  DispersionId: Uuid,
  /** Only the failed rows (to re-send them). */
  FailedOnly: z.boolean().optional(),
  Page: z.coerce.number().int().min(1).default(1),
  Size: z.coerce.number().int().min(1).max(1000).default(10),
});
export const DispersionIdBody = z.object({ DispersionId: Uuid });
export const DispersionApproveBody = z.object({ DispersionId: Uuid, SecurityCode: SecurityCodeField });
export const DispersionFileQuery = z.object({ Format: z.enum(['csv', 'xlsx'], { message: 'Formato no válido: csv o xlsx' }).default('csv') });

export const ApprovalConfig = z.object({ BusinessId: z.string(), Enabled: z.boolean(), ThresholdAmount: AmountOut.nullable() });
export type ApprovalConfig = z.infer<typeof ApprovalConfig>;
export const ApprovalConfigBody = z.object({ Enabled: z.boolean(), ThresholdAmount: optional(AmountField) });

export const HolderVerifyBody = z.object({ Clabe: ClabeField, Name: BeneficiaryNameField, Rfc: optional(rfcSchema()), BusinessId: optional(Uuid) });
export const HolderVerifyOut = z.object({
  Clabe: z.string(),
  Result: z.enum(HOLDER_CHECKS),
  ResultName: z.string(),
  HolderName: z.string().nullable(),
  HolderRfc: z.string().nullable(),
});

/** Legacy /api/v1/dispersal: the §3 dispersal entity over the same data. */
export const Dispersal = z.object({
  v_uid: z.string(),
  v_client_number: z.string(),
  d_transaction_date: z.string(),
  v_file_name: z.string().nullable(),
  v_concept: z.string().nullable(),
  d_payment_day: z.string().nullable(),
  n_total_amount: AmountOut,
  n_status: z.number(),
  v_status_name: z.string(),
  d_create_at: z.string(),
});
export type Dispersal = z.infer<typeof Dispersal>;
export const DispersalUpdateBody = z.object({
  v_concept: optional(z.string().trim().max(39, 'El concepto admite máximo 39 caracteres')),
  d_payment_day: optional(DateField),
});

export const bankNameOf = (clabe: string) => bankByClabePrefix(clabe)?.name ?? null;
