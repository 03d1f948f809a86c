/**
 * Error catalogue of spec §8 plus the general API error codes. One record holds status and message
 * per code, typed with `satisfies`, so adding a code without its status or text fails to compile.
 */

interface ErrorDefinition {
  status: 400 | 401 | 403 | 404 | 409 | 422 | 429 | 500 | 502;
  message: string;
}

const ERROR_DEFINITIONS = {
  VALIDATION: { status: 400, message: 'Los datos enviados no son válidos' },
  UNAUTHORIZED: { status: 401, message: 'Tu sesión no es válida o ha expirado. Inicia sesión de nuevo.' },
  INVALID_CREDENTIALS: { status: 401, message: 'Correo o contraseña incorrectos' },
  FORBIDDEN: { status: 403, message: 'No tienes permiso para realizar esta acción' },
  TENANT: { status: 403, message: 'No tienes acceso a este recurso' },
  NOT_FOUND: { status: 404, message: 'No encontrado' },
  CONFLICT: { status: 409, message: 'El registro ya existe' },
  IDEMPOTENCY_CONFLICT: { status: 409, message: 'La llave de idempotencia ya se usó con otra solicitud' },
  BUSINESS_RULE: { status: 422, message: 'La operación no está permitida' },
  RATE_LIMIT: { status: 429, message: 'Demasiados intentos. Espera un momento e inténtalo de nuevo.' },
  INTERNAL: { status: 500, message: 'Ocurrió un error inesperado. Inténtalo más tarde.' },
  // §8: the caller asked for an encryption kind that does not exist.
  ENCRYPTION_PARAMS: { status: 400, message: 'Error: Faltan parámetros de encriptación válidos' },
  // §8: the upstream answered with a shape we cannot read; it is the upstream's fault, hence 502.
  RESPONSE_FORMAT: { status: 502, message: 'Error: El formato de la respuesta no coincide con el modelo requerido' },
  PARSE: { status: 400, message: 'Error: problema durante el parseado de los datos' },
  // §5/§8: unsupported client kind on the user calls.
  INVALID_PARAM: { status: 400, message: 'Parametro no válido' },
  // §8: a related lookup inside a form found nothing.
  NOT_FOUND_LOOKUP: { status: 404, message: 'No encontrado' },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERROR_DEFINITIONS;
export type ErrorHttpStatus = ErrorDefinition['status'];

export const ERROR_CODES = Object.keys(ERROR_DEFINITIONS) as ErrorCode[];

function mapDefinitions<K extends keyof ErrorDefinition>(field: K): Record<ErrorCode, ErrorDefinition[K]> {
  const out = {} as Record<ErrorCode, ErrorDefinition[K]>;
  for (const code of ERROR_CODES) out[code] = ERROR_DEFINITIONS[code][field];
  return out;
}

export const ERROR_STATUS: Readonly<Record<ErrorCode, ErrorHttpStatus>> = Object.freeze(mapDefinitions('status'));
export const ERROR_MESSAGES: Readonly<Record<ErrorCode, string>> = Object.freeze(mapDefinitions('message'));

export function httpStatusOf(code: ErrorCode): ErrorHttpStatus {
  return ERROR_STATUS[code];
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_DEFINITIONS, value);
}

/** An Error that carries a catalogue code, so a server can map it to its HTTP status unchanged. */
export class FarError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string = ERROR_MESSAGES[code]) {
    super(message);
    this.name = 'FarError';
    this.code = code;
  }

  get status(): ErrorHttpStatus {
    return httpStatusOf(this.code);
  }
}

// Human-readable fields first, codes last: the spec's samples carry both and users need the text.
// `errorDescrpition` is the upstream's spelling; the correct spelling is read as well.
const TEXT_FIELDS = ['message', 'Message', 'errorDescrpition', 'errorDescription'] as const;
const CODE_FIELDS = ['ErrorCode', 'errorCode'] as const;
const MAX_DEPTH = 3;

function nonEmptyText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readAt(body: unknown, depth: number): string | undefined {
  const direct = nonEmptyText(body);
  if (direct !== undefined || !isRecord(body) || depth > MAX_DEPTH) return direct;

  for (const field of TEXT_FIELDS) {
    const text = nonEmptyText(body[field]);
    if (text !== undefined) return text;
  }
  // `{ error: { message } }` or `{ error: 'text' }`.
  const nested = readAt(body['error'], depth + 1);
  if (nested !== undefined) return nested;
  // `{ errors: [{ field, key, message }] }`: the first field message still beats a bare code.
  const list = body['errors'];
  if (Array.isArray(list)) {
    for (const item of list) {
      const text = isRecord(item) ? nonEmptyText(item['message']) : undefined;
      if (text !== undefined) return text;
    }
  }
  for (const field of CODE_FIELDS) {
    const value = body[field];
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    const text = nonEmptyText(value);
    if (text !== undefined) return text;
  }
  return undefined;
}

/** Reads the error text of a server answer (spec §8 fields); undefined when there is none. */
export function readErrorText(body: unknown): string | undefined {
  return readAt(body, 0);
}
