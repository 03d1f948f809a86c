import { describe, expect, it } from 'vitest';
import {
  FAQ_DEFINITION,
  LEGAL_DEFINITION,
  SYSTEM_CONTENT_TYPES,
  TUTORIAL_DEFINITION,
  checkContentDefinition,
  imageValues,
  initialValues,
  isEnabled,
  resetDisabled,
  validateContent,
  type ContentDefinition,
} from './content-definition';
import { faqSchema, tutorialSchema } from './content-types';

const MB = 1024 * 1024;
const png = (size = 1000) => ({ name: 'icono.png', size });
const IMG = '/api/cms/files/0b7f2d0e-1111-4222-8333-444455556666';
const errorsOf = (def: ContentDefinition, value: unknown) => {
  const r = validateContent(def, value);
  return r.ok ? [] : r.errors.map((e) => [e.field, e.key, e.message]);
};
const FAQ_PATTERN = 'Solo se aceptan caracteres alfanuméricos, espacios y estos caracteres especiales ( ) .';
const ACCEPT = 'Archivo no válido, solo se aceptan imágenes .jpg, .jpeg, .png, .svg';

describe('the seeded definitions survive JSON and pass their own check', () => {
  it.each(SYSTEM_CONTENT_TYPES.map((t) => [t.v_system_name, t.t_json] as const))('%s', (_name, def) => {
    const stored = JSON.parse(JSON.stringify(def)) as unknown;
    const check = checkContentDefinition(stored);
    expect(check).toEqual({ ok: true, definition: def });
    expect(checkContentDefinition(JSON.stringify(def)).ok).toBe(true);
  });
});

