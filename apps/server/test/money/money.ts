/**
 * Helpers of the money tests: the demo businesses, security codes, funding, SPEI out, jobs, and
 * a snapshot of every money table (to prove that a refusal wrote nothing).
 */
import { randomUUID } from 'node:crypto';
import { buildClabe } from '@far/contracts';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { runDueJobs } from '../../src/modules/jobs';
import type { Actor } from '../../src/platform/context';
import { AppError } from '../../src/platform/errors';
import { BUSINESS, BUSINESS_2, TECHFAR, createTestApp, lastCode, type TestApp } from '../helpers';

export interface DemoBusiness {
  id: string;
  client: string;
  clabe: string;
  email: string;
}

export async function demoBusiness(t: TestApp, email = BUSINESS): Promise<DemoBusiness> {
  const [b] = await t.sql<{ v_uid: string; v_client: string; v_account_number: string }>(
    `SELECT b.v_uid, b.v_client, b.v_account_number FROM businesses b JOIN users u ON u.v_client = b.v_client WHERE u.v_email = $1`,
    [email],
  );
  if (!b) throw new Error(`no business for ${email}`);
  return { id: b.v_uid, client: b.v_client, clabe: b.v_account_number, email };
}

export const key = () => randomUUID();

/** CLABEs of the sandbox banks and of real banks (valid check digits). */
export const CLABE = {
  settles: buildClabe('990', '180', '00000000011'),
  returns: buildClabe('991', '180', '00000000012'),
  rejects: buildClabe('992', '180', '00000000013'),
  bbva: buildClabe('012', '180', '00000012345'),
  banamex: buildClabe('002', '180', '00000067890'),
};

/** A fresh six-digit code for SPEI out, from the outbox (older codes are aged out of the issue limit). */
export async function speiCode(t: TestApp, email: string): Promise<string> {
  await t.sql(`UPDATE security_codes SET d_create_at = d_create_at - interval '1 hour' WHERE v_uid_user = (SELECT v_uid FROM users WHERE v_email = $1)`, [
    email,
  ]);
  const res = await t.call(email, { method: 'POST', url: '/api/v1/security/code', payload: { Operation: 'spei-out' } });
  expect(res.statusCode, res.body).toBe(200);
  return lastCode(t, email);
}

/** A money-moving call with an Idempotency-Key (a fresh one unless given; null sends none). */
export function moneyCall(t: TestApp, email: string | null, opts: InjectOptions & { key?: string | null }) {
  const { key: k, ...rest } = opts;
  const headers = { ...(rest.headers as Record<string, string> | undefined) };
  if (k !== null) headers['idempotency-key'] = k ?? key();
  return t.call(email, { ...rest, headers });
}

