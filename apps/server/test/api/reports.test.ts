/**
 * Reports (/api/v1/reports): the kinds per role, the period's figures, the streamed CSV and XLSX
 * read back as Excel would (CLABEs and keys as text, real dates, totals, no formulas), tenants,
 * bad input, and scheduled reports arriving through the outbox with the file attached.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../src/modules/jobs';
import { startOutboxSender } from '../../src/modules/outbox';
import { BUSINESS, BUSINESS_2, SUPER, TECHFAR, WALLET, count, createTestApp, type TestApp } from '../helpers';
import { demoBusiness, moneyCall, type DemoBusiness } from '../money/money';
import { readXlsx } from './report-files';

let t: TestApp;
let a: DemoBusiness;
let b: DemoBusiness;
const base = '/api/v1/reports';

async function incoming(clabe: string, amount: string, sender = 'Cliente Prueba') {
  const res = await moneyCall(t, TECHFAR, {
    method: 'POST',
    url: '/api/v1/transaction/spei/sandbox/incoming',
    payload: { Clabe: clabe, Amount: amount, SenderName: sender, Concept: 'Pago cliente' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.Movement as { TrackingKey: string; SourceAccount: { Clabe: string } };
}

const download = (email: string, body: Record<string, unknown>) => t.call(email, { method: 'POST', url: `${base}/download`, payload: body });
const summary = (email: string, body: Record<string, unknown>) => t.call(email, { method: 'POST', url: `${base}/summary`, payload: body });

/** Sums of the business's movements in the database (the truth the files must match). */
async function dbSums(client: string) {
  const [r] = await t.sql<{ n: string; amount: string; commission: string; iva: string }>(
    `SELECT count(*)::text AS n, coalesce(sum(n_amount_cents), 0)::text AS amount, coalesce(sum(n_commission_cents) FILTER (WHERE i_status = 2), 0)::text AS commission, coalesce(sum(n_iva_cents) FILTER (WHERE i_status = 2), 0)::text AS iva
       FROM business_movements WHERE v_client = $1 AND i_status <> 6`,
    [client],
  );
  return r!;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await demoBusiness(t, BUSINESS);
  b = await demoBusiness(t, BUSINESS_2);
  await incoming(a.clabe, '1500.25');
  await incoming(a.clabe, '99.99', 'Comercial Norte');
  await incoming(b.clabe, '777.77', 'Solo de B');
});
afterAll(() => t.close());

describe('kinds', () => {
  it('a business gets its five kinds; staff all eight; a wallet user none', async () => {
    const bus = await t.call(BUSINESS, { method: 'GET', url: `${base}/kinds` });
    expect((bus.json().data as Array<{ Key: string }>).map((k) => k.Key)).toEqual(['movements', 'spei-orders', 'dispersions', 'cards', 'clarifications']);
    const far = await t.call(TECHFAR, { method: 'GET', url: `${base}/kinds` });
    expect(far.json().data).toHaveLength(8);
    expect((await t.call(WALLET, { method: 'GET', url: `${base}/kinds` })).statusCode).toBe(403);
    expect((await t.call(null, { method: 'GET', url: `${base}/kinds` })).statusCode).toBe(401);
  });
});

