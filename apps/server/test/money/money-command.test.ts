/**
 * The money command (docs/decisions/0022-money-command.md) through the routes that use it: the key
 * is claimed before the code is spent, so concurrent copies of one request all answer the first
 * movement; a wrong code is counted and writes nothing else; a refused movement keeps its code and
 * frees its key; the key is required. Its round trips: round-trips.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_2, WALLET, addUser, count, lastCode, type TestApp } from '../helpers';
import { BASE, account, csv, dispersionCode, fileOf } from '../dispersions/helpers';
import { BUSINESS, CLABE, TECHFAR, deposit, fundedBusiness, key, moneyCall, moneyTables, speiCode, type DemoBusiness } from './money';

let t: TestApp;
let b: DemoBusiness;
const URL_OUT = '/api/v1/transaction/business-movement/speiout';
const body = (code: string, amount = '10.00') => ({
  ConfirmHolder: true,
  Clabe: CLABE.settles,
  BeneficiaryName: 'Proveedor Uno',
  Amount: amount,
  Concept: 'Pago',
  Reference: '5',
  SecurityCode: code,
});
const liveCode = async (email: string) =>
  (
    await t.sql<{ i_attempts_left: number; used: boolean }>(
      `SELECT i_attempts_left, d_used_at IS NOT NULL AS used FROM security_codes WHERE v_uid_user = (SELECT v_uid FROM users WHERE v_email = $1) ORDER BY d_create_at DESC LIMIT 1`,
      [email],
    )
  )[0]!;

beforeAll(async () => {
  ({ t, b } = await fundedBusiness());
});
afterAll(() => t.close());

describe('the key comes first', () => {
  it('requires Idempotency-Key with a Spanish message, spending no code and writing nothing', async () => {
    const code = await speiCode(t, BUSINESS);
    const before = await moneyTables(t);
    const res = await moneyCall(t, BUSINESS, { method: 'POST', url: URL_OUT, payload: body(code), key: null });
    expect([res.statusCode, res.json().message]).toEqual([400, 'Falta el encabezado Idempotency-Key']);
    expect(await moneyTables(t)).toEqual(before);
    expect(await liveCode(BUSINESS)).toEqual({ i_attempts_left: 3, used: false });
  });

  it('gives 20 concurrent copies of one dispersion (a plan outside the transaction) one dispersion and its answer', async () => {
    const [A, B] = [account('990', 301), account('990', 302)];
    const file = fileOf(
      csv([
        { name: A.name, clabe: A.clabe, amount: '3.00' },
        { name: B.name, clabe: B.clabe, amount: '4.00' },
      ]),
    );
    const payload = { File: file, Concept: 'Nomina doble', SecurityCode: await dispersionCode(t, BUSINESS) };
    const before = await count(t, 'dispersions');
    const k = key();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => moneyCall(t, BUSINESS, { method: 'POST', url: `${BASE}/speiout-dispersion`, payload, key: k })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.json().data.Id)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await count(t, 'dispersions')).toBe(before + 1);
  });

  it('gives 20 concurrent copies of one wallet transfer one movement', async () => {
    const sender = await addUser(t, 'mc-sender@wallet.mx', WALLET, { newTenant: true });
    await addUser(t, 'mc-receiver@wallet.mx', WALLET, { newTenant: true });
    expect(
      (await moneyCall(t, TECHFAR, { method: 'POST', url: '/api/v1/wallet/deposit', payload: { UserId: sender.v_uid, Amount: '100.00' } })).statusCode,
    ).toBe(200);
    expect((await t.call('mc-sender@wallet.mx', { method: 'POST', url: '/api/v1/security/code', payload: { Operation: 'wallet-transfer' } })).statusCode).toBe(
      200,
    );
    const payload = { Recipient: 'mc-receiver@wallet.mx', Amount: '2.50', SecurityCode: await lastCode(t, 'mc-sender@wallet.mx') };
    const before = await count(t, 'business_movements', "v_type LIKE 'WALLET%'");
    const k = key();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => moneyCall(t, 'mc-sender@wallet.mx', { method: 'POST', url: '/api/v1/wallet/transfer', payload, key: k })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.json().data.Id)).size).toBe(1);
    // One transfer: the sender's movement and the receiver's.
    expect(await count(t, 'business_movements', "v_type LIKE 'WALLET%'")).toBe(before + 2);
  });
});

describe('the code, then the transaction', () => {
  it('counts a wrong code, answers in Spanish and writes nothing else; the same key then goes with the right code', async () => {
    const code = await speiCode(t, BUSINESS);
    const wrong = code === '000000' ? '111111' : '000000';
    const k = key();
    const before = await moneyTables(t);
    const res = await moneyCall(t, BUSINESS, { method: 'POST', url: URL_OUT, payload: body(wrong), key: k });
    expect([res.statusCode, res.json().message]).toEqual([400, 'El código no es correcto. Te quedan 2 intentos.']);
    expect(await moneyTables(t)).toEqual(before);
    expect(await liveCode(BUSINESS)).toEqual({ i_attempts_left: 2, used: false });
    // Another body under the key is a new request (the refused one left nothing behind).
    const right = await moneyCall(t, BUSINESS, { method: 'POST', url: URL_OUT, payload: body(code), key: k });
    expect(right.statusCode, right.body).toBe(200);
    expect(await liveCode(BUSINESS)).toMatchObject({ used: true });
  });

  it('weighs only three of ten different wrong codes sent at once, and writes nothing else', async () => {
    const code = await speiCode(t, BUSINESS);
    const before = await moneyTables(t);
    const guesses = Array.from({ length: 10 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((g) => moneyCall(t, BUSINESS, { method: 'POST', url: URL_OUT, payload: body(g), key: key() })));
    expect(answers.map((r) => `${r.statusCode} ${r.json().message as string}`).sort()).toEqual(
      [
        '400 El código no es correcto. Se agotaron los intentos; solicita uno nuevo.',
        '400 El código no es correcto. Te queda 1 intento.',
        '400 El código no es correcto. Te quedan 2 intentos.',
        ...Array(7).fill('422 No hay un código vigente para esta operación. Solicita uno nuevo.'),
      ].sort(),
    );
    expect(await liveCode(BUSINESS)).toEqual({ i_attempts_left: 0, used: true });
    expect(await moneyTables(t)).toEqual(before);
  });

  it('keeps the code and frees the key when the movement is refused under the lock', async () => {
    const code = await speiCode(t, BUSINESS);
    const k = key();
    const before = await moneyTables(t);
    const poor = await moneyCall(t, BUSINESS, { method: 'POST', url: URL_OUT, payload: body(code, '900000.00'), key: k });
    expect([poor.statusCode, poor.json().message]).toEqual([422, 'Saldo insuficiente']);
    expect(await moneyTables(t)).toEqual(before);
    expect(await liveCode(BUSINESS)).toEqual({ i_attempts_left: 3, used: false });
    await deposit(t, b.id, '1000000.00');
    const retried = await moneyCall(t, BUSINESS, { method: 'POST', url: URL_OUT, payload: body(code, '900000.00'), key: k });
    expect(retried.statusCode, retried.body).toBe(200);
  });

  it('refuses another role and another tenant before the code, writing nothing', async () => {
    const code = await speiCode(t, BUSINESS);
    const before = await moneyTables(t);
    const staff = await moneyCall(t, TECHFAR, { method: 'POST', url: URL_OUT, payload: body(code) });
    expect([staff.statusCode, staff.json().message]).toEqual([403, 'Solo una empresa puede enviar transferencias SPEI']);
    // Another business approving this business's order, with its own right code: 404, as if it
    // did not exist, and its code is not spent (it rolls back with the refusal).
    const otherCode = await speiCode(t, BUSINESS_2);
    const otherBefore = await moneyTables(t);
    const [order] = await t.sql<{ v_uid: string }>(`SELECT v_uid FROM business_movements WHERE v_type = 'SPEI_OUT' LIMIT 1`);
    const other = await moneyCall(t, BUSINESS_2, { method: 'POST', url: `${URL_OUT}/approve`, payload: { Id: order!.v_uid, SecurityCode: otherCode } });
    expect(other.statusCode, other.body).toBe(404);
    expect(await moneyTables(t)).toEqual({ ...otherBefore });
    expect([await liveCode(BUSINESS), await liveCode(BUSINESS_2)]).toEqual([
      { i_attempts_left: 3, used: false },
      { i_attempts_left: 3, used: false },
    ]);
    expect(otherBefore).toEqual(before);
  });
});
