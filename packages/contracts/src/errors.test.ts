import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  ERROR_MESSAGES,
  ERROR_STATUS,
  FarError,
  attemptsLeftText,
  attemptsRemainingText,
  errorAnswer,
  httpStatusOf,
  isErrorCode,
  readErrorText,
  type ErrorCode,
} from './errors';

describe('error catalogue', () => {
  const expected: Array<[ErrorCode, number, string]> = [
    ['VALIDATION', 400, 'Los datos enviados no son válidos'],
    ['UNAUTHORIZED', 401, 'Tu sesión no es válida o ha expirado. Inicia sesión de nuevo.'],
    ['INVALID_CREDENTIALS', 401, 'Correo o contraseña incorrectos'],
    ['FORBIDDEN', 403, 'No tienes permiso para realizar esta acción'],
    ['TENANT', 403, 'No tienes acceso a este recurso'],
    ['NOT_FOUND', 404, 'No encontrado'],
    ['CONFLICT', 409, 'El registro ya existe'],
    ['IDEMPOTENCY_CONFLICT', 409, 'La llave de idempotencia ya se usó con otra solicitud'],
    ['BUSINESS_RULE', 422, 'La operación no está permitida'],
    ['RATE_LIMIT', 429, 'Demasiados intentos. Espera un momento e inténtalo de nuevo.'],
    ['INTERNAL', 500, 'Ocurrió un error inesperado. Inténtalo más tarde.'],
    ['ENCRYPTION_PARAMS', 400, 'Error: Faltan parámetros de encriptación válidos'],
    ['RESPONSE_FORMAT', 502, 'Error: El formato de la respuesta no coincide con el modelo requerido'],
    ['PARSE', 400, 'Error: problema durante el parseado de los datos'],
    ['INVALID_PARAM', 400, 'Parametro no válido'],
    ['NOT_FOUND_LOOKUP', 404, 'No encontrado'],
    ['BAD_REQUEST', 400, 'La solicitud no es válida'],
    ['BAD_URL', 400, 'La dirección de la solicitud no es válida'],
    ['METHOD_NOT_ALLOWED', 405, 'Método no permitido para esta dirección'],
    ['TIMEOUT', 408, 'La solicitud tardó demasiado en llegar'],
    ['PAYLOAD_TOO_LARGE', 413, 'El archivo o la solicitud es demasiado grande'],
    ['URI_TOO_LONG', 414, 'La dirección de la solicitud es demasiado larga'],
    ['UNSUPPORTED_MEDIA_TYPE', 415, 'Tipo de contenido no admitido'],
    ['HEADERS_TOO_LARGE', 431, 'Los encabezados o la dirección de la solicitud son demasiado grandes'],
  ];

  it.each(expected)('%s → %i %s', (code, status, message) => {
    expect(ERROR_STATUS[code]).toBe(status);
    expect(httpStatusOf(code)).toBe(status);
    expect(ERROR_MESSAGES[code]).toBe(message);
  });

  it('has exactly these codes', () => {
    expect([...ERROR_CODES].sort()).toEqual(expected.map(([code]) => code).sort());
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(ERROR_STATUS)).toBe(true);
    expect(Object.isFrozen(ERROR_MESSAGES)).toBe(true);
  });

  it('recognises its codes', () => {
    expect(isErrorCode('VALIDATION')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(400)).toBe(false);
  });
});

describe('errorAnswer', () => {
  it('carries the envelope and every §8 error field with the same code and text', () => {
    const errors = [{ field: 'Email', key: 'required', message: 'Este campo es requerido' }];
    expect(errorAnswer('VALIDATION', 'Este campo es requerido', { errors })).toEqual({
      success: false,
      IsSuccess: false,
      data: null,
      status: { code: 400, message: 'Este campo es requerido' },
      ErrorCode: 'VALIDATION',
      errorCode: 'VALIDATION',
      message: 'Este campo es requerido',
      Message: 'Este campo es requerido',
      errorDescrpition: 'Este campo es requerido',
      errors,
    });
  });

  it('uses the catalogue text and status unless told otherwise', () => {
    expect(errorAnswer('URI_TOO_LONG')).toMatchObject({
      status: { code: 414, message: 'La dirección de la solicitud es demasiado larga' },
      errorCode: 'URI_TOO_LONG',
    });
    expect(errorAnswer('VALIDATION', undefined, { status: 413 }).status.code).toBe(413);
  });
});

