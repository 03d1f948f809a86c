import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  FAQ_ANSWER_FIELD,
  FAQ_ICON_FIELD,
  FAQ_QUESTION_FIELD,
  LEGAL_CONTENT_FIELD,
  TUTORIAL_ICON_FIELD,
  TUTORIAL_LINK_FIELD,
  TUTORIAL_TEXT_FIELD,
  TUTORIAL_TOGGLE,
  TUTORIAL_TYPE_FIELD,
  TUTORIAL_URL_FIELD,
  faqSchema,
  legalSchema,
  tutorialSchema,
  type TutorialForm,
} from './content-types';
import { buildFieldSchema, issueKey, type FieldDefinition } from './engine';

const MB = 1024 * 1024;
const png = (size = 1000) => ({ name: 'icono.png', size });

/** [path, key, message] of every issue, for exact comparisons. */
function issuesOf(schema: z.ZodType, value: unknown): Array<[string, string | undefined, string]> {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), issueKey(i), i.message]);
}

const messagesOf = (def: FieldDefinition, value: unknown): string[] => issuesOf(buildFieldSchema(def), value).map(([, , message]) => message);

describe('image fields (tutorial icon, image entries, FAQ icon)', () => {
  it.each([
    ['tutorial icon', TUTORIAL_ICON_FIELD],
    ['FAQ icon', FAQ_ICON_FIELD],
  ] as const)('%s: required, 2 MB, .jpg .jpeg .png .svg', (_name, def) => {
    expect(messagesOf(def, undefined)).toEqual(['Este campo es requerido']);
    expect(messagesOf(def, [])).toEqual(['Este campo es requerido']);
    expect(messagesOf(def, png(2 * MB))).toEqual([]);
    expect(messagesOf(def, png(2 * MB + 1))).toEqual(['No debe pesar más de 2MB']);
    for (const name of ['a.jpg', 'a.JPEG', 'a.png', 'a.svg']) expect(messagesOf(def, { name, size: 1 })).toEqual([]);
    expect(messagesOf(def, { name: 'a.gif', size: 1 })).toEqual(['Archivo no válido, solo se aceptan imágenes .jpg, .jpeg, .png, .svg']);
    expect(messagesOf(def, { name: 'a.gif', size: 3 * MB })).toEqual([
      'No debe pesar más de 2MB',
      'Archivo no válido, solo se aceptan imágenes .jpg, .jpeg, .png, .svg',
    ]);
  });
});

describe('tutorial fields', () => {
  it('type is required and is video or imagen', () => {
    expect(messagesOf(TUTORIAL_TYPE_FIELD, '')).toEqual(['Este campo es requerido']);
    expect(messagesOf(TUTORIAL_TYPE_FIELD, 'video')).toEqual([]);
    expect(messagesOf(TUTORIAL_TYPE_FIELD, 'imagen')).toEqual([]);
    expect(messagesOf(TUTORIAL_TYPE_FIELD, 'videos')).toEqual(['Tipo de tutorial no válido']);
  });

  it('url is optional and http or https', () => {
    expect(messagesOf(TUTORIAL_URL_FIELD, '')).toEqual([]);
    expect(messagesOf(TUTORIAL_URL_FIELD, 'https://www.youtube.com/watch?v=abc123')).toEqual([]);
    expect(messagesOf(TUTORIAL_URL_FIELD, 'http://example.com')).toEqual([]);
    expect(messagesOf(TUTORIAL_URL_FIELD, 'http://localhost:8080/video')).toEqual([]);
    for (const bad of ['ftp://example.com', 'www.example.com', 'https://', 'https://exa mple.com', 'javascript:alert(1)']) {
      expect(messagesOf(TUTORIAL_URL_FIELD, bad)).toEqual(['URL no válida']);
    }
  });

  it('text: at most 200 characters, Spanish letters and spaces only', () => {
    expect(messagesOf(TUTORIAL_TEXT_FIELD, 'Añade tu tarjeta en la sección Cuentas')).toEqual([]);
    expect(messagesOf(TUTORIAL_TEXT_FIELD, 'ÁÉÍÓÚÜÑ áéíóúüñ')).toEqual([]);
    expect(messagesOf(TUTORIAL_TEXT_FIELD, 'a'.repeat(200))).toEqual([]);
    expect(messagesOf(TUTORIAL_TEXT_FIELD, 'a'.repeat(201))).toEqual(['Debe contener máximo 200 caracteres']);
    expect(messagesOf(TUTORIAL_TEXT_FIELD, 'Paso 1')).toEqual(['Solo se aceptan caracteres alfabéticos y espacios']);
    expect(messagesOf(TUTORIAL_TEXT_FIELD, 'Hola!')).toEqual(['Solo se aceptan caracteres alfabéticos y espacios']);
  });

  it('link-to: at most 20 characters', () => {
    expect(messagesOf(TUTORIAL_LINK_FIELD, '/cuentas/alta')).toEqual([]);
    expect(messagesOf(TUTORIAL_LINK_FIELD, 'x'.repeat(20))).toEqual([]);
    expect(messagesOf(TUTORIAL_LINK_FIELD, 'x'.repeat(21))).toEqual(['Debe contener máximo 20 caracteres']);
  });

  it('survive JSON, as content types store them in t_json', () => {
    const stored = JSON.parse(JSON.stringify(TUTORIAL_TEXT_FIELD)) as FieldDefinition;
    expect(messagesOf(stored, 'Paso 1')).toEqual(['Solo se aceptan caracteres alfabéticos y espacios']);
  });
});

