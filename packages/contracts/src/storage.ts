/**
 * Client storage of spec §9: memory, localStorage or sessionStorage, holding JSON values. In
 * production values are encoded (double base64, or double base64 reversed). That hides values from
 * a casual look, it is not encryption, so tokens are never allowed into localStorage.
 */

export type StorageKind = 'memory' | 'local' | 'session';
export type EncodingVariant = 'double' | 'reverse';

/** The part of the Web Storage API used here; tests and Node inject their own. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

export interface StorageOptions {
  kind: StorageKind;
  encode: boolean;
  /** Only with `encode`; default 'double'. */
  variant?: EncodingVariant;
  /** Backing store for 'local' and 'session'; default the browser's. Ignored for 'memory'. */
  backend?: StorageLike;
}

export interface AppStorage {
  readonly kind: StorageKind;
  /** The stored value, or undefined when missing or unreadable. */
  get<T = unknown>(key: string): T | undefined;
  set(key: string, value: unknown): void;
  remove(key: string): void;
  clear(): void;
}

const TOKEN_KEY = /token/i;

export function createMemoryBackend(): StorageLike {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

/** UTF-8 safe base64: btoa alone throws on anything outside Latin-1 ('Peña' is fine, '€' is not). */
export function base64Encode(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function base64Decode(encoded: string): string {
  const binary = atob(encoded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

// Base64 is ASCII, so reversing by UTF-16 unit is safe and its own inverse.
const reverse = (text: string): string => text.split('').reverse().join('');

export function encodeValue(text: string, variant: EncodingVariant = 'double'): string {
  const double = base64Encode(base64Encode(text));
  return variant === 'reverse' ? reverse(double) : double;
}

export function decodeValue(encoded: string, variant: EncodingVariant = 'double'): string {
  return base64Decode(base64Decode(variant === 'reverse' ? reverse(encoded) : encoded));
}

function browserBackend(kind: 'local' | 'session'): StorageLike {
  // Typed structurally so the package also compiles where the DOM library is absent (the server).
  const scope = globalThis as { localStorage?: StorageLike; sessionStorage?: StorageLike };
  const backend = kind === 'local' ? scope.localStorage : scope.sessionStorage;
  if (backend === undefined) throw new Error(`No hay ${kind}Storage en este entorno; inyecta un backend`);
  return backend;
}

export function createStorage(options: StorageOptions): AppStorage {
  const { kind, encode } = options;
  const variant = options.variant ?? 'double';
  const backend = kind === 'memory' ? createMemoryBackend() : (options.backend ?? browserBackend(kind));
  const write = (json: string): string => (encode ? encodeValue(json, variant) : json);
  const read = (stored: string): string => (encode ? decodeValue(stored, variant) : stored);

  return {
    kind,
    get<T>(key: string): T | undefined {
      const stored = backend.getItem(key);
      if (stored === null) return undefined;
      try {
        return JSON.parse(read(stored)) as T;
      } catch {
        // Written by an older version or tampered with: treat as absent rather than crash the page.
        return undefined;
      }
    },
    set(key: string, value: unknown): void {
      // localStorage outlives the tab and is readable by any script on the origin.
      if (kind === 'local' && TOKEN_KEY.test(key)) {
        throw new Error(`No se permite guardar tokens en localStorage: ${key}`);
      }
      const json = JSON.stringify(value);
      if (json === undefined) throw new TypeError(`El valor de ${key} no se puede guardar como JSON`);
      backend.setItem(key, write(json));
    },
    remove(key: string): void {
      backend.removeItem(key);
    },
    clear(): void {
      backend.clear();
    },
  };
}