describe('FarError', () => {
  it('carries the code, the status and the catalogue text', () => {
    const error = new FarError('RATE_LIMIT');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('FarError');
    expect(error.code).toBe('RATE_LIMIT');
    expect(error.status).toBe(429);
    expect(error.message).toBe('Demasiados intentos. Espera un momento e inténtalo de nuevo.');
  });

  it('takes a more precise message', () => {
    expect(new FarError('BUSINESS_RULE', 'The payment day needs to be a future date').message).toBe('The payment day needs to be a future date');
  });
});

describe('readErrorText', () => {
  it('prefers the human text over the code', () => {
    expect(readErrorText({ ErrorCode: 'VALIDATION', message: 'Los datos enviados no son válidos' })).toBe('Los datos enviados no son válidos');
    expect(readErrorText({ errorCode: 'E42', Message: 'Todas las transacciones fallaron' })).toBe('Todas las transacciones fallaron');
    expect(readErrorText({ ErrorCode: 'X', errorDescrpition: 'The payment day needs to be a future date' })).toBe('The payment day needs to be a future date');
    expect(readErrorText({ errorDescription: 'Correctly spelt' })).toBe('Correctly spelt');
  });

  it('reads message, Message, errorDescrpition in that order', () => {
    expect(readErrorText({ errorDescrpition: 'c', Message: 'b', message: 'a' })).toBe('a');
    expect(readErrorText({ errorDescrpition: 'c', Message: 'b' })).toBe('b');
  });

  it('reads a nested error, as text or object', () => {
    expect(readErrorText({ error: { message: 'Saldo insuficiente' } })).toBe('Saldo insuficiente');
    expect(readErrorText({ error: 'Tarjeta bloqueada' })).toBe('Tarjeta bloqueada');
    expect(readErrorText({ ErrorCode: 'X', error: { Message: 'Detalle' } })).toBe('Detalle');
  });

  it('reads the first field error of a validation answer', () => {
    expect(readErrorText({ ErrorCode: 'VALIDATION', errors: [{ field: 'Email', key: 'email', message: 'Correo electrónico no válido' }] })).toBe(
      'Correo electrónico no válido',
    );
  });

  it('falls back to the code, ErrorCode before errorCode', () => {
    expect(readErrorText({ ErrorCode: 'NOT_FOUND', errorCode: 'other' })).toBe('NOT_FOUND');
    expect(readErrorText({ errorCode: 'E42' })).toBe('E42');
    expect(readErrorText({ errorCode: 500 })).toBe('500');
  });

  it('takes a plain text body as the text', () => {
    expect(readErrorText('Bad Gateway')).toBe('Bad Gateway');
  });

  it('is undefined when there is no text', () => {
    for (const body of [undefined, null, '', '  ', 42, [], {}, { message: '' }, { message: 3 }, { success: false }]) {
      expect(readErrorText(body)).toBeUndefined();
    }
  });

  it('does not loop on a self-referencing body', () => {
    const body: Record<string, unknown> = {};
    body['error'] = body;
    expect(readErrorText(body)).toBeUndefined();
  });
});

describe('attempts left', () => {
  it('says one try in the singular and the others in the plural', () => {
    expect([0, 1, 2, 3].map(attemptsLeftText)).toEqual(['Te quedan 0 intentos', 'Te queda 1 intento', 'Te quedan 2 intentos', 'Te quedan 3 intentos']);
    expect([1, 4].map(attemptsRemainingText)).toEqual(['1 intento restante', '4 intentos restantes']);
  });
});
