/**
 * The CMS content-type forms of spec §5 (tutorials, FAQ, legal), written as field definitions with
 * the spec's exact messages. Patterns are strings, not RegExp, so that every definition survives
 * JSON (content types store their form in t_json).
 */
import { z } from 'zod';
import { buildFieldSchema, buildSchema, groupSchema, type FieldDefinition, type Validators } from './engine';
import { htmlTextContent } from './rich-text';

const REQUIRED = 'Este campo es requerido';
const SPANISH_LETTERS = 'A-Za-zÁÉÍÓÚÜÑáéíóúüñ';

export const IMAGE_MAX_MB = 2;
export const IMAGE_ACCEPT = '.jpg, .jpeg, .png, .svg';

/** Icons and images of every content type: required, up to 2 MB, four image extensions. */
const imageField = <F extends string>(field: F) =>
  ({
    field,
    validators: { required: true, fileSize: IMAGE_MAX_MB, accept: IMAGE_ACCEPT },
    messagesError: {
      required: REQUIRED,
      fileSize: 'No debe pesar más de 2MB',
      accept: 'Archivo no válido, solo se aceptan imágenes .jpg, .jpeg, .png, .svg',
    },
  }) satisfies FieldDefinition;

/** The same definition with `required` switched on (used by the tutorial type toggle). */
function requiredField<D extends FieldDefinition>(def: D): D & { validators: Validators } {
  return { ...def, validators: { ...def.validators, required: true } };
}

// ---- Tutorials -------------------------------------------------------------------------------

export const TUTORIAL_TYPES = ['video', 'imagen'] as const;
export type TutorialType = (typeof TUTORIAL_TYPES)[number];

export const TUTORIAL_ICON_FIELD = imageField('icon');

export const TUTORIAL_TYPE_FIELD = {
  field: 'type',
  validators: { required: true, pattern: TUTORIAL_TYPES.join('|') },
  messagesError: { required: REQUIRED, pattern: 'Tipo de tutorial no válido' },
} as const satisfies FieldDefinition;

export const TUTORIAL_URL_FIELD = {
  field: 'url',
  validators: { pattern: 'https?://[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*(:\\d{1,5})?([/?#]\\S*)?' },
  messagesError: { required: REQUIRED, pattern: 'URL no válida' },
} as const satisfies FieldDefinition;

export const TUTORIAL_IMAGE_FIELD = imageField('image');

export const TUTORIAL_TEXT_FIELD = {
  field: 'text',
  validators: { required: true, maxlength: 200, pattern: `[${SPANISH_LETTERS} ]+` },
  messagesError: {
    required: REQUIRED,
    maxlength: 'Debe contener máximo 200 caracteres',
    pattern: 'Solo se aceptan caracteres alfabéticos y espacios',
  },
} as const satisfies FieldDefinition;

/** The spec's "link-to". */
export const TUTORIAL_LINK_FIELD = {
  field: 'link',
  validators: { required: true, maxlength: 20 },
  messagesError: { required: REQUIRED, maxlength: 'Debe contener máximo 20 caracteres' },
} as const satisfies FieldDefinition;

/** One entry of the image group of an 'imagen' tutorial. */
export const TUTORIAL_IMAGE_ENTRY_FIELDS = [TUTORIAL_IMAGE_FIELD, TUTORIAL_TEXT_FIELD, TUTORIAL_LINK_FIELD] as const;

/** Which top-level fields each tutorial type uses; the others are hidden and dropped. */
export const TUTORIAL_TOGGLE: Readonly<Record<TutorialType, readonly string[]>> = {
  video: ['type', 'icon', 'url'],
  imagen: ['type', 'icon', 'images'],
};

export const videoTutorialSchema = buildSchema([TUTORIAL_ICON_FIELD, requiredField(TUTORIAL_URL_FIELD)]).extend({
  type: z.literal('video'),
});

export const imageTutorialSchema = buildSchema([TUTORIAL_ICON_FIELD]).extend({
  type: z.literal('imagen'),
  images: groupSchema(TUTORIAL_IMAGE_ENTRY_FIELDS, { message: REQUIRED }),
});

export type VideoTutorialForm = z.output<typeof videoTutorialSchema>;
export type ImageTutorialForm = z.output<typeof imageTutorialSchema>;
export type TutorialForm = VideoTutorialForm | ImageTutorialForm;

