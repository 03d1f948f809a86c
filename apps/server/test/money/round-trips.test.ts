/**
 * Issue 23 §5: the database round trips of one accepted SPEI out, counted from the request's
 * arrival to its answer with the session already cached — every statement the engine is sent,
 * BEGIN and COMMIT included. A count, never a time. The payout path's share (the plan and the
 * write) is counted on its own too, so a regression says which side it is on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, TECHFAR, WALLET, addUser, count, createTestApp, freshToken, lastCode, withToken, type TestApp } from '../helpers';
import { listed, roundTrips } from '../round-trips';
import { CLABE, deposit, key, moneyCall, speiCode, speiOut } from './money';

let t: TestApp;
let businessId: string;

beforeAll(async () => {
  t = await createTestApp();
  const [b] = await t.sql<{ v_uid: string }>(`SELECT b.v_uid FROM businesses b JOIN users u ON u.v_client = b.v_client WHERE u.v_email = $1`, [BUSINESS]);
  businessId = b!.v_uid;
  await deposit(t, businessId, '1000.00');
  // Warm: the session, grants and the checked payee are cached/remembered by a first transfer.
  expect((await speiOut(t, BUSINESS, { Clabe: CLABE.settles, BeneficiaryName: 'Proveedor Uno', Amount: '1.00' })).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

/** Counts one request's statements; the rate limiter's shared counters are flushed on their own timer, not by this request. */
async function tripsOf(send: () => Promise<{ statusCode: number; body: string }>) {
  let res = { statusCode: 0, body: '' };
  const { texts } = await roundTrips(t.database, async () => {
    res = await send();
  });
  expect(res.statusCode, res.body).toBe(200);
  return texts;
}
const verbs = (texts: string[]) => texts.map((q) => q.trim().split(/\s+/)[0]!.toUpperCase());

/** A SPEI out of one peso with this token (its own session), confirmed with `code`. */
const payWith = (token: string, code: string) =>
  withToken(t, token, {
    method: 'POST',
    url: '/api/v1/transaction/business-movement/speiout',
    payload: { Clabe: CLABE.settles, BeneficiaryName: 'Proveedor Uno', Amount: '1.00', Concept: 'Pago', Reference: '1', SecurityCode: code },
    headers: { 'idempotency-key': key() },
  });

describe('one accepted SPEI out', () => {
  it('takes a fixed, small number of round trips from the request to the answer', async () => {
    const code = await speiCode(t, BUSINESS);
    const texts = await tripsOf(() => speiOut(t, BUSINESS, { Clabe: CLABE.settles, BeneficiaryName: 'Proveedor Uno', Amount: '1.00' }, { code }));
    expect(texts.length, listed(texts)).toBe(SPEI_OUT_TRIPS);
    // BEGIN; the key's claim with the cached session's check; the code; the plan under the lock; the write; the stored answer; COMMIT.
    expect(verbs(texts), listed(texts)).toEqual(['BEGIN', 'WITH', 'WITH', 'SELECT', 'WITH', 'UPDATE', 'COMMIT']);
    expect(texts[3], 'the plan statement locks the account').toMatch(/for update/i);
  });

  it('refuses at once a session revoked after its actor was cached (401, nothing moved)', async () => {
    const token = await freshToken(t, BUSINESS);
    const sid = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
    const pay = (code: string) => payWith(token, code);
    expect((await pay(await speiCode(t, BUSINESS))).statusCode).toBe(200);
    const code = await speiCode(t, BUSINESS);
    const before = await count(t, 'business_movements');
    await t.sql(`UPDATE sessions SET d_revoked_at = now() WHERE v_uid = $1`, [sid]);
    expect((await pay(code)).statusCode).toBe(401);
    expect(await count(t, 'business_movements')).toBe(before);
  });

  it('reads the actor again when a grants change made the cached one stale: the payment goes through once, nobody is signed out', async () => {
    const token = await freshToken(t, BUSINESS);
    const pay = (code: string) => payWith(token, code);
    expect((await pay(await speiCode(t, BUSINESS))).statusCode).toBe(200);
    const code = await speiCode(t, BUSINESS);
    const before = await count(t, 'business_movements');
    // Any role edited anywhere bumps the grants' version: every cached actor is stale.
    await t.sql(`INSERT INTO rbac_version (i_id, i_version) VALUES (1, 1) ON CONFLICT (i_id) DO UPDATE SET i_version = rbac_version.i_version + 1`);
    const res = await pay(code);
    expect(res.statusCode, res.body).toBe(200);
    expect(await count(t, 'business_movements')).toBe(before + 1);
  });
});