describe('tutorialSchema (type toggle)', () => {
  const schema = tutorialSchema();
  const video = { type: 'video', icon: png(), url: 'https://youtu.be/abc' };
  const imagen = { type: 'imagen', icon: png(), images: [{ image: png(), text: 'Abre la app', link: '/inicio' }] };

  it('video: requires the URL and drops the image group', () => {
    const parsed: TutorialForm = schema.parse({ ...video, images: [{ text: '1' }] });
    expect(parsed).toEqual(video);
    expect(issuesOf(schema, { ...video, url: '' })).toEqual([['url', 'required', 'Este campo es requerido']]);
    expect(issuesOf(schema, { ...video, url: 'youtu.be' })).toEqual([['url', 'pattern', 'URL no válida']]);
  });

  it('imagen: requires at least one complete image entry and drops the URL', () => {
    expect(schema.parse({ ...imagen, url: 'not a url' })).toEqual(imagen);
    expect(issuesOf(schema, { ...imagen, images: [] })).toEqual([['images', 'required', 'Este campo es requerido']]);
    expect(issuesOf(schema, { type: 'imagen', icon: png() })).toEqual([['images', 'required', 'Este campo es requerido']]);
    expect(issuesOf(schema, { ...imagen, images: [{}] })).toEqual([
      ['images.0.image', 'required', 'Este campo es requerido'],
      ['images.0.text', 'required', 'Este campo es requerido'],
      ['images.0.link', 'required', 'Este campo es requerido'],
    ]);
    expect(
      issuesOf(schema, {
        ...imagen,
        images: [
          { image: png(), text: 'Bien', link: '/ok' },
          { image: { name: 'a.bmp', size: 3 * MB }, text: 'Paso 2', link: 'x'.repeat(21) },
        ],
      }),
    ).toEqual([
      ['images.1.image', 'fileSize', 'No debe pesar más de 2MB'],
      ['images.1.image', 'accept', 'Archivo no válido, solo se aceptan imágenes .jpg, .jpeg, .png, .svg'],
      ['images.1.text', 'pattern', 'Solo se aceptan caracteres alfabéticos y espacios'],
      ['images.1.link', 'maxlength', 'Debe contener máximo 20 caracteres'],
    ]);
  });

  it('both types require the icon, with all branch errors at once', () => {
    expect(issuesOf(schema, { type: 'video' })).toEqual([
      ['icon', 'required', 'Este campo es requerido'],
      ['url', 'required', 'Este campo es requerido'],
    ]);
  });

  it('a missing or unknown type is reported with the shared fields', () => {
    expect(issuesOf(schema, {})).toEqual([
      ['type', 'required', 'Este campo es requerido'],
      ['icon', 'required', 'Este campo es requerido'],
    ]);
    expect(issuesOf(schema, { type: 'audio', icon: png() })).toEqual([['type', 'pattern', 'Tipo de tutorial no válido']]);
  });

  it('given a type, is that branch', () => {
    expect(tutorialSchema('video').safeParse(video).success).toBe(true);
    expect(tutorialSchema('imagen').safeParse(imagen).success).toBe(true);
    expect(tutorialSchema('video').safeParse(imagen).success).toBe(false);
  });

  it('lists which fields each type shows', () => {
    expect(TUTORIAL_TOGGLE).toEqual({ video: ['type', 'icon', 'url'], imagen: ['type', 'icon', 'images'] });
  });
});

