/** Helpers of the cards tests: multipart uploads, stock generation, a funded active card. */
import { expect } from 'vitest';
import { runDueJobs } from '../../src/modules/jobs';
import { BUSINESS, SUPER, lastCode, type TestApp } from '../helpers';
import { deposit, demoBusiness, key } from '../money/money';

export function multipart(fields: Record<string, string>, file?: { name: string; content: string | Buffer }) {
  const boundary = `----far${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`));
    parts.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const upload = (
  t: TestApp,
  as: string | null,
  url: string,
  file: { name: string; content: string | Buffer } | undefined,
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
) => {
  const m = multipart(fields, file);
  return t.call(as, { method: 'POST', url, payload: m.payload, headers: { ...m.headers, ...headers } });
};

export async function generateStock(t: TestApp, count: number) {
  const res = await t.call(SUPER, { method: 'POST', url: '/api/v1/cards/action/generate', payload: { Count: count } });
  expect(res.statusCode, res.body).toBe(200);
  await runDueJobs(t.database.db, new Date(Date.now() + 1000));
  return res.json().data.ReferenceBatch as string;
}

export const post = (t: TestApp, as: string | null, url: string, payload: unknown = {}, headers: Record<string, string> = {}) =>
  t.call(as, { method: 'POST', url, payload: payload as never, headers });

/** Cardholders, matched and activated stock cards of the demo business; returns the card identifiers. */
export async function activeCards(t: TestApp, holders: string[], as = BUSINESS): Promise<string[]> {
  const csv = `CardholderIdentifier,Names,LastName,Email,CellPhone\n${holders.map((h) => `${h},Ana,Pérez,${h.toLowerCase()}@ejemplo.mx,5512345678`).join('\n')}\n`;
  const created = await upload(t, as, '/api/v1/cardholders/action/upload-csv', { name: 'th.csv', content: csv });
  expect(created.statusCode, created.body).toBe(200);
  const stock = await post(t, SUPER, '/api/v1/cards/query/list', { Status: 1, Size: holders.length });
  const ids = (stock.json().data.Records as { CardIdentifier: string }[]).map((c) => c.CardIdentifier);
  expect(ids.length).toBe(holders.length);
  const match = await upload(t, as, '/api/v1/cards/matchcards', {
    name: 'm.csv',
    content: `CardIdentifier,CardholderIdentifier\n${ids.map((id, i) => `${id},${holders[i]}`).join('\n')}\n`,
  });
  expect(match.statusCode, match.body).toBe(200);
  expect(match.json().data.MatchedRecords).toBe(holders.length);
  const act = await post(t, as, '/api/v1/cards/activate', {});
  expect(act.statusCode, act.body).toBe(200);
  return ids;
}

export async function fundingCode(t: TestApp, email: string) {
  await t.sql(`UPDATE security_codes SET d_create_at = d_create_at - interval '1 hour' WHERE v_uid_user = (SELECT v_uid FROM users WHERE v_email = $1)`, [
    email,
  ]);
  const res = await post(t, email, '/api/v1/security/code', { Operation: 'card-funding' });
  expect(res.statusCode, res.body).toBe(200);
  return lastCode(t, email);
}
export async function revealCode(t: TestApp, email: string) {
  await t.sql(`UPDATE security_codes SET d_create_at = d_create_at - interval '1 hour' WHERE v_uid_user = (SELECT v_uid FROM users WHERE v_email = $1)`, [
    email,
  ]);
  const res = await post(t, email, '/api/v1/security/code', { Operation: 'card-reveal' });
  expect(res.statusCode, res.body).toBe(200);
  return lastCode(t, email);
}

/** Funds cards from the business (after a staff deposit), with a fresh code. */
export async function fund(t: TestApp, rows: [string, string][], as = BUSINESS) {
  const b = await demoBusiness(t, as);
  await deposit(t, b.id, '100000.00');
  const code = await fundingCode(t, as);
  const res = await upload(
    t,
    as,
    '/api/v1/transaction/cardholdermovements/load-funds-csv',
    { name: 'f.csv', content: `CardIdentifier,Amount\n${rows.map((r) => r.join(',')).join('\n')}\n` },
    { SecurityCode: code },
    { 'idempotency-key': key() },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
