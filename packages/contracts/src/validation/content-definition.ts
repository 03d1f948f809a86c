/**
 * A CMS content type keeps its form in t_json as data: a list of form-field definitions (spec §3:
 * field, validators, messagesError, foreign, relationship, format, value) with what a screen needs
 * to draw them (label, control, options, nested fields of a repeatable group) and the toggle of
 * §2 (`when`: a field is enabled only while another field has one of some values; disabled fields
 * are reset and not validated). The same definition validates on the server and draws the form on
 * the client; `checkContentDefinition` validates a definition itself.
 */
import { z } from 'zod';
import {
  FAQ_ANSWER_FIELD,
  FAQ_ICON_FIELD,
  FAQ_QUESTION_FIELD,
  LEGAL_CONTENT_FIELD,
  TUTORIAL_ICON_FIELD,
  TUTORIAL_IMAGE_FIELD,
  TUTORIAL_LINK_FIELD,
  TUTORIAL_TEXT_FIELD,
  TUTORIAL_TYPE_FIELD,
  TUTORIAL_URL_FIELD,
} from './content-types';
import { DEFAULT_MESSAGES, ERROR_KEYS, buildFieldSchema, issueKey, type ErrorKey, type FieldDefinition } from './engine';
import { htmlTextContent } from './rich-text';

export const CONTENT_CONTROLS = ['text', 'textarea', 'url', 'select', 'image', 'richtext', 'group'] as const;
export type ContentControl = (typeof CONTENT_CONTROLS)[number];

/** The field is enabled only while `field` (a select of the same level) holds one of `equals`. */
export interface FieldCondition {
  field: string;
  equals: string[];
  /** Required while enabled (spec §2: "video: url required and enabled"). */
  required?: boolean;
}

export interface ContentField extends FieldDefinition {
  label: string;
  control: ContentControl;
  placeholder?: string;
  options?: Array<{ value: string; label: string }>;
  /** Entries of a repeatable group. */
  fields?: ContentField[];
  /** Text of the group's add button. */
  addLabel?: string;
  when?: FieldCondition;
}

export interface ContentDefinition {
  fields: ContentField[];
}

// ---- The definition of a definition ------------------------------------------------------------

const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
const VALIDATOR_KEYS = ['required', 'pattern', 'minlength', 'maxlength', 'min', 'max', 'email', 'fileSize', 'accept', 'uuid'] as const;

const unknownKeys = (known: readonly string[], what: string) => (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) ctx.addIssue({ code: 'custom', message: `${what} desconocido: ${key}`, path: [key] });
  }
};

const ValidatorsShape = z
  .record(z.string(), z.unknown())
  .superRefine(unknownKeys(VALIDATOR_KEYS, 'Validador'))
  .pipe(
    z.object({
      required: z.boolean().optional(),
      pattern: z
        .string()
        .refine((p) => {
          try {
            new RegExp(p);
            return true;
          } catch {
            return false;
          }
        }, 'Patrón no válido')
        .optional(),
      minlength: z.number().int().optional(),
      maxlength: z.number().int().optional(),
      min: z.number().optional(),
      max: z.number().optional(),
      email: z.boolean().optional(),
      fileSize: z.number().positive().optional(),
      accept: z.string().optional(),
      uuid: z.boolean().optional(),
    }),
  );

const MessagesShape = z
  .record(z.string(), z.unknown())
  .superRefine(unknownKeys(ERROR_KEYS, 'Mensaje de error'))
  .pipe(z.record(z.string(), z.string().min(1, 'Este campo es requerido')));

const FieldShape: z.ZodType<ContentField> = z.lazy(() =>
  z.object({
    field: z.string().regex(FIELD_NAME, 'Nombre de campo no válido: solo letras, dígitos y _ (empieza con letra)'),
    label: z.string().trim().min(1, 'Cada campo necesita una etiqueta (label)').max(80),
    control: z.enum(CONTENT_CONTROLS, { message: `Control no válido: usa ${CONTENT_CONTROLS.join(', ')}` }),
    placeholder: z.string().max(120).optional(),
    validators: ValidatorsShape.optional(),
    messagesError: MessagesShape.optional(),
    foreign: z.unknown().optional(),
    relationship: z.unknown().optional(),
    format: z.unknown().optional(),
    value: z.unknown().optional(),
    options: z.array(z.object({ value: z.string().min(1), label: z.string().min(1) })).optional(),
    fields: z.array(FieldShape).optional(),
    addLabel: z.string().max(60).optional(),
    when: z.object({ field: z.string(), equals: z.array(z.string()).min(1), required: z.boolean().optional() }).optional(),
  }),
) as z.ZodType<ContentField>;

