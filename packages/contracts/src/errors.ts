/**
 * Error catalogue of spec §8 plus the general API error codes. One record holds status and message
 * per code, typed with `satisfies`, so adding a code without its status or text fails to compile.
 */

interface ErrorDefinition {
  status: 400 | 401 | 403 | 404 | 405 | 408 | 409 | 413 | 414 | 415 | 422 | 429 | 431 | 500 | 502;
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
  // Refused by the HTTP layer before any route runs (docs/api.md, "Errores").
  BAD_REQUEST: { status: 400, message: 'La solicitud no es válida' },
  BAD_URL: { status: 400, message: 'La dirección de la solicitud no es válida' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Método no permitido para esta dirección' },
  TIMEOUT: { status: 408, message: 'La solicitud tardó demasiado en llegar' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'El archivo o la solicitud es demasiado grande' },
  URI_TOO_LONG: { status: 414, message: 'La dirección de la solicitud es demasiado larga' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Tipo de contenido no admitido' },
  HEADERS_TOO_LARGE: { status: 431, message: 'Los encabezados o la dirección de la solicitud son demasiado grandes' },
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

/**
 * The body of every error answer (docs/api.md): the envelope of §7 plus the §8 error fields, so
 * a client reading any of `ErrorCode`, `errorCode`, `Message`, `message` or `errorDescrpition`
 * (the upstream's spelling) finds the same code and text. `errorDescrpition` differs only where
 * §8 gives the upstream's own words for a refusal (e.g. the payment day).
 */
export function errorAnswer(
  code: ErrorCode,
  message: string = ERROR_MESSAGES[code],
  extra: { errors?: { field: string; key: string; message: string }[]; data?: unknown; status?: number; description?: string } = {},
) {
  const status = extra.status ?? httpStatusOf(code);
  return {
    success: false as const,
    IsSuccess: false as const,
    data: extra.data ?? null,
    status: { code: status, message },
    ErrorCode: code as string,
    errorCode: code as string,
    message,
    Message: message,
    errorDescrpition: extra.description ?? message,
    ...(extra.errors ? { errors: extra.errors } : {}),
  };
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

/** «Te queda 1 intento» / «Te quedan 2 intentos»: the tries left after a wrong code, PIN or password. */
export function attemptsLeftText(n: number): string {
  return n === 1 ? 'Te queda 1 intento' : `Te quedan ${n} intentos`;
}

/** «1 intento restante» / «2 intentos restantes», for the activity log. */
export function attemptsRemainingText(n: number): string {
  return n === 1 ? '1 intento restante' : `${n} intentos restantes`;
}
