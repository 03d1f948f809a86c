/**
 * CLABEs registered at STP: every CLABE already issued is registered when the rail is STP (the
 * first sweep), a new business's CLABE is registered with one refusal retried, the screens' call
 * tells whether a CLABE is registered, and a closed business's CLABE is deregistered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, BUSINESS_2, SUPER, TECHFAR } from '../helpers';
import { demoBusiness } from '../money/money';
import { moralBusiness } from '../people';
import { stpWorld, type StpWorld } from './setup';

let w: StpWorld;
beforeAll(async () => {
  w = await stpWorld();
}, 120_000);
afterAll(() => w.close());

/** A new business, created by staff (its CLABE is issued at once). */
async function newBusiness(): Promise<string> {
  const res = await w.t.call(SUPER, { method: 'POST', url: '/api/v1/profiles/business/action/create', payload: await moralBusiness(w.t) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.Id as string;
}

const registration = async (email: string, businessId?: string) => {
  const res = await w.t.call(email, { method: 'GET', url: `/api/v1/transaction/spei-rail/clabe-registration${businessId ? `?BusinessId=${businessId}` : ''}` });
  return { status: res.statusCode, data: res.json().data };
};

describe('accounts at STP', () => {
  it('registers every CLABE issued before the switch, once, signed as STP verifies', async () => {
    const b = await demoBusiness(w.t);
    expect((await registration(BUSINESS)).data).toMatchObject({ Clabe: b.clabe, Rail: 'stp', Registered: false, StatusName: 'Registro en STP pendiente' });
    await w.step();
    const a = w.fake.accounts.get(b.clabe)!;
    expect(a).toBeDefined();
    expect(a.body).toMatchObject({ empresa: 'TAMIZI', cuenta: b.clabe });
    expect((await registration(BUSINESS)).data).toMatchObject({ Registered: true, StatusName: 'Registrada en STP' });
    const calls = w.fake.accountCalls.length;
    await w.step(10 * 60_000);
    expect(w.fake.accountCalls.length).toBe(calls);
  });

  it("registers a new business's CLABE, retrying after STP refuses it once", async () => {
    const id = await newBusiness();
    const [row] = await w.t.sql<{ v_account_number: string }>('SELECT v_account_number FROM businesses WHERE v_uid = $1', [id]);
    const clabe = row!.v_account_number;
    w.fake.troubleOnAccount.set(w.fake.accountCalls.length + 1, { refuse: [1, 'rfc/curp invalido'] });
    await w.step();
    expect(w.fake.accounts.has(clabe)).toBe(false);
    expect((await registration(TECHFAR, id)).data).toMatchObject({
      Registered: false,
      StatusName: 'Registro en STP pendiente',
      LastError: 'STP: rfc/curp invalido',
    });
    await w.step(60 * 60_000);
    expect(w.fake.accounts.get(clabe)).toMatchObject({ persona: 'moral', active: true });
    expect(w.fake.accountCalls.filter((c) => c === `PUT ${clabe}`)).toHaveLength(2);
    expect((await registration(SUPER, id)).data).toMatchObject({ Registered: true, StatusName: 'Registrada en STP' });
  });

  it("answers a business user about its own CLABE; another tenant's id is 404", async () => {
    const other = await demoBusiness(w.t, BUSINESS_2);
    const mine = await demoBusiness(w.t);
    expect((await registration(BUSINESS)).data.Clabe).toBe(mine.clabe);
    expect((await registration(BUSINESS, other.id)).status).toBe(404);
    const res = await w.t.call(null, { method: 'GET', url: '/api/v1/transaction/spei-rail/clabe-registration' });
    expect(res.statusCode).toBe(401);
    expect(
      (await w.t.call(TECHFAR, { method: 'GET', url: '/api/v1/transaction/spei-rail/clabe-registration?BusinessId=0b5c3f1e-8d2a-4c6b-9e7f-1a2b3c4d5e6f' }))
        .statusCode,
    ).toBe(404);
  });

  it('deregisters the CLABE of a business that is deleted', async () => {
    const id = await newBusiness();
    await w.step();
    const [row] = await w.t.sql<{ v_account_number: string }>('SELECT v_account_number FROM businesses WHERE v_uid = $1', [id]);
    expect(w.fake.accounts.get(row!.v_account_number)?.active).toBe(true);
    await w.t.sql('UPDATE businesses SET d_deleted_at = now(), d_update_at = now() WHERE v_uid = $1', [id]);
    await w.step();
    expect(w.fake.accounts.get(row!.v_account_number)?.active).toBe(false);
    expect(w.fake.accountCalls).toContain(`DELETE ${row!.v_account_number}`);
  });
});

describe('the rail state for staff', () => {
  it('shows STP available, with what waits, and refuses business users', async () => {
    const res = await w.t.call(TECHFAR, { method: 'GET', url: '/api/v1/transaction/spei-rail/state' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ Rail: 'stp', RailName: 'STP', Queued: 0, Unconfirmed: 0 });
    expect((await w.t.call(BUSINESS, { method: 'GET', url: '/api/v1/transaction/spei-rail/state' })).statusCode).toBe(403);
  });
});