const DefinitionShape = z.object({
  fields: z.array(FieldShape).min(1, 'La definición necesita al menos un campo'),
});

export interface DefinitionError {
  path: string;
  message: string;
}

/** Rules zod cannot express: names unique per level, conditions that point at a select, groups with fields. */
function checkLevel(fields: readonly ContentField[], prefix: string, errors: DefinitionError[]): void {
  const seen = new Set<string>();
  fields.forEach((f, i) => {
    const at = `${prefix}fields.${i}`;
    if (seen.has(f.field)) errors.push({ path: at, message: `Campo repetido: ${f.field}` });
    seen.add(f.field);
    if (f.control === 'select' && !(f.options && f.options.length > 0)) errors.push({ path: at, message: `El campo ${f.field} necesita opciones (options)` });
    if (f.control === 'group') {
      if (!f.fields || f.fields.length === 0) errors.push({ path: at, message: `El grupo ${f.field} necesita campos (fields)` });
      else checkLevel(f.fields, `${at}.`, errors);
    }
    if (f.when) {
      const target = fields.find((o) => o.field === f.when!.field);
      if (!target || target.control !== 'select' || target === f)
        errors.push({ path: `${at}.when`, message: `La condición de ${f.field} debe apuntar a un campo de selección` });
    }
  });
}

export type DefinitionCheck = { ok: true; definition: ContentDefinition } | { ok: false; errors: DefinitionError[] };

/** A definition as text (the JSON editor) or already parsed (t_json), checked. */
export function checkContentDefinition(input: unknown): DefinitionCheck {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      return { ok: false, errors: [{ path: '', message: 'La definición no es un JSON válido' }] };
    }
  }
  const parsed = DefinitionShape.safeParse(value);
  if (!parsed.success) {
    return { ok: false, errors: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) };
  }
  const errors: DefinitionError[] = [];
  checkLevel(parsed.data.fields, '', errors);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, definition: parsed.data };
}

// ---- Values --------------------------------------------------------------------------------------

type Values = Record<string, unknown>;

/** Whether a field is enabled for the current values of its level. */
export function isEnabled(field: ContentField, values: Values): boolean {
  if (!field.when) return true;
  const current = values[field.when.field];
  return typeof current === 'string' && field.when.equals.includes(current);
}

/** The empty value of a control: what a disabled field is reset to. */
export function emptyValue(field: ContentField): unknown {
  if (field.value !== undefined) return field.value;
  if (field.control === 'group') return [];
  if (field.control === 'image') return null;
  return '';
}

/** A fresh entry of a group, or a whole fresh form. */
export function initialValues(fields: readonly ContentField[]): Values {
  return Object.fromEntries(fields.map((f) => [f.field, emptyValue(f)]));
}

/**
 * Applies the toggle: every field disabled by the current values gets its empty value again (§2:
 * "disabled and reset"). Used by the form after each change of a select, and before saving.
 */
export function resetDisabled(fields: readonly ContentField[], values: Values): Values {
  const out: Values = { ...values };
  for (const f of fields) if (!isEnabled(f, out)) out[f.field] = emptyValue(f);
  return out;
}

function effective(field: ContentField): FieldDefinition {
  return field.when?.required ? { ...field, validators: { ...field.validators, required: true } } : field;
}

/** The message when a group has no entries and is required. */
const groupRequiredMessage = (field: ContentField) => field.messagesError?.required ?? DEFAULT_MESSAGES.required;

function validateLevel(fields: readonly ContentField[], input: unknown, path: Array<string | number>, ctx: z.RefinementCtx): Values {
  const values: Values = typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Values) : {};
  const out: Values = {};
  for (const f of fields) {
    if (!isEnabled(f, values)) continue;
    const def = effective(f);
    const value = values[f.field];
    if (f.control === 'group') {
      const entries = Array.isArray(value) ? value : [];
      if (def.validators?.required && entries.length === 0) {
        ctx.addIssue({ code: 'custom', message: groupRequiredMessage(f), path: [...path, f.field], params: { key: 'required' } });
      }
      out[f.field] = entries.map((entry, i) => validateLevel(f.fields ?? [], entry, [...path, f.field, i], ctx));
      continue;
    }
    const schema = buildFieldSchema(def, f.control === 'richtext' ? { measure: htmlTextContent } : {});
    const result = schema.safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: [...path, f.field], params: { key: issueKey(issue) } });
      }
    }
    if (value !== undefined) out[f.field] = value;
  }
  return out;
}

/**
 * The schema of a content's values: enabled fields are validated with their rules and kept, the
 * rest are dropped; every failed rule is an issue with `params.key` and the path of the field.
 */
