/**
 * Bad inputs for the schema-driven fuzzer: a value that fits a JSON schema of /docs/json, and the
 * ways to break it (wrong types, NUL, lone surrogates, 1 MB strings, SQL-looking text, 1e309...).
 */
import { randomUUID } from 'node:crypto';

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

/** Numbers JSON.stringify cannot write; `serialise` puts them in the text as they are. */
export const RAW = { nan: '\u0001NaN\u0001', inf: '\u00011e309\u0001', minusInf: '\u0001-1e309\u0001' } as const;

export const MB = 1024 * 1024;

/** Values that replace one field. */
export const BAD_VALUES: unknown[] = [
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  'A'.repeat(MB),
  "' OR '1'='1' --",
  '1; DROP TABLE users;--',
  '𝕏🙂ñ\u202eÅ\u0301',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '',
  ' ',
  -1,
  0,
  1.5,
  2 ** 53 + 1,
  -1e308,
  true,
  null,
  [],
  {},
  ['a'],
  { a: 1 },
  RAW.nan,
  RAW.inf,
  RAW.minusInf,
];

const PATTERN_CANDIDATES = [
  'a',
  'Abc',
  '1',
  '12345',
  '5512345678',
  '012180000000000008',
  '2031-01-15',
  'ABC800101AB1',
  'GODE561231HDFRRN09',
  'x@far.mx',
  '0.5',
  '100.00',
  '+52',
];

function fitsString(s: JsonSchema, v: string): boolean {
  if (s.minLength !== undefined && v.length < s.minLength) return false;
  if (s.maxLength !== undefined && v.length > s.maxLength) return false;
  if (s.pattern) {
    try {
      return new RegExp(s.pattern, 'u').test(v);
    } catch {
      return true;
    }
  }
  return true;
}

const typeOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);

/** A value that (most likely) satisfies the schema: the base every mutation starts from. */
export function validFor(s: JsonSchema | undefined, depth = 0): unknown {
  if (!s || depth > 6) return null;
  if (s.enum?.length) return s.enum[0];
  const branch = s.anyOf ?? s.oneOf;
  if (branch?.length) return validFor(branch.find((b) => typeOf(b) !== 'null') ?? branch[0], depth + 1);
  if (s.allOf?.length) return validFor(s.allOf[0], depth + 1);
  switch (typeOf(s) ?? (s.properties ? 'object' : undefined)) {
    case 'string': {
      if (s.format === 'uuid') return randomUUID();
      if (s.format === 'email') return 'fuzz@example.com';
      if (s.format === 'date') return '2031-01-15';
      if (s.format === 'date-time') return '2031-01-15T10:00:00.000Z';
      return PATTERN_CANDIDATES.find((c) => fitsString(s, c)) ?? 'a'.repeat(Math.max(1, s.minLength ?? 1));
    }
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, Math.min(1, s.maximum ?? 1));
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => validFor(s.items, depth + 1));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = validFor(v, depth + 1);
      return out;
    }
    default:
      return null;
  }
}

/** Every field path of a value (objects and the first item of arrays), up to a depth. */
export function fieldPaths(v: unknown, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (depth > 4 || v === null || typeof v !== 'object') return [];
  const entries: [string | number, unknown][] = Array.isArray(v) ? (v.length ? [[0, v[0]]] : []) : Object.entries(v);
  return entries.flatMap(([k, child]) => [[...prefix, k], ...fieldPaths(child, [...prefix, k], depth + 1)]);
}

export function withField(base: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = value;
  return copy;
}

export function withoutField(base: unknown, path: (string | number)[]): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
  delete node[path[path.length - 1]!];
  return copy;
}

/** JSON text, with the RAW markers written as bare NaN / 1e309. */
export function serialise(v: unknown): string {
  return JSON.stringify(v).replace(/"\\u0001(.*?)\\u0001"/g, '$1');
}

const deep = (n: number, open: string, close: string, inner = '1') => open.repeat(n) + inner + close.repeat(n);

/** Whole bodies that are wrong before any field is looked at. */
export const BAD_BODIES: { name: string; body: string | Buffer; type?: string }[] = [
  { name: 'JSON no válido', body: '{"a":' },
  { name: 'null', body: 'null' },
  { name: 'arreglo', body: '[]' },
  { name: 'texto', body: '"x"' },
  { name: 'número', body: '1' },
  { name: 'NaN', body: 'NaN' },
  { name: 'vacío', body: '' },
  { name: 'UTF-8 roto', body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
  { name: '__proto__', body: '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}' },
  { name: 'arreglo de 5000 niveles', body: deep(5000, '[', ']') },
  { name: 'objeto de 5000 niveles', body: deep(5000, '{"a":', '}') },
  { name: '5 MB', body: JSON.stringify({ a: 'A'.repeat(5 * MB) }) },
  { name: 'text/plain', body: '{}', type: 'text/plain' },
  { name: 'application/xml', body: '<a/>', type: 'application/xml' },
  { name: 'form-urlencoded', body: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { name: 'multipart sin boundary', body: 'x', type: 'multipart/form-data' },
  {
    name: 'multipart roto',
    body: '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.svg"\r\n\r\n<svg',
    type: 'multipart/form-data; boundary=zz',
  },
  { name: 'charset desconocido', body: '{}', type: 'application/json; charset=klingon' },
  { name: 'sobre v2 roto', body: '{"Data":"!!!no-es-base64"}' },
];

/** Values for one path parameter. */
export const BAD_PARAMS = [
  '%00',
  'no-es-uuid',
  '00000000-0000-1000-8000-000000000000',
  'x'.repeat(150),
  '%E0%A4%A',
  '..%2F..%2Fetc',
  "'%20OR%201=1",
  '%F0%9F%99%82',
  '1e309',
  '-1',
];

/** Values for one query parameter (already URL-encoded). */
export const BAD_QUERY_VALUES = ['%00', '%ED%A0%80', 'NaN', '1e309', '-1', '1.5', encodeURIComponent("' OR 1=1 --"), 'A'.repeat(5000), '%E0%A4%A'];
