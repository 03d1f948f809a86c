/**
 * The form-field definition of spec §3/§5 and the engine that turns it into zod schemas. The
 * definitions also live in CMS content types (t_json), so the engine reads them at run time; every
 * failed rule becomes a custom zod issue carrying `params.key`, the rule's error key.
 */
import { z } from 'zod';
import type { FormatSpec } from '../formats';

export const ERROR_KEYS = ['required', 'pattern', 'minlength', 'maxlength', 'min', 'max', 'email', 'fileSize', 'accept', 'uuid'] as const;
export type ErrorKey = (typeof ERROR_KEYS)[number];

export interface Validators {
  required?: boolean;
  /** A string must match the whole value; a RegExp is used as written (without g/y). */
  pattern?: string | RegExp;
  minlength?: number;
  maxlength?: number;
  /** Numeric bounds apply only when >= 0; a negative bound means "no bound" (spec §5). */
  min?: number;
  max?: number;
  email?: boolean;
  /** Maximum size in MB (1 MB = 1024 * 1024 bytes) of every selected file. */
  fileSize?: number;
  /** Comma-separated list of extensions (".jpg, .png") or MIME types ("image/*"). */
  accept?: string;
  uuid?: boolean;
}

export interface FieldDefinition {
  field: string;
  validators?: Validators;
  messagesError?: Partial<Record<ErrorKey, string>>;
  foreign?: unknown;
  relationship?: unknown;
  format?: FormatSpec;
  value?: unknown;
}

/** A selected file: a browser File, or `{ name, size }` on the server and in tests. */
export interface FileLike {
  name: string;
  size: number;
  type?: string;
}

/** `{n}` is replaced by the rule's bound. */
export const DEFAULT_MESSAGES: Readonly<Record<ErrorKey, string>> = {
  required: 'Este campo es requerido',
  pattern: 'Formato no válido',
  minlength: 'Debe contener mínimo {n} caracteres',
  maxlength: 'Debe contener máximo {n} caracteres',
  min: 'El valor mínimo es {n}',
  max: 'El valor máximo es {n}',
  email: 'Correo electrónico no válido',
  fileSize: 'No debe pesar más de {n}MB',
  accept: 'Archivo no válido',
  uuid: 'Identificador no válido',
};

export const BYTES_PER_MB = 1024 * 1024;
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX_LENGTH = 64;

// Dot-atom local part; a domain of LDH labels ending in an alphabetic TLD, so "a@b" is refused.
const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
const UUID_V4_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const NUMERIC_TEXT = /^[-+]?(?:\d+\.?\d*|\.\d+)$/;

