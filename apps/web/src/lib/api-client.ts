// The zod-free leaf, so the first screen does not load every schema.
import { ERROR_MESSAGES, readErrorText } from '@far/contracts/errors';
import type { ZodType } from 'zod';
import { session, type SessionTokens } from './session';

/**
 * The one API client of the web app (architecture §7, spec §7).
 *
 * - Returns a `[data, error]` pair and never throws.
 * - Time-out 30000 ms by default; per call with `timeoutMs`, or with an `X-Timeout` header (ms).
 * - Adds `Authorization: Bearer` from the session; on a 401 it refreshes the session once and
 *   retries once; if that fails the session ends and the app goes to /login.
 * - Envelopes: 'none' (plain JSON), 'base64' and 'v2' (through the internal encrypt/decrypt
 *   service). Security and notification calls use base64 unless told otherwise.
 */

export type Envelope = 'none' | 'base64' | 'v2';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface ApiFieldError {
  field: string;
  key: string;
  message: string;
}

export interface ApiError {
  /** HTTP status; 0 when no answer arrived (time-out, network). */
  status: number;
  /** ErrorCode of the server, or TIMEOUT, NETWORK, RESPONSE_FORMAT, HTTP_<status>. */
  code: string;
  /** Spanish text to show to the person. */
  message: string;
  fieldErrors: ApiFieldError[];
  /** `data` of a failed answer (sign-in puts AvailableAtempts and DenialReason there). */
  data: unknown;
}

export type ApiResult<T> = [T, null] | [null, ApiError];

/** How a call travels and how its answer is read (shared by `apiRequest` and the typed client, lib/api.ts). */
export interface TransportOptions<T> {
  /** The answer's schema, or a loader of it (screens of the first load keep zod out of their chunk). */
  schema?: ZodType<T> | (() => Promise<ZodType<T>>);
  envelope?: Envelope;
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** Send the bearer token and refresh on 401. Default true. */
  auth?: boolean;
  /** 'blob' hands back the raw body (images, files). Default 'json'. */
  responseType?: 'json' | 'blob';
  signal?: AbortSignal;
}

export interface ApiRequestOptions<T> extends TransportOptions<T> {
  body?: unknown;
  query?: Record<string, QueryValue>;
}

export const DEFAULT_TIMEOUT_MS = 30000;
export const TIMEOUT_HEADER = 'X-Timeout';

export const CLIENT_MESSAGES = {
  TIMEOUT: 'El servidor tardó demasiado en responder. Inténtalo de nuevo.',
  NETWORK: 'No fue posible conectar con el servidor. Revisa tu conexión.',
  UNKNOWN: 'Ocurrió un error inesperado. Inténtalo más tarde.',
} as const;

const REFRESH_PATH = '/api/v1/account/Token/Refresh';
const ENCRYPT_V2_PATH = '/api/internal/encrypt/v2';
const DECRYPT_V2_PATH = '/api/internal/decrypt/v2';

/** Security and notification calls travel base64 (spec §7); the rest plain unless asked. */
export function defaultEnvelope(path: string): Envelope {
  return /^\/api\/(v1\/security|notification)\//.test(path) ? 'base64' : 'none';
}

// ---------------------------------------------------------------------------------------------
// base64 of UTF-8 text (btoa alone breaks on "ñ").