// Used while the type is missing or wrong: the fields every branch shares still get checked, so
// the person sees every error at once and not one after the other.
const tutorialCommonSchema = buildSchema([TUTORIAL_TYPE_FIELD, TUTORIAL_ICON_FIELD]);

const isTutorialType = (value: unknown): value is TutorialType => typeof value === 'string' && (TUTORIAL_TYPES as readonly string[]).includes(value);

function forwardIssues(ctx: z.RefinementCtx, issues: readonly z.core.$ZodIssue[]): void {
  for (const issue of issues) {
    const params = issue.code === 'custom' ? issue.params : undefined;
    ctx.addIssue({ code: 'custom', message: issue.message, path: [...issue.path], params });
  }
}

const toggledTutorialSchema = z.unknown().transform((input, ctx): TutorialForm => {
  const type = typeof input === 'object' && input !== null ? (input as { type?: unknown }).type : undefined;
  const branch: z.ZodType<TutorialForm> | undefined = isTutorialType(type) ? (type === 'video' ? videoTutorialSchema : imageTutorialSchema) : undefined;
  if (branch) {
    const result = branch.safeParse(input);
    if (result.success) return result.data;
    forwardIssues(ctx, result.error.issues);
  } else {
    forwardIssues(ctx, tutorialCommonSchema.safeParse(input).error?.issues ?? []);
  }
  return z.NEVER;
});

/**
 * The tutorial form with its type toggle: 'video' requires the URL and drops the image group;
 * 'imagen' requires the image group and drops the URL. Given a type, the schema of that branch.
 */
export function tutorialSchema(): z.ZodType<TutorialForm, unknown>;
export function tutorialSchema(type: 'video'): typeof videoTutorialSchema;
export function tutorialSchema(type: 'imagen'): typeof imageTutorialSchema;
export function tutorialSchema(type?: TutorialType): z.ZodType<TutorialForm, unknown> {
  if (type === undefined) return toggledTutorialSchema;
  return type === 'video' ? videoTutorialSchema : imageTutorialSchema;
}

// ---- FAQ -------------------------------------------------------------------------------------

const FAQ_PATTERN = `[${SPANISH_LETTERS}0-9 ().]+`;
const FAQ_PATTERN_MESSAGE = 'Solo se aceptan caracteres alfanuméricos, espacios y estos caracteres especiales ( ) .';

const faqTextField = <F extends string>(field: F, maxlength: 20 | 200) =>
  ({
    field,
    validators: { required: true, minlength: 2, maxlength, pattern: FAQ_PATTERN },
    messagesError: {
      required: REQUIRED,
      minlength: 'Debe contener mínimo 2 caracteres',
      maxlength: `Debe contener máximo ${maxlength} caracteres`,
      pattern: FAQ_PATTERN_MESSAGE,
    },
  }) satisfies FieldDefinition;

export const FAQ_ICON_FIELD = imageField('icon');
export const FAQ_QUESTION_FIELD = faqTextField('question', 20);
export const FAQ_ANSWER_FIELD = faqTextField('answer', 200);
export const FAQ_ENTRY_FIELDS = [FAQ_QUESTION_FIELD, FAQ_ANSWER_FIELD] as const;

export const faqSchema = buildSchema([FAQ_ICON_FIELD]).extend({
  questions: groupSchema(FAQ_ENTRY_FIELDS, { message: REQUIRED }),
});
export type FaqForm = z.output<typeof faqSchema>;

// ---- Legal -----------------------------------------------------------------------------------

export const LEGAL_CONTENT_FIELD = {
  field: 'content',
  validators: { required: true, minlength: 2, maxlength: 5000 },
  messagesError: {
    required: REQUIRED,
    minlength: 'Debe contener mínimo 2 caracteres',
    maxlength: 'Debe contener máximo 5000 caracteres',
  },
} as const satisfies FieldDefinition;

/** Rich text: the limits count the visible text, so markup neither fills nor pads the 5000. */
export const legalSchema = z.object({
  content: buildFieldSchema(LEGAL_CONTENT_FIELD, { measure: htmlTextContent }),
});
export type LegalForm = z.output<typeof legalSchema>;
