import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptV2, encryptV2 } from '../../src/platform/crypto';
import { DEMO_PASSWORD } from '../config';
import { BUSINESS, SUPER, WALLET, count, createTestApp, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The test configuration's ENVELOPE_KEY ('0' × 64 in hex). */
const KEY = Buffer.from('0'.repeat(64), 'hex');
const v2 = (value: unknown) => encryptV2(KEY, JSON.stringify(value));
const openV2 = (data: string) => JSON.parse(decryptV2(KEY, data));
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const openB64 = (data: string) => JSON.parse(Buffer.from(data, 'base64').toString('utf8'));

const ENCRYPTION_PARAMS = 'Error: Faltan parámetros de encriptación válidos';
const PARSE = 'Error: problema durante el parseado de los datos';
const incidents = (message: string) => count(t, 'logs', 'v_message = $1', [message]);

/** A refused call: 400, the exact §8 message, one more system incident, and nothing else written. */
async function expectIncident(opts: InjectOptions, as: string | null, message: string) {
  if (as) await t.token(as);
  const before = { incidents: await incidents(message), sessions: await count(t, 'sessions'), activity: await count(t, 'log_user') };
  const res = await t.call(as, opts);
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ success: false, IsSuccess: false, message, status: { code: 400, message } });
  expect({ incidents: await incidents(message), sessions: await count(t, 'sessions'), activity: await count(t, 'log_user') }).toEqual({
    ...before,
    incidents: before.incidents + 1,
  });
  return res;
}

describe('request envelope', () => {
  it('accepts a v2 body and answers enveloped the same way', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/account/Signin', payload: { Data: v2({ Email: BUSINESS, Password: DEMO_PASSWORD }) } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-encryption']).toBe('v2');
    const sealed = res.json();
    expect(Object.keys(sealed)).toEqual(['Data']);
    const answer = openV2(sealed.Data);
    expect(answer).toMatchObject({ success: true, IsSuccess: true, data: { AllowAccess: true, ExpiresIn: 3600 } });
    expect(answer.data.AccessToken).toMatch(/^ey/);
  });

  it('envelopes the answer to an enveloped request that fails validation, too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/account/Signin', payload: { Data: v2({ Email: 'no-es-correo', Password: 'x' }) } });
    expect(res.statusCode).toBe(400);
    expect(openV2(res.json().Data)).toMatchObject({ success: false, ErrorCode: 'VALIDATION', message: 'Correo electrónico no válido' });
  });

  it('uses base64 by default for /api/v1/security/*', async () => {
    const res = await t.call(WALLET, { method: 'POST', url: '/api/v1/security/code', payload: { Data: b64({ Operation: 'profile' }) } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-encryption']).toBe('base64');
    expect(openB64(res.json().Data)).toMatchObject({ success: true, data: { CodeDeliveryDetails: { Destination: 'w***@d***.mx' } } });
  });

  it('follows the X-Encryption header when it names a known kind', async () => {
    const res = await t.call(WALLET, {
      method: 'POST',
      url: '/api/v1/security/code',
      headers: { 'x-encryption': 'v2' },
      payload: { Data: v2({ Operation: 'profile' }) },
    });
    expect(res.statusCode).toBe(200);
    expect(openV2(res.json().Data).data.ExpiresIn).toBe(300);
  });

  it('takes the payload of a GET from its one query parameter Data', async () => {
    const query = v2({ kind: 'incident', perPage: 3 });
    const res = await t.call(SUPER, { method: 'GET', url: `/api/v1/logs?Data=${encodeURIComponent(query)}` });
    expect(res.statusCode).toBe(200);
    const answer = openV2(res.json().Data);
    expect(answer.data).toMatchObject({ page: 1, perPage: 3 });
    for (const item of answer.data.items) expect(item).toHaveProperty('v_message');
  });

  it('answers plain JSON to plain JSON', async () => {
    const res = await t.call(BUSINESS, { method: 'GET', url: '/api/v1/account/me' });
    expect(res.headers['x-encryption']).toBeUndefined();
    expect(res.json().data.v_email).toBe(BUSINESS);
  });
});

