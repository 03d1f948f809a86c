/**
 * API keys of a business (issue 25 §1, docs/decisions/0027): created with the security code and
 * shown once; only a hash stored; a key acts for its business only, within its scopes (anything
 * else 403); revoked and rotated keys; its own rate limit; every call audited with its name.
 */
import { createHash } from 'node:crypto';
import { createFarClient, newIdempotencyKey as clientKey } from '@far/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyRoutes } from '../../src/modules/api-keys/scopes';
import { declaredRoutes } from '../../src/platform/guard';
import { BUSINESS, BUSINESS_2, TECHFAR, WALLET, addUser, count, createTestApp, lastCode, type TestApp } from '../helpers';
import { account, csv, fileOf } from '../dispersions/helpers';
import { CLABE, balance, demoBusiness, deposit, key as newIdempotencyKey, moneyTables, noLimits, speiCode, type DemoBusiness } from '../money/money';

let t: TestApp;
let b1: DemoBusiness;
let b2: DemoBusiness;
beforeAll(async () => {
  t = await createTestApp();
  b1 = await demoBusiness(t, BUSINESS);
  b2 = await demoBusiness(t, BUSINESS_2);
});
afterAll(() => t.close());

const BASE = '/api/v1/api-keys';
const code = async (app: TestApp, email: string) => {
  const res = await app.call(email, { method: 'POST', url: '/api/v1/security/code', payload: { Operation: 'api-key' } });
  expect(res.statusCode, res.body).toBe(200);
  return lastCode(app, email);
};
/** A business admin (a new one each time: codes per person are limited) creates a key; the answer's Key. */
let admins = 0;
async function createKey(app: TestApp, from: string, Name: string, Scopes: string[]): Promise<{ id: string; key: string }> {
  const email = `admin-claves-${++admins}@demo.mx`;
  await addUser(app, email, from);
  const res = await app.call(email, { method: 'POST', url: BASE, payload: { Name, Scopes, Code: await code(app, email) } });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().data.v_uid, key: res.json().data.Key };
}
const withKey = (app: TestApp, key: string, method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
  app.app.inject({ method, url, headers: { authorization: `Bearer ${key}`, ...headers }, ...(payload ? { payload } : {}) });
const BALANCE = '/api/v1/transaction/opm-features/balance';
const PAYOUT = '/api/v1/transaction/business-movement/speiout';
const NOT_IN_SCOPE = 'La clave de API no tiene permiso para esta operación';
const INVALID = 'La clave de API no es válida, venció o fue revocada';

describe('managing keys', () => {
  it('a business admin creates a key with the security code; it is shown once and only its hash is kept', async () => {
    const res = await t.call(BUSINESS, {
      method: 'POST',
      url: BASE,
      payload: { Name: 'ERP nómina', Scopes: ['lectura', 'dispersiones'], Code: await code(t, BUSINESS) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data;
    expect(created.Key).toMatch(/^far_sk_[A-Za-z0-9_-]{40}$/);
    expect(created).toMatchObject({
      Name: 'ERP nómina',
      Scopes: ['lectura', 'dispersiones'],
      Prefix: created.Key.slice(0, 15),
      LastUsedAt: null,
      RevokedAt: null,
    });
    expect(Date.parse(created.ExpiresAt)).toBeGreaterThan(Date.parse(created.d_create_at));
    const listed = (await t.call(BUSINESS, { method: 'GET', url: BASE })).json().data;
    expect(listed.find((k: { v_uid: string }) => k.v_uid === created.v_uid)).toMatchObject({ Prefix: created.Prefix, Scopes: ['lectura', 'dispersiones'] });
    expect(listed.every((k: { Key?: string }) => k.Key === undefined)).toBe(true);
    expect(await count(t, 'api_keys', 'v_hash = $1 AND v_prefix = $2', [createHash('sha256').update(created.Key).digest('hex'), created.Prefix])).toBe(1);
    expect(await count(t, 'api_keys', `v_hash = $1 OR v_name = $1`, [created.Key])).toBe(0);
  });

  it('bad input, a wrong code, the wrong role and no session write nothing', async () => {
    const before = await count(t, 'api_keys');
    const cases: [object, string][] = [
      [{ Name: '', Scopes: ['lectura'], Code: '123456' }, 'Este campo es requerido'],
      [{ Name: 'x', Scopes: [], Code: '123456' }, 'Selecciona al menos un permiso'],
      [{ Name: 'x', Scopes: ['todo'], Code: '123456' }, 'Permiso no válido'],
      [{ Name: 'x', Scopes: ['lectura'], Code: '12' }, 'El código debe tener 6 dígitos'],
    ];
    for (const [payload, message] of cases) {
      const res = await t.call(BUSINESS, { method: 'POST', url: BASE, payload });
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    await code(t, BUSINESS);
    const wrong = await t.call(BUSINESS, {
      method: 'POST',
      url: BASE,
      payload: { Name: 'x', Scopes: ['lectura'], Code: '000000' === (await lastCode(t, BUSINESS)) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    const staff = await t.call(TECHFAR, { method: 'POST', url: BASE, payload: { Name: 'x', Scopes: ['lectura'], Code: '123456' } });
    expect([staff.statusCode, staff.json().message]).toEqual([403, 'Solo la empresa puede crear o renovar sus claves de API']);
    expect((await t.call(WALLET, { method: 'GET', url: BASE })).statusCode).toBe(403);
    expect((await t.call(null, { method: 'GET', url: BASE })).statusCode).toBe(401);
    expect(await count(t, 'api_keys')).toBe(before);
  });

  it('staff see and revoke any business’s keys; another business gets 404', async () => {
    const k = await createKey(t, BUSINESS, 'Para revocar', ['lectura']);
    expect((await withKey(t, k.key, 'POST', BALANCE, {})).statusCode).toBe(200);
    const seen = (await t.call(TECHFAR, { method: 'GET', url: `${BASE}?BusinessId=${b1.id}` })).json().data;
    expect(seen.map((x: { v_uid: string }) => x.v_uid)).toContain(k.id);
    expect((await t.call(BUSINESS_2, { method: 'GET', url: `${BASE}?BusinessId=${b1.id}` })).statusCode).toBe(404);
    expect((await t.call(BUSINESS_2, { method: 'POST', url: `${BASE}/${k.id}/revoke` })).statusCode).toBe(404);
    expect((await t.call(BUSINESS_2, { method: 'POST', url: `${BASE}/${k.id}/rotate`, payload: { Code: '123456' } })).statusCode).toBe(404);
    const revoked = await t.call(TECHFAR, { method: 'POST', url: `${BASE}/${k.id}/revoke` });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.RevokedAt).not.toBeNull();
    // Stops at once.
    const after = await withKey(t, k.key, 'POST', BALANCE, {});
    expect([after.statusCode, after.json().message]).toEqual([401, INVALID]);
  });

  it('a rotated key: the new secret works, the old one for 24 h and not after', async () => {
    const k = await createKey(t, BUSINESS, 'Para renovar', ['lectura']);
    const res = await t.call(BUSINESS, { method: 'POST', url: `${BASE}/${k.id}/rotate`, payload: { Code: await code(t, BUSINESS) } });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().data.Key as string;
    expect(fresh).not.toBe(k.key);
    expect(Date.parse(res.json().data.PreviousValidUntil) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect((await withKey(t, fresh, 'POST', BALANCE, {})).statusCode).toBe(200);
    expect((await withKey(t, k.key, 'POST', BALANCE, {})).statusCode).toBe(200);
    // The overlap ends (as 24 h later).
    await t.sql(`UPDATE api_keys SET d_previous_until = now() - interval '1 second' WHERE v_uid = $1`, [k.id]);
    expect((await withKey(t, k.key, 'POST', BALANCE, {})).json().message).toBe(INVALID);
    expect((await withKey(t, fresh, 'POST', BALANCE, {})).statusCode).toBe(200);
    // An expired key stops too.
    await t.sql(`UPDATE api_keys SET d_expires_at = now() - interval '1 second' WHERE v_uid = $1`, [k.id]);
    expect((await withKey(t, fresh, 'POST', BALANCE, {})).statusCode).toBe(401);
    expect((await withKey(t, 'far_sk_' + 'x'.repeat(40), 'POST', BALANCE, {})).statusCode).toBe(401);
  });
});

describe('calling with a key', () => {
  it('acts within its scopes only; anything else is 403 in the envelope', async () => {
    const k = await createKey(t, BUSINESS, 'Solo lectura', ['lectura']);
    const read = await withKey(t, k.key, 'POST', BALANCE, {});
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toHaveProperty('balance');
    for (const [method, url, payload] of [
      ['POST', PAYOUT, { ConfirmHolder: true, Clabe: CLABE.settles, BeneficiaryName: 'Proveedor', Amount: '10.00', Concept: 'Sin permiso', Reference: '1' }],
      ['POST', '/api/v1/transaction/business-movement/speiout-dispersion', {}],
      ['POST', '/api/v1/cardholders/query/list', {}],
      ['GET', '/api/v1/account/me', undefined],
      ['GET', BASE, undefined],
      ['POST', '/api/v1/security/code', { Operation: 'spei-out' }],
      ['POST', '/api/v1/transaction/business-movement/speiout/approve', {}],
    ] as const) {
      const res = await withKey(t, k.key, method, url, payload, { 'idempotency-key': newIdempotencyKey() });
      expect([url, res.statusCode, res.json().message, res.json().success]).toEqual([url, 403, NOT_IN_SCOPE, false]);
    }
    expect(await count(t, 'business_movements', `v_type = 'SPEI_OUT' AND v_concept = 'Sin permiso'`)).toBe(0);
  });

  it('reaches only its own business: another business’s ids answer 404', async () => {
    const k = await createKey(t, BUSINESS, 'Inquilino', ['lectura']);
    const theirs = await deposit(t, b2.id, '150.00');
    expect((await withKey(t, k.key, 'POST', `/api/v1/transaction/business/${b2.id}/balance`)).statusCode).toBe(404);
    expect((await withKey(t, k.key, 'POST', BALANCE, { BusinessId: b2.id })).statusCode).toBe(404);
    expect((await withKey(t, k.key, 'GET', `/api/v1/transaction/business-movement/${theirs.Id}`)).statusCode).toBe(404);
    expect((await withKey(t, k.key, 'POST', `/api/v1/transaction/business/${b1.id}/balance`)).statusCode).toBe(200);
  });

  it('every call is audited with the key’s name and sets its last use', async () => {
    const k = await createKey(t, BUSINESS, 'Auditada', ['lectura']);
    await withKey(t, k.key, 'POST', BALANCE, {});
    await withKey(t, k.key, 'GET', BASE);
    // Written once the answer is sent.
    const audited = async () =>
      (await t.sql<{ v_activity: string }>(`SELECT v_activity FROM log_user WHERE t_detail->>'key' = $1 AND v_section = 'Claves de API'`, [k.id])).map(
        (r) => r.v_activity,
      );
    await expect
      .poll(audited)
      .toEqual(expect.arrayContaining([`Clave de API «Auditada»: POST ${BALANCE} → 200`, `Clave de API «Auditada»: GET ${BASE} → 403`]));
    const listed = (await t.call(BUSINESS, { method: 'GET', url: BASE })).json().data.find((x: { v_uid: string }) => x.v_uid === k.id);
    expect(listed.LastUsedAt).not.toBeNull();
  });

  it('every route a scope names exists', () => {
    const declared = new Set(declaredRoutes(t.app).map((r) => `${r.method} ${r.url}`));
    expect(keyRoutes().filter((r) => !declared.has(r))).toEqual([]);
  });
});

describe('moving money with a key: no six-digit code, the money command still applies', () => {
  const payout = (amount: string, Concept: string) => ({
    ConfirmHolder: true,
    Clabe: CLABE.settles,
    BeneficiaryName: 'Proveedor',
    Amount: amount,
    Concept,
    Reference: '7',
  });
  const paid = (Concept: string) => count(t, 'business_movements', `v_type = 'SPEI_OUT' AND v_concept = $1`, [Concept]);
  const setApproval = async (payload: Record<string, unknown>) => {
    const res = await t.call(TECHFAR, { method: 'PUT', url: `/api/v1/transaction/business/${b1.id}/dispersion-approval`, payload });
    expect(res.statusCode, res.body).toBe(200);
  };
  let pay: { id: string; key: string };
  beforeAll(async () => {
    await noLimits(t, b1);
    await deposit(t, b1.id, '5000.00');
    pay = await createKey(t, BUSINESS, 'Pagos ERP', ['lectura', 'transferencias']);
  });

  it('a key with `transferencias` pays a SPEI out with its Idempotency-Key and no SecurityCode', async () => {
    const before = await balance(t, BUSINESS);
    const res = await withKey(t, pay.key, 'POST', PAYOUT, payout('120.00', 'Pago por clave'), { 'idempotency-key': newIdempotencyKey() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ MovementAmount: '120.00', StatusName: 'Pendiente' });
    expect(res.json().data.StatusBusinessMovement).not.toBe(7);
    expect(await paid('Pago por clave')).toBe(1);
    expect(BigInt((await balance(t, BUSINESS)).availableBalance.replace('.', ''))).toBeLessThan(BigInt(before.availableBalance.replace('.', '')));
  });

  it('a key without `transferencias` gets 403 in the envelope and nothing is written', async () => {
    const other = await createKey(t, BUSINESS, 'Solo dispersiones', ['dispersiones']);
    const before = await moneyTables(t);
    const res = await withKey(t, other.key, 'POST', PAYOUT, payout('10.00', 'Sin transferencias'), { 'idempotency-key': newIdempotencyKey() });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, ErrorCode: 'FORBIDDEN', message: NOT_IN_SCOPE, status: { code: 403 } });
    expect(await moneyTables(t)).toEqual(before);
  });

  it('without an Idempotency-Key the payout is refused (400) and nothing moves', async () => {
    const before = await moneyTables(t);
    const res = await withKey(t, pay.key, 'POST', PAYOUT, payout('10.00', 'Sin llave'));
    expect([res.statusCode, res.json().ErrorCode]).toEqual([400, 'VALIDATION']);
    expect(await moneyTables(t)).toEqual(before);
  });

  it('a replay with the same Idempotency-Key answers the first result and makes no second order; another body under it is 409', async () => {
    const idem = newIdempotencyKey();
    const body = payout('35.00', 'Pago repetido');
    const first = await withKey(t, pay.key, 'POST', PAYOUT, body, { 'idempotency-key': idem });
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = await moneyTables(t);
    const again = await withKey(t, pay.key, 'POST', PAYOUT, body, { 'idempotency-key': idem });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(first.json().data);
    expect(await paid('Pago repetido')).toBe(1);
    const other = await withKey(t, pay.key, 'POST', PAYOUT, { ...body, Amount: '36.00' }, { 'idempotency-key': idem });
    expect([other.statusCode, other.json().ErrorCode]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
    expect(await moneyTables(t)).toEqual(afterFirst);
  });

  it('above the maker-checker threshold the order waits for a person: the key cannot approve it, a user can', async () => {
    await setApproval({ Enabled: true, ThresholdAmount: '100.00' });
    try {
      const before = await balance(t, BUSINESS);
      const res = await withKey(t, pay.key, 'POST', PAYOUT, payout('150.00', 'Pago por autorizar'), { 'idempotency-key': newIdempotencyKey() });
      expect(res.statusCode, res.body).toBe(200);
      const order = res.json().data;
      expect(order).toMatchObject({ StatusBusinessMovement: 7, StatusName: 'Por autorizar', TrackingKey: null });
      // Nothing held while it waits.
      expect(await balance(t, BUSINESS)).toEqual(before);
      const byKey = await withKey(t, pay.key, 'POST', `${PAYOUT}/approve`, { Id: order.Id }, { 'idempotency-key': newIdempotencyKey() });
      expect([byKey.statusCode, byKey.json().message]).toEqual([403, NOT_IN_SCOPE]);
      const approved = await t.call(BUSINESS, {
        method: 'POST',
        url: `${PAYOUT}/approve`,
        headers: { 'idempotency-key': newIdempotencyKey() },
        payload: { Id: order.Id, SecurityCode: await speiCode(t, BUSINESS) },
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().data.StatusBusinessMovement).not.toBe(7);
      expect((await balance(t, BUSINESS)).availableBalance).not.toBe(before.availableBalance);
    } finally {
      await setApproval({ Enabled: false });
    }
  });

  it('a key with `dispersiones` creates a dispersion without a SecurityCode', async () => {
    const k = await createKey(t, BUSINESS, 'Nómina', ['dispersiones']);
    const [a1, a2] = [account('990', 501), account('990', 502)];
    const body = {
      Concept: 'Nomina por clave',
      File: fileOf(
        csv([
          { name: a1.name, clabe: a1.clabe, amount: '100.00' },
          { name: a2.name, clabe: a2.clabe, amount: '50.50' },
        ]),
      ),
    };
    const res = await withKey(t, k.key, 'POST', '/api/v1/transaction/business-movement/speiout-dispersion', body, { 'idempotency-key': newIdempotencyKey() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ TotalRows: 2 });
    expect(await count(t, 'dispersions', `v_uid_business = $1 AND v_concept = 'Nomina por clave'`, [b1.id])).toBe(1);
    // Without `transferencias` this key still cannot pay a single SPEI out.
    const single = await withKey(t, k.key, 'POST', PAYOUT, payout('10.00', 'Dispersora'), { 'idempotency-key': newIdempotencyKey() });
    expect(single.statusCode).toBe(403);
  });
});

describe('the typed client (@far/client) as a business’s system uses it', () => {
  /** The client's fetch, answered by the app in memory (no network). */
  const inMemory = (app: TestApp) => async (request: Request) => {
    const url = new URL(request.url);
    const res = await app.app.inject({
      method: request.method as 'GET' | 'POST',
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      payload: request.method === 'GET' ? undefined : await request.text(),
    });
    return new Response(res.body, { status: res.statusCode, headers: res.headers as Record<string, string> });
  };

  it('pays a dispersion with its key and Idempotency-Key (docs/api.md «Integración»), and a replay makes no second one', async () => {
    const k = await createKey(t, BUSINESS, 'ERP con cliente', ['lectura', 'dispersiones']);
    const far = createFarClient({ baseUrl: 'http://portal.test', apiKey: k.key, fetch: inMemory(t) });
    const [a1, a2] = [account('990', 601), account('990', 602)];
    const idempotencyKey = clientKey();
    const pay = () =>
      far.POST('/api/v1/transaction/business-movement/speiout-dispersion', {
        params: { header: { 'idempotency-key': idempotencyKey } },
        body: {
          Concept: 'Nomina desde el cliente',
          Rows: [
            { Name: a1.name, Clabe: a1.clabe, Amount: '80.00', Concept: 'Nomina', Reference: '1' },
            { Name: a2.name, Clabe: a2.clabe, Amount: '20.25', Concept: 'Nomina', Reference: '2' },
          ],
        },
      });
    const { data, error, response } = await pay();
    expect(error, JSON.stringify(error)).toBeUndefined();
    expect(response.status).toBe(200);
    expect(data?.data).toMatchObject({ TotalRows: 2 });
    const again = await pay();
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data?.data.Id).toBe(data?.data.Id);
    expect(await count(t, 'dispersions', `v_concept = 'Nomina desde el cliente'`)).toBe(1);
    // Its state, read back with the same client.
    const read = await far.GET('/api/v1/transaction/business-movement/dispersion/{id}', { params: { path: { id: data!.data.Id } } });
    expect(read.data?.data).toMatchObject({ Id: data!.data.Id, TotalRows: 2 });
  });

  it('a refusal comes back as `error` in the §8 envelope', async () => {
    const k = await createKey(t, BUSINESS, 'Cliente sin permiso', ['lectura']);
    const far = createFarClient({ baseUrl: 'http://portal.test', apiKey: k.key, fetch: inMemory(t) });
    const { data, error, response } = await far.POST('/api/v1/transaction/business-movement/speiout', {
      params: { header: { 'idempotency-key': clientKey() } },
      body: { Clabe: CLABE.settles, BeneficiaryName: 'Proveedor', Amount: '10.00', Concept: 'Sin permiso', Reference: '1', ConfirmHolder: true },
    });
    expect([data, response.status]).toEqual([undefined, 403]);
    expect(error).toMatchObject({ success: false, ErrorCode: 'FORBIDDEN', message: NOT_IN_SCOPE });
  });
});

describe('rate limit', () => {
  it('each key has its own budget per minute', async () => {
    const limited = await createTestApp({ apiKeyRateMax: 3 });
    try {
      const [a, b] = [await createKey(limited, BUSINESS, 'Cupo A', ['lectura']), await createKey(limited, BUSINESS, 'Cupo B', ['lectura'])];
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await withKey(limited, a.key, 'POST', BALANCE, {})).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      // Another key of the same business, and the business's people, are not affected.
      expect((await withKey(limited, b.key, 'POST', BALANCE, {})).statusCode).toBe(200);
      expect((await limited.call(BUSINESS, { method: 'POST', url: BALANCE, payload: {} })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
