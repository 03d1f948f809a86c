/**
 * The jobs table (FOR UPDATE SKIP LOCKED) and SPEI out under real concurrency: limits and funds
 * checked under the business's ledger lock, so parallel transfers never pass a limit together.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob, listJobs, registerJobHandler, runDueJobs, JOB_MAX_ATTEMPTS } from '../../src/modules/jobs';
import { addUser, createTestApp, type TestApp } from '../helpers';
import { BUSINESS, CLABE, TECHFAR, balance, demoBusiness, deposit, key, moneyCall, noLimits, speiCode, type DemoBusiness } from './money';

const onPostgres = !!process.env.TEST_DATABASE_URL;
let t: TestApp;
let b: DemoBusiness;

beforeAll(async () => {
  t = await createTestApp();
  t.database.pool?.on('error', () => undefined);
  b = await demoBusiness(t);
});
afterAll(() => t.close());

describe('jobs', () => {
  it('runs what is due, once; keeps the first of two enqueues with one key; leaves later ones for later', async () => {
    const seen: string[] = [];
    registerJobHandler('test.record', async (_tx, payload) => {
      seen.push(String(payload.n));
    });
    const now = new Date();
    await enqueueJob(t.database.db, { kind: 'test.record', payload: { n: 1 }, runAt: now, uniqueKey: 'rec-1' });
    expect(await enqueueJob(t.database.db, { kind: 'test.record', payload: { n: 99 }, runAt: now, uniqueKey: 'rec-1' })).toBe(false);
    await enqueueJob(t.database.db, { kind: 'test.record', payload: { n: 2 }, runAt: new Date(now.getTime() + 60_000) });
    expect(await runDueJobs(t.database.db, now, { kinds: ['test.record'] })).toEqual({ ran: 1, failed: 0 });
    expect(seen).toEqual(['1']);
    expect(await runDueJobs(t.database.db, now, { kinds: ['test.record'] })).toEqual({ ran: 0, failed: 0 });
    expect(await runDueJobs(t.database.db, new Date(now.getTime() + 60_000), { kinds: ['test.record'] })).toEqual({ ran: 1, failed: 0 });
    expect(seen).toEqual(['1', '2']);
  });

  it('rolls a failing job back, retries it later, and gives up after the last attempt', async () => {
    let tries = 0;
    registerJobHandler('test.fail', async (tx) => {
      tries += 1;
      await tx.execute(sql`INSERT INTO jobs (v_kind, t_payload, d_run_at) VALUES ('test.written-by-failure', '{}', now())`);
      throw new Error(`falla ${tries}`);
    });
    const start = new Date();
    await enqueueJob(t.database.db, { kind: 'test.fail', payload: {}, runAt: start, uniqueKey: 'fail-1' });
    expect(await runDueJobs(t.database.db, start, { kinds: ['test.fail'] })).toEqual({ ran: 0, failed: 1 });
    let [job] = await listJobs(t.database.db, 'test.fail');
    expect(job).toMatchObject({ v_status: 'pending', i_attempts: 1, v_last_error: 'falla 1' });
    expect(job!.d_run_at.getTime()).toBeGreaterThan(start.getTime());
    expect(await listJobs(t.database.db, 'test.written-by-failure')).toEqual([]);
    // Not due again at the same instant.
    expect(await runDueJobs(t.database.db, start, { kinds: ['test.fail'] })).toEqual({ ran: 0, failed: 0 });
    for (let i = 2; i <= JOB_MAX_ATTEMPTS; i++) await runDueJobs(t.database.db, new Date(start.getTime() + i * 3_600_000), { kinds: ['test.fail'] });
    [job] = await listJobs(t.database.db, 'test.fail');
    expect(job).toMatchObject({ v_status: 'failed', i_attempts: JOB_MAX_ATTEMPTS });
  });

  it.skipIf(!onPostgres)('gives each job to one runner when several run at once (SKIP LOCKED, PostgreSQL)', async () => {
    const runs = new Map<number, number>();
    registerJobHandler('test.count', async (tx, payload) => {
      await tx.execute(sql`SELECT pg_sleep(0.005)`);
      const n = Number(payload.n);
      runs.set(n, (runs.get(n) ?? 0) + 1);
    });
    const now = new Date();
    for (let n = 0; n < 40; n++) await enqueueJob(t.database.db, { kind: 'test.count', payload: { n }, runAt: now });
    const results = await Promise.all(Array.from({ length: 4 }, () => runDueJobs(t.database.db, now, { kinds: ['test.count'] })));
    expect(results.reduce((s, r) => s + r.ran, 0)).toBe(40);
    expect([...runs.values()].every((c) => c === 1)).toBe(true);
    expect(runs.size).toBe(40);
  });
});

describe.skipIf(!onPostgres)('SPEI out under concurrency (PostgreSQL)', () => {
  const N = 10;
  let senders: string[] = [];

  beforeAll(async () => {
    senders = [];
    for (let i = 0; i < N; i++) {
      const email = `concurrente${i}.${Date.now()}@demo.mx`;
      await addUser(t, email, BUSINESS);
      senders.push(email);
    }
  });

  async function sendAll(amount: string) {
    const codes = await Promise.all(senders.map((s) => speiCode(t, s)));
    return Promise.all(
      senders.map((s, i) =>
        moneyCall(t, s, {
          method: 'POST',
          url: '/api/v1/transaction/business-movement/speiout',
          payload: {
            ConfirmHolder: true,
            Clabe: CLABE.bbva,
            BeneficiaryName: 'Proveedor Paralelo',
            Amount: amount,
            Concept: 'Pago paralelo',
            Reference: String(i + 1),
            SecurityCode: codes[i],
          },
          key: key(),
        }),
      ),
    );
  }

  it('lets exactly as many parallel transfers through as the daily limit allows', async () => {
    const used = (await t.call(TECHFAR, { method: 'POST', url: '/api/v1/transaction/limit/query/getbybusiness', payload: { BusinessId: b.id } })).json().data
      .Usage.Today;
    const limit = await t.call(TECHFAR, {
      method: 'POST',
      url: '/api/v1/transaction/limit/action/upsert',
      payload: { ScopeType: 1, BusinessId: b.id, DailyLimit: (Number(used) + 500).toFixed(2), IsEnabled: true },
    });
    expect(limit.statusCode).toBe(200);
    const answers = await sendAll('100.00');
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
    for (const r of answers.filter((x) => x.statusCode !== 200))
      expect([r.statusCode, r.json().message.startsWith('Excede el límite diario de')]).toEqual([422, true]);
  });

  it('lets exactly as many parallel transfers through as the balance covers, and the balance ends at what the postings say', async () => {
    await noLimits(t, b);
    // Empty the account down to a known available amount that covers 4 transfers of 100 + 5.80.
    const { availableBalance } = await balance(t, BUSINESS);
    await deposit(t, b.id, '1.00');
    const target = 4 * 105.8 + 50;
    const avail = Number((await balance(t, BUSINESS)).availableBalance);
    expect(avail).toBeGreaterThan(Number(availableBalance));
    const drain = (avail - target).toFixed(2);
    const code = await speiCode(t, BUSINESS);
    const drained = await moneyCall(t, BUSINESS, {
      method: 'POST',
      url: '/api/v1/transaction/business-movement/speiout',
      payload: {
        ConfirmHolder: true,
        Clabe: CLABE.bbva,
        BeneficiaryName: 'Vaciado',
        Amount: (Number(drain) - 5.8).toFixed(2),
        Concept: 'Vaciado',
        Reference: '9',
        SecurityCode: code,
      },
    });
    expect(drained.statusCode, drained.body).toBe(200);
    expect(Number((await balance(t, BUSINESS)).availableBalance)).toBeCloseTo(target, 2);
    const answers = await sendAll('100.00');
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(4);
    for (const r of answers.filter((x) => x.statusCode !== 200)) expect([r.statusCode, r.json().message]).toEqual([422, 'Saldo insuficiente']);
    const after = await balance(t, BUSINESS);
    expect(after.availableBalance).toBe('50.00');
    const [sum] = await t.sql<{ s: string }>(
      `SELECT coalesce(sum(p.n_amount_cents), 0)::text AS s FROM ledger_postings p JOIN ledger_accounts a ON a.v_uid = p.v_uid_account WHERE a.v_code = $1`,
      [`${b.client}:main`],
    );
    expect(BigInt(after.balance.replace('.', ''))).toBe(BigInt(sum!.s));
  });
});