export function contentSchema(definition: ContentDefinition): z.ZodType<Values, unknown> {
  return z.unknown().transform((input, ctx) => validateLevel(definition.fields, input, [], ctx));
}

export interface ContentFieldError {
  field: string;
  key: ErrorKey | 'invalid';
  message: string;
}

/** Values checked against a definition: the cleaned values, or every error with its path. */
export function validateContent(definition: ContentDefinition, input: unknown): { ok: true; values: Values } | { ok: false; errors: ContentFieldError[] } {
  const result = contentSchema(definition).safeParse(input);
  if (result.success) return { ok: true, values: result.data };
  return { ok: false, errors: result.error.issues.map((i) => ({ field: i.path.join('.'), key: issueKey(i) ?? 'invalid', message: i.message })) };
}

/** Every value of an image control, wherever it is (groups included), for the server's file checks. */
export function imageValues(fields: readonly ContentField[], values: Values): unknown[] {
  const found: unknown[] = [];
  for (const f of fields) {
    const value = values[f.field];
    if (f.control === 'image' && value !== undefined && value !== null && value !== '') found.push(value);
    if (f.control === 'group' && Array.isArray(value)) for (const entry of value) found.push(...imageValues(f.fields ?? [], entry as Values));
  }
  return found;
}

/** Names of the rich-text fields of a level, so the server can sanitise them before checking. */
export const richTextFields = (fields: readonly ContentField[]) => fields.filter((f) => f.control === 'richtext').map((f) => f.field);

// ---- The three content types of the spec ---------------------------------------------------------

export const CONTENT_SYSTEM_NAMES = ['tutorial', 'faq', 'legal'] as const;
export type ContentSystemName = (typeof CONTENT_SYSTEM_NAMES)[number];

const REQUIRED_GROUP = { required: 'Este campo es requerido' };

export const TUTORIAL_DEFINITION: ContentDefinition = {
  fields: [
    { ...TUTORIAL_ICON_FIELD, label: 'Icono o imagen', control: 'image' },
    {
      ...TUTORIAL_TYPE_FIELD,
      label: 'Tipo de tutorial',
      control: 'select',
      options: [
        { value: 'video', label: 'Video' },
        { value: 'imagen', label: 'Imagen' },
      ],
    },
    { ...TUTORIAL_URL_FIELD, label: 'URL del video', control: 'url', placeholder: 'https://', when: { field: 'type', equals: ['video'], required: true } },
    {
      field: 'images',
      label: 'Lista de imágenes',
      control: 'group',
      addLabel: 'Agregar imagen',
      validators: { required: true },
      messagesError: REQUIRED_GROUP,
      when: { field: 'type', equals: ['imagen'] },
      fields: [
        { ...TUTORIAL_IMAGE_FIELD, label: 'Imagen', control: 'image' },
        { ...TUTORIAL_TEXT_FIELD, label: 'Texto', control: 'textarea' },
        { ...TUTORIAL_LINK_FIELD, label: 'Enlace', control: 'text' },
      ],
    },
  ],
};

export const FAQ_DEFINITION: ContentDefinition = {
  fields: [
    { ...FAQ_ICON_FIELD, label: 'Icono o imagen', control: 'image' },
    {
      field: 'questions',
      label: 'Preguntas y respuestas',
      control: 'group',
      addLabel: 'Agregar pregunta',
      validators: { required: true },
      messagesError: REQUIRED_GROUP,
      fields: [
        { ...FAQ_QUESTION_FIELD, label: 'Pregunta', control: 'text' },
        { ...FAQ_ANSWER_FIELD, label: 'Respuesta', control: 'textarea' },
      ],
    },
  ],
};

export const LEGAL_DEFINITION: ContentDefinition = {
  fields: [{ ...LEGAL_CONTENT_FIELD, label: 'Texto legal', control: 'richtext' }],
};

/** The seeded content types; their fixed ids let seeds, tests and screens name them. */
export const SYSTEM_CONTENT_TYPES: ReadonlyArray<{ v_uid: string; v_system_name: ContentSystemName; v_name: string; t_json: ContentDefinition }> = [
  { v_uid: '7c1d2e30-0000-4000-8000-000000000001', v_system_name: 'tutorial', v_name: 'Tutorial', t_json: TUTORIAL_DEFINITION },
  { v_uid: '7c1d2e30-0000-4000-8000-000000000002', v_system_name: 'faq', v_name: 'Preguntas frecuentes', t_json: FAQ_DEFINITION },
  { v_uid: '7c1d2e30-0000-4000-8000-000000000003', v_system_name: 'legal', v_name: 'Texto legal', t_json: LEGAL_DEFINITION },
];
