/**
 * Every bad input gets an honest 4xx in the error envelope of docs/api.md, with the §8 fields and
 * a Spanish message, also when Fastify or Node refuse it before any route runs.
 */
import { connect, type AddressInfo } from 'node:net';
import { FORBIDDEN_TEXT_MESSAGE } from '@far/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, SUPER, TECHFAR, WALLET, count, createTestApp, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The error envelope with the §8 fields, all carrying one code and one text. */
function expectError(res: { statusCode: number; body: string }, status: number, code: string, message?: string) {
  expect(res.statusCode).toBe(status);
  const body = JSON.parse(res.body);
  expect(body).toMatchObject({ success: false, IsSuccess: false, data: null, status: { code: status }, ErrorCode: code, errorCode: code });
  expect(body.Message).toBe(body.message);
  expect(body.errorDescrpition).toBe(body.message);
  expect(body.status.message).toBe(body.message);
  if (message) expect(body.message).toBe(message);
  expect(res.body).not.toMatch(/FST_|node_modules|fastify|\bat \w+ \(/i);
  return body;
}

describe('text PostgreSQL cannot store', () => {
  it('refuses NUL in a profile field with 400, and writes nothing', async () => {
    const before = await t.sql(`SELECT v_names FROM users WHERE v_email = $1`, [WALLET]);
    const res = await t.call(WALLET, { method: 'PUT', url: '/api/v1/account/me', payload: { v_names: 'a\u0000b' } });
    const body = expectError(res, 400, 'VALIDATION', FORBIDDEN_TEXT_MESSAGE);
    expect(body.errors).toEqual([{ field: 'v_names', key: 'invalid_characters', message: FORBIDDEN_TEXT_MESSAGE }]);
    expect(await t.sql(`SELECT v_names FROM users WHERE v_email = $1`, [WALLET])).toEqual(before);
  });

  it('refuses a lone surrogate in a body, a query and a path', async () => {
    const [doc] = await t.sql<{ v_uid: string }>(`SELECT gen_random_uuid()::text AS v_uid`);
    const put = await t.call(SUPER, {
      method: 'PUT',
      url: `/api/v1/document/${doc!.v_uid}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"v_name":"\\ud800"}',
    });
    expectError(put, 400, 'VALIDATION', FORBIDDEN_TEXT_MESSAGE);
    const logs = await t.call(TECHFAR, { method: 'GET', url: '/api/v1/logs?search=%00' });
    expectError(logs, 400, 'VALIDATION', FORBIDDEN_TEXT_MESSAGE);
    const encrypt = await t.call(SUPER, { method: 'POST', url: '/api/internal/encrypt/%00', payload: { a: 1 } });
    expectError(encrypt, 400, 'VALIDATION', FORBIDDEN_TEXT_MESSAGE);
  });
});

describe('the envelope service', () => {
  const encrypt = (payload: string) =>
    t.call(SUPER, { method: 'POST', url: '/api/internal/encrypt/v2', headers: { 'content-type': 'application/json' }, payload });

  it('seals what decrypt can take back, and refuses more with 413 instead of overflowing its answer', async () => {
    const sealed = await encrypt(JSON.stringify({ a: 'A'.repeat(700_000) }));
    expect(sealed.statusCode).toBe(200);
    const opened = await t.call(SUPER, { method: 'POST', url: '/api/internal/decrypt/v2', payload: sealed.json().data });
    expect(opened.json().data.a).toHaveLength(700_000);
    expectError(await encrypt(JSON.stringify({ a: 'A'.repeat(1_000_000) })), 413, 'PAYLOAD_TOO_LARGE');
    expectError(await encrypt(JSON.stringify({ a: 'A'.repeat(1024 * 1024) })), 413, 'PAYLOAD_TOO_LARGE');
    expectError(await encrypt(JSON.stringify({ a: 'A'.repeat(5 * 1024 * 1024) })), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('refuses a 5,000-deep array', async () => {
    const body = expectError(await encrypt('['.repeat(5000) + ']'.repeat(5000)), 400, 'VALIDATION');
    expect(body.errors[0].key).toBe('depth');
  });
});

describe('content types', () => {
  it('answers 415 to a body the route does not take', async () => {
    expectError(
      await t.call(WALLET, { method: 'PUT', url: '/api/v1/account/me', headers: { 'content-type': 'text/plain' }, payload: '{}' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectError(
      await t.call(WALLET, { method: 'PUT', url: '/api/v1/account/me', headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectError(await t.call(WALLET, { method: 'POST', url: '/api/v1/account/me/photo', payload: { file: 'x' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 400 to multipart without a boundary on the photo upload, and stores nothing', async () => {
    const files = await count(t, 'files');
    const res = await t.call(BUSINESS, { method: 'POST', url: '/api/v1/account/me/photo', headers: { 'content-type': 'multipart/form-data' }, payload: 'x' });
    expectError(res, 400, 'BAD_REQUEST');
    expect(await count(t, 'files')).toBe(files);
  });

  it('answers 400 PARSE to invalid JSON', async () => {
    expectError(
      await t.call(null, { method: 'POST', url: '/api/v1/account/Signin', headers: { 'content-type': 'application/json' }, payload: '{"Email":' }),
      400,
      'PARSE',
      'Error: problema durante el parseado de los datos',
    );
  });
});

describe('errors before routing', () => {
  it('answers an undecodable URL with 400 and a parameter over the limit with 414', async () => {
    expectError(await t.call(SUPER, { method: 'GET', url: '/api/v1/document/%E0%A4%A' }), 400, 'BAD_URL', 'La dirección de la solicitud no es válida');
    expectError(await t.call(SUPER, { method: 'GET', url: `/api/v1/document/${'a'.repeat(500)}` }), 414, 'URI_TOO_LONG');
  });

  it('answers 404 in the envelope', async () => {
    expectError(await t.call(null, { method: 'GET', url: '/api/v1/no-existe' }), 404, 'NOT_FOUND', 'No encontrado: GET /api/v1/no-existe');
  });

  it('answers 431 to a 100 KB query and 400 to a broken request line, from the HTTP parser itself', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // Written on a socket by hand: an HTTP client would refuse to send a broken request line.
    const raw = (requestLine: string) =>
      new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(`${requestLine}\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
        let text = '';
        socket.on('data', (c: Buffer) => (text += c.toString()));
        socket.on('error', reject);
        socket.on('close', () => resolve({ statusCode: Number(text.split(' ')[1]), body: text.slice(text.indexOf('\r\n\r\n') + 4) }));
      });
    expectError(await raw(`GET /api/v1/logs?search=${'a'.repeat(100 * 1024)} HTTP/1.1`), 431, 'HEADERS_TOO_LARGE');
    expectError(await raw('GET /api/v1/logs?x=\u0001bad HTTP/1.1'), 400, 'BAD_REQUEST');
  });
});

describe('validation messages', () => {
  it('answers a missing field with the §5 words', async () => {
    const body = expectError(
      await t.call(null, { method: 'POST', url: '/api/v1/account/Signin', payload: { Password: 'x' } }),
      400,
      'VALIDATION',
      'Este campo es requerido',
    );
    expect(body.errors).toEqual([{ field: 'Email', key: 'invalid_type', message: 'Este campo es requerido' }]);
  });

  it('refuses an id that is not a version-4 UUID with 400', async () => {
    expectError(
      await t.call(SUPER, { method: 'GET', url: '/api/v1/document/00000000-0000-1000-8000-000000000000' }),
      400,
      'VALIDATION',
      'Identificador no válido',
    );
    expectError(await t.call(SUPER, { method: 'GET', url: '/api/v1/document/no-es-uuid' }), 400, 'VALIDATION', 'Identificador no válido');
  });

  it('gives the §8 fields on a hand-built refusal too (a wrong password)', async () => {
    const res = await t.call(null, { method: 'POST', url: '/api/v1/account/Signin', payload: { Email: SUPER, Password: 'incorrecta' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      ErrorCode: 'INVALID_CREDENTIALS',
      errorCode: 'INVALID_CREDENTIALS',
      Message: 'Correo o contraseña incorrectos',
      errorDescrpition: 'Correo o contraseña incorrectos',
    });
  });
});
