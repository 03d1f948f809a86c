import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BYTES_PER_MB,
  DEFAULT_MESSAGES,
  buildFieldSchema,
  buildSchema,
  errorMessage,
  failedRules,
  groupSchema,
  isEmail,
  isUuidV4,
  issueKey,
  type FieldDefinition,
  type Validators,
} from './engine';

/** Messages and keys of every issue a field raises for a value. */
function check(def: FieldDefinition, value: unknown): Array<{ key: string | undefined; message: string }> {
  const result = buildFieldSchema(def).safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => ({ key: issueKey(issue), message: issue.message }));
}

const field = (validators: Validators, messagesError?: FieldDefinition['messagesError']): FieldDefinition => ({
  field: 'x',
  validators,
  messagesError,
});

const file = (name: string, size: number) => ({ name, size });

describe('default messages', () => {
  it('are the Spanish texts of the spec', () => {
    expect(DEFAULT_MESSAGES).toEqual({
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
    });
  });

  it('fill {n} with the bound of the rule', () => {
    const def = field({ minlength: 3, maxlength: 9, min: 0, max: 100, fileSize: 5 });
    expect(errorMessage(def, 'minlength')).toBe('Debe contener mínimo 3 caracteres');
    expect(errorMessage(def, 'maxlength')).toBe('Debe contener máximo 9 caracteres');
    expect(errorMessage(def, 'min')).toBe('El valor mínimo es 0');
    expect(errorMessage(def, 'max')).toBe('El valor máximo es 100');
    expect(errorMessage(def, 'fileSize')).toBe('No debe pesar más de 5MB');
  });

  it('give way to messagesError, which may use {n} too', () => {
    const def = field({ required: true, maxlength: 4 }, { required: 'Falta', maxlength: 'Hasta {n}' });
    expect(check(def, '')).toEqual([{ key: 'required', message: 'Falta' }]);
    expect(check(def, 'abcde')).toEqual([{ key: 'maxlength', message: 'Hasta 4' }]);
  });
});

describe('required', () => {
  const def = field({ required: true });

  it.each([undefined, null, '', '   ', [], { length: 0 }])('refuses the empty value %j', (value) => {
    expect(check(def, value)).toEqual([{ key: 'required', message: 'Este campo es requerido' }]);
  });

  it.each(['a', 0, false, ['a'], { a: 1 }])('accepts %j', (value) => {
    expect(check(def, value)).toEqual([]);
  });

  it('lets every other rule pass an empty optional field', () => {
    const all = field({
      pattern: '\\d+',
      minlength: 2,
      maxlength: 3,
      min: 1,
      max: 2,
      email: true,
      fileSize: 1,
      accept: '.png',
      uuid: true,
    });
    for (const value of [undefined, null, '', '  ', []]) expect(check(all, value)).toEqual([]);
  });

  it('stops at required: an empty required field reports only that', () => {
    expect(failedRules('', { required: true, minlength: 2, pattern: 'x' })).toEqual(['required']);
  });
});

describe('minlength and maxlength', () => {
  const def = field({ minlength: 2, maxlength: 4 });

  it('count characters, accents as one', () => {
    expect(check(def, 'a')).toEqual([{ key: 'minlength', message: 'Debe contener mínimo 2 caracteres' }]);
    expect(check(def, 'ab')).toEqual([]);
    expect(check(def, 'ñañá')).toEqual([]);
    // "é" typed as e + combining accent is still one character.
    expect(check(def, 'cafe\u0301')).toEqual([]);
    expect(check(def, 'abcde')).toEqual([{ key: 'maxlength', message: 'Debe contener máximo 4 caracteres' }]);
  });

  it('count list items', () => {
    expect(check(def, ['a'])).toEqual([{ key: 'minlength', message: 'Debe contener mínimo 2 caracteres' }]);
    expect(check(def, ['a', 'b', 'c', 'd', 'e'])).toEqual([{ key: 'maxlength', message: 'Debe contener máximo 4 caracteres' }]);
  });

  it('measure numbers as text and refuse values without a length', () => {
    expect(check(def, 12345)).toEqual([{ key: 'maxlength', message: 'Debe contener máximo 4 caracteres' }]);
    expect(check(def, { a: 1 })).toEqual([
      { key: 'minlength', message: 'Debe contener mínimo 2 caracteres' },
      { key: 'maxlength', message: 'Debe contener máximo 4 caracteres' },
    ]);
  });

  it('measure through the measure option without changing the value', () => {
    const schema = buildFieldSchema(field({ maxlength: 3 }), { measure: (text) => text.replace(/<[^>]*>/g, '') });
    expect(schema.parse('<b>abc</b>')).toBe('<b>abc</b>');
    expect(schema.safeParse('<b>abcd</b>').success).toBe(false);
  });
});

