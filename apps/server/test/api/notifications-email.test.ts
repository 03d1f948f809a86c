/**
 * E-mail really leaves: a real SMTP server on loopback (smtp-server) receives a notification and a
 * security code, each with a Spanish subject, a text and an HTML part and the right From. With the
 * server down the messages wait in the outbox and leave once it is back, each exactly once, even
 * with two senders (two connection pools: what two server processes are to the database).
 */
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { sendDueMessages } from '../../src/modules/outbox';
import { BUSINESS_2, TECHFAR, WALLET, count, createTestApp, type TestApp } from '../helpers';
import { demoBusiness } from '../money/money';

interface Mail {
  from: string;
  to: string[];
  raw: string;
}

/** Decodes RFC 2047 encoded words (nodemailer writes non-ASCII subjects that way). */
const decodeWords = (v: string) =>
  v.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
const header = (raw: string, name: string) => {
  const m = raw.match(new RegExp(`^${name}: ((?:.*)(?:\\r?\\n[ \\t].*)*)`, 'mi'));
  return m ? decodeWords(m[1]!.replace(/\r?\n[ \t]/g, ' ')).trim() : null;
};

function smtp() {
  const received: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return {
    received,
    listen: (port = 0) => new Promise<number>((resolve) => server.listen(port, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let second: Database;
beforeAll(async () => {
  t = await createTestApp();
  // A second connection pool on the same PostgreSQL database (PGlite is one engine: the same one).
  second = t.database.pool ? await openDatabase({ databaseUrl: t.database.pool.options.connectionString as string, poolSize: 4 }) : t.database;
  // Only this test's messages matter: older seed messages are marked sent.
  await t.sql(`UPDATE outbox SET d_sent_at = now()`);
});
afterAll(async () => {
  if (second !== t.database) await second.close();
  await t.close();
});

const FROM = 'FAR Portal <no-reply@far.mx>';

describe('the outbox over a real SMTP server', () => {
  it('delivers a notification and a security code with a Spanish subject, text and HTML parts and the From', async () => {
    const server = smtp();
    const port = await server.listen();
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    try {
      const b2 = await demoBusiness(t, BUSINESS_2);
      expect(
        (
          await t.call(TECHFAR, {
            method: 'POST',
            url: '/api/notification/action/announce',
            payload: { Audience: 'business', BusinessId: b2.id, Title: 'Cambio de horario', Text: 'Atención: el jueves cerramos a las 15 h.' },
          })
        ).statusCode,
      ).toBe(200);
      expect((await t.call(WALLET, { method: 'POST', url: '/api/v1/security/code', payload: { Operation: 'profile' } })).statusCode).toBe(200);
      const result = await sendDueMessages(t.database.db, transport, FROM);
      expect(result.failed).toBe(0);
      const notice = server.received.find((m) => m.to.includes(BUSINESS_2))!;
      expect(notice).toBeDefined();
      expect(header(notice.raw, 'Subject')).toBe('FAR Portal: Cambio de horario');
      expect(header(notice.raw, 'From')).toBe(FROM);
      expect(notice.from).toBe('no-reply@far.mx');
      expect(notice.raw).toMatch(/Content-Type: multipart\/alternative/i);
      expect(notice.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
      expect(notice.raw).toMatch(/Content-Type: text\/html; charset=utf-8/i);
      const code = server.received.find((m) => m.to.includes(WALLET))!;
      expect(header(code.raw, 'Subject')).toBe('Tu código de seguridad');
      expect(header(code.raw, 'From')).toBe(FROM);
      expect(code.raw).toMatch(/Content-Type: text\/plain/i);
      expect(code.raw).toMatch(/Content-Type: text\/html/i);
      expect(code.raw).toMatch(/\b\d{6}\b/);
      expect(await count(t, 'outbox', `d_sent_at IS NULL AND v_channel = 'email'`)).toBe(0);
    } finally {
      transport.close();
      await server.close();
    }
  });

  it('keeps messages while the server is down and sends each exactly once when it is back, with two senders', async () => {
    // Find a free port, then stop listening on it: the SMTP server is "down".
    const probe = smtp();
    const port = await probe.listen();
    await probe.close();
    const transports = [0, 1].map(() => nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, connectionTimeout: 2000 }));
    try {
      const b2 = await demoBusiness(t, BUSINESS_2);
      for (let i = 0; i < 5; i++) {
        const res = await t.call(TECHFAR, {
          method: 'POST',
          url: '/api/notification/action/announce',
          payload: { Audience: 'business', BusinessId: b2.id, Title: `Espera ${i}`, Text: 'x' },
        });
        expect(res.statusCode).toBe(200);
      }
      const queued = await t.sql<{ v_uid: string; v_to: string; v_subject: string }>(
        `SELECT v_uid, v_to, v_subject FROM outbox WHERE d_sent_at IS NULL AND v_subject LIKE 'FAR Portal: Espera %'`,
      );
      expect(queued.length).toBeGreaterThanOrEqual(5);
      const down = await sendDueMessages(t.database.db, transports[0]!, FROM);
      expect(down.sent).toBe(0);
      expect(await count(t, 'outbox', `d_sent_at IS NULL AND v_subject LIKE 'FAR Portal: Espera %'`)).toBe(queued.length);
      expect(await count(t, 'outbox', `i_attempts = 1 AND d_next_attempt_at > now() AND v_last_error IS NOT NULL`)).toBeGreaterThanOrEqual(1);

      const server = smtp();
      await server.listen(port);
      try {
        const later = new Date(Date.now() + 3_600_000);
        for (let round = 0; round < 5 && (await count(t, 'outbox', `d_sent_at IS NULL AND v_channel = 'email'`)) > 0; round++) {
          await Promise.all([sendDueMessages(t.database.db, transports[0]!, FROM, later), sendDueMessages(second.db, transports[1]!, FROM, later)]);
        }
        const got = server.received.map((m) => `${m.to.join(',')}|${header(m.raw, 'Subject')}`).filter((s) => s.includes('|FAR Portal: Espera'));
        expect(got.sort()).toEqual(queued.map((q) => `${q.v_to}|${q.v_subject}`).sort());
        expect(await count(t, 'outbox', `d_sent_at IS NULL AND v_channel = 'email'`)).toBe(0);
      } finally {
        await server.close();
      }
    } finally {
      for (const tr of transports) tr.close();
    }
  });
});