describe('envelope errors (spec §8), each a system incident', () => {
  it('refuses an unknown X-Encryption kind, even on a plain body', async () => {
    const res = await expectIncident(
      { method: 'POST', url: '/api/v1/account/Signin', headers: { 'x-encryption': 'rot13' }, payload: { Email: BUSINESS, Password: DEMO_PASSWORD } },
      null,
      ENCRYPTION_PARAMS,
    );
    expect(res.json().ErrorCode).toBe('ENCRYPTION_PARAMS');
    await expectIncident({ method: 'GET', url: '/api/v1/account/me', headers: { 'x-encryption': 'rot13' } }, BUSINESS, ENCRYPTION_PARAMS);
  });

  it('refuses a body that does not decrypt', async () => {
    const res = await expectIncident({ method: 'POST', url: '/api/v1/account/Signin', payload: { Data: 'bm8gZXMgdW4gc29icmUgdsOhbGlkbw==' } }, null, PARSE);
    expect(res.json().ErrorCode).toBe('PARSE');
  });

  it('refuses a v2 envelope whose content is not JSON', async () => {
    await expectIncident({ method: 'POST', url: '/api/v1/account/Signin', payload: { Data: encryptV2(KEY, 'esto no es json') } }, null, PARSE);
  });

  it('refuses a base64 envelope that is not base64', async () => {
    await expectIncident({ method: 'POST', url: '/api/v1/security/code', payload: { Data: '%%% no base64 %%%' } }, WALLET, PARSE);
  });

  it('refuses a ?Data= query that does not decrypt', async () => {
    await expectIncident({ method: 'GET', url: '/api/v1/logs?Data=basura' }, SUPER, PARSE);
  });

  it('refuses malformed JSON with the same message', async () => {
    await expectIncident(
      { method: 'POST', url: '/api/v1/account/Signin', headers: { 'content-type': 'application/json' }, payload: '{"Email": "empresa@demo.mx", ' },
      null,
      PARSE,
    );
  });

  it('lists the incidents for staff', async () => {
    await t.app.inject({ method: 'POST', url: '/api/v1/account/Signin', headers: { 'x-encryption': 'rot13' }, payload: {} });
    const res = await t.call(SUPER, { method: 'GET', url: `/api/v1/logs?kind=incident&search=${encodeURIComponent('encriptación')}` });
    expect(res.json().data.items[0]).toMatchObject({ v_type: 'envelope', v_message: ENCRYPTION_PARAMS });
  });
});

describe('POST /api/internal/encrypt|decrypt/{version}', () => {
  const encrypt = (as: string | null, body: unknown, version = 'v2') =>
    t.call(as, { method: 'POST', url: `/api/internal/encrypt/${version}`, payload: body as InjectOptions['payload'] });
  const decrypt = (as: string | null, Data: string, version = 'v2') =>
    t.call(as, { method: 'POST', url: `/api/internal/decrypt/${version}`, payload: { Data } });

  it('round-trips a payload with the server key', async () => {
    const payload = { Monto: 1250.5, Concepto: 'Dispersión de nómina', Lista: [1, 2, 3] };
    const sealed = await encrypt(BUSINESS, payload);
    expect(sealed.statusCode).toBe(200);
    const { Data } = sealed.json().data;
    expect(openV2(Data)).toEqual(payload);
    const opened = await decrypt(WALLET, Data);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ success: true, data: payload });
    expect((await decrypt(SUPER, v2('texto'))).json().data).toBe('texto');
  });

  it('knows only version v2, and records the refusal as an incident', async () => {
    for (const call of [() => encrypt(BUSINESS, { a: 1 }, 'v1'), () => decrypt(BUSINESS, v2({ a: 1 }), 'v3')]) {
      const before = await incidents(ENCRYPTION_PARAMS);
      const res = await call();
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(ENCRYPTION_PARAMS);
      expect(await incidents(ENCRYPTION_PARAMS)).toBe(before + 1);
    }
  });

  it('refuses a ciphertext that does not decrypt, and records it as an incident', async () => {
    await expectIncident({ method: 'POST', url: '/api/internal/decrypt/v2', payload: { Data: 'AAAA' } }, BUSINESS, PARSE);
    // A v2 token sealed with another key does not open either.
    await expectIncident({ method: 'POST', url: '/api/internal/decrypt/v2', payload: { Data: encryptV2(Buffer.alloc(32, 7), '{"a":1}') } }, BUSINESS, PARSE);
    const empty = await decrypt(BUSINESS, '');
    expect(empty.statusCode).toBe(400);
  });

  it('needs a session', async () => {
    expect((await encrypt(null, { a: 1 })).statusCode).toBe(401);
    expect((await decrypt(null, v2({ a: 1 }))).statusCode).toBe(401);
  });
});
