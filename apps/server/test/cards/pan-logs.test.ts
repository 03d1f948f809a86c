/**
 * No PAN in the server log: the real server (src/main.ts) runs with LOG_LEVEL=trace through a
 * whole card flow — stock upload with bad rows, generation, matching, activation, funding, reveal,
 * purchases, refusals — and afterwards every PAN it holds is decrypted and searched for in
 * everything it wrote to stdout and stderr.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { cardKeys } from '../../src/modules/cards';

const CARD_KEY = '2'.repeat(64);
const KNOWN = ['4111111111111111', '5555555555554444', '4012888888881881'];
let server: ChildProcess;
let log = '';
let base = '';
const dataDir = mkdtempSync(join(tmpdir(), 'far-cards-logs-'));

beforeAll(async () => {
  const port = String(3900 + Math.floor(Math.random() * 90));
  const root = new URL('../..', import.meta.url).pathname;
  server = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: port,
      HOST: '127.0.0.1',
      FAR_DATA_DIR: dataDir,
      FAR_DEMO: '1',
      DATABASE_URL: '',
      LOG_LEVEL: 'trace',
      CARD_KEY,
      JOBS_POLL_MS: '200',
      RATE_LIMIT_MAX: '100000',
      RATE_LIMIT_SIGNIN: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d: Buffer) => (log += d.toString('utf8')));
  server.stderr!.on('data', (d: Buffer) => (log += d.toString('utf8')));
  base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (
    !(await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (server.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${log.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}, 150_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const tokens = new Map<string, string>();
async function call(email: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  if (!tokens.has(email)) {
    const r = await fetch(`${base}/api/v1/account/Signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Email: email, Password: 'Demo#2026' }),
    });
    tokens.set(email, (await r.json()).data.AccessToken);
  }
  const auth = { authorization: `Bearer ${tokens.get(email)}`, ...headers };
  const init =
    body instanceof FormData
      ? { method: 'POST', headers: auth, body }
      : { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const res = await fetch(`${base}${path}`, init);
  const text = await res.text();
  return { status: res.status, json: () => JSON.parse(text), text };
}
const file = (content: string, fields: Record<string, string> = {}) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append('file', new Blob([content], { type: 'text/csv' }), 'archivo.csv');
  return f;
};
async function code(email: string, operation: string) {
  await call(email, '/api/v1/security/code', { Operation: operation });
  const r = await fetch(`${base}/api/v1/outbox?search=${encodeURIComponent(email)}&perPage=1`, {
    headers: { authorization: `Bearer ${tokens.get('super@far.mx')}` },
  });
  return ((await r.json()).data.items[0].t_body as string).match(/\b(\d{6})\b/)![1]!;
}
async function batchDone(ref: string) {
  for (let i = 0; i < 100; i++) {
    const b = (await call('super@far.mx', '/api/v1/cards/cardbatchcreations/query/getbyreferencebatch', { ReferenceBatch: ref })).json().data;
    if (b.Status !== 'INPROGRESS') return b;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`batch ${ref} did not finish`);
}

describe('the server log of a full card run', () => {
  it('contains no PAN it created or received', async () => {
    const S = 'super@far.mx';
    const B = 'empresa@demo.mx';
    const up = await call(
      S,
      '/api/v1/cards/action/upload-csv',
      file(`Pan,Cvv,ValidDate\n${KNOWN.map((p) => `${p},123,12/35`).join('\n')}\n${KNOWN[0]},123,12/35\n4111111111111112,123,12/35\n`),
    );
    expect(up.status, up.text).toBe(200);
    expect((await batchDone(up.json().data.ReferenceBatch)).FailedRecords).toBe(2);
    const gen = await call(S, '/api/v1/cards/action/generate', { Count: 3 });
    await batchDone(gen.json().data.ReferenceBatch);
    expect(
      (
        await call(
          B,
          '/api/v1/cardholders/action/upload-csv',
          file('CardholderIdentifier,Names,LastName,Email,CellPhone\nLOG1,Ana,Log,log1@ejemplo.mx,5512345678\n'),
        )
      ).status,
    ).toBe(200);
    const stock = (await call(S, '/api/v1/cards/query/list', { Status: 1, Size: 1 })).json().data.Records[0].CardIdentifier as string;
    expect((await call(B, '/api/v1/cards/matchcards', file(`CardIdentifier,CardholderIdentifier\n${stock},LOG1\nNOEXISTE,LOG1\n`))).status).toBe(200);
    expect((await call(B, '/api/v1/cards/activate', {})).status).toBe(200);
    const { BusinessId } = (await call(B, '/api/v1/cardholders/query/count-by-business', {})).json().data;
    await call('operador@far.mx', `/api/v1/transaction/business/${BusinessId}/deposit`, { Amount: '1000.00' }, { 'idempotency-key': 'logs-dep' });
    const funded = await call(
      B,
      '/api/v1/transaction/cardholdermovements/load-funds-csv',
      file(`CardIdentifier,Amount\n${stock},100\n`, { SecurityCode: await code(B, 'card-funding') }),
      { 'idempotency-key': 'logs-fund' },
    );
    expect(funded.status, funded.text).toBe(200);
    const revealed = await call(B, '/api/v1/cards/query/getcardforcustomer', {
      CardIdentifier: stock,
      SecurityCode: await code(B, 'card-reveal'),
      Reason: 'Prueba de bitácora',
    });
    expect(revealed.status).toBe(200);
    expect(
      (await call(B, '/api/v1/cards/query/getpin', { CardIdentifier: stock, SecurityCode: '000000', Reason: 'Prueba de bitácora' })).status,
    ).toBeGreaterThanOrEqual(400);
    for (const amount of ['10.00', '5000.00'])
      await call(
        B,
        '/api/v1/cards/sandbox/authorize',
        { CardIdentifier: stock, MerchantName: 'Tienda', Mcc: 5411, Amount: amount },
        { 'idempotency-key': `logs-${amount}` },
      );
    await call(B, '/api/v1/cards/lock', { CardIdentifier: stock, Lock: true });
    await call(
      B,
      '/api/v1/cards/sandbox/authorize',
      { CardIdentifier: stock, MerchantName: 'Tienda', Mcc: 5411, Amount: '1.00' },
      { 'idempotency-key': 'logs-locked' },
    );
    await call(B, '/api/v1/cards/query/getcardforcustomer', { CardIdentifier: 'x'.repeat(41), SecurityCode: 'abc', Reason: '' });

    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    const database = await openDatabase({ dataDir: `${dataDir}/pglite` });
    const keys = cardKeys(Buffer.from(CARD_KEY, 'hex'));
    const rows = (await database.pglite!.query<{ t_pan_enc: string }>('SELECT t_pan_enc FROM cards')).rows;
    await database.close();
    const pans = rows.map((r) => keys.open(r.t_pan_enc));
    expect(pans).toHaveLength(6);
    expect(pans).toEqual(expect.arrayContaining(KNOWN));
    expect(log.length).toBeGreaterThan(10_000);
    for (const pan of [...pans, '4111111111111112']) expect(log.includes(pan), `PAN ${pan.slice(0, 6)}…${pan.slice(-4)} in the log`).toBe(false);
  }, 240_000);
});
