/**
 * Maker-checker on single SPEI outs (the business's dispersion approval setting) and the
 * account-holder check on single payouts and CLABE registration (issue 10).
 */
import { APPROVAL_MESSAGES, HOLDER_MESSAGES } from '@far/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLET, addUser, addUserWithGrants, createTestApp, type TestApp } from '../helpers';
import { account } from '../dispersions/helpers';
import {
  BUSINESS,
  BUSINESS_2,
  TECHFAR,
  balance,
  deposit,
  demoBusiness,
  holdOf,
  moneyCall,
  moneyTables,
  noLimits,
  runJobs,
  speiCode,
  speiOut,
  type DemoBusiness,
} from './money';

const OUT = '/api/v1/transaction/business-movement/speiout';
const CHECKER = 'checker-spei@demo.mx';
const NO_GRANTS = 'sin-permisos-spei@demo.mx';
let t: TestApp;
let b: DemoBusiness;

const approve = async (email: string, id: string) =>
  moneyCall(t, email, { method: 'POST', url: `${OUT}/approve`, payload: { Id: id, SecurityCode: await speiCode(t, email) } });
const reject = (email: string, id: string) => t.call(email, { method: 'POST', url: `${OUT}/reject`, payload: { Id: id } });
const awaiting = async (email: string) => {
  const res = await t.call(email, { method: 'GET', url: `${OUT}/awaiting-approval?Size=100` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.Records as Array<{ Id: string; CanApprove: boolean; CreatedByEmail: string | null }>;
};
const verified = async (clabe: string) =>
  (await t.sql<{ v_result: string }>(`SELECT v_result FROM verified_clabes WHERE v_uid_business = $1 AND v_clabe = $2`, [b.id, clabe]))[0]?.v_result;
const setApproval = async (payload: Record<string, unknown>) => {
  const res = await t.call(TECHFAR, { method: 'PUT', url: `/api/v1/transaction/business/${b.id}/dispersion-approval`, payload });
  expect(res.statusCode, res.body).toBe(200);
};
/** A SPEI out to a sandbox CLABE that settles, under the holder's own name. */
const payTo = (n: number, amount: string) => {
  const a = account('990', n);
  return speiOut(t, BUSINESS, { Clabe: a.clabe, BeneficiaryName: a.name, BeneficiaryRfc: a.rfc, Amount: amount, ConfirmHolder: false });
};

beforeAll(async () => {
  t = await createTestApp();
  b = await demoBusiness(t);
  await noLimits(t, b);
  await deposit(t, b.id, '5000.00');
  await addUser(t, CHECKER, BUSINESS);
  await addUserWithGrants(t, NO_GRANTS, BUSINESS, {});
  await setApproval({ Enabled: true, ThresholdAmount: '100.00' });
});
afterAll(() => t.close());

describe('maker-checker on a single SPEI out', () => {
  it('above the threshold the order waits «Por autorizar»: nothing held, nothing queued', async () => {
    const before = await moneyTables(t);
    const bal = await balance(t, BUSINESS);
    const res = await payTo(101, '150.00');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status.message).toBe(APPROVAL_MESSAGES.speiOutAwaits);
    const m = res.json().data;
    expect(m).toMatchObject({ StatusBusinessMovement: 7, StatusName: 'Por autorizar', TrackingKey: null, CanCancel: true });
    expect(await balance(t, BUSINESS)).toEqual(bal);
    const after = await moneyTables(t);
    expect(after).toMatchObject({
      movements: before.movements + 1,
      holds: before.holds,
      held: before.held,
      jobs: before.jobs,
      transactions: before.transactions,
    });
    expect(await holdOf(t, m.Id)).toBeUndefined();
    expect((await awaiting(BUSINESS)).find((r) => r.Id === m.Id)).toMatchObject({ CanApprove: false, CreatedByEmail: BUSINESS });
    expect((await awaiting(CHECKER)).find((r) => r.Id === m.Id)).toMatchObject({ CanApprove: true });
  });

  it('the maker cannot approve or reject their own order; another business, staff, wallet and a role without grants are refused', async () => {
    const m = (await payTo(102, '120.00')).json().data;
    const before = await moneyTables(t);
    const own = await approve(BUSINESS, m.Id);
    expect(own.statusCode).toBe(422);
    expect(own.json().message).toBe(APPROVAL_MESSAGES.speiOutSameUser);
    const ownReject = await reject(BUSINESS, m.Id);
    expect(ownReject.json().message).toBe('Otro usuario de la empresa debe autorizar esta transferencia');
    const other = await approve(BUSINESS_2, m.Id);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Movimiento no encontrado');
    expect((await reject(BUSINESS_2, m.Id)).statusCode).toBe(404);
    for (const email of [TECHFAR, WALLET, NO_GRANTS]) {
      expect((await moneyCall(t, email, { method: 'POST', url: `${OUT}/approve`, payload: { Id: m.Id, SecurityCode: '123456' } })).statusCode).toBe(403);
      expect((await reject(email, m.Id)).statusCode).toBe(403);
    }
    expect((await t.call(WALLET, { method: 'GET', url: `${OUT}/awaiting-approval` })).statusCode).toBe(403);
    expect((await t.call(BUSINESS_2, { method: 'GET', url: `${OUT}/awaiting-approval` })).json().data.Records).toEqual([]);
    expect(await moneyTables(t)).toMatchObject({ movements: before.movements, holds: before.holds, held: before.held, jobs: before.jobs });
    const bad = await moneyCall(t, CHECKER, { method: 'POST', url: `${OUT}/approve`, payload: { Id: 'no-es-uuid', SecurityCode: '12' } });
    expect(bad.statusCode).toBe(400);
  });

  it('a second user approves with their own code: held and sent like any SPEI out, then settled', async () => {
    const m = (await payTo(103, '200.00')).json().data;
    const bal = await balance(t, BUSINESS);
    const res = await approve(CHECKER, m.Id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status.message).toBe('Transferencia autorizada');
    const ok = res.json().data;
    expect(ok).toMatchObject({ Id: m.Id, StatusBusinessMovement: 0, PreviousStatusBusinessMovement: 7, ChangedByUserEmail: CHECKER });
    expect(ok.TrackingKey).toMatch(/^FAR\d{18}$/);
    expect((await holdOf(t, m.Id))?.n_amount_cents).toBe(String(Math.round(Number(ok.TotalAmount) * 100)));
    const after = await balance(t, BUSINESS);
    expect(Math.round(Number(bal.availableBalance) * 100) - Math.round(Number(after.availableBalance) * 100)).toBe(Math.round(Number(ok.TotalAmount) * 100));
    const again = await approve(CHECKER, m.Id);
    expect(again.json().message).toBe(APPROVAL_MESSAGES.speiOutNotAwaiting);
    // The same request again (same Idempotency-Key) is answered as the first time, nothing moves twice.
    const k = 'f1b0c0de-0000-4000-8000-000000000001';
    const payload = { Id: (await payTo(108, '110.00')).json().data.Id, SecurityCode: await speiCode(t, CHECKER) };
    const c = await moneyCall(t, CHECKER, { method: 'POST', url: `${OUT}/approve`, payload, key: k });
    expect(c.statusCode, c.body).toBe(200);
    const replay = await moneyCall(t, CHECKER, { method: 'POST', url: `${OUT}/approve`, payload, key: k });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().data.TrackingKey).toBe(c.json().data.TrackingKey);
    await runJobs(t, 0);
    await runJobs(t, 60_000);
    const [row] = await t.sql<{ i_status: number }>(`SELECT i_status FROM business_movements WHERE v_uid = $1`, [m.Id]);
    expect(row!.i_status).toBe(2);
    expect((await awaiting(CHECKER)).some((r) => r.Id === m.Id)).toBe(false);
  });

  it('balance is checked when it is approved: a refused approval moves nothing', async () => {
    const m = (await payTo(104, '900000.00')).json().data;
    expect(m.StatusBusinessMovement).toBe(7);
    const before = await moneyTables(t);
    const res = await approve(CHECKER, m.Id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Saldo insuficiente');
    expect(await moneyTables(t)).toMatchObject({ movements: before.movements, holds: before.holds, held: before.held, jobs: before.jobs });
  });

  it('a second user rejects: «Rechazada por el autorizador», nothing moves', async () => {
    const m = (await payTo(105, '130.00')).json().data;
    const before = await moneyTables(t);
    const res = await reject(CHECKER, m.Id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      StatusBusinessMovement: 8,
      StatusName: 'Rechazada por el autorizador',
      ChangedByUserEmail: CHECKER,
      CanCancel: false,
    });
    expect(await moneyTables(t)).toMatchObject({
      movements: before.movements,
      holds: before.holds,
      held: before.held,
      jobs: before.jobs,
      transactions: before.transactions,
    });
    expect((await approve(CHECKER, m.Id)).json().message).toBe(APPROVAL_MESSAGES.speiOutNotAwaiting);
  });

  it('below the threshold, or with the setting off, it is a normal SPEI out', async () => {
    const below = await payTo(106, '50.00');
    expect(below.json().data.StatusBusinessMovement).toBe(0);
    await setApproval({ Enabled: false });
    const off = await payTo(107, '500.00');
    expect(off.json().data.StatusBusinessMovement).toBe(0);
    await setApproval({ Enabled: true, ThresholdAmount: '100.00' });
  });
});

