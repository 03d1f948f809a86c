/**
 * Webhooks: a receiver inside the test checks each delivery's HMAC-SHA256 signature and timestamp;
 * one business event is one delivery however many of its users were notified; failures are retried
 * with back-off and logged; a resend sends again; two runners never send one attempt twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { runDueJobs } from '../../src/modules/jobs';
import { BUSINESS, BUSINESS_2, TECHFAR, WALLET, addUser, count, createTestApp, type TestApp } from '../helpers';
import { demoBusiness, deposit, type DemoBusiness } from '../money/money';
import { signedEndpoint } from '../signed-endpoint';

interface Received {
  id: string;
  type: string;
  created: string;
  data: Record<string, unknown>;
  valid: boolean;
}

/** The receiver a business would write: verify the signature and refuse stale timestamps. */
function receiver() {
  const received: Received[] = [];
  let answer = 200;
  const endpoint = signedEndpoint(({ body, t, signed }, res) => {
    const valid = signed && Math.abs(Date.now() / 1000 - t) <= 300;
    received.push({ ...JSON.parse(body), valid });
    res.statusCode = valid ? answer : 400;
    res.end('ok');
  });
  return { ...endpoint, received, answer: (code: number) => (answer = code) };
}

let t: TestApp;
let second: Database;
let hook: ReturnType<typeof receiver>;
let port: number;
let b2: DemoBusiness;
let endpointId: string;
beforeAll(async () => {
  t = await createTestApp({ fixedHosts: { 'example.com': '93.184.215.14' } });
  second = t.database.pool ? await openDatabase({ databaseUrl: t.database.pool.options.connectionString as string, poolSize: 4 }) : t.database;
  hook = receiver();
  port = await hook.listen();
  b2 = await demoBusiness(t, BUSINESS_2);
});
afterAll(async () => {
  await hook.close();
  if (second !== t.database) await second.close();
  await t.close();
});