describe('min and max', () => {
  const def = field({ min: 0, max: 10 });

  it('check numbers and numeric text', () => {
    expect(check(def, 0)).toEqual([]);
    expect(check(def, 10)).toEqual([]);
    expect(check(def, '7.5')).toEqual([]);
    expect(check(def, -1)).toEqual([{ key: 'min', message: 'El valor mínimo es 0' }]);
    expect(check(def, '-0.5')).toEqual([{ key: 'min', message: 'El valor mínimo es 0' }]);
    expect(check(def, 11)).toEqual([{ key: 'max', message: 'El valor máximo es 10' }]);
  });

  it('refuse text that is not a number', () => {
    expect(check(def, 'diez')).toEqual([
      { key: 'min', message: 'El valor mínimo es 0' },
      { key: 'max', message: 'El valor máximo es 10' },
    ]);
    expect(check(def, Number.NaN)).toHaveLength(2);
  });

  it('apply only bounds that are >= 0; a negative bound is no bound', () => {
    expect(check(field({ min: -1 }), -500)).toEqual([]);
    expect(check(field({ max: -1 }), 1e9)).toEqual([]);
    expect(check(field({ min: -5, max: 3 }), -100)).toEqual([]);
    expect(check(field({ min: -5, max: 3 }), 4)).toEqual([{ key: 'max', message: 'El valor máximo es 3' }]);
    expect(check(field({ minlength: -1 }), 'a')).toEqual([]);
  });
});

describe('pattern', () => {
  it('matches a string pattern against the whole value', () => {
    const def = field({ pattern: '[a-z]+' });
    expect(check(def, 'abc')).toEqual([]);
    expect(check(def, 'abc1')).toEqual([{ key: 'pattern', message: 'Formato no válido' }]);
    expect(check(field({ pattern: '^\\d{3}$' }), '123')).toEqual([]);
    // Alternatives cover the whole value, not just its start or end.
    expect(check(field({ pattern: 'ab|cd' }), 'abx')).toEqual([{ key: 'pattern', message: 'Formato no válido' }]);
    expect(check(field({ pattern: 'ab|cd' }), 'cd')).toEqual([]);
  });

  it('uses a RegExp as written and ignores its global flag', () => {
    const def = field({ pattern: /\d/g });
    // A /g RegExp keeps lastIndex between test() calls; the engine must not alternate results.
    expect(check(def, 'a1')).toEqual([]);
    expect(check(def, 'a1')).toEqual([]);
    expect(check(def, 'ab')).toEqual([{ key: 'pattern', message: 'Formato no válido' }]);
  });

  it('refuses values that are not text', () => {
    expect(check(field({ pattern: '.*' }), { a: 1 })).toEqual([{ key: 'pattern', message: 'Formato no válido' }]);
  });

  it('keeps its own copy of the definition', () => {
    const def = field({ pattern: '\\d+' });
    const schema = buildFieldSchema(def);
    if (def.validators) def.validators.pattern = '[a-z]+';
    expect(schema.safeParse('123').success).toBe(true);
  });

  it('fails when the form is built if the pattern is broken', () => {
    expect(() => buildFieldSchema(field({ pattern: '(' }))).toThrow(SyntaxError);
  });
});