describe('tutorial definition', () => {
  const video = { icon: png(), type: 'video', url: 'https://youtu.be/abc' };
  const imagen = { icon: png(), type: 'imagen', images: [{ image: png(), text: 'Abre la app', link: '/inicio' }] };

  it('icon: required, 2 MB, accept list', () => {
    expect(errorsOf(TUTORIAL_DEFINITION, { ...video, icon: null })).toEqual([['icon', 'required', 'Este campo es requerido']]);
    expect(errorsOf(TUTORIAL_DEFINITION, { ...video, icon: png(2 * MB) })).toEqual([]);
    expect(errorsOf(TUTORIAL_DEFINITION, { ...video, icon: png(3 * MB) })).toEqual([['icon', 'fileSize', 'No debe pesar más de 2MB']]);
    expect(errorsOf(TUTORIAL_DEFINITION, { ...video, icon: { name: 'a.gif', size: 10 } })).toEqual([['icon', 'accept', ACCEPT]]);
    // On the server an image is the URL of a file stored earlier.
    expect(errorsOf(TUTORIAL_DEFINITION, { ...video, icon: IMG })).toEqual([]);
  });

  it('type: required, video or imagen', () => {
    expect(errorsOf(TUTORIAL_DEFINITION, { icon: png() })).toEqual([['type', 'required', 'Este campo es requerido']]);
    expect(errorsOf(TUTORIAL_DEFINITION, { icon: png(), type: 'audio' })).toEqual([['type', 'pattern', 'Tipo de tutorial no válido']]);
  });

  it('video: url required and http/https, image list dropped', () => {
    const r = validateContent(TUTORIAL_DEFINITION, { ...video, images: [{ text: '1' }] });
    expect(r).toEqual({ ok: true, values: video });
    expect(errorsOf(TUTORIAL_DEFINITION, { ...video, url: '' })).toEqual([['url', 'required', 'Este campo es requerido']]);
    expect(errorsOf(TUTORIAL_DEFINITION, { ...video, url: 'ftp://x.mx' })).toEqual([['url', 'pattern', 'URL no válida']]);
  });

  it('imagen: the image list required, each entry image, text and link required; url dropped', () => {
    expect(validateContent(TUTORIAL_DEFINITION, { ...imagen, url: 'no url' })).toEqual({ ok: true, values: imagen });
    expect(errorsOf(TUTORIAL_DEFINITION, { ...imagen, images: [] })).toEqual([['images', 'required', 'Este campo es requerido']]);
    expect(errorsOf(TUTORIAL_DEFINITION, { ...imagen, images: [{}] })).toEqual([
      ['images.0.image', 'required', 'Este campo es requerido'],
      ['images.0.text', 'required', 'Este campo es requerido'],
      ['images.0.link', 'required', 'Este campo es requerido'],
    ]);
    expect(errorsOf(TUTORIAL_DEFINITION, { ...imagen, images: [{ image: { name: 'a.bmp', size: 3 * MB }, text: 'Paso 2', link: 'x'.repeat(21) }] })).toEqual([
      ['images.0.image', 'fileSize', 'No debe pesar más de 2MB'],
      ['images.0.image', 'accept', ACCEPT],
      ['images.0.text', 'pattern', 'Solo se aceptan caracteres alfabéticos y espacios'],
      ['images.0.link', 'maxlength', 'Debe contener máximo 20 caracteres'],
    ]);
    expect(errorsOf(TUTORIAL_DEFINITION, { ...imagen, images: [{ image: png(), text: 'a'.repeat(201), link: 'x' }] })).toEqual([
      ['images.0.text', 'maxlength', 'Debe contener máximo 200 caracteres'],
    ]);
  });

  it('agrees with the hand-written tutorialSchema of contracts', () => {
    for (const value of [video, imagen, { ...video, url: '' }, { ...imagen, images: [] }, { type: 'video' }, {}]) {
      expect(validateContent(TUTORIAL_DEFINITION, value).ok).toBe(tutorialSchema().safeParse(value).success);
    }
  });

  it('the toggle of §2: video enables url and disables and resets the image list; imagen the reverse', () => {
    const [, , url, images] = TUTORIAL_DEFINITION.fields;
    const filled = { icon: png(), type: 'imagen', url: 'https://x.mx', images: [{ image: png(), text: 'Uno', link: 'a' }] };
    expect(isEnabled(url!, filled)).toBe(false);
    expect(isEnabled(images!, filled)).toBe(true);
    expect(resetDisabled(TUTORIAL_DEFINITION.fields, filled)).toEqual({ ...filled, url: '' });
    const asVideo = resetDisabled(TUTORIAL_DEFINITION.fields, { ...filled, type: 'video' });
    expect(asVideo).toEqual({ ...filled, type: 'video', images: [] });
    expect(isEnabled(url!, asVideo)).toBe(true);
    // No type yet: both branches are disabled.
    expect(resetDisabled(TUTORIAL_DEFINITION.fields, { type: '', url: 'x', images: [{}] })).toEqual({ type: '', url: '', images: [] });
    expect(initialValues(TUTORIAL_DEFINITION.fields)).toEqual({ icon: null, type: '', url: '', images: [] });
  });

  it('lists every image value, group entries included', () => {
    expect(imageValues(TUTORIAL_DEFINITION.fields, { icon: IMG, images: [{ image: 'a' }, { image: 'b' }, {}] })).toEqual([IMG, 'a', 'b']);
  });
});

describe('FAQ definition', () => {
  const ok = { icon: png(), questions: [{ question: 'Qué es FAR', answer: 'Una cuenta de pago (digital).' }] };
  const q = (question: string, answer = 'Respuesta') => ({ ...ok, questions: [{ question, answer }] });

  it('icon and at least one entry are required', () => {
    expect(validateContent(FAQ_DEFINITION, ok)).toEqual({ ok: true, values: ok });
    expect(errorsOf(FAQ_DEFINITION, {})).toEqual([
      ['icon', 'required', 'Este campo es requerido'],
      ['questions', 'required', 'Este campo es requerido'],
    ]);
  });

  it('question: 2 to 20, alphanumerics, spaces and ( ) .', () => {
    expect(errorsOf(FAQ_DEFINITION, q(''))).toEqual([['questions.0.question', 'required', 'Este campo es requerido']]);
    expect(errorsOf(FAQ_DEFINITION, q('a'))).toEqual([['questions.0.question', 'minlength', 'Debe contener mínimo 2 caracteres']]);
    expect(errorsOf(FAQ_DEFINITION, q('x'.repeat(21)))).toEqual([['questions.0.question', 'maxlength', 'Debe contener máximo 20 caracteres']]);
    expect(errorsOf(FAQ_DEFINITION, q('¿Cómo pago?'))).toEqual([['questions.0.question', 'pattern', FAQ_PATTERN]]);
  });

  it('answer: 2 to 200, same characters', () => {
    expect(errorsOf(FAQ_DEFINITION, q('Pregunta', 'S'))).toEqual([['questions.0.answer', 'minlength', 'Debe contener mínimo 2 caracteres']]);
    expect(errorsOf(FAQ_DEFINITION, q('Pregunta', 'x'.repeat(201)))).toEqual([['questions.0.answer', 'maxlength', 'Debe contener máximo 200 caracteres']]);
    expect(errorsOf(FAQ_DEFINITION, q('Pregunta', 'Sí, claro'))).toEqual([['questions.0.answer', 'pattern', FAQ_PATTERN]]);
    expect(errorsOf(FAQ_DEFINITION, q('Pregunta', 'x'.repeat(200)))).toEqual([]);
  });

  it('agrees with faqSchema', () => {
    for (const value of [ok, q('a'), q('Bien', '$'), {}]) expect(validateContent(FAQ_DEFINITION, value).ok).toBe(faqSchema.safeParse(value).success);
  });
});

