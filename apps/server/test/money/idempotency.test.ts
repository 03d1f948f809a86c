/**
 * Idempotency of the money-moving SPEI calls: replays of SPEI out (sequential and concurrent),
 * another body under the same key, cancel and deposit replays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers';
import { BUSINESS, CLABE, TECHFAR, deposit, fundedBusiness, key, moneyCall, speiCode, type DemoBusiness } from './money';

let t: TestApp;
let b: DemoBusiness;
const URL_OUT = '/api/v1/transaction/business-movement/speiout';
const body = (code: string, amount = '10.00') => ({
  ConfirmHolder: true,
  Clabe: CLABE.settles,
  BeneficiaryName: 'Proveedor Uno',
  Amount: amount,
  Concept: 'Pago repetido',
  Reference: '77',
  SecurityCode: code,
});
const orders = async () => Number((await t.sql<{ n: string }>(`SELECT count(*)::text AS n FROM business_movements WHERE v_type = 'SPEI_OUT'`))[0]!.n);
const holds = async () => Number((await t.sql<{ n: string }>(`SELECT count(*)::text AS n FROM ledger_holds`))[0]!.n);

beforeAll(async () => {
  ({ t, b } = await fundedBusiness());
});
afterAll(() => t.close());

describe('SPEI out replays', () => {
  it('answers 20 identical requests (one key) with one movement: the first answer, then 19 replays', async () => {
    const k = key();
    const payload = body(await speiCode(t, BUSINESS));
    const [o, h] = [await orders(), await holds()];
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await moneyCall(t, BUSINESS, { method: 'POST', url: URL_OUT, payload, key: k }));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const ids = new Set(answers.map((a) => a.json().data.Id));
    expect(ids.size).toBe(1);
    expect(answers[0]!.json().replay).toBeUndefined();
    expect(answers.slice(1).every((a) => a.json().replay === true && a.headers['idempotent-replayed'] === 'true')).toBe(true);
    expect([await orders(), await holds()]).toEqual([o + 1, h + 1]);
  });

  it('gives 20 identical concurrent requests exactly one movement; every one answers it (one fresh, 19 replays)', async () => {
    const k = key();
    const payload = body(await speiCode(t, BUSINESS), '11.00');
    const [o, h] = [await orders(), await holds()];
    const answers = await Promise.all(Array.from({ length: 20 }, () => moneyCall(t, BUSINESS, { method: 'POST', url: URL_OUT, payload, key: k })));
    expect([await orders(), await holds()]).toEqual([o + 1, h + 1]);
    // The key is claimed before the code is spent: a duplicate waits for the first and replays it.
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const fresh = answers.filter((a) => a.json().replay === undefined);
    expect(fresh).toHaveLength(1);
    expect(new Set(answers.map((a) => a.json().data.Id))).toEqual(new Set([fresh[0]!.json().data.Id]));
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    // Once the first has committed, every retry is a replay.
    const again = await moneyCall(t, BUSINESS, { method: 'POST', url: URL_OUT, payload, key: k });
    expect([again.statusCode, again.json().replay, again.json().data.Id]).toEqual([200, true, fresh[0]!.json().data.Id]);
  });

  it('refuses the same key with another body (409) and moves nothing', async () => {
    const k = key();
    const code = await speiCode(t, BUSINESS);
    expect((await moneyCall(t, BUSINESS, { method: 'POST', url: URL_OUT, payload: body(code, '12.00'), key: k })).statusCode).toBe(200);
    const o = await orders();
    const other = await moneyCall(t, BUSINESS, { method: 'POST', url: URL_OUT, payload: body(code, '13.00'), key: k });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('La llave de idempotencia ya se usó con otra solicitud');
    expect(await orders()).toBe(o);
  });

  it('lets a refused request be retried with the same key once the cause is fixed', async () => {
    const k = key();
    const code = await speiCode(t, BUSINESS);
    const tooMuch = await moneyCall(t, BUSINESS, { method: 'POST', url: URL_OUT, payload: body(code, '999999.00'), key: k });
    expect([tooMuch.statusCode, tooMuch.json().message]).toEqual([422, 'Saldo insuficiente']);
    await deposit(t, b.id, '1000000.00');
    const retried = await moneyCall(t, BUSINESS, { method: 'POST', url: URL_OUT, payload: body(code, '999999.00'), key: k });
    expect(retried.statusCode, retried.body).toBe(200);
  });
});

describe('other money calls replay too', () => {
  it('cancel: the same key answers the first cancellation; a new key is refused (already cancelled)', async () => {
    const m = (await moneyCall(t, BUSINESS, { method: 'POST', url: URL_OUT, payload: body(await speiCode(t, BUSINESS), '14.00') })).json().data;
    const k = key();
    const first = await moneyCall(t, BUSINESS, { method: 'POST', url: `${URL_OUT}/cancel`, payload: { Id: m.Id }, key: k });
    const second = await moneyCall(t, BUSINESS, { method: 'POST', url: `${URL_OUT}/cancel`, payload: { Id: m.Id }, key: k });
    expect([first.statusCode, second.statusCode, second.json().replay]).toEqual([200, 200, true]);
    const third = await moneyCall(t, BUSINESS, { method: 'POST', url: `${URL_OUT}/cancel`, payload: { Id: m.Id } });
    expect(third.statusCode).toBe(422);
  });

  it('deposit: one key, one credit', async () => {
    const k = key();
    const count = async () => Number((await t.sql<{ n: string }>(`SELECT count(*)::text AS n FROM business_movements WHERE v_type = 'DEPOSIT'`))[0]!.n);
    const before = await count();
    const calls = await Promise.all(
      Array.from({ length: 5 }, () =>
        moneyCall(t, TECHFAR, { method: 'POST', url: `/api/v1/transaction/business/${b.id}/deposit`, payload: { Amount: '1.00' }, key: k }),
      ),
    );
    expect(calls.map((c) => c.statusCode)).toEqual(Array(5).fill(200));
    expect(new Set(calls.map((c) => c.json().data.Id)).size).toBe(1);
    expect(await count()).toBe(before + 1);
  });
});
