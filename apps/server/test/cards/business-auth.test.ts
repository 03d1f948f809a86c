/**
 * Issue 28 §2: the business's endpoint decides purchases the product approves. A fake endpoint
 * inside the test (loopback, allowed by staff as for webhooks) checks the signature and answers as
 * told: approve, decline with a reason, hang past the time-out, fail. 100 purchases at once
 * against one balance with a slow endpoint never hold more than the balance (both engines).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxProcessor } from '../../src/modules/cards';
import { askBusiness } from '../../src/modules/cards/business-auth';
import { cards } from '../../src/modules/cards/schema';
import { balanceOf } from '../../src/modules/ledger';
import { BUSINESS, BUSINESS_2, SUPER, TECHFAR, WALLET, addUserWithGrants, count, createTestApp, type TestApp } from '../helpers';
import { demoBusiness, key, type DemoBusiness } from '../money/money';
import { signedEndpoint } from '../signed-endpoint';
import { activeCards, fund, generateStock, post } from './cards';

type Mode = { kind: 'approve'; delayMs?: number } | { kind: 'decline'; reason: string } | { kind: 'hang' } | { kind: 'fail' } | { kind: 'garbage' };

/** The endpoint a business would write: verifies `t=…,v1=…` over "<t>.<body>", then answers per `mode`. */
function fakeEndpoint() {
  const received: Array<Record<string, unknown> & { valid: boolean }> = [];
  let mode: Mode = { kind: 'approve' };
  const endpoint = signedEndpoint(({ body, signed: valid }, res) => {
    received.push({ ...(JSON.parse(body) as Record<string, unknown>), valid });
    const send = (status: number, answer: string) => {
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      res.end(answer);
    };
    if (!valid) return send(401, '{}');
    if (mode.kind === 'hang') return; // never answers: the time-out decides
    if (mode.kind === 'fail') return send(503, '{}');
    if (mode.kind === 'garbage') return send(200, 'sí, claro');
    if (mode.kind === 'decline') return send(200, JSON.stringify({ approved: false, reason: mode.reason }));
    setTimeout(() => send(200, JSON.stringify({ approved: true })), mode.delayMs ?? 0);
  });
  return { ...endpoint, received, answer: (m: Mode) => (mode = m) };
}

let t: TestApp;
let ids: string[];
let endpoint: ReturnType<typeof fakeEndpoint>;
let port: number;
let b1: DemoBusiness;
beforeAll(async () => {
  t = await createTestApp({ fixedHosts: { 'example.com': '93.184.215.14' } });
  t.database.pool?.on('error', () => undefined);
  // Before anyone signs in: a change of grants makes the sessions' cached grants stale.
  await addUserWithGrants(t, 'sin-empresas@far.mx', TECHFAR, { '/dashboard': ['Ver'] });
  await addUserWithGrants(t, 'solo-ver@far.mx', TECHFAR, { '/user/business': ['Ver'] });
  endpoint = fakeEndpoint();
  port = await endpoint.listen();
  b1 = await demoBusiness(t, BUSINESS);
  await generateStock(t, 3);
  ids = await activeCards(t, ['RTA1', 'RTA2']);
  await fund(t, [
    [ids[0]!, '1000.00'],
    [ids[1]!, '100.00'],
  ]);
});
afterAll(async () => {
  await endpoint.close();
  await t.close();
});

const settings = (who: string | null, method: 'GET' | 'PUT', payload?: Record<string, unknown>, query = '') =>
  t.call(who, { method, url: `/api/v1/cards/authorization-endpoint${query}`, ...(payload ? { payload } : {}) });
const authorize = (cardId: string, amount: string) =>
  post(
    t,
    BUSINESS,
    '/api/v1/cards/sandbox/authorize',
    { CardIdentifier: cardId, MerchantName: 'Tienda Sol', Mcc: 5411, Amount: amount },
    { 'idempotency-key': key() },
  );
const stored = async (id: string) =>
  (
    await t.sql<{ v_status: string; v_decided_by: string; v_business_reason: string | null; i_decision_ms: number | null }>(
      `SELECT v_status, v_decided_by, v_business_reason, i_decision_ms FROM card_authorizations WHERE v_uid = $1`,
      [id],
    )
  )[0]!;