describe('legal definition', () => {
  it('rich text counted as plain text, 2 to 5000', () => {
    expect(errorsOf(LEGAL_DEFINITION, { content: '<p><br></p>' })).toEqual([['content', 'required', 'Este campo es requerido']]);
    expect(errorsOf(LEGAL_DEFINITION, { content: '<p><b>A</b></p>' })).toEqual([['content', 'minlength', 'Debe contener mínimo 2 caracteres']]);
    expect(errorsOf(LEGAL_DEFINITION, { content: `<p>${'a'.repeat(5000)}</p>` })).toEqual([]);
    expect(errorsOf(LEGAL_DEFINITION, { content: `<p>${'a'.repeat(5001)}</p>` })).toEqual([['content', 'maxlength', 'Debe contener máximo 5000 caracteres']]);
  });
});

describe('checkContentDefinition', () => {
  const field = { field: 'title', label: 'Título', control: 'text' };
  const messages = (input: unknown) => {
    const r = checkContentDefinition(input);
    return r.ok ? [] : r.errors.map((e) => e.message);
  };

  it('accepts a small custom definition', () => {
    expect(checkContentDefinition({ fields: [{ ...field, validators: { required: true, maxlength: 40 } }] }).ok).toBe(true);
  });

  it('refuses text that is not JSON', () => {
    expect(messages('{ fields: [')).toEqual(['La definición no es un JSON válido']);
  });

  it('refuses an unknown validator and an unknown message key', () => {
    expect(messages({ fields: [{ ...field, validators: { required: true, minLenght: 2 } }] })).toEqual(['Validador desconocido: minLenght']);
    expect(messages({ fields: [{ ...field, messagesError: { foo: 'x' } }] })).toEqual(['Mensaje de error desconocido: foo']);
  });

  it('refuses a broken pattern, an unknown control, a bad or repeated name and no fields', () => {
    expect(messages({ fields: [{ ...field, validators: { pattern: '([a-z' } }] })).toEqual(['Patrón no válido']);
    expect(messages({ fields: [{ ...field, control: 'slider' }] })[0]).toMatch(/^Control no válido/);
    expect(messages({ fields: [{ ...field, field: '1 título' }] })[0]).toMatch(/^Nombre de campo no válido/);
    expect(messages({ fields: [field, field] })).toEqual(['Campo repetido: title']);
    expect(messages({ fields: [] })).toEqual(['La definición necesita al menos un campo']);
    expect(messages([])).toHaveLength(1);
  });

  it('refuses a select without options, a group without fields and a condition on a non-select', () => {
    expect(messages({ fields: [{ ...field, control: 'select' }] })).toEqual(['El campo title necesita opciones (options)']);
    expect(messages({ fields: [{ ...field, control: 'group' }] })).toEqual(['El grupo title necesita campos (fields)']);
    expect(messages({ fields: [field, { ...field, field: 'b', when: { field: 'title', equals: ['x'] } }] })).toEqual([
      'La condición de b debe apuntar a un campo de selección',
    ]);
  });

  it('checks the fields of a group too', () => {
    expect(messages({ fields: [{ ...field, control: 'group', fields: [{ ...field, validators: { nope: 1 } }] }] })).toEqual(['Validador desconocido: nope']);
  });
});