/** Staff deposit to a business (SPEI-in commission applies). */
export async function deposit(t: TestApp, businessId: string, amount: string) {
  const res = await moneyCall(t, TECHFAR, { method: 'POST', url: `/api/v1/transaction/business/${businessId}/deposit`, payload: { Amount: amount } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A SPEI out with a fresh code; returns the raw response. */
export async function speiOut(t: TestApp, email: string, body: Record<string, unknown>, opts: { key?: string | null; code?: string } = {}) {
  const code = opts.code ?? (await speiCode(t, email));
  return moneyCall(t, email, {
    method: 'POST',
    url: '/api/v1/transaction/business-movement/speiout',
    payload: { Concept: 'Pago de prueba', Reference: '1234', ConfirmHolder: true, ...body, SecurityCode: code },
    key: opts.key,
  });
}

export const balance = async (t: TestApp, email: string, businessId?: string) => {
  const res = await t.call(email, { method: 'POST', url: '/api/v1/transaction/opm-features/balance', payload: businessId ? { BusinessId: businessId } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { balance: string; transitBalance: string; account: string; availableBalance: string };
};

/** Runs the due jobs as of `msLater` from now (the sandbox delay is 3000 ms by default). */
export const runJobs = (t: TestApp, msLater = 60_000) => runDueJobs(t.database.db, new Date(Date.now() + msLater));

/** Row counts of every table money touches: a refused call must leave all of them as they were. */
export async function moneyTables(t: TestApp) {
  const n = async (table: string) => Number((await t.sql<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`))[0]!.n);
  const [held] = await t.sql<{ s: string }>(`SELECT coalesce(sum(n_held_cents), 0)::text AS s FROM ledger_accounts`);
  return {
    movements: await n('business_movements'),
    transactions: await n('ledger_transactions'),
    postings: await n('ledger_postings'),
    holds: await n('ledger_holds'),
    held: held!.s,
    jobs: await n('jobs'),
    idempotency: await n('idempotency_keys'),
  };
}

/** Limits out of the way (the demo seed has a global one): an enabled specific row without limits. */
export async function noLimits(t: TestApp, b: DemoBusiness) {
  const res = await t.call(TECHFAR, {
    method: 'POST',
    url: '/api/v1/transaction/limit/action/upsert',
    payload: { ScopeType: 1, BusinessId: b.id, IsEnabled: true },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A test app whose demo business has `amount` and no limits in the way (pool errors of killed waits ignored). */
export async function fundedBusiness(amount = '5000.00'): Promise<{ t: TestApp; b: DemoBusiness }> {
  const t = await createTestApp();
  t.database.pool?.on('error', () => undefined);
  const b = await demoBusiness(t);
  await noLimits(t, b);
  await deposit(t, b.id, amount);
  return { t, b };
}

export { BUSINESS, BUSINESS_2, TECHFAR };

/**
 * The text of an uncompressed pdfkit PDF (PDF_OPTIONS.compress = false): its hex-encoded
 * WinAnsi strings, decoded and joined (a kerned word comes in pieces, so pieces are joined as is).
 */
export function pdfText(pdf: Buffer): string {
  const body = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of body.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const pieces = [...m[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1'));
    out.push(pieces.join(''));
  }
  return out.join('\n');
}

/** The legs of the ledger transaction behind a business movement: owner (client or book), leg, signed cents. */
export async function legsOf(t: TestApp, movementId: string) {
  return t.sql<{ owner: string; leg: string; cents: string }>(
    `SELECT a.v_owner AS owner, p.v_leg AS leg, p.n_amount_cents::text AS cents
       FROM ledger_postings p JOIN ledger_accounts a ON a.v_uid = p.v_uid_account
      WHERE p.v_uid_transaction = (SELECT v_uid_transaction FROM business_movements WHERE v_uid = $1)
      ORDER BY p.i_line`,
    [movementId],
  );
}

export const movementRow = async (t: TestApp, id: string) =>
  (
    await t.sql<{ i_status: number; i_previous_status: number | null; v_changed_by_email: string | null; v_tracking_key: string }>(
      `SELECT * FROM business_movements WHERE v_uid = $1`,
      [id],
    )
  )[0]!;

export const holdOf = async (t: TestApp, movementId: string) =>
  (
    await t.sql<{ v_status: string; v_reason: string | null; n_amount_cents: string }>(
      `SELECT v_status, v_reason, n_amount_cents::text FROM ledger_holds WHERE v_reference = $1`,
      [`spei-out:${movementId}`],
    )
  )[0];

/** Settles concurrent calls and tallies the successes and the refusals by message (an unexpected error is named so). */
export async function tally(work: Array<Promise<unknown>>) {
  const results = await Promise.allSettled(work);
  const refusals: Record<string, number> = {};
  let ok = 0;
  for (const r of results) {
    if (r.status === 'fulfilled') ok += 1;
    else {
      const msg = r.reason instanceof AppError ? r.reason.message : `UNEXPECTED ${(r.reason as Error).message}`;
      refusals[msg] = (refusals[msg] ?? 0) + 1;
    }
  }
  return { ok, refusals };
}

/** The actor a service function is called with for a seeded user (no session, no grants: services check only the tenant). */
export async function actorByEmail(t: TestApp, email: string): Promise<Actor> {
  const [u] = await t.sql<{ v_uid: string; v_client: string; v_uid_role: string }>(`SELECT v_uid, v_client, v_uid_role FROM users WHERE v_email = $1`, [email]);
  const kind = u!.v_client.slice(0, 3) as Actor['kind'];
  return {
    userId: u!.v_uid,
    sessionId: '00000000-0000-4000-8000-000000000000',
    email,
    name: email,
    roleId: u!.v_uid_role,
    roleName: kind,
    isSuper: false,
    kind,
    client: u!.v_client,
    mustChangePassword: false,
    grants: new Map(),
  };
}