describe('email', () => {
  const def = field({ email: true });

  it.each(['ana@example.com', 'ana.perez+mx@correo.com.mx', "o'brien@sub.example.org"])('accepts %s', (value) => {
    expect(check(def, value)).toEqual([]);
  });

  it.each(['ana', 'ana@', '@example.com', 'ana@example', 'ana@@example.com', 'ana @example.com', 'a..b@example.com'])('refuses %s', (value) => {
    expect(check(def, value)).toEqual([{ key: 'email', message: 'Correo electrónico no válido' }]);
  });

  it('limits the local part to 64 characters and the address to 254', () => {
    const local64 = 'a'.repeat(64);
    expect(isEmail(`${local64}@example.com`)).toBe(true);
    expect(isEmail(`${local64}a@example.com`)).toBe(false);
    const domain = `${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(60)}.com`; // 247 characters
    const at254 = `${'a'.repeat(254 - domain.length - 1)}@${domain}`;
    expect(at254).toHaveLength(254);
    expect(isEmail(at254)).toBe(true);
    expect(isEmail(`a${at254}`)).toBe(false);
  });
});

describe('uuid', () => {
  const def = field({ uuid: true });

  it('accepts version-4 uuids in either case', () => {
    expect(check(def, '5d0e1f40-0000-4000-8000-000000000001')).toEqual([]);
    expect(check(def, '9B2F6C1E-3D4A-4F5B-A6C7-D8E9F0A1B2C3')).toEqual([]);
  });

  it.each([
    '5d0e1f40-0000-1000-8000-000000000001', // version 1
    '5d0e1f40-0000-4000-c000-000000000001', // wrong variant
    '5d0e1f40000040008000000000000001',
    'not-a-uuid',
  ])('refuses %s', (value) => {
    expect(isUuidV4(value)).toBe(false);
    expect(check(def, value)).toEqual([{ key: 'uuid', message: 'Identificador no válido' }]);
  });
});

describe('fileSize', () => {
  const def = field({ fileSize: 2 });

  it('allows exactly the limit, 1 MB being 1024 * 1024 bytes', () => {
    expect(BYTES_PER_MB).toBe(1_048_576);
    expect(check(def, file('a.png', 2 * 1_048_576))).toEqual([]);
    expect(check(def, file('a.png', 2 * 1_048_576 + 1))).toEqual([{ key: 'fileSize', message: 'No debe pesar más de 2MB' }]);
  });

  it('checks every selected file, not only the first', () => {
    expect(check(def, [file('a.png', 10), file('b.png', 3 * 1_048_576)])).toEqual([{ key: 'fileSize', message: 'No debe pesar más de 2MB' }]);
  });

  it('reads a FileList-like object', () => {
    const list = { length: 2, 0: file('a.png', 1), 1: file('b.png', 5 * 1_048_576), item: () => null };
    expect(check(def, list)).toEqual([{ key: 'fileSize', message: 'No debe pesar más de 2MB' }]);
  });

  it('lets a stored file (its URL) through', () => {
    expect(check(def, 'https://cdn.example.com/icon.png')).toEqual([]);
  });

  it('reads a browser-style File whose name and size are getters', () => {
    class FakeFile {
      get name(): string {
        return 'foto.PNG';
      }
      get size(): number {
        return 3 * 1_048_576;
      }
    }
    expect(check(field({ fileSize: 2, accept: '.png' }), new FakeFile())).toEqual([{ key: 'fileSize', message: 'No debe pesar más de 2MB' }]);
  });
});

describe('accept', () => {
  const def = field({ accept: '.jpg, .jpeg, .png, .svg' });

  it('matches the extension without regard to case', () => {
    expect(check(def, file('logo.PNG', 1))).toEqual([]);
    expect(check(def, file('foto.final.JPeG', 1))).toEqual([]);
  });

  it.each(['doc.pdf', 'png', 'imagen.png.exe', 'sin-extension'])('refuses %s', (name) => {
    expect(check(def, file(name, 1))).toEqual([{ key: 'accept', message: 'Archivo no válido' }]);
  });

  it('checks every selected file', () => {
    expect(check(def, [file('a.png', 1), file('b.gif', 1)])).toEqual([{ key: 'accept', message: 'Archivo no válido' }]);
  });

  it('understands MIME types when the file has one', () => {
    const images = field({ accept: 'image/*, application/pdf' });
    expect(check(images, { name: 'x', size: 1, type: 'image/png' })).toEqual([]);
    expect(check(images, { name: 'x', size: 1, type: 'application/pdf' })).toEqual([]);
    expect(check(images, { name: 'x', size: 1, type: 'text/plain' })).toHaveLength(1);
    expect(check(images, { name: 'x.png', size: 1 })).toHaveLength(1);
  });

  it('refuses a value that is neither a file nor a stored file URL', () => {
    expect(check(def, 42)).toEqual([{ key: 'accept', message: 'Archivo no válido' }]);
    expect(check(def, { foo: 'bar' })).toEqual([{ key: 'accept', message: 'Archivo no válido' }]);
    expect(check(def, 'https://cdn.example.com/icon.png')).toEqual([]);
  });
});

