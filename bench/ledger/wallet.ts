// Wallet-to-wallet transfers per second over HTTP (issue 11): POST /api/v1/wallet/transfer with a
// bearer token, Idempotency-Key and security code, the wallet row lock, the user's own and the
// provider's limits, one ledger transaction (two accounts), two movement rows, the receiver's notice
// and the audit entry. CLIENTS wallets send at once, each to the next one (a ring, so every
// wallet also receives), from a load generator in its own process.
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { buildApp, openDatabase } from '@far/server';
import { benchDatabase } from '../lib/app';
import { needScratch } from '../lib/load';

export interface WalletRun {
  transfersPerSecond: number;
  calls: number;
  non2xx: number;
  p50: number;
  p99: number;
  check: string;
}

export async function httpWalletTransfers(o: { clients: number; seconds: number }): Promise<WalletRun> {
  const scratch = await needScratch('far_bench_wallet');
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: o.clients });
  const config = await benchDatabase(database);
  const app = await buildApp({ config, database, logger: false });
  const CODE = '123456';
  // A person asks for a code before each transfer; the bench writes that code row (one INSERT) instead.
  app.addHook('onRequest', async (req) => {
    if (!req.url.endsWith('/wallet/transfer') || !req.actor) return;
    const id = randomUUID();
    await database.query(
      'bench_wallet_code',
      `INSERT INTO security_codes (v_uid, v_uid_user, v_operation, v_code_hash, d_expires_at, i_attempts_left) VALUES ($1, $2, 'wallet-transfer', $3, now() + interval '5 minutes', 3)`,
      [id, req.actor.userId, createHash('sha256').update(`${id}:${CODE}`).digest('hex')],
    );
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const post = async (path: string, token: string | null, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { data: Record<string, string> };
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  const signin = async (email: string) => (await post('/api/v1/account/Signin', null, { Email: email, Password: 'Demo#2026' })).AccessToken!;
  const staff = await signin('operador@far.mx');
  // CLIENTS wallet users cloned from the demo one (own client number, e-mail and phone).
  const cols = (
    await database.query<{ c: string }>(
      'bench_wallet_cols',
      "SELECT column_name AS c FROM information_schema.columns WHERE table_name = 'users' ORDER BY ordinal_position",
      [],
    )
  ).map((r) => r.c);
  const emails: string[] = [];
  for (let i = 1; i <= o.clients; i++) {
    const email = `wallet${i}@bench.mx`;
    const over: Record<string, string> = { v_uid: 'gen_random_uuid()', v_client: '$1', v_email: '$2', v_cell_phone: '$3' };
    await database.query(
      'bench_wallet_clone',
      `INSERT INTO users (${cols.join(', ')}) SELECT ${cols.map((c) => over[c] ?? c).join(', ')} FROM users WHERE v_email = 'wallet@demo.mx'`,
      [`WAL9${String(i).padStart(5, '0')}`, email, `59${String(i).padStart(8, '0')}`],
    );
    emails.push(email);
  }
  const tokens = await Promise.all(emails.map(signin));
  const ids = await database.query<{ v_uid: string; v_email: string }>('bench_wallet_ids', 'SELECT v_uid, v_email FROM users WHERE v_email = ANY($1)', [
    emails,
  ]);
  for (const u of ids) await post('/api/v1/wallet/deposit', staff, { UserId: u.v_uid, Amount: '1000000.00' });
  const bodies = emails.map((_, i) => JSON.stringify({ Recipient: emails[(i + 1) % emails.length], Amount: '1.00', SecurityCode: CODE }));
  const count = async () =>
    Number(
      (await database.query<{ n: string }>('bench_wallet_count', "SELECT count(*)::text AS n FROM business_movements WHERE v_type = 'WALLET_OUT'", []))[0]!.n,
    );
  const before = await count();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      new URL('../lib/spread-load.ts', import.meta.url).pathname,
      JSON.stringify({ url: `${base}/api/v1/wallet/transfer`, tokens, body: bodies[0], bodies, seconds: o.seconds, connections: o.clients }),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise((resolve) => child.on('exit', resolve));
  const r = JSON.parse(out) as { ok: number; non2xx: number; p50: number; p99: number };
  const transfers = (await count()) - before;
  const [c] = await database.query<{ total: string; overdrawn: number; wallets: string }>(
    'bench_wallet_check',
    `SELECT (SELECT coalesce(sum(n_balance_cents), 0) FROM ledger_accounts)::text AS total,
            (SELECT count(*) FROM ledger_accounts WHERE b_customer AND n_balance_cents - n_held_cents < 0)::int AS overdrawn,
            (SELECT coalesce(sum(n_balance_cents), 0) FROM ledger_accounts WHERE v_owner LIKE 'WAL9%')::text AS wallets`,
    [],
  );
  await app.close();
  await database.close();
  await scratch.drop();
  return {
    transfersPerSecond: transfers / o.seconds,
    calls: r.ok,
    non2xx: r.non2xx,
    p50: r.p50,
    p99: r.p99,
    check: `ledger check: all accounts sum to ${c!.total}, customer accounts below zero: ${c!.overdrawn}, the ${o.clients} wallets hold ${c!.wallets} cents (deposited ${o.clients * 100_000_000})`,
  };
}