describe('the account-holder check on single payouts and CLABE registration', () => {
  it('a holder that does not match is refused naming the holder, and nothing is written', async () => {
    const a = account('990', 201);
    const before = await moneyTables(t);
    const res = await speiOut(t, BUSINESS, { Clabe: a.clabe, BeneficiaryName: 'Otra Persona', Amount: '10.00', ConfirmHolder: false });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(HOLDER_MESSAGES.mismatch(a.name, a.rfc));
    expect(res.json().message).toContain(a.name);
    expect(await moneyTables(t)).toEqual(before);
    expect(await verified(a.clabe)).toBeUndefined();
  });

  it('with ConfirmHolder it goes and the CLABE is remembered as confirmed; the next payment is not asked again', async () => {
    const a = account('990', 202);
    const res = await speiOut(t, BUSINESS, { Clabe: a.clabe, BeneficiaryName: 'Otra Persona', Amount: '10.00', ConfirmHolder: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await verified(a.clabe)).toBe('confirmed');
    const next = await speiOut(t, BUSINESS, { Clabe: a.clabe, BeneficiaryName: 'Otra Persona', Amount: '10.00', ConfirmHolder: false });
    expect(next.statusCode, next.body).toBe(200);
  });

  it('the holder’s own name (any case, no accents) matches and is remembered; a no-such-account CLABE is refused', async () => {
    const a = account('990', 203);
    const res = await speiOut(t, BUSINESS, { Clabe: a.clabe, BeneficiaryName: a.name.toLowerCase(), Amount: '10.00', ConfirmHolder: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(await verified(a.clabe)).toBe('match');
    const none = account('012', 99_900_000_002);
    const before = await moneyTables(t);
    const refused = await speiOut(t, BUSINESS, { Clabe: none.clabe, BeneficiaryName: 'Alguien', Amount: '10.00', ConfirmHolder: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(HOLDER_MESSAGES.noSuchAccount);
    expect(await moneyTables(t)).toEqual(before);
  });

  it('registering a CLABE: a mismatch is refused unless confirmed, a missing account always', async () => {
    const count = async () => Number((await t.sql<{ n: string }>(`SELECT count(*)::text AS n FROM clabe_accounts`))[0]!.n);
    const create = (payload: Record<string, unknown>) => t.call(BUSINESS, { method: 'POST', url: '/api/v1/transaction/clabe-account/action/create', payload });
    const a = account('012', 204);
    const n = await count();
    const mismatch = await create({ Alias: 'Proveedor 204', AccountHolderName: 'Proveedor Equivocado', Clabe: a.clabe });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().message).toBe(HOLDER_MESSAGES.mismatch(a.name, a.rfc));
    expect(await count()).toBe(n);
    expect(await verified(a.clabe)).toBeUndefined();
    const none = await create({ Alias: 'Nadie', AccountHolderName: 'Nadie', Clabe: account('012', 99_900_000_003).clabe, ConfirmHolder: true });
    expect(none.json().message).toBe(HOLDER_MESSAGES.noSuchAccount);
    const confirmed = await create({ Alias: 'Proveedor 204', AccountHolderName: 'Proveedor Equivocado', Clabe: a.clabe, ConfirmHolder: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await verified(a.clabe)).toBe('confirmed');
    expect(await count()).toBe(n + 1);
  });
});