describe('FAQ', () => {
  const PATTERN = 'Solo se aceptan caracteres alfanuméricos, espacios y estos caracteres especiales ( ) .';

  it('question: required, 2 to 20 characters, alphanumerics spaces ( ) .', () => {
    expect(messagesOf(FAQ_QUESTION_FIELD, '')).toEqual(['Este campo es requerido']);
    expect(messagesOf(FAQ_QUESTION_FIELD, 'a')).toEqual(['Debe contener mínimo 2 caracteres']);
    expect(messagesOf(FAQ_QUESTION_FIELD, 'Qué es CLABE (2)')).toEqual([]);
    expect(messagesOf(FAQ_QUESTION_FIELD, 'x'.repeat(20))).toEqual([]);
    expect(messagesOf(FAQ_QUESTION_FIELD, 'x'.repeat(21))).toEqual(['Debe contener máximo 20 caracteres']);
    expect(messagesOf(FAQ_QUESTION_FIELD, '¿Cómo pago?')).toEqual([PATTERN]);
  });

  it('answer: required, 2 to 200 characters, same characters', () => {
    expect(messagesOf(FAQ_ANSWER_FIELD, '   ')).toEqual(['Este campo es requerido']);
    expect(messagesOf(FAQ_ANSWER_FIELD, 'S')).toEqual(['Debe contener mínimo 2 caracteres']);
    expect(messagesOf(FAQ_ANSWER_FIELD, 'Sí. Desde la app (menú Cuentas).')).toEqual([]);
    expect(messagesOf(FAQ_ANSWER_FIELD, 'x'.repeat(200))).toEqual([]);
    expect(messagesOf(FAQ_ANSWER_FIELD, 'x'.repeat(201))).toEqual(['Debe contener máximo 200 caracteres']);
    expect(messagesOf(FAQ_ANSWER_FIELD, 'Sí, claro')).toEqual([PATTERN]);
    expect(messagesOf(FAQ_ANSWER_FIELD, '$')).toEqual(['Debe contener mínimo 2 caracteres', PATTERN]);
  });

  it('form: icon required and at least one question-and-answer entry', () => {
    const ok = { icon: png(), questions: [{ question: 'Qué es FAR', answer: 'Una cuenta de pago' }] };
    expect(faqSchema.parse(ok)).toEqual(ok);
    expect(issuesOf(faqSchema, { questions: [] })).toEqual([
      ['icon', 'required', 'Este campo es requerido'],
      ['questions', 'required', 'Este campo es requerido'],
    ]);
    expect(issuesOf(faqSchema, { icon: png(), questions: [ok.questions[0], { question: 'Q', answer: '' }] })).toEqual([
      ['questions.1.question', 'minlength', 'Debe contener mínimo 2 caracteres'],
      ['questions.1.answer', 'required', 'Este campo es requerido'],
    ]);
  });
});

describe('legal', () => {
  it('field: required, 2 to 5000 characters', () => {
    expect(LEGAL_CONTENT_FIELD.messagesError).toEqual({
      required: 'Este campo es requerido',
      minlength: 'Debe contener mínimo 2 caracteres',
      maxlength: 'Debe contener máximo 5000 caracteres',
    });
  });

  it('counts the visible text, not the HTML', () => {
    expect(issuesOf(legalSchema, { content: '<p><br></p>' })).toEqual([['content', 'required', 'Este campo es requerido']]);
    expect(issuesOf(legalSchema, {})).toEqual([['content', 'required', 'Este campo es requerido']]);
    expect(issuesOf(legalSchema, { content: '<p><strong>A</strong></p>' })).toEqual([['content', 'minlength', 'Debe contener mínimo 2 caracteres']]);
    const long = `<p>${'a'.repeat(5000)}</p>`;
    expect(issuesOf(legalSchema, { content: long })).toEqual([]);
    expect(legalSchema.parse({ content: long }).content).toBe(long);
    expect(issuesOf(legalSchema, { content: `<p>${'a'.repeat(5001)}</p>` })).toEqual([['content', 'maxlength', 'Debe contener máximo 5000 caracteres']]);
    // An entity is one character: 4999 letters and one &amp; is 5000.
    expect(issuesOf(legalSchema, { content: `<p>${'a'.repeat(4999)}&amp;</p>` })).toEqual([]);
  });
});