export function encodeBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function decodeBase64(data: string): string {
  const binary = atob(data);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

// ---------------------------------------------------------------------------------------------

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const isEnveloped = (v: unknown): v is { Data: string } => isRecord(v) && typeof v['Data'] === 'string' && Object.keys(v).length === 1;

function makeError(status: number, code: string, message: string, extra: Partial<ApiError> = {}): ApiError {
  return { status, code, message, fieldErrors: [], data: null, ...extra };
}

function statusMessage(status: number): string {
  switch (status) {
    case 400:
      return 'Los datos enviados no son válidos';
    case 401:
      return 'Tu sesión no es válida o ha expirado. Inicia sesión de nuevo.';
    case 403:
      return 'No tienes permiso para realizar esta acción';
    case 404:
      return 'No encontrado';
    case 409:
      return 'El registro ya existe';
    case 422:
      return 'La operación no está permitida';
    case 429:
      return 'Demasiados intentos. Espera un momento e inténtalo de nuevo.';
    default:
      return status >= 500 ? 'Ocurrió un error inesperado. Inténtalo más tarde.' : CLIENT_MESSAGES.UNKNOWN;
  }
}

function readFieldErrors(body: unknown): ApiFieldError[] {
  if (!isRecord(body) || !Array.isArray(body['errors'])) return [];
  return body['errors'].filter(isRecord).map((e) => ({
    field: String(e['field'] ?? ''),
    key: String(e['key'] ?? ''),
    message: String(e['message'] ?? ''),
  }));
}

function errorFromBody(status: number, body: unknown): ApiError {
  const code =
    isRecord(body) && typeof body['ErrorCode'] === 'string'
      ? body['ErrorCode']
      : isRecord(body) && typeof body['errorCode'] === 'string'
        ? body['errorCode']
        : `HTTP_${status}`;
  return makeError(status, code, readErrorText(body) ?? statusMessage(status), {
    fieldErrors: readFieldErrors(body),
    data: isRecord(body) ? (body['data'] ?? null) : null,
  });
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

function readTimeout(options: { timeoutMs?: number; headers?: Record<string, string> }): { timeoutMs: number; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  let fromHeader: number | undefined;
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (name.toLowerCase() === TIMEOUT_HEADER.toLowerCase()) {
      const ms = Number(value);
      if (Number.isFinite(ms) && ms > 0) fromHeader = ms;
    } else {
      headers[name] = value;
    }
  }
  return { timeoutMs: fromHeader ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS, headers };
}

interface RawAnswer {
  status: number;
  ok: boolean;
  body: unknown;
  blob?: Blob;
}

/** One fetch with time-out; never throws. */
async function send(
  method: HttpMethod,
  url: string,
  init: { headers: Record<string, string>; body?: BodyInit; timeoutMs: number; signal?: AbortSignal; responseType: 'json' | 'blob' },
): Promise<[RawAnswer, null] | [null, ApiError]> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, init.timeoutMs);
  const onAbort = () => controller.abort();
  init.signal?.addEventListener('abort', onAbort);
  try {
    const res = await fetch(url, { method, headers: init.headers, body: init.body, signal: controller.signal });
    if (init.responseType === 'blob' && res.ok) {
      return [{ status: res.status, ok: true, body: null, blob: await res.blob() }, null];
    }
    const text = await res.text();
    let body: unknown = null;
    if (text !== '') {
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        body = text;
      }
    }
    return [{ status: res.status, ok: res.ok, body }, null];
  } catch {
    if (timedOut) return [null, makeError(0, 'TIMEOUT', CLIENT_MESSAGES.TIMEOUT)];
    if (init.signal?.aborted) return [null, makeError(0, 'ABORTED', 'La solicitud fue cancelada')];
    return [null, makeError(0, 'NETWORK', CLIENT_MESSAGES.NETWORK)];
  } finally {
    clearTimeout(timer);
    init.signal?.removeEventListener('abort', onAbort);
  }
}

// ---------------------------------------------------------------------------------------------
// Envelopes

async function seal(envelope: Exclude<Envelope, 'none'>, payload: unknown): Promise<ApiResult<string>> {
  const plain = JSON.stringify(payload ?? {});
  if (envelope === 'base64') return [encodeBase64(plain), null];
  const [answer, error] = await apiRequest<{ Data: string }>('POST', ENCRYPT_V2_PATH, { body: payload ?? {}, envelope: 'none' });
  if (error) return [null, error];
  if (!isRecord(answer) || typeof answer.Data !== 'string') return [null, makeError(0, 'RESPONSE_FORMAT', ERROR_MESSAGES.RESPONSE_FORMAT)];
  return [answer.Data, null];
}

async function unseal(envelope: Envelope, body: unknown): Promise<ApiResult<unknown>> {
  if (!isEnveloped(body)) return [body, null];
  try {
    if (envelope === 'v2') {
      const [plain, error] = await apiRequest<unknown>('POST', DECRYPT_V2_PATH, { body: { Data: body.Data }, envelope: 'none' });
      if (error) return [null, error];
      return [typeof plain === 'string' ? (JSON.parse(plain) as unknown) : plain, null];
    }
    return [JSON.parse(decodeBase64(body.Data)) as unknown, null];
  } catch {
    return [null, makeError(0, 'PARSE', 'Error: problema durante el parseado de los datos')];
  }
}

// ---------------------------------------------------------------------------------------------
// Session refresh: one at a time, shared by every call that got a 401.

type RefreshOutcome = 'ok' | 'rejected' | 'unreachable';
let refreshing: Promise<RefreshOutcome> | null = null;

