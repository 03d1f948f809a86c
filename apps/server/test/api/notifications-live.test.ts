/**
 * The live bell: a notice committed by one server reaches a Server-Sent Events client of another
 * through PostgreSQL LISTEN/NOTIFY. In-process with two apps on one database (both engines), and
 * on PostgreSQL with a second real server process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase, type Database } from '../../src/db/client';
import { DEMO_PASSWORD } from '../config';
import { BUSINESS_2, TECHFAR, count, createTestApp, type TestApp } from '../helpers';
import { demoBusiness } from '../money/money';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

/** Reads `event: unread` messages off an SSE response. */
function sseReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    /** The next unread count that satisfies `ok`, or throws after `ms`. */
    async next(ok: (n: number) => boolean, ms = 5000): Promise<number> {
      const deadline = Date.now() + ms;
      for (;;) {
        let idx: number;
        while ((idx = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, idx);
          buffer = buffer.slice(idx + 2);
          const data = block.match(/^event: unread\ndata: (.*)$/m)?.[1];
          if (data) {
            const n = JSON.parse(data).unread as number;
            if (ok(n)) return n;
          }
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no live message in time');
        const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), left))]);
        if (!chunk) throw new Error('no live message in time');
        if (chunk.done) throw new Error('stream ended');
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    cancel: () => reader.cancel().catch(() => undefined),
  };
}