describe('the settings', () => {
  it('a bad URL or time-out is refused in Spanish and nothing is written', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ Url: 'http://example.com/auth' }, 'La URL debe usar https://'],
      [{ Url: 'https://10.1.2.3/auth' }, 'La URL no puede apuntar a una red interna'],
      [{ Url: 'https://localhost/auth' }, 'La URL no puede apuntar a una red interna'],
      [{ Url: 'no es url' }, 'URL no válida'],
      [{ Url: `http://127.0.0.1:${port}/`, AllowLoopback: true }, 'Solo el personal de FAR puede permitir http a la red local'],
      [{ Url: 'https://example.com/auth', TimeoutMs: 100 }, 'El tiempo de espera debe ser de 200 a 5000 ms'],
      [{ Url: 'https://example.com/auth', TimeoutMs: 6000 }, 'El tiempo de espera debe ser de 200 a 5000 ms'],
      [{ Url: 'https://example.com/auth', Default: 'quizá' }, 'Decisión predeterminada no válida'],
    ];
    for (const [body, message] of cases) {
      const res = await settings(BUSINESS, 'PUT', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await count(t, 'card_auth_endpoints')).toBe(0);
  });

  it('wrong role and wrong tenant', async () => {
    expect((await settings(WALLET, 'GET')).statusCode).toBe(403);
    expect((await settings(WALLET, 'PUT', { Url: 'https://example.com/auth' })).json().message).toBe(
      'La autorización en tiempo real es para los sistemas de una empresa',
    );
    expect((await settings(null, 'GET')).statusCode).toBe(401);
    // BUSINESS_2 reaches neither BUSINESS's settings nor can set them.
    expect((await settings(BUSINESS_2, 'GET', undefined, `?BusinessId=${b1.id}`)).statusCode).toBe(404);
    expect((await settings(BUSINESS_2, 'PUT', { BusinessId: b1.id, Url: 'https://example.com/auth' })).statusCode).toBe(404);
    const del = await t.call(BUSINESS_2, { method: 'POST', url: '/api/v1/cards/authorization-endpoint/delete', payload: { BusinessId: b1.id } });
    expect(del.statusCode).toBe(404);
    // Staff must name the business.
    expect((await settings(SUPER, 'PUT', { Url: 'https://example.com/auth' })).statusCode).toBe(400);
    expect(await count(t, 'card_auth_endpoints')).toBe(0);
  });

  it('staff need Cuentas Business: Ver to read, Editar to set or remove', async () => {
    const query = `?BusinessId=${b1.id}`;
    const body = { BusinessId: b1.id, Url: 'https://example.com/auth' };
    const remove = (who: string) => t.call(who, { method: 'POST', url: '/api/v1/cards/authorization-endpoint/delete', payload: { BusinessId: b1.id } });
    // A staff role without the business screen at all (users made in beforeAll).
    expect((await settings('sin-empresas@far.mx', 'GET', undefined, query)).statusCode).toBe(403);
    expect((await settings('sin-empresas@far.mx', 'PUT', body)).statusCode).toBe(403);
    expect((await remove('sin-empresas@far.mx')).statusCode).toBe(403);
    // Ver only: reads (nothing set yet), may not set or remove.
    const read = await settings('solo-ver@far.mx', 'GET', undefined, query);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toBeNull();
    const put = await settings('solo-ver@far.mx', 'PUT', body);
    expect(put.statusCode).toBe(403);
    expect(put.json().message).toMatch(/permiso/i);
    expect((await remove('solo-ver@far.mx')).statusCode).toBe(403);
    expect(await count(t, 'card_auth_endpoints')).toBe(0);
  });

  it('staff set a loopback endpoint for the business; the secret is shown once; the business reads and edits it', async () => {
    const res = await settings(TECHFAR, 'PUT', {
      BusinessId: b1.id,
      Url: `http://127.0.0.1:${port}/auth`,
      TimeoutMs: 1500,
      Default: 'decline',
      AllowLoopback: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.Secret).toMatch(/^whsec_/);
    endpoint.setSecret(res.json().data.Secret);
    const read = (await settings(BUSINESS, 'GET')).json().data;
    expect(read).toMatchObject({ Url: `http://127.0.0.1:${port}/auth`, TimeoutMs: 1500, Default: 'decline', AllowLoopback: true });
    expect(read.Secret).toBeUndefined();
    // The business edits the time-out and keeps staff's loopback permission; no new secret.
    const edit = await settings(BUSINESS, 'PUT', { Url: `http://127.0.0.1:${port}/auth`, TimeoutMs: 800, Default: 'decline' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({ TimeoutMs: 800, AllowLoopback: true });
    expect(edit.json().data.Secret).toBeUndefined();
    expect(await count(t, 'card_auth_endpoints')).toBe(1);
  });
});

describe('purchases decided by the business', () => {
  it('an endpoint that approves: held, decided by «negocio», with the signed request it received', async () => {
    endpoint.answer({ kind: 'approve' });
    const res = await authorize(ids[0]!, '12.34');
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json().data;
    expect(a).toMatchObject({ Approved: true, Status: 'approved', DecidedBy: 'negocio', BusinessReason: null });
    expect(a.DecisionMs).toBeGreaterThanOrEqual(0);
    const asked = endpoint.received.at(-1)!;
    expect(asked).toMatchObject({
      valid: true,
      type: 'card.authorization',
      authorizationId: a.AuthorizationId,
      cardId: ids[0],
      amountCents: '1234',
      amount: '12.34',
      amountFormatted: '$12.34',
      merchant: 'Tienda Sol',
      mcc: 5411,
      country: 'MX',
      channel: 'in-person',
    });
    expect(String(asked.maskedCard)).toMatch(/^\d{6}\*+\d{4}$|\*{2,}/);
    expect(await stored(a.AuthorizationId)).toMatchObject({ v_status: 'approved', v_decided_by: 'negocio', v_business_reason: null });
  });

  it('an endpoint that declines with a reason: nothing held, the reason kept', async () => {
    endpoint.answer({ kind: 'decline', reason: 'Comercio fuera de política' });
    const [card] = await t.database.db.select().from(cards).where(eq(cards.v_card_identifier, ids[0]!));
    const before = await balanceOf(t.database.db, card!.v_uid_account!);
    const res = await authorize(ids[0]!, '20.00');
    const a = res.json().data;
    expect(a).toMatchObject({ Approved: false, DeclineReason: 'Rechazada por el negocio', DecidedBy: 'negocio', BusinessReason: 'Comercio fuera de política' });
    expect((await balanceOf(t.database.db, card!.v_uid_account!)).availableBalance).toBe(before.availableBalance);
  });

  it("the card's movements carry the decision where the business was asked, and its export too", async () => {
    const moves = (await post(t, BUSINESS, '/api/v1/transaction/cardholdermovements/getall', { CardIdentifier: ids[0], Kind: 'purchase' })).json().data
      .Records as Array<{ Description: string; Decision: unknown }>;
    const declined = moves.find((m) => m.Description.includes('Rechazada por el negocio'))!;
    expect(declined.Decision).toMatchObject({ DecidedBy: 'negocio', BusinessReason: 'Comercio fuera de política' });
    // Funding is no purchase: no decision.
    const all = (await post(t, BUSINESS, '/api/v1/transaction/cardholdermovements/getall', { CardIdentifier: ids[0] })).json().data.Records;
    expect(all.filter((m: { Kind: string }) => m.Kind !== 'purchase').every((m: { Decision: unknown }) => m.Decision === null)).toBe(true);
    const csv = (await post(t, BUSINESS, '/api/v1/transaction/cardholdermovements/getall', { CardIdentifier: ids[0], Format: 'csv' })).body;
    expect(csv.split(/\r?\n/)[0]).toContain('Decidió,Motivo del negocio');
    expect(csv).toContain('Negocio,Comercio fuera de política');
  });

  it('the product declines first: the business is not asked', async () => {
    const asked = endpoint.received.length;
    const res = await authorize(ids[0]!, '5000.00');
    expect(res.json().data).toMatchObject({ Approved: false, DeclineReason: 'Saldo insuficiente', DecidedBy: 'producto', DecisionMs: null });
    expect(endpoint.received.length).toBe(asked);
  });

  it('time-out, failure or a bad answer: the default decides, both ways', async () => {
    const setDefault = (d: 'approve' | 'decline') =>
      settings(TECHFAR, 'PUT', { BusinessId: b1.id, Url: `http://127.0.0.1:${port}/auth`, TimeoutMs: 200, Default: d, AllowLoopback: true });
    expect((await setDefault('approve')).statusCode).toBe(200);
    endpoint.answer({ kind: 'hang' });
    let a = (await authorize(ids[0]!, '1.00')).json().data;
    expect(a).toMatchObject({ Approved: true, DecidedBy: 'predeterminado', BusinessReason: 'Tiempo de espera agotado' });
    endpoint.answer({ kind: 'fail' });
    a = (await authorize(ids[0]!, '1.00')).json().data;
    expect(a).toMatchObject({ Approved: true, DecidedBy: 'predeterminado', BusinessReason: 'Respuesta HTTP 503' });

    expect((await setDefault('decline')).statusCode).toBe(200);
    endpoint.answer({ kind: 'hang' });
    a = (await authorize(ids[0]!, '1.00')).json().data;
    expect(a).toMatchObject({
      Approved: false,
      DeclineReason: 'Rechazada: el negocio no dio una respuesta válida a tiempo',
      DecidedBy: 'predeterminado',
      BusinessReason: 'Tiempo de espera agotado',
    });
    endpoint.answer({ kind: 'garbage' });
    a = (await authorize(ids[0]!, '1.00')).json().data;
    expect(a).toMatchObject({ Approved: false, DecidedBy: 'predeterminado', BusinessReason: 'Respuesta no válida del negocio' });
  });

  it('100 purchases at once with a slow endpoint never hold more than the balance', async () => {
    // The longest time-out, defaulting to approve: however slow this machine, every ask ends in an approval to re-check.
    const set = await settings(TECHFAR, 'PUT', {
      BusinessId: b1.id,
      Url: `http://127.0.0.1:${port}/auth`,
      TimeoutMs: 5000,
      Default: 'approve',
      AllowLoopback: true,
    });
    expect(set.statusCode).toBe(200);
    endpoint.answer({ kind: 'approve', delayMs: 50 });
    const [card] = await t.database.db.select().from(cards).where(eq(cards.v_card_identifier, ids[1]!));
    const { envelopeKey } = t.app.ctx.config;
    const out = { resolve: t.app.ctx.resolveHost, production: false };
    // 100.00 of balance, 100 × 3.00: 33 fit. Each asks the endpoint first, as the route does.
    const results = await Promise.all(
      Array.from({ length: 100 }, async () => {
        const now = new Date();
        const req = { merchant: 'Tienda', mcc: 5411, amountCents: 300n, channel: 'online' as const, country: 'MX' };
        const asked = await askBusiness(t.database.db, envelopeKey, out, card!, req, now);
        return t.database.db.transaction((tx) => sandboxProcessor.authorize(tx, card!, req, now, asked));
      }),
    );
    const approved = results.filter((a) => a.v_status === 'approved');
    expect(approved).toHaveLength(33);
    expect(new Set(results.filter((a) => a.v_status === 'declined').map((a) => a.v_decline_reason))).toEqual(new Set(['Saldo insuficiente']));
    const held = approved.reduce((sum, a) => sum + a.n_amount_cents, 0n);
    expect(held).toBeLessThanOrEqual(10_000n);
    const b = await balanceOf(t.database.db, card!.v_uid_account!);
    expect(b.transitBalance).toBe(held);
    expect(b.availableBalance).toBe(10_000n - held);
    expect(approved.every((a) => a.v_decided_by !== 'producto' && a.i_decision_ms !== null)).toBe(true);
    // Some were approved by the business and then declined under the lock for funds: the re-check is what held the line.
    expect(results.some((a) => a.v_status === 'declined' && a.i_decision_ms !== null && a.v_decided_by === 'producto')).toBe(true);
  });

  it('removed: purchases are decided by the product alone again', async () => {
    const del = await t.call(BUSINESS, { method: 'POST', url: '/api/v1/cards/authorization-endpoint/delete', payload: {} });
    expect(del.statusCode, del.body).toBe(200);
    expect((await settings(BUSINESS, 'GET')).json().data).toBeNull();
    const asked = endpoint.received.length;
    const a = (await authorize(ids[0]!, '1.00')).json().data;
    expect(a).toMatchObject({ Approved: true, DecidedBy: 'producto', DecisionMs: null });
    expect(endpoint.received.length).toBe(asked);
    // Nobody asked the business: the movement shows no decision.
    const moves = (await post(t, BUSINESS, '/api/v1/transaction/cardholdermovements/getall', { CardIdentifier: ids[0], Kind: 'purchase', Size: 1 })).json().data
      .Records;
    expect(moves[0]).toMatchObject({ Description: 'Tienda Sol', Decision: null });
  });
});