const api = (who: string | null, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
  t.call(who, { method, url: `/api/notification/webhooks${path}`, ...(payload ? { payload } : {}) });
const runWebhooks = (db = t.database.db, msLater = 0) => runDueJobs(db, new Date(Date.now() + msLater), { kinds: ['webhook.deliver'] });

describe('registering endpoints', () => {
  it('staff register a loopback http endpoint for a business; the secret is shown once', async () => {
    const res = await api(TECHFAR, 'POST', '', {
      BusinessId: b2.id,
      Url: `http://127.0.0.1:${port}/hook`,
      Kinds: ['deposit.received', 'announcement'],
      AllowLoopback: true,
      Description: 'Pruebas',
    });
    expect(res.statusCode, res.body).toBe(200);
    const ep = res.json().data;
    expect(ep.Secret).toMatch(/^whsec_/);
    hook.setSecret(ep.Secret);
    endpointId = ep.v_uid;
    const listed = (await api(BUSINESS_2, 'GET', '')).json().data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ v_uid: ep.v_uid, Kinds: ['deposit.received', 'announcement'], IsActive: true, AllowLoopback: true });
    expect(listed[0].Secret).toBeUndefined();
    // The secret is not stored as given.
    expect(await count(t, 'webhook_endpoints', `v_secret = $1`, [ep.Secret])).toBe(0);
  });

  it('a business registers HTTPS only, never to an internal address, and cannot allow loopback', async () => {
    const before = await count(t, 'webhook_endpoints');
    const cases: [Record<string, unknown>, string][] = [
      [{ Url: 'http://example.com/hook', Kinds: ['spei.settled'] }, 'La URL debe usar https://'],
      [{ Url: 'https://10.1.2.3/hook', Kinds: ['spei.settled'] }, 'La URL no puede apuntar a una red interna'],
      [{ Url: 'https://localhost/hook', Kinds: ['spei.settled'] }, 'La URL no puede apuntar a una red interna'],
      [{ Url: `http://127.0.0.1:${port}/`, Kinds: ['spei.settled'], AllowLoopback: true }, 'Solo el personal de FAR puede permitir http a la red local'],
      [{ Url: 'no es url', Kinds: ['spei.settled'] }, 'URL no válida'],
      [{ Url: 'https://example.com/hook', Kinds: [] }, 'Selecciona al menos un evento'],
      [{ Url: 'https://example.com/hook', Kinds: ['user.blocked'] }, 'Evento no válido'],
    ];
    for (const [body, message] of cases) {
      const res = await api(BUSINESS, 'POST', '', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const ok = await api(BUSINESS, 'POST', '', { Url: 'https://example.com/hook', Kinds: ['spei.settled'] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await count(t, 'webhook_endpoints')).toBe(before + 1);
  });

  it('wrong role and wrong tenant', async () => {
    expect((await api(WALLET, 'GET', '')).statusCode).toBe(403);
    expect((await api(WALLET, 'POST', '', { Url: 'https://example.com', Kinds: ['announcement'] })).json().message).toBe(
      'Los webhooks son para los sistemas de una empresa',
    );
    expect((await api(null, 'GET', '')).statusCode).toBe(401);
    // BUSINESS reaches neither BUSINESS_2's endpoint nor its business.
    expect((await api(BUSINESS, 'GET', `?BusinessId=${b2.id}`)).statusCode).toBe(404);
    expect((await api(BUSINESS, 'GET', `/${endpointId}/deliveries`)).statusCode).toBe(404);
    expect((await api(BUSINESS, 'PUT', `/${endpointId}`, { IsActive: false })).statusCode).toBe(404);
    expect((await api(BUSINESS, 'POST', `/delete/${endpointId}`)).statusCode).toBe(404);
    expect(await count(t, 'webhook_endpoints', `v_uid = $1 AND b_active AND d_deleted_at IS NULL`, [endpointId])).toBe(1);
    expect((await api(TECHFAR, 'GET', '')).json().message).toBe('Este campo es requerido');
  });
});

describe('deliveries', () => {
  it('one signed event per business event, however many users were notified', async () => {
    await addUser(t, 'colega.webhook@demo.mx', BUSINESS_2);
    const m = await deposit(t, b2.id, '321.00');
    expect(await count(t, 'notifications', `v_link = $1`, [`/movement?uid=${m.Id}`])).toBeGreaterThanOrEqual(2);
    expect(await count(t, 'webhook_events', `t_data->>'movementId' = $1`, [m.Id])).toBe(1);
    await runWebhooks();
    const got = hook.received.filter((r) => r.data.movementId === m.Id);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ type: 'deposit.received', valid: true, data: { amount: '321.00', type: 'DEPOSIT' } });
    expect(new Date(got[0]!.created).toString()).not.toBe('Invalid Date');
    const log = (await api(BUSINESS_2, 'GET', `/${endpointId}/deliveries`)).json().data;
    expect(log.items[0]).toMatchObject({ v_uid_event: got[0]!.id, EventType: 'deposit.received', Status: 'entregado', Attempts: 1, LastCode: 200 });
  });

  it('a failure is logged and retried with back-off; a resend sends again', async () => {
    hook.answer(503);
    await t.call(TECHFAR, {
      method: 'POST',
      url: '/api/notification/action/announce',
      payload: { Audience: 'business', BusinessId: b2.id, Title: 'Reintento', Text: 'x' },
    });
    await runWebhooks();
    let log = (await api(BUSINESS_2, 'GET', `/${endpointId}/deliveries`)).json().data.items[0];
    expect(log).toMatchObject({ EventType: 'announcement', Status: 'pendiente', Attempts: 1, LastCode: 503, LastError: 'Respuesta HTTP 503' });
    const wait = Date.parse(log.NextAttemptAt) - Date.parse(log.LastAttemptAt);
    expect(wait).toBeGreaterThanOrEqual(29_000);
    // Not due yet: nothing is sent; 31 s later the second attempt goes, then 1 min after that the third.
    expect((await runWebhooks()).ran).toBe(0);
    hook.answer(200);
    await runWebhooks(t.database.db, 31_000);
    log = (await api(BUSINESS_2, 'GET', `/${endpointId}/deliveries`)).json().data.items[0];
    expect(log).toMatchObject({ Status: 'entregado', Attempts: 2, LastCode: 200, NextAttemptAt: null });
    const sent = hook.received.filter((r) => r.id === log.v_uid_event);
    expect(sent).toHaveLength(2);
    expect(await count(t, 'webhook_attempts', `v_uid_delivery = $1`, [log.v_uid])).toBe(2);

    const resend = await api(BUSINESS_2, 'POST', `/deliveries/${log.v_uid}/resend`);
    expect(resend.statusCode, resend.body).toBe(200);
    expect((await api(BUSINESS, 'POST', `/deliveries/${log.v_uid}/resend`)).statusCode).toBe(404);
    await runWebhooks();
    expect(hook.received.filter((r) => r.id === log.v_uid_event)).toHaveLength(3);
    expect((await api(BUSINESS_2, 'GET', `/${endpointId}/deliveries`)).json().data.items[0]).toMatchObject({ Status: 'entregado', Attempts: 3 });
  });

  it('stops retrying 24 h after the event', async () => {
    hook.answer(500);
    await t.call(TECHFAR, {
      method: 'POST',
      url: '/api/notification/action/announce',
      payload: { Audience: 'business', BusinessId: b2.id, Title: 'Caduca', Text: 'x' },
    });
    await runWebhooks();
    await t.sql(`UPDATE webhook_events SET d_create_at = now() - interval '24 hours' WHERE t_data->>'title' = 'Caduca'`);
    await runWebhooks(t.database.db, 3_600_000);
    const log = (await api(BUSINESS_2, 'GET', `/${endpointId}/deliveries`)).json().data.items[0];
    expect(log).toMatchObject({ Status: 'fallido', Attempts: 2, LastCode: 500, NextAttemptAt: null });
    hook.answer(200);
  });

  it('two runners never send one attempt twice', async () => {
    for (let i = 0; i < 4; i++)
      await t.call(TECHFAR, {
        method: 'POST',
        url: '/api/notification/action/announce',
        payload: { Audience: 'business', BusinessId: b2.id, Title: `Par ${i}`, Text: 'x' },
      });
    const before = hook.received.length;
    await Promise.all([runWebhooks(t.database.db), runWebhooks(second.db)]);
    const got = hook.received.slice(before).map((r) => r.id);
    expect(got).toHaveLength(4);
    expect(new Set(got).size).toBe(4);
    expect(hook.received.every((r) => r.valid)).toBe(true);
  });

  it('a paused or deleted endpoint receives nothing; the business can edit and delete its own', async () => {
    const paused = await api(BUSINESS_2, 'PUT', `/${endpointId}`, { IsActive: false, Kinds: ['announcement'] });
    expect(paused.json().data).toMatchObject({ IsActive: false, Kinds: ['announcement'] });
    const events = await count(t, 'webhook_events');
    await t.call(TECHFAR, {
      method: 'POST',
      url: '/api/notification/action/announce',
      payload: { Audience: 'business', BusinessId: b2.id, Title: 'En pausa', Text: 'x' },
    });
    expect(await count(t, 'webhook_events')).toBe(events);
    expect((await api(BUSINESS_2, 'PUT', `/${endpointId}`, { Url: 'http://example.com' })).json().message).toBe('La URL debe usar https://');
    expect((await api(BUSINESS_2, 'POST', `/delete/${endpointId}`)).statusCode).toBe(200);
    expect((await api(BUSINESS_2, 'GET', '')).json().data).toHaveLength(0);
  });
});