async function signinAt(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/account/Signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: email, Password: DEMO_PASSWORD }),
  });
  return (await res.json()).data.AccessToken;
}
/** A ticket and the session cookie the browser keeps from that answer (`far_live=…`). */
async function ticketAt(base: string, token: string): Promise<{ ticket: string; cookie: string }> {
  const res = await fetch(`${base}/api/notification/stream/ticket`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(res.status).toBe(200);
  return { ticket: (await res.json()).data.Ticket, cookie: res.headers.getSetCookie()[0]!.split(';')[0]! };
}
/** What a browser's EventSource sends: the ticket in the URL and its cookies. */
const openStream = (base: string, { ticket, cookie }: { ticket: string; cookie?: string }, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/notification/stream?ticket=${ticket}`, { headers: { ...(cookie ? { cookie } : {}), ...headers } });

let t: TestApp;
let other: { app: FastifyInstance; database: Database; base: string };
beforeAll(async () => {
  t = await createTestApp();
  // Server B: its own app and, on PostgreSQL, its own pool and listener connection.
  const database = t.database.pool ? await openDatabase({ databaseUrl: t.database.pool.options.connectionString as string, poolSize: 4 }) : t.database;
  const app = await buildApp({ config: t.config, database, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  other = { app, database, base };
});
afterAll(async () => {
  await other.app.close();
  if (other.database !== t.database) await other.database.close();
  await t.close();
});

const announce = async (title: string) => {
  const b2 = await demoBusiness(t, BUSINESS_2);
  const res = await t.call(TECHFAR, {
    method: 'POST',
    url: '/api/notification/action/announce',
    payload: { Audience: 'business', BusinessId: b2.id, Title: title, Text: 'En vivo' },
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe('the live stream', () => {
  it('gives the unread count at once and again when a notice is written through the other server', async () => {
    const res = await openStream(other.base, await ticketAt(other.base, await signinAt(other.base, BUSINESS_2)));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const sse = sseReader(res);
    try {
      const first = await sse.next(() => true);
      await announce('Aviso en vivo');
      expect(await sse.next((n) => n > first)).toBe(first + 1);
      // Reading it elsewhere lowers the count live too.
      const [row] = await t.sql<{ v_uid: string }>(
        `SELECT v_uid FROM notifications WHERE v_title = 'Aviso en vivo' AND v_uid_user = (SELECT v_uid FROM users WHERE v_email = $1)`,
        [BUSINESS_2],
      );
      expect(
        (await t.call(BUSINESS_2, { method: 'POST', url: `/api/notification/action/update/${row!.v_uid}`, payload: { Data: { i_status: 2 } } })).statusCode,
      ).toBe(200);
      expect(await sse.next((n) => n === first)).toBe(first);
    } finally {
      await sse.cancel();
    }
  });

  it('opens only with a fresh, unused ticket', async () => {
    const ticket = await ticketAt(other.base, await signinAt(other.base, BUSINESS_2));
    const ok = await openStream(other.base, ticket);
    expect(ok.status).toBe(200);
    await ok.body!.cancel();
    const again = await openStream(other.base, ticket);
    expect(again.status).toBe(401);
    expect((await again.json()).message).toBe('El boleto no es válido o ya se usó');
    const bad = await fetch(`${other.base}/api/notification/stream?ticket=abc`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('Ticket no válido');
    const expired = await ticketAt(other.base, await signinAt(other.base, BUSINESS_2));
    await t.sql(`UPDATE notification_stream_tickets SET d_expires_at = now() - interval '1 second'`);
    expect((await openStream(other.base, expired)).status).toBe(401);
    // A ticket needs a session; only its hash is stored.
    expect((await t.call(null, { method: 'POST', url: '/api/notification/stream/ticket', payload: {} })).statusCode).toBe(401);
    expect(await count(t, 'notification_stream_tickets', `v_hash = $1`, [expired.ticket])).toBe(0);
  });

  it('belongs to the session that asked for it: another session, or none where a cookie is expected, is refused and spends it', async () => {
    const [mine, colleague] = [await signinAt(other.base, BUSINESS_2), await signinAt(other.base, TECHFAR)];
    const theirs = await ticketAt(other.base, colleague);
    const refusedBy = async (res: Response) => [res.status, (await res.json()).message];
    const SPENT = [401, 'El boleto no es válido o ya se usó'];
    const NOT_YOURS = [401, 'El boleto no pertenece a esta sesión'];
    // The cookie is httpOnly, SameSite=Strict and sent only to the stream.
    expect(theirs.cookie).toMatch(/^far_live=[\w-]{43}$/);
    const setCookie = (
      await fetch(`${other.base}/api/notification/stream/ticket`, {
        method: 'POST',
        headers: { authorization: `Bearer ${mine}`, 'content-type': 'application/json' },
        body: '{}',
      })
    ).headers.getSetCookie()[0];
    expect(setCookie).toMatch(/Path=\/api\/notification\/stream; HttpOnly; SameSite=Strict/);

    // A ticket taken by one user, presented with another user's session cookie: refused, and spent for its owner too.
    const mineTicket = await ticketAt(other.base, mine);
    expect(await refusedBy(await openStream(other.base, { ticket: theirs.ticket, cookie: mineTicket.cookie }))).toEqual(NOT_YOURS);
    expect(await refusedBy(await openStream(other.base, theirs))).toEqual(SPENT);
    // No cookie where one is expected (a browser): refused and spent.
    expect(await refusedBy(await openStream(other.base, { ticket: mineTicket.ticket }))).toEqual(NOT_YOURS);
    expect(await refusedBy(await openStream(other.base, mineTicket))).toEqual(SPENT);
    // The same person's other sign-in is another session.
    const again = await ticketAt(other.base, await signinAt(other.base, BUSINESS_2));
    expect(await refusedBy(await openStream(other.base, { ticket: again.ticket }, { authorization: `Bearer ${mine}` }))).toEqual(NOT_YOURS);
    // An API client sends its own session's token instead of the cookie.
    const api = await ticketAt(other.base, mine);
    const res = await openStream(other.base, { ticket: api.ticket }, { authorization: `Bearer ${mine}` });
    expect(res.status).toBe(200);
    await res.body!.cancel();
    expect(await count(t, 'notification_stream_tickets')).toBe(1); // the one taken above only to read its cookie
  });
});

const url = process.env.TEST_DATABASE_URL;
describe.skipIf(!url)('across two server processes (PostgreSQL)', () => {
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null) await new Promise((resolve) => (child!.once('exit', resolve), child!.kill('SIGTERM')));
  });

  it('a notice written through this process reaches a stream client of a separate server process', async () => {
    const env = {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: t.database.pool!.options.connectionString as string,
      FAR_DEMO: '0',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      JWT_SECRET: 'another-process-secret-another-process-0',
      ENVELOPE_KEY: '2'.repeat(64),
      FAR_WEB_DIST: '/nonexistent',
      JOBS_POLL_MS: '60000',
      DATABASE_POOL_SIZE: '3',
    };
    child = spawn(process.execPath, ['--import', 'tsx', MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const base = await new Promise<string>((resolve, reject) => {
      let out = '';
      const onData = (chunk: Buffer) => {
        out += chunk.toString();
        const m = out.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
        if (m) resolve(m[1]!);
      };
      child!.stdout!.on('data', onData);
      child!.stderr!.on('data', onData);
      child!.once('exit', (code) => reject(new Error(`el proceso terminó (${code}):\n${out}`)));
    });
    const res = await openStream(base, await ticketAt(base, await signinAt(base, BUSINESS_2)));
    const sse = sseReader(res);
    try {
      const first = await sse.next(() => true, 10_000);
      await announce('Aviso entre procesos');
      expect(await sse.next((n) => n > first)).toBe(first + 1);
    } finally {
      await sse.cancel();
    }
  }, 90_000);
});