describe('one wallet-to-wallet transfer and one budget move', () => {
  it('take a fixed number of round trips', async () => {
    const [a, b] = [await walletUser('rt-a@wallet.mx'), await walletUser('rt-b@wallet.mx')];
    const staff = await moneyCall(t, TECHFAR, { method: 'POST', url: '/api/v1/wallet/deposit', payload: { UserId: a, Amount: '500' } });
    expect(staff.statusCode, staff.body).toBe(200);
    const send = (code: string) =>
      moneyCall(t, 'rt-a@wallet.mx', {
        method: 'POST',
        url: '/api/v1/wallet/transfer',
        payload: { Recipient: 'rt-b@wallet.mx', Amount: '1.00', SecurityCode: code },
      });
    expect((await send(await walletCode('rt-a@wallet.mx'))).statusCode).toBe(200); // warm: the session, the receiver's wallet
    const code = await walletCode('rt-a@wallet.mx');
    const transfer = await tripsOf(() => send(code));
    expect(transfer.length, listed(transfer)).toBe(WALLET_TRANSFER_TRIPS);
    expect(verbs(transfer)).toEqual(['BEGIN', 'WITH', 'SELECT', 'WITH', 'SELECT', 'WITH', 'UPDATE', 'COMMIT']);

    const budget = await t.call('rt-a@wallet.mx', { method: 'POST', url: '/api/v1/budget', payload: { v_name: 'Vacaciones', n_goal_amount: '300' } });
    expect(budget.statusCode, budget.body).toBe(200);
    const move = () =>
      t.call('rt-a@wallet.mx', {
        method: 'POST',
        url: `/api/v1/budget/${budget.json().data.v_uid}/movement`,
        payload: { v_type: 'add', n_amount: '1' },
        headers: { 'idempotency-key': key() },
      });
    expect((await move()).statusCode).toBe(200);
    const moved = await tripsOf(move);
    expect(moved.length, listed(moved)).toBe(BUDGET_MOVE_TRIPS);
    expect(verbs(moved)).toEqual(['BEGIN', 'WITH', 'SELECT', 'WITH', 'UPDATE', 'COMMIT']);
    expect(b).toBeTruthy();
  });
});

/** A wallet user of its own tenant, signed in. */
async function walletUser(email: string): Promise<string> {
  const u = await addUser(t, email, WALLET, { newTenant: true });
  await t.token(email);
  return u.v_uid;
}

async function walletCode(email: string): Promise<string> {
  await t.sql(`UPDATE security_codes SET d_create_at = d_create_at - interval '1 hour' WHERE v_uid_user = (SELECT v_uid FROM users WHERE v_email = $1)`, [
    email,
  ]);
  const res = await t.call(email, { method: 'POST', url: '/api/v1/security/code', payload: { Operation: 'wallet-transfer' } });
  expect(res.statusCode, res.body).toBe(200);
  return lastCode(t, email);
}

/**
 * A SPEI out, session served from the cache (0 trips): BEGIN; the key's claim, which also checks
 * that the cached session still holds; the code checked and spent; ONE statement that reads the
 * plan (business, account under FOR UPDATE, commissions, limits, destination, known payee,
 * approval policy); ONE that sums the usage and writes the hold, the order, the job and the audit
 * entry; the stored answer; COMMIT.
 */
const SPEI_OUT_TRIPS = 7;
/**
 * A wallet-to-wallet transfer: BEGIN; the key's claim; ONE plan statement that locks the sender's
 * wallet row and reads the sender, the settings, the limits, the recipient, its wallet and its
 * e-mail preference (it also says whether this user confirms with the code or the PIN); the code;
 * the two ledger accounts locked in the ledger's order with the sender's usage; ONE write of both
 * order rows, the ledger transaction, the notice, its e-mail, its live announcement and the audit
 * entry; the stored answer; COMMIT.
 */
const WALLET_TRANSFER_TRIPS = 8;
/**
 * A budget move (no confirmation beyond the session): BEGIN; the key's claim; ONE statement that
 * locks the budget, then the wallet's account and the budget's sub-account; ONE that writes the
 * ledger transaction, the budget movement, the goal's mark and the audit entry; the stored
 * answer; COMMIT. Reaching the goal adds its notice's statements.
 */
const BUDGET_MOVE_TRIPS = 6;