export function isEmail(value: string): boolean {
  const at = value.lastIndexOf('@');
  return value.length <= EMAIL_MAX_LENGTH && at <= EMAIL_LOCAL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

export function isUuidV4(value: string): boolean {
  return UUID_V4_PATTERN.test(value);
}

/** Options that a definition cannot express, e.g. rich text measured without its HTML tags. */
export interface FieldSchemaOptions {
  /** Maps the text before it is measured and tested for emptiness; the value itself is unchanged. */
  measure?: (text: string) => string;
}

/** What the rules look at, worked out once per value. */
interface Subject {
  value: unknown;
  /** NFC text of strings and numbers, so a decomposed "é" counts and matches as one letter. */
  text: string | undefined;
  measured: string | undefined;
  files: FileLike[] | undefined;
}

function isFileLike(value: unknown): value is FileLike {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { name?: unknown; size?: unknown };
  return typeof candidate.name === 'string' && typeof candidate.size === 'number';
}

/** A File, an array of files, or a FileList (array-like); anything else is not a file selection. */
function asFiles(value: unknown): FileLike[] | undefined {
  if (isFileLike(value)) return [value];
  if (typeof value !== 'object' || value === null) return undefined;
  const length = (value as { length?: unknown }).length;
  if (!Array.isArray(value) && typeof length !== 'number') return undefined;
  const items = Array.from(value as ArrayLike<unknown>);
  return items.length > 0 && items.every(isFileLike) ? items : undefined;
}

function subjectOf(value: unknown, measure: (text: string) => string): Subject {
  const raw = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'bigint' ? String(value) : undefined;
  const text = raw?.normalize('NFC');
  return { value, text, measured: text === undefined ? undefined : measure(text), files: asFiles(value) };
}

function isEmpty(subject: Subject): boolean {
  const { value, measured } = subject;
  if (value === null || value === undefined) return true;
  // A blank string is empty too: "   " is never a real answer to a required field.
  if (measured !== undefined) return measured.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  const length = typeof value === 'object' ? (value as { length?: unknown }).length : undefined;
  return length === 0;
}

/** The length rules measure text in characters (code points) or list items. */
function lengthOf(subject: Subject): number | undefined {
  if (subject.measured !== undefined) return Array.from(subject.measured).length;
  return Array.isArray(subject.value) ? subject.value.length : undefined;
}

function numberOf(subject: Subject): number | undefined {
  const { value, text } = subject;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (text === undefined || !NUMERIC_TEXT.test(text.trim())) return undefined;
  return Number(text.trim());
}

function toRegExp(pattern: string | RegExp): RegExp {
  // Grouped before anchoring, so 'video|imagen' means the whole value is one or the other.
  if (typeof pattern === 'string') return new RegExp(`^(?:${pattern})$`);
  // Copied without g/y, whose lastIndex would make test() alternate between calls.
  return new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
}

function acceptList(accept: string): string[] {
  return accept
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
}

function fileAccepted(file: FileLike, entries: readonly string[]): boolean {
  const name = file.name.toLowerCase();
  const type = (file.type ?? '').toLowerCase();
  return entries.some((entry) => {
    if (entry.startsWith('.')) return name.endsWith(entry) && name.length > entry.length;
    if (type === '') return false;
    return entry.endsWith('/*') ? type.startsWith(entry.slice(0, -1)) : type === entry;
  });
}

const isBound = (bound: number | undefined): bound is number => typeof bound === 'number' && bound >= 0;

interface Rule {
  key: Exclude<ErrorKey, 'required'>;
  /** The rule's bound for `{n}`, or true when it has none; undefined when the rule is off. */
  setting: (v: Validators) => number | boolean | undefined;
  fails: (subject: Subject, v: Validators) => boolean;
}

// Reported in this order, after `required`; every failing rule is reported, the first one is shown.
const RULES: readonly Rule[] = [
  {
    key: 'minlength',
    setting: (v) => (isBound(v.minlength) ? v.minlength : undefined),
    fails: (s, v) => {
      const length = lengthOf(s);
      return length === undefined || length < (v.minlength ?? 0);
    },
  },
  {
    key: 'maxlength',
    setting: (v) => (isBound(v.maxlength) ? v.maxlength : undefined),
    fails: (s, v) => {
      const length = lengthOf(s);
      return length === undefined || length > (v.maxlength ?? Infinity);
    },
  },
  {
    key: 'min',
    setting: (v) => (isBound(v.min) ? v.min : undefined),
    fails: (s, v) => {
      const n = numberOf(s);
      return n === undefined || n < (v.min ?? -Infinity);
    },
  },
  {
    key: 'max',
    setting: (v) => (isBound(v.max) ? v.max : undefined),
    fails: (s, v) => {
      const n = numberOf(s);
      return n === undefined || n > (v.max ?? Infinity);
    },
  },
  {
    key: 'pattern',
    setting: (v) => (v.pattern === undefined || v.pattern === '' ? undefined : true),
    fails: (s, v) => s.text === undefined || v.pattern === undefined || !toRegExp(v.pattern).test(s.text),
  },
  {
    key: 'email',
    setting: (v) => (v.email ? true : undefined),
    fails: (s) => s.text === undefined || !isEmail(s.text),
  },
  {
    key: 'uuid',
    setting: (v) => (v.uuid ? true : undefined),
    fails: (s) => s.text === undefined || !isUuidV4(s.text),
  },
  {
    key: 'fileSize',
    setting: (v) => (isBound(v.fileSize) ? v.fileSize : undefined),
    // Only selected files have a size; a string is a file stored earlier (its URL) and passes.
    fails: (s, v) => (s.files ?? []).some((file) => file.size > (v.fileSize ?? Infinity) * BYTES_PER_MB),
  },
  {
    key: 'accept',
    setting: (v) => (v.accept !== undefined && acceptList(v.accept).length > 0 ? true : undefined),
    fails: (s, v) => {
      if (s.files === undefined) return typeof s.value !== 'string';
      const entries = acceptList(v.accept ?? '');
      return !s.files.every((file) => fileAccepted(file, entries));
    },
  },
];

function settingOf(key: ErrorKey, validators: Validators): number | boolean | undefined {
  if (key === 'required') return validators.required ? true : undefined;
  return RULES.find((rule) => rule.key === key)?.setting(validators);
}

/** The message for a failed rule: the definition's own text, else the default, `{n}` filled in. */
export function errorMessage(def: Pick<FieldDefinition, 'validators' | 'messagesError'>, key: ErrorKey): string {
  const template = def.messagesError?.[key] ?? DEFAULT_MESSAGES[key];
  const setting = settingOf(key, def.validators ?? {});
  return typeof setting === 'number' ? template.replaceAll('{n}', String(setting)) : template;
}

/** The keys of the rules a value breaks, `required` first; empty optional values break none. */
export function failedRules(value: unknown, validators: Validators = {}, options: FieldSchemaOptions = {}): ErrorKey[] {
  const subject = subjectOf(value, options.measure ?? ((text) => text));
  if (isEmpty(subject)) return validators.required ? ['required'] : [];
  return RULES.filter((rule) => rule.setting(validators) !== undefined && rule.fails(subject, validators)).map((rule) => rule.key);
}

function addKeyIssue(ctx: z.RefinementCtx, message: string, key: ErrorKey): void {
  ctx.addIssue({ code: 'custom', message, params: { key } });
}

/** One field's schema. Its output is the value unchanged: the engine validates, it does not coerce. */
export function buildFieldSchema(def: FieldDefinition, options: FieldSchemaOptions = {}): z.ZodType<unknown> {
  // A copy, so that changing a shared definition later cannot change a schema already built.
  const own = { validators: { ...def.validators }, messagesError: { ...def.messagesError } };
  // A broken pattern in a stored definition fails here, when the form is built, not on first input.
  if (own.validators.pattern !== undefined) toRegExp(own.validators.pattern);
  // zod 4 skips an optional schema on an absent key, and refuses a required one before the rules
  // run; "optional in, required out" (the pipe) makes an absent key reach the rules as undefined.
  return z
    .unknown()
    .optional()
    .superRefine((value, ctx) => {
      for (const key of failedRules(value, own.validators, options)) addKeyIssue(ctx, errorMessage(own, key), key);
    })
    .pipe(z.unknown());
}

export type FormShape<D extends readonly FieldDefinition[]> = { [K in D[number]['field']]: z.ZodType<unknown> };

function shapeOf<const D extends readonly FieldDefinition[]>(defs: D): FormShape<D> {
  const shape: Record<string, z.ZodType<unknown>> = {};
  for (const def of defs) {
    if (Object.prototype.hasOwnProperty.call(shape, def.field)) throw new Error(`Campo repetido: ${def.field}`);
    shape[def.field] = buildFieldSchema(def);
  }
  return shape as FormShape<D>;
}

/** A whole form; keys not defined are stripped. Literal definitions keep their field names as keys. */
export function buildSchema<const D extends readonly FieldDefinition[]>(defs: D): z.ZodObject<FormShape<D>> {
  return z.object(shapeOf(defs));
}

export interface GroupOptions {
  /** Fewest entries; default 1 (spec §5: a repeatable group is filled at least once). */
  minItems?: number;
  /** Message when there are fewer entries; key `required`. */
  message?: string;
}

/** A repeatable group (tutorial images, FAQ entries): a list of small forms. */
export function groupSchema<const D extends readonly FieldDefinition[]>(defs: D, options: GroupOptions = {}) {
  const minItems = options.minItems ?? 1;
  const message = options.message ?? DEFAULT_MESSAGES.required;
  return z
    .unknown()
    .superRefine((value, ctx) => {
      if (!Array.isArray(value) || value.length < minItems) addKeyIssue(ctx, message, 'required');
    })
    .pipe(z.array(buildSchema(defs)));
}

function isErrorKey(value: unknown): value is ErrorKey {
  return typeof value === 'string' && (ERROR_KEYS as readonly string[]).includes(value);
}

/** The rule a zod issue reports, when the engine raised it; undefined for other issues. */
export function issueKey(issue: z.core.$ZodIssue): ErrorKey | undefined {
  if (issue.code !== 'custom') return undefined;
  const key: unknown = issue.params?.['key'];
  return isErrorKey(key) ? key : undefined;
}