describe('download', () => {
  it('a business downloads its movements as XLSX: CLABEs and keys as text, real dates, amounts that add up, only its own rows', async () => {
    const res = await download(BUSINESS, { Kind: 'movements', Format: 'xlsx' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/reporte-movimientos-01-\d{2}-\d{4}-a-\d{2}-\d{2}-\d{4}\.xlsx/);
    const x = await readXlsx(res.rawPayload);
    expect(x.header).not.toContain('Cliente');
    const sums = await dbSums(a.client);
    expect(x.rows).toHaveLength(Number(sums.n));
    const clabes = x.rows.map((r) => r[x.col('CLABE beneficiario')]);
    expect(clabes.every((c) => typeof c === 'string' && /^\d{18}$/.test(c))).toBe(true);
    expect(clabes).toContain(a.clabe);
    expect(x.rows.map((r) => r[x.col('CLABE ordenante')])).not.toContain(b.clabe);
    expect(x.rows.every((r) => typeof r[x.col('Clave de rastreo')] === 'string')).toBe(true);
    expect(x.rows.every((r) => r[x.col('Fecha')] instanceof Date)).toBe(true);
    const cents = x.rows.reduce((s: number, r) => s + Math.round((r[x.col('Importe')] as number) * 100), 0);
    expect(cents).toBe(Number(sums.amount));
    expect(x.sheet.getColumn(x.col('CLABE beneficiario') + 1).numFmt).toBe('@');
  });

  it('a business downloads CSV: BOM, CLABEs as ="…", money as plain decimals', async () => {
    const res = await download(BUSINESS, { Kind: 'movements', Format: 'csv' });
    expect(res.statusCode).toBe(200);
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    expect(res.body).toContain(`"=""${a.clabe}"""`);
    expect(res.body).toContain('1500.25');
    expect(res.body).not.toContain('777.77');
  });

  it('staff download every business, or the one they name', async () => {
    const all = await download(TECHFAR, { Kind: 'movements', Format: 'csv' });
    expect(all.body).toContain('777.77');
    expect(all.body).toContain('1500.25');
    const onlyB = await download(TECHFAR, { Kind: 'movements', Format: 'csv', BusinessId: b.id });
    expect(onlyB.body).toContain('777.77');
    expect(onlyB.body).not.toContain('1500.25');
  });

  it('SPEI orders keep only orders out with the asked status', async () => {
    const res = await download(BUSINESS, { Kind: 'spei-orders', Format: 'xlsx', Status: '4' });
    expect(res.statusCode).toBe(200);
    const x = await readXlsx(res.rawPayload);
    expect(x.header).toContain('Motivo');
    expect(x.rows.every((r) => r[x.col('Estatus')] === 'Rechazada')).toBe(true);
  });

  it('text that looks like a formula is written as text (CSV with a quote, XLSX as a string cell)', async () => {
    const add = await t.call(BUSINESS, {
      method: 'POST',
      url: '/api/v1/clarifications/Add',
      payload: { v_uid_type_clarification: '9e1fc050-0000-4000-8000-000000000005', t_comment: '=HYPERLINK("http://x","y")' },
    });
    expect(add.statusCode, add.body).toBe(200);
    const csv = await download(BUSINESS, { Kind: 'clarifications', Format: 'csv' });
    expect(csv.body).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    const x = await readXlsx((await download(BUSINESS, { Kind: 'clarifications', Format: 'xlsx' })).rawPayload);
    const cell = x.rows.map((r) => r[x.col('Comentario')]).find((v) => String(v).includes('HYPERLINK'));
    expect(cell).toBe('=HYPERLINK("http://x","y")');
  });

  it('staff reports: users and businesses and commissions per business and month', async () => {
    const users = await download(TECHFAR, { Kind: 'users', Format: 'csv' });
    expect(users.statusCode).toBe(200);
    expect(users.body).toContain(BUSINESS);
    const businesses = await readXlsx((await download(SUPER, { Kind: 'businesses', Format: 'xlsx' })).rawPayload);
    expect(businesses.rows.map((r) => r[businesses.col('Cuenta CLABE')])).toContain(a.clabe);
    const com = await readXlsx((await download(TECHFAR, { Kind: 'commissions', Format: 'xlsx', BusinessId: a.id })).rawPayload);
    const sums = await dbSums(a.client);
    const sum = (name: string) => com.rows.reduce((s: number, r) => s + Math.round((r[com.col(name)] as number) * 100), 0);
    expect(sum('Comisión')).toBe(Number(sums.commission));
    expect(sum('IVA')).toBe(Number(sums.iva));
    expect(typeof com.rows[0]![com.col('Operaciones liquidadas')]).toBe('number');
  });
});

describe('summary', () => {
  it("gives the period figures and one chart, only of the caller's rows", async () => {
    const res = await summary(BUSINESS, { Kind: 'movements' });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data as {
      From: string;
      To: string;
      Totals: Array<{ Label: string; Value: string }>;
      Chart: { Points: Array<{ Values: Record<string, string> }> };
    };
    expect(s.From.endsWith('-01')).toBe(true);
    const sums = await dbSums(a.client);
    expect(s.Totals[0]).toMatchObject({ Label: 'Movimientos', Value: sums.n });
    expect(s.Chart.Points.length).toBeGreaterThan(0);
    const inCents = s.Chart.Points.reduce((n, p) => n + Math.round(Number(p.Values.in) * 100), 0);
    expect(inCents).toBe(Number(sums.amount));
    const clar = await summary(TECHFAR, { Kind: 'clarifications', From: '2020-01-01', To: '2999-12-31' });
    expect(clar.statusCode).toBe(200);
    expect(clar.json().data.Totals[0].Label).toBe('Aclaraciones');
  });
});

describe('refusals', () => {
  it.each([
    ['an unknown kind', { Kind: 'tarjetas', Format: 'csv' }, 'Tipo de reporte no válido'],
    ['a status of another kind', { Kind: 'movements', Format: 'csv', Status: 'cerrado' }, 'Estatus no válido'],
    ['From after To', { Kind: 'movements', Format: 'csv', From: '2026-05-02', To: '2026-05-01' }, 'La fecha inicial debe ser anterior o igual a la final'],
    ['an impossible day', { Kind: 'movements', Format: 'csv', From: '2026-02-30' }, 'Fecha no válida'],
    ['another format', { Kind: 'movements', Format: 'pdf' }, 'Formato no válido'],
  ])('refuses %s (400, nothing written)', async (_n, body, message) => {
    const before = await count(t, 'log_user');
    const res = await download(BUSINESS, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await count(t, 'log_user')).toBe(before);
  });

  it('a business asking for a staff report gets 403; naming another business 404; nothing written', async () => {
    // Signing in writes its own audit entry: done before counting.
    await Promise.all([t.token(BUSINESS_2), t.token(WALLET)]);
    const before = [await count(t, 'log_user'), await count(t, 'report_schedules')];
    let res = await download(BUSINESS, { Kind: 'users', Format: 'csv' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Este reporte es solo para el personal FAR');
    res = await download(BUSINESS, { Kind: 'movements', Format: 'csv', BusinessId: b.id });
    expect(res.statusCode).toBe(404);
    res = await summary(BUSINESS_2, { Kind: 'movements', BusinessId: a.id });
    expect(res.statusCode).toBe(404);
    res = await t.call(BUSINESS, { method: 'POST', url: `${base}/schedules`, payload: { Kind: 'commissions', Format: 'csv', Frequency: 'daily' } });
    expect(res.statusCode).toBe(403);
    expect((await download(WALLET, { Kind: 'movements', Format: 'csv' })).statusCode).toBe(403);
    expect([await count(t, 'log_user'), await count(t, 'report_schedules')]).toEqual(before);
  });
});

describe('scheduled reports', () => {
  it('a daily report arrives by e-mail with the file attached, and the next run is queued', async () => {
    const res = await t.call(BUSINESS, { method: 'POST', url: `${base}/schedules`, payload: { Kind: 'movements', Format: 'xlsx', Frequency: 'daily' } });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data as { Id: string; NextRunAt: string };
    const next = new Date(s.NextRunAt);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    // 07:00 in Mexico City (UTC-6, no daylight saving since 2022).
    expect(next.getUTCHours()).toBe(13);
    // The run covers the Mexico City day before it: [run − 31 h, run − 7 h).
    const [expected] = await t.sql<{ n: string }>(
      `SELECT count(*)::text AS n FROM business_movements WHERE v_client = $1 AND i_status <> 6 AND d_create_at >= $2::timestamptz - interval '31 hours' AND d_create_at < $2::timestamptz - interval '7 hours'`,
      [a.client, s.NextRunAt],
    );
    await runDueJobs(t.database.db, new Date(next.getTime() + 1000), { kinds: ['report.scheduled'] });
    const [mail] = await t.sql<{ v_subject: string; t_body: string; v_uid_attachment: string | null }>(
      `SELECT v_subject, t_body, v_uid_attachment FROM outbox WHERE v_to = $1 AND v_subject LIKE 'Reporte%' ORDER BY d_create_at DESC LIMIT 1`,
      [BUSINESS],
    );
    expect(mail!.v_subject).toMatch(/^Reporte Movimientos del \d{2}\/\d{2}\/\d{4}$/);
    expect(mail!.t_body).toContain(`(${expected!.n} filas)`);
    const [file] = await t.sql<{ v_name: string; b_content: Buffer }>(`SELECT v_name, b_content FROM files WHERE v_uid = $1`, [mail!.v_uid_attachment]);
    expect(file!.v_name).toMatch(/\.xlsx$/);
    const x = await readXlsx(Buffer.from(file!.b_content));
    expect(x.rows).toHaveLength(Number(expected!.n));
    const jobs = await t.sql<{ d_run_at: Date }>(`SELECT d_run_at FROM jobs WHERE v_kind = 'report.scheduled' AND v_status = 'pending'`);
    expect(jobs.map((j) => new Date(j.d_run_at).getTime())).toContain(next.getTime() + 24 * 3_600_000);

    // The list, and stopping it: only the owner.
    expect((await t.call(BUSINESS, { method: 'GET', url: `${base}/schedules` })).json().data).toHaveLength(1);
    expect((await t.call(BUSINESS_2, { method: 'POST', url: `${base}/schedules/delete/${s.Id}` })).statusCode).toBe(404);
    expect((await t.call(BUSINESS, { method: 'POST', url: `${base}/schedules/delete/${s.Id}` })).statusCode).toBe(200);
    expect((await t.call(BUSINESS, { method: 'GET', url: `${base}/schedules` })).json().data).toHaveLength(0);
    // The pending run finds it stopped and sends nothing.
    const mails = await count(t, 'outbox', `v_subject LIKE 'Reporte%'`);
    await runDueJobs(t.database.db, new Date(next.getTime() + 25 * 3_600_000), { kinds: ['report.scheduled'] });
    expect(await count(t, 'outbox', `v_subject LIKE 'Reporte%'`)).toBe(mails);
  });

  it('a monthly report runs on the 1st at 07:00 for the month before', async () => {
    const res = await t.call(TECHFAR, { method: 'POST', url: `${base}/schedules`, payload: { Kind: 'commissions', Format: 'csv', Frequency: 'monthly' } });
    expect(res.statusCode, res.body).toBe(200);
    const next = new Date(res.json().data.NextRunAt);
    expect(next.getUTCDate()).toBe(1);
    await runDueJobs(t.database.db, new Date(next.getTime() + 1000), { kinds: ['report.scheduled'] });
    const [mail] = await t.sql<{ v_subject: string }>(
      `SELECT v_subject FROM outbox WHERE v_to = $1 AND v_subject LIKE 'Reporte%' ORDER BY d_create_at DESC LIMIT 1`,
      [TECHFAR],
    );
    expect(mail!.v_subject).toMatch(/^Reporte Comisiones e IVA por empresa y mes del 01\/\d{2}\/\d{4} al (28|29|30|31)\/\d{2}\/\d{4}$/);
  });

  it('refuses a bad frequency and writes nothing', async () => {
    const before = await count(t, 'report_schedules');
    const res = await t.call(BUSINESS, { method: 'POST', url: `${base}/schedules`, payload: { Kind: 'movements', Format: 'csv', Frequency: 'weekly' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Frecuencia no válida');
    expect(await count(t, 'report_schedules')).toBe(before);
  });
});

describe('the e-mail leaves', () => {
  it('the outbox sender hands a scheduled report to SMTP with the file attached', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString('latin1')));
        stream.on('end', () => {
          received.push(raw);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    const res = await t.call(BUSINESS, { method: 'POST', url: `${base}/schedules`, payload: { Kind: 'spei-orders', Format: 'csv', Frequency: 'daily' } });
    expect(res.statusCode, res.body).toBe(200);
    await runDueJobs(t.database.db, new Date(new Date(res.json().data.NextRunAt).getTime() + 1000), { kinds: ['report.scheduled'] });
    const stop = startOutboxSender(t.database, `smtp://127.0.0.1:${port}`, 'FAR Portal <no-reply@far.mx>', 100);
    try {
      // The subject has accents: it travels encoded (RFC 2047), so the message is found by its attachment.
      const isReport = (m: string) => m.includes('filename=reporte-ordenes-spei-');
      await expect.poll(() => received.some(isReport), { timeout: 15_000 }).toBe(true);
      const mail = received.find(isReport)!;
      expect(mail).toMatch(/Subject: =\?UTF-8\?/);
      expect(mail).toMatch(/Content-Disposition: attachment;\s+filename=reporte-ordenes-spei-\d{2}-\d{2}-\d{4}-a-\d{2}-\d{2}-\d{4}\.csv/);
      expect(mail).toContain('From: FAR Portal <no-reply@far.mx>');
      // The sender marks its batch sent when the batch's transaction commits, after the SMTP hand-off.
      const sentAt = async () =>
        (
          await t.sql<{ d_sent_at: Date | null }>(
            `SELECT d_sent_at FROM outbox WHERE v_uid_attachment IS NOT NULL AND v_to = $1 ORDER BY d_create_at DESC LIMIT 1`,
            [BUSINESS],
          )
        )[0]!.d_sent_at;
      await expect.poll(sentAt, { timeout: 15_000 }).not.toBeNull();
    } finally {
      stop();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