function renew(): Promise<RefreshOutcome> {
  if (refreshing) return refreshing;
  refreshing = (async (): Promise<RefreshOutcome> => {
    // The refresh token travels in its httpOnly cookie (same origin), never from JavaScript.
    const [tokens, error] = await apiRequest<SessionTokens>('POST', REFRESH_PATH, {
      body: {},
      auth: false,
      envelope: 'none',
    });
    if (error) return error.status === 0 || error.status >= 500 ? 'unreachable' : 'rejected';
    if (!tokens?.AccessToken) return 'rejected';
    session.start(tokens);
    return 'ok';
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Renews the session with the refresh cookie (one request at a time, shared by every caller). */
export async function refreshSession(): Promise<boolean> {
  return (await renew()) === 'ok';
}

/**
 * On load (a reload or a new tab): a browser with a session gets a silent refresh instead of the
 * login screen. A cookie the server refuses ends the session with the "expired" notice; an
 * unreachable server keeps it, so a reload once the server is back still works.
 */
export async function restoreSession(): Promise<boolean> {
  if (session.accessToken()) return true;
  if (!session.mayRestore()) {
    session.clear();
    return false;
  }
  session.markRestoring();
  const outcome = await renew();
  if (outcome === 'ok') return true;
  if (outcome === 'rejected') session.expire();
  else session.settleAnonymous();
  return false;
}

// ---------------------------------------------------------------------------------------------

export async function apiRequest<T>(method: HttpMethod, path: string, options: ApiRequestOptions<T> = {}): Promise<ApiResult<T>> {
  try {
    return await run(method, path, options, false);
  } catch {
    return [null, makeError(0, 'UNKNOWN', CLIENT_MESSAGES.UNKNOWN)];
  }
}

async function run<T>(method: HttpMethod, path: string, options: ApiRequestOptions<T>, retried: boolean): Promise<ApiResult<T>> {
  const envelope = options.envelope ?? defaultEnvelope(path);
  const auth = options.auth ?? true;
  const responseType = options.responseType ?? 'json';
  const { timeoutMs, headers: extraHeaders } = readTimeout(options);

  const headers: Record<string, string> = { Accept: responseType === 'json' ? 'application/json' : '*/*', ...extraHeaders };
  const token = auth ? session.accessToken() : null;
  if (token) headers['Authorization'] = `Bearer ${token}`;
  // A lazily loaded schema downloads while the request travels.
  const schemaReady = typeof options.schema === 'function' ? options.schema() : Promise.resolve(options.schema);

  let url = path;
  let body: BodyInit | undefined;
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;

  if (envelope !== 'none' && !isForm) {
    headers['X-Encryption'] = envelope;
    if (method === 'GET') {
      if (options.query && Object.keys(options.query).length > 0) {
        const [data, error] = await seal(envelope, options.query);
        if (error) return [null, error];
        url = buildUrl(path, { Data: data });
      }
    } else {
      const [data, error] = await seal(envelope, options.body ?? {});
      if (error) return [null, error];
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify({ Data: data });
    }
  } else {
    url = buildUrl(path, options.query);
    if (isForm) {
      body = options.body as FormData;
    } else if (options.body !== undefined && method !== 'GET') {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
  }

  const [raw, sendError] = await send(method, url, { headers, body, timeoutMs, signal: options.signal, responseType });
  if (sendError) return [null, sendError];

  // 401 on a call made with a session: renew once, try once more, else end the session.
  if (raw.status === 401 && auth && (token !== null || session.mayRestore())) {
    if (!retried && (await refreshSession())) return run(method, path, options, true);
    session.expire();
  }

  if (raw.blob) return [raw.blob as T, null];

  const [answer, openError] = await unseal(envelope, raw.body);
  if (openError) return [null, { ...openError, status: raw.status }];

  if (!raw.ok) return [null, errorFromBody(raw.status, answer)];
  if (isRecord(answer) && (answer['success'] === false || answer['IsSuccess'] === false)) {
    return [null, errorFromBody(raw.status, answer)];
  }

  const data: unknown = isRecord(answer) && 'data' in answer ? answer['data'] : answer;
  const schema = await schemaReady;
  if (schema) {
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      if (import.meta.env.DEV && import.meta.env.MODE !== 'test')
        console.warn(`[api] ${method} ${path}: respuesta con formato inesperado`, parsed.error.issues);
      return [null, makeError(raw.status, 'RESPONSE_FORMAT', ERROR_MESSAGES.RESPONSE_FORMAT, { data })];
    }
    return [parsed.data, null];
  }
  return [data as T, null];
}

/** For TanStack Query: turns the pair into a value or a thrown ApiError. */
export async function unwrap<T>(result: Promise<ApiResult<T>>): Promise<T> {
  const [data, error] = await result;
  if (error) throw error;
  return data;
}

export function isApiError(value: unknown): value is ApiError {
  return isRecord(value) && typeof value['status'] === 'number' && typeof value['message'] === 'string' && 'fieldErrors' in value;
}

/** Spanish text of any error a query or mutation may hold. */
export function errorText(error: unknown): string {
  if (isApiError(error)) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return CLIENT_MESSAGES.UNKNOWN;
}
