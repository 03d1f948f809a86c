/** Wallet users in API tests: a wallet of its own, its security codes, its transfers and its SPEI outs. */
import { WALLET, addUser, lastCode, type TestApp } from '../helpers';
import { expect } from 'vitest';
import { moneyCall } from './money';

let n = 0;
/** A wallet user of its own (own tenant, own phone), signed in up front. */
export async function newWallet(t: TestApp): Promise<{ email: string; id: string; client: string; phone: string }> {
  const email = `w${++n}@wallet.mx`;
  const u = await addUser(t, email, WALLET, { newTenant: true });
  const phone = `55${String(10_000_000 + n * 7919).slice(0, 8)}`;
  await t.sql(`UPDATE users SET v_cell_phone = $1 WHERE v_uid = $2`, [phone, u.v_uid]);
  await t.token(email);
  return { email, id: u.v_uid, client: u.v_client, phone };
}

/** A fresh security code of the user (the last one is aged past the resend wait first). */
export async function walletCode(t: TestApp, email: string, Operation: 'spei-out' | 'wallet-transfer') {
  await t.sql(`UPDATE security_codes SET d_create_at = d_create_at - interval '1 hour' WHERE v_uid_user = (SELECT v_uid FROM users WHERE v_email = $1)`, [
    email,
  ]);
  const res = await t.call(email, { method: 'POST', url: '/api/v1/security/code', payload: { Operation } });
  expect(res.statusCode, res.body).toBe(200);
  return lastCode(t, email);
}

/** POST wallet/transfer, confirmed with a fresh code unless one (or null: none) is given. */
export async function walletTransfer(t: TestApp, email: string, body: Record<string, unknown>, opts: { key?: string; code?: string | null } = {}) {
  const c = opts.code === undefined ? await walletCode(t, email, 'wallet-transfer') : opts.code;
  return moneyCall(t, email, { method: 'POST', url: '/api/v1/wallet/transfer', payload: { ...body, ...(c ? { SecurityCode: c } : {}) }, key: opts.key });
}

/** POST wallet/speiout, confirmed with the PIN given or a fresh code. */
export async function walletSpei(t: TestApp, email: string, body: Record<string, unknown>, opts: { pin?: string } = {}) {
  return moneyCall(t, email, {
    method: 'POST',
    url: '/api/v1/wallet/speiout',
    payload: {
      Concept: 'Pago',
      Reference: '12',
      BeneficiaryName: 'Ana Lopez',
      ...body,
      ...(opts.pin ? { Pin: opts.pin } : { SecurityCode: await walletCode(t, email, 'spei-out') }),
    },
  });
}
