/**
 * Idempotency-Key through HTTP: a small app with test-only money routes, sharing the test
 * database's context, the real error handler and zod validation, and the real money command.
 */
import { randomUUID } from 'node:crypto';
import { AmountField, amountOut, answer } from '@far/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { balanceOf, openAccount, postTransaction, type LedgerAccount } from '../../src/modules/ledger';
import type { Actor } from '../../src/platform/context';
import { registerErrorHandler } from '../../src/platform/error-handler';
import { canonicalJson, purgeIdempotencyKeys } from '../../src/platform/idempotency';
import { registerMoneyRoutes, runMoney } from '../../src/platform/money-command';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
let app: FastifyInstance;
let business: LedgerAccount;
const USER_A = randomUUID();
const USER_B = randomUUID();

const Body = z.object({ Amount: AmountField, Concept: z.string().max(39) });
const Answer = answer(z.object({ TransactionId: z.string(), Amount: z.string(), Concept: z.string() }));

beforeAll(async () => {
  t = await createTestApp();
  t.database.pool?.on('error', () => undefined); // see concurrency.test.ts
  business = await t.database.db.transaction((tx) => openAccount(tx, { ownerKind: 'business', owner: 'BUSIDEM01', name: 'Idempotencia' }));

  app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.decorate('ctx', t.app.ctx);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, async () => undefined);
  registerMoneyRoutes(app);
  // Stands in for the guard: the caller is whoever x-test-user says.
  app.addHook('onRequest', async (req) => {
    req.actor = { userId: String(req.headers['x-test-user'] ?? USER_A), client: 'BUSIDEM01' } as Actor;
  });
  const deposit =
    (direction: 1n | -1n) =>
    async (req: { params: { accountId: string }; body: z.infer<typeof Body> } & Parameters<typeof runMoney>[0], reply: Parameters<typeof runMoney>[1]) =>
      runMoney(req, reply, {
        execute: async (tx) => {
          // A fresh ledger reference on every execution: only the idempotency key can stop a second movement.
          const moved = await postTransaction(tx, {
            kind: 'test-deposit',
            reference: randomUUID(),
            postings: [
              { book: 'spei-clearing', amountCents: -direction * req.body.Amount },
              { accountId: req.params.accountId, amountCents: direction * req.body.Amount },
            ],
          });
          return {
            status: 201,
            data: { TransactionId: moved.transactionId, Amount: amountOut(req.body.Amount), Concept: req.body.Concept },
            message: 'Movimiento registrado',
          };
        },
      });
  const schema = { params: z.object({ accountId: z.string().uuid() }), body: Body, response: { 201: Answer } };
  app.post('/api/test/deposit/:accountId', { config: { access: 'authenticated', money: { confirm: 'none' } }, schema }, deposit(1n) as never);
  app.post('/api/test/withdraw/:accountId', { config: { access: 'authenticated', money: { confirm: 'none' } }, schema }, deposit(-1n) as never);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const call = (opts: { key?: string; user?: string; body?: unknown; route?: 'deposit' | 'withdraw'; account?: string }) =>
  app.inject({
    method: 'POST',
    url: `/api/test/${opts.route ?? 'deposit'}/${opts.account ?? business.id}`,
    headers: { ...(opts.key !== undefined ? { 'idempotency-key': opts.key } : {}), 'x-test-user': opts.user ?? USER_A },
    payload: (opts.body ?? { Amount: '100.00', Concept: 'Prueba' }) as object,
  });

const movements = async () => Number((await t.sql<{ n: string }>(`SELECT count(*)::text AS n FROM ledger_transactions WHERE v_kind = 'test-deposit'`))[0]!.n);
const keys = async () => Number((await t.sql<{ n: string }>(`SELECT count(*)::text AS n FROM idempotency_keys`))[0]!.n);

describe('Idempotency-Key', () => {
  it('is required on a money-moving call', async () => {
    const before = await movements();
    const res = await call({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ErrorCode: 'VALIDATION', message: 'Falta el encabezado Idempotency-Key' });
    const bad = await call({ key: 'con espacios' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('El encabezado Idempotency-Key no es válido');
    expect(await movements()).toBe(before);
  });

  it('answers the same request with the first answer, flagged as a replay', async () => {
    const key = randomUUID();
    const before = await movements();
    const first = await call({ key });
    expect(first.statusCode).toBe(201);
    expect(first.json().replay).toBeUndefined();
    const again = await call({ key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual({ ...first.json(), replay: true });
    // The same request written differently (key order, a number for the amount) is the same request.
    const same = await call({ key, body: { Concept: 'Prueba', Amount: 100 } });
    expect(same.json()).toEqual({ ...first.json(), replay: true });
    expect(await movements()).toBe(before + 1);
    expect((await balanceOf(t.database.db, business.id)).balance).toBeGreaterThanOrEqual(10_000n);
  });

  it('refuses the same key with another request (409)', async () => {
    const key = randomUUID();
    expect((await call({ key })).statusCode).toBe(201);
    const before = await movements();
    for (const other of [
      { key, body: { Amount: '100.01', Concept: 'Prueba' } },
      { key, body: { Amount: '100.00', Concept: 'Otra' } },
    ]) {
      const res = await call(other);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ ErrorCode: 'IDEMPOTENCY_CONFLICT', message: 'La llave de idempotencia ya se usó con otra solicitud' });
    }
    // Another account in the path is another request too.
    const other = await t.database.db.transaction((tx) => openAccount(tx, { ownerKind: 'business', owner: 'BUSIDEM02', name: 'Otra' }));
    expect((await call({ key, account: other.id })).statusCode).toBe(409);
    expect(await movements()).toBe(before);
  });

  it('scopes keys by user and by route', async () => {
    const key = randomUUID();
    const before = await movements();
    const a = await call({ key, user: USER_A });
    const b = await call({ key, user: USER_B });
    const w = await call({ key, user: USER_A, route: 'withdraw', body: { Amount: '1.00', Concept: 'Prueba' } });
    expect([a.statusCode, b.statusCode, w.statusCode]).toEqual([201, 201, 201]);
    expect(new Set([a.json().data.TransactionId, b.json().data.TransactionId, w.json().data.TransactionId]).size).toBe(3);
    expect(await movements()).toBe(before + 3);
  });

  it('gives 20 identical concurrent requests exactly one movement', async () => {
    const key = randomUUID();
    const before = await movements();
    const answers = await Promise.all(Array.from({ length: 20 }, () => call({ key, body: { Amount: '7.77', Concept: 'Concurrente' } })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((r) => r.json().data.TransactionId)).size).toBe(1);
    expect(answers.filter((r) => r.json().replay === true)).toHaveLength(19);
    expect(await movements()).toBe(before + 1);
  });

  it('lets concurrent requests with one key and different bodies move money once; the others get 409', async () => {
    const key = randomUUID();
    const before = await movements();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => call({ key, body: { Amount: i % 2 ? '1.00' : '2.00', Concept: 'Mezcla' } })));
    const won = answers.filter((r) => r.statusCode === 201);
    const lost = answers.filter((r) => r.statusCode === 409);
    expect(won.length + lost.length).toBe(20);
    expect(won).toHaveLength(10);
    expect(new Set(won.map((r) => r.json().data.Amount)).size).toBe(1);
    expect(await movements()).toBe(before + 1);
  });

  it('remembers nothing for a refused call, so the same key can be retried', async () => {
    const poor = await t.database.db.transaction((tx) => openAccount(tx, { ownerKind: 'business', owner: 'BUSIDEM03', name: 'Sin saldo' }));
    const key = randomUUID();
    const before = await keys();
    const refused = await call({ key, route: 'withdraw', account: poor.id, body: { Amount: '5.00', Concept: 'Retiro' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Saldo insuficiente');
    expect(await keys()).toBe(before);
    await call({ key: randomUUID(), account: poor.id, body: { Amount: '5.00', Concept: 'Fondeo' } });
    const retried = await call({ key, route: 'withdraw', account: poor.id, body: { Amount: '5.00', Concept: 'Retiro' } });
    expect(retried.statusCode).toBe(201);
    expect((await balanceOf(t.database.db, poor.id)).balance).toBe(0n);
  });

  it('refuses a bad amount with its Spanish message before anything is written', async () => {
    const before = await movements();
    for (const [Amount, message] of [
      ['0', 'El monto debe ser mayor a cero'],
      ['-1.00', 'El monto debe ser mayor a cero'],
      ['1.001', 'El monto admite como máximo dos decimales'],
      ['1000000000.00', 'El monto máximo es $999,999,999.99'],
      ['diez', 'Monto no válido'],
    ]) {
      const res = await call({ key: randomUUID(), body: { Amount, Concept: 'x' } });
      expect(res.statusCode, String(Amount)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await movements()).toBe(before);
  });

  it('fingerprints with canonical JSON and forgets old keys on purge', async () => {
    expect(canonicalJson({ b: 1, a: [{ y: 2n, x: undefined, w: 'z' }] })).toBe('{"a":[{"w":"z","y":"2n"}],"b":1}');
    const n = await keys();
    expect(await purgeIdempotencyKeys(t.database.db, new Date(Date.now() - 86_400_000))).toBe(0);
    expect(await keys()).toBe(n);
  });
});
