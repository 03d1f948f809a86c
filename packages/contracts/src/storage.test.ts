import { describe, expect, it } from 'vitest';
import { base64Decode, base64Encode, createMemoryBackend, createStorage, decodeValue, encodeValue, type StorageLike } from './storage';

/** A Storage-like object that also lets the test see what was written. */
function fakeBackend(): StorageLike & { raw: Map<string, string> } {
  const raw = new Map<string, string>();
  return {
    raw,
    getItem: (key) => raw.get(key) ?? null,
    setItem: (key, value) => void raw.set(key, value),
    removeItem: (key) => void raw.delete(key),
    clear: () => raw.clear(),
  };
}

const VALUE = { name: 'Peña Núñez €', amount: '1234.50', list: [1, true, null] };

describe('base64 helpers', () => {
  it('are UTF-8 safe and interoperable with standard base64', () => {
    expect(base64Encode('hola')).toBe('aG9sYQ==');
    expect(base64Encode('ñ€')).toBe('w7Higqw=');
    expect(base64Decode('w7Higqw=')).toBe('ñ€');
    expect(base64Decode(base64Encode('emoji 😀'))).toBe('emoji 😀');
  });

  it('encode twice, and the reverse variant also reverses', () => {
    const once = base64Encode('"x"');
    const twice = base64Encode(once);
    expect(encodeValue('"x"')).toBe(twice);
    expect(encodeValue('"x"', 'reverse')).toBe(twice.split('').reverse().join(''));
    expect(decodeValue(encodeValue('"ñ"', 'reverse'), 'reverse')).toBe('"ñ"');
  });
});

describe('createStorage', () => {
  it.each([
    [false, undefined],
    [true, 'double'],
    [true, 'reverse'],
  ] as const)('round-trips JSON values (encode %s, %s)', (encode, variant) => {
    const storage = createStorage({ kind: 'memory', encode, variant });
    storage.set('user', VALUE);
    storage.set('zero', 0);
    expect(storage.get('user')).toEqual(VALUE);
    expect(storage.get<number>('zero')).toBe(0);
    expect(storage.get('missing')).toBeUndefined();
  });

  it('writes plain JSON when not encoding, and double base64 in production', () => {
    const plain = fakeBackend();
    createStorage({ kind: 'session', encode: false, backend: plain }).set('menu', { a: 1 });
    expect(plain.raw.get('menu')).toBe('{"a":1}');

    const encoded = fakeBackend();
    createStorage({ kind: 'session', encode: true, backend: encoded }).set('menu', { a: 1 });
    expect(encoded.raw.get('menu')).toBe(base64Encode(base64Encode('{"a":1}')));

    const reversed = fakeBackend();
    createStorage({ kind: 'session', encode: true, variant: 'reverse', backend: reversed }).set('menu', { a: 1 });
    expect(reversed.raw.get('menu')).toBe(base64Encode(base64Encode('{"a":1}')).split('').reverse().join(''));
  });

  it('removes and clears', () => {
    const backend = fakeBackend();
    const storage = createStorage({ kind: 'local', encode: true, backend });
    storage.set('a', 1);
    storage.set('b', 2);
    storage.remove('a');
    expect(storage.get('a')).toBeUndefined();
    expect(storage.get('b')).toBe(2);
    storage.clear();
    expect(backend.raw.size).toBe(0);
  });

  it('treats unreadable values as missing', () => {
    const backend = fakeBackend();
    const storage = createStorage({ kind: 'session', encode: true, backend });
    backend.raw.set('bad', 'not base64 at all!');
    backend.raw.set('plain', '{"a":1}');
    expect(storage.get('bad')).toBeUndefined();
    expect(storage.get('plain')).toBeUndefined();
  });

  it('refuses values JSON cannot hold', () => {
    const storage = createStorage({ kind: 'memory', encode: false });
    expect(() => storage.set('f', () => 1)).toThrow(TypeError);
    expect(() => storage.set('u', undefined)).toThrow(TypeError);
  });

  it('never stores tokens in localStorage', () => {
    const backend = fakeBackend();
    const local = createStorage({ kind: 'local', encode: true, backend });
    for (const key of ['AccessToken', 'refreshToken', 'id_token', 'TOKEN']) {
      expect(() => local.set(key, 'x')).toThrow(`No se permite guardar tokens en localStorage: ${key}`);
    }
    expect(backend.raw.size).toBe(0);
    // Memory and session storage may hold them.
    createStorage({ kind: 'session', encode: true, backend }).set('AccessToken', 'x');
    createStorage({ kind: 'memory', encode: true }).set('RefreshToken', 'x');
    expect(backend.raw.has('AccessToken')).toBe(true);
  });

  it('keeps memory stores apart', () => {
    const a = createStorage({ kind: 'memory', encode: false });
    const b = createStorage({ kind: 'memory', encode: false });
    a.set('k', 1);
    expect(b.get('k')).toBeUndefined();
    expect(a.kind).toBe('memory');
  });

  it('asks for a backend where the browser has none (Node)', () => {
    expect(() => createStorage({ kind: 'local', encode: false })).toThrow(/inyecta un backend/);
    expect(() => createStorage({ kind: 'session', encode: false })).toThrow(/sessionStorage/);
  });

  it('uses the browser storage when there is one', () => {
    const backend = createMemoryBackend();
    const global = globalThis as { sessionStorage?: StorageLike };
    global.sessionStorage = backend;
    try {
      createStorage({ kind: 'session', encode: false }).set('k', 'v');
      expect(backend.getItem('k')).toBe('"v"');
    } finally {
      delete global.sessionStorage;
    }
  });
});