describe('several rules', () => {
  it('reports every broken rule in a fixed order, with its key', () => {
    const def = field({ minlength: 3, pattern: '[a-z]+' });
    expect(check(def, 'A')).toEqual([
      { key: 'minlength', message: 'Debe contener mínimo 3 caracteres' },
      { key: 'pattern', message: 'Formato no válido' },
    ]);
  });
});

describe('buildSchema', () => {
  const defs = [
    { field: 'email', validators: { required: true, email: true } },
    { field: 'age', validators: { min: 18 } },
  ] as const satisfies FieldDefinition[];
  const schema = buildSchema(defs);

  it('validates a whole form and strips fields it does not define', () => {
    expect(schema.parse({ email: 'ana@example.com', extra: 1 })).toEqual({ email: 'ana@example.com' });
    const parsed: { email?: unknown; age?: unknown } = schema.parse({ email: 'ana@example.com', age: 20 });
    expect(parsed.age).toBe(20);
  });

  it('puts each issue under its field, a missing field counting as empty', () => {
    const result = schema.safeParse({ age: 3 });
    expect(result.success).toBe(false);
    const issues = result.error?.issues ?? [];
    expect(issues.map((i) => [i.path.join('.'), issueKey(i), i.message])).toEqual([
      ['email', 'required', 'Este campo es requerido'],
      ['age', 'min', 'El valor mínimo es 18'],
    ]);
  });

  it('refuses two definitions of the same field', () => {
    expect(() => buildSchema([{ field: 'a' }, { field: 'a' }])).toThrow('Campo repetido: a');
  });

  it('works from definitions read back from JSON (t_json)', () => {
    const stored: FieldDefinition[] = JSON.parse(
      JSON.stringify([{ field: 'code', validators: { required: true, pattern: '\\d{3}' }, messagesError: { pattern: 'Tres dígitos' } }]),
    ) as FieldDefinition[];
    const result = buildSchema(stored).safeParse({ code: '12a' });
    expect(result.error?.issues[0]?.message).toBe('Tres dígitos');
  });
});

describe('groupSchema', () => {
  const group = groupSchema([{ field: 'name', validators: { required: true } }] as const);

  it('needs at least one entry by default', () => {
    for (const value of [undefined, [], 'x']) {
      const result = group.safeParse(value);
      expect(result.error?.issues.map((i) => [issueKey(i), i.message])).toEqual([['required', 'Este campo es requerido']]);
    }
  });

  it('validates every entry and reports the entry index in the path', () => {
    const result = group.safeParse([{ name: 'a' }, { name: '' }]);
    expect(result.error?.issues.map((i) => i.path)).toEqual([[1, 'name']]);
    expect(group.parse([{ name: 'a', other: 1 }])).toEqual([{ name: 'a' }]);
  });

  it('takes a minimum and a message', () => {
    const two = groupSchema([{ field: 'a' }] as const, { minItems: 2, message: 'Agrega dos' });
    expect(two.safeParse([{}]).error?.issues[0]?.message).toBe('Agrega dos');
    expect(two.safeParse([{}, {}]).success).toBe(true);
  });
});

describe('issueKey', () => {
  it('is undefined for issues the engine did not raise', () => {
    const issue: z.core.$ZodIssue = { code: 'custom', message: 'x', path: [], params: { key: 'nope' } };
    expect(issueKey(issue)).toBeUndefined();
    expect(issueKey({ code: 'custom', message: 'x', path: [] })).toBeUndefined();
  });
});
