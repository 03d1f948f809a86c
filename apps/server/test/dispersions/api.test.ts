/**
 * Dispersions through HTTP: the file (every error at once), the preview, the code and the key,
 * now and scheduled, statuses, re-send, maker-checker, the account-holder check, the legacy
 * /api/v1/dispersal calls, and every refusal with its Spanish message and nothing written.
 */
import { ALL_FAILED } from '@far/contracts';
import { addDays, mexicoDate, mexicoMidnight } from '../../src/platform/mexico-time';
import { runDueJobs } from '../../src/modules/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_2, WALLET, addUser, createTestApp, type TestApp } from '../helpers';
import { BUSINESS, TECHFAR, balance, demoBusiness, deposit, key, noLimits, type DemoBusiness } from '../money/money';
import { BASE, account, create, csv, dispersion, dispersionCode, dispersionTables, fileOf, rowsOf, settleAll, validate } from './helpers';

let t: TestApp;
let b: DemoBusiness;
const A = account('990', 11);
const B = account('990', 12);
const R = account('991', 13);
const X = account('992', 14);

beforeAll(async () => {
  t = await createTestApp();
  b = await demoBusiness(t);
  await noLimits(t, b);
  const res = await t.call(TECHFAR, {
    method: 'PUT',
    url: '/api/v1/transaction/speiconfig/global',
    payload: { CommissionSpeiInGlobal: '0', EnableSpeiOutGlobal: true, CommissionSpeiOutTransaction: '5.55', CommissionDepositCardholder: '0' },
  });
  expect(res.statusCode, res.body).toBe(200);
  await deposit(t, b.id, '100000.00');
});
afterAll(() => t.close());

describe('the file', () => {
  it('downloads both templates, and the CSV template validates as is', async () => {
    const res = await t.call(BUSINESS, { method: 'GET', url: `${BASE}/speiout-dispersion/template?Format=csv` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body).toContain('Nombre del beneficiario');
    const xlsx = await t.call(BUSINESS, { method: 'GET', url: `${BASE}/speiout-dispersion/template?Format=xlsx` });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    for (const [name, content] of [
      ['plantilla.csv', res.rawPayload],
      ['plantilla.xlsx', xlsx.rawPayload],
    ] as const) {
      const v = await validate(t, BUSINESS, { File: fileOf(content, name) });
      expect(v.statusCode, v.body).toBe(200);
      const p = v.json().data;
      expect(p.Errors).toEqual([]);
      expect(p.Rows).toHaveLength(2);
      expect(p.Rows.map((r: { HolderCheck: string }) => r.HolderCheck)).toEqual(['match', 'match']);
    }
  });

  it('answers every row error at once with row, column and the Spanish message', async () => {
    const text = csv([
      { name: A.name, clabe: A.clabe, amount: '10.005' },
      { name: B.name, clabe: B.clabe, amount: '-5' },
      { name: 'Juan', clabe: '012180000000000000', amount: '5.00' },
      { name: '=HYPERLINK("x")', clabe: A.clabe, amount: '7.00' },
      { name: A.name, clabe: A.clabe, amount: '20.00', reference: '55' },
      { name: A.name, clabe: A.clabe, amount: '20.00', reference: '55' },
      { name: A.name, clabe: A.clabe, amount: '1.00', reference: '12345678' },
    ]);
    const before = await dispersionTables(t);
    const res = await validate(t, BUSINESS, { File: fileOf(text) });
    expect(res.statusCode, res.body).toBe(200);
    const errors = res.json().data.Errors as Array<{ Row: number; Column: string; Message: string }>;
    expect(errors).toEqual(
      expect.arrayContaining([
        { Row: 2, Column: 'Monto', Message: 'El monto admite como máximo dos decimales' },
        { Row: 3, Column: 'Monto', Message: 'El monto debe ser mayor a cero' },
        expect.objectContaining({ Row: 4, Column: 'CLABE' }),
        { Row: 5, Column: 'Nombre del beneficiario', Message: 'La celda no puede comenzar con =, +, - o @' },
        { Row: 7, Column: 'CLABE', Message: 'Fila duplicada: misma CLABE, monto y referencia que la fila 6' },
        { Row: 8, Column: 'Referencia numérica', Message: 'La referencia numérica debe tener de 1 a 7 dígitos' },
      ]),
    );
    expect(errors).toHaveLength(6);
    expect(await dispersionTables(t)).toEqual(before);
  });

  it('reads Windows-1252 and matches headers without case or accents', async () => {
    const text = `NOMBRE DEL BENEFICIARIO;clabe;MONTO;concepto;Referencia Numerica\r\n${A.name.replace('GARCIA', 'GARCÍA')};${A.clabe};12.50;Pago;9\r\n`;
    const res = await validate(t, BUSINESS, { File: fileOf(text, 'latin.csv', 'win1252') });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data;
    expect(p.Errors).toEqual([]);
    expect(p.Rows[0]).toMatchObject({
      Name: A.name.replace('GARCIA', 'GARCÍA'),
      Amount: '12.50',
      Commission: '5.55',
      IVA: '0.89',
      TotalAmount: '18.94',
      HolderCheck: 'match',
    });
  });

  it('refuses an XLSX formula cell', async () => {
    const { default: Excel } = await import('exceljs');
    const book = new Excel.Workbook();
    const sheet = book.addWorksheet('x');
    sheet.addRow(['Nombre', 'CLABE', 'Monto', 'Concepto', 'Referencia']);
    sheet.addRow([A.name, A.clabe, { formula: '1+1', result: 2 }, 'Pago', '1']);
    const content = Buffer.from(await book.xlsx.writeBuffer());
    const res = await validate(t, BUSINESS, { File: fileOf(content, 'f.xlsx') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.Errors).toContainEqual({ Row: 2, Column: 'Monto', Message: 'La celda contiene una fórmula; escribe el valor' });
  });

  it.each([
    ['an empty file', fileOf('', 'a.csv'), 'El archivo está vacío'],
    ['a missing column', fileOf('Nombre,CLABE,Concepto,Referencia\r\nA,1,2,3', 'a.csv'), 'Falta la columna Monto'],
    ['a wrong extension', fileOf('x', 'a.txt'), 'Archivo no válido, solo se aceptan archivos .csv o .xlsx'],
    ['an .xlsx that is not one', fileOf('Nombre,CLABE', 'a.xlsx'), 'El contenido del archivo no corresponde a su extensión'],
    ['a file over 10 MB', fileOf(Buffer.alloc(10 * 1024 * 1024 + 1, 65), 'a.csv'), 'No debe pesar más de 10MB'],
  ])('refuses %s with its message and writes nothing', async (_, file, message) => {
    const before = await dispersionTables(t);
    const res = await validate(t, BUSINESS, { File: file });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json().message).toBe(message);
    const made = await create(t, BUSINESS, { File: file });
    expect(made.statusCode).toBe(400);
    expect(made.json().message).toBe(message);
    expect(await dispersionTables(t)).toEqual(before);
  });

  it('refuses more than 50,000 rows', async () => {
    const line = `${A.name},${A.clabe},1.00,Pago,1\r\n`;
    const res = await validate(t, BUSINESS, { File: fileOf(`Nombre,CLABE,Monto,Concepto,Referencia\r\n${line.repeat(50_001)}`, 'big.csv') });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El archivo admite como máximo 50,000 filas');
  });
});

describe('now', () => {
  it('previews, holds the total at once, sends each row with its own key, and ends partially with counts', async () => {
    const lines = [
      { name: A.name, clabe: A.clabe, amount: '100.00' },
      { name: B.name, clabe: B.clabe, amount: '200.00' },
      { name: R.name, clabe: R.clabe, amount: '50.00' },
    ];
    const v = await validate(t, BUSINESS, { File: fileOf(csv(lines)) });
    const p = v.json().data;
    expect(p.Values).toMatchObject({ Amount: '350.00', Commission: '16.65', IVA: '2.67', TotalAmount: '369.32' });
    expect(p.Sufficient).toBe(true);
    const before = await balance(t, BUSINESS);
    const res = await create(t, BUSINESS, { File: fileOf(csv(lines)), Concept: 'Nomina' });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({
      StatusDispersion: 2,
      StatusName: 'En proceso',
      TotalAmount: '350.00',
      TotalTaxes: '19.32',
      TotalImport: '369.32',
      TotalRows: 3,
      QueuedRows: 3,
      FileName: 'nomina.csv',
    });
    expect(d.IdS3).toBeTruthy();
    expect(d.FileSha256).toMatch(/^[0-9a-f]{64}$/);
    const held = await balance(t, BUSINESS);
    expect(Number(held.transitBalance) - Number(before.transitBalance)).toBeCloseTo(369.32, 2);
    await settleAll(t);
    const done = await dispersion(t, BUSINESS, d.Id);
    expect(done).toMatchObject({ StatusDispersion: 5, StatusName: 'Completada parcialmente', SettledRows: 2, FailedRows: 1, OpenRows: 0, QueuedRows: 0 });
    const rows = await rowsOf(t, BUSINESS, d.Id);
    expect(rows.map((r) => r.StatusName)).toEqual(['Liquidada', 'Liquidada', 'Devuelta']);
    expect(new Set(rows.map((r) => r.TrackinKey)).size).toBe(3);
    expect(rows[2]).toMatchObject({ Failed: true, ErrorDetail: 'Cuenta inexistente' });
    const after = await balance(t, BUSINESS);
    expect(after.transitBalance).toBe(before.transitBalance);
    // The two settled rows with their commission and IVA; the returned row's hold was released.
    expect(Number(before.balance) - Number(after.balance)).toBeCloseTo(300 + 2 * 6.44, 2);
    const [n] = await t.sql<{ n: string }>(`SELECT count(*)::text AS n FROM notifications WHERE v_kind = 'dispersion.finished' AND v_link LIKE $1`, [
      `%${d.Id}`,
    ]);
    expect(n!.n).toBe('1');
    // The settled rows' proofs and the export.
    const proof = await t.call(BUSINESS, { method: 'GET', url: `${BASE}/${rows[0]!.MovementId}/proof` });
    expect(proof.statusCode).toBe(200);
    const exp = await t.call(BUSINESS, { method: 'GET', url: `${BASE}/dispersion/${d.Id}/export?Format=xlsx` });
    expect(exp.statusCode).toBe(200);
    const file = await t.call(BUSINESS, { method: 'GET', url: `${BASE}/dispersion/${d.Id}/file` });
    expect(file.body).toContain(A.clabe);

    // Re-send: the failed row only, as a new dispersion.
    const failed = await rowsOf(t, BUSINESS, d.Id, { FailedOnly: true });
    expect(failed).toHaveLength(1);
    const again = await create(t, BUSINESS, {
      Rows: [{ Name: A.name, Clabe: A.clabe, Amount: failed[0]!.MovementAmount, Concept: 'Pago nomina', Reference: '77' }],
      ResendOf: d.Id,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ ResendOf: d.Id, TotalRows: 1, FileName: 'reenvio-filas-fallidas.csv' });
    await settleAll(t);
    expect((await dispersion(t, BUSINESS, again.json().data.Id)).StatusName).toBe('Completada');
  });

  it("ends with 'Todas las transacciones fallaron' when every row fails", async () => {
    const res = await create(t, BUSINESS, { File: fileOf(csv([{ name: X.name, clabe: X.clabe, amount: '10.00' }])) });
    expect(res.statusCode, res.body).toBe(200);
    await settleAll(t);
    const d = await dispersion(t, BUSINESS, res.json().data.Id);
    expect(d).toMatchObject({ StatusDispersion: 4, StatusName: ALL_FAILED, LastError: ALL_FAILED, FailedRows: 1 });
  });

  it('says so in the preview and refuses when the balance cannot cover the total; nothing written, code kept', async () => {
    const text = csv([{ name: A.name, clabe: A.clabe, amount: '999999.00' }]);
    const v = await validate(t, BUSINESS, { File: fileOf(text) });
    expect(v.json().data).toMatchObject({ Sufficient: false, Blocker: 'Saldo insuficiente' });
    const before = await dispersionTables(t);
    const code = await dispersionCode(t, BUSINESS);
    const res = await create(t, BUSINESS, { File: fileOf(text) }, { code });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Saldo insuficiente');
    expect(await dispersionTables(t)).toEqual(before);
    const [c] = await t.sql<{ used: string | null }>(
      `SELECT d_used_at AS used FROM security_codes WHERE v_uid_user = (SELECT v_uid FROM users WHERE v_email = $1) ORDER BY d_create_at DESC LIMIT 1`,
      [BUSINESS],
    );
    expect(c!.used).toBeNull();
  });

  it('checks the daily limit for the whole batch', async () => {
    const limit = await t.call(TECHFAR, {
      method: 'POST',
      url: '/api/v1/transaction/limit/action/upsert',
      payload: { ScopeType: 1, BusinessId: b.id, IsEnabled: true, DailyLimit: '100.00' },
    });
    expect(limit.statusCode, limit.body).toBe(200);
    const text = csv([
      { name: A.name, clabe: A.clabe, amount: '60.00' },
      { name: B.name, clabe: B.clabe, amount: '60.00' },
    ]);
    const v = await validate(t, BUSINESS, { File: fileOf(text) });
    expect(v.json().data.Blocker).toMatch(/^Excede el límite diario de/);
    const res = await create(t, BUSINESS, { File: fileOf(text) });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/^Excede el límite diario de/);
    await noLimits(t, b);
  });

  it('refuses a wrong code, a missing key, and a reused key with another file (409); replays the same request', async () => {
    const text = csv([{ name: A.name, clabe: A.clabe, amount: '1.00' }]);
    const before = await dispersionTables(t);
    const wrong = await create(t, BUSINESS, { File: fileOf(text) }, { code: '000000' });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrong.json().message).toMatch(/código/i);
    const noKey = await create(t, BUSINESS, { File: fileOf(text) }, { key: null });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toBe('Falta el encabezado Idempotency-Key');
    expect(await dispersionTables(t)).toEqual({ ...before, jobs: before.jobs });
    const k = key();
    const code = await dispersionCode(t, BUSINESS);
    const first = await create(t, BUSINESS, { File: fileOf(text) }, { key: k, code });
    expect(first.statusCode, first.body).toBe(200);
    const replay = await create(t, BUSINESS, { File: fileOf(text) }, { key: k, code });
    expect(replay.json().replay).toBe(true);
    expect(replay.json().data.Id).toBe(first.json().data.Id);
    const other = await create(t, BUSINESS, { File: fileOf(csv([{ name: B.name, clabe: B.clabe, amount: '2.00' }])) }, { key: k });
    expect(other.statusCode).toBe(409);
    expect(await t.sql(`SELECT 1 FROM dispersions WHERE v_idempotency_key LIKE $1`, [`% ${k}`])).toHaveLength(1);
    await settleAll(t);
  });
});

describe('scheduled', () => {
  const tomorrow = () => addDays(mexicoDate(new Date()), 1);

  it("refuses today or a past day with the spec's words, writing nothing", async () => {
    const before = await dispersionTables(t);
    for (const day of [mexicoDate(new Date()), addDays(mexicoDate(new Date()), -3)]) {
      const res = await create(t, BUSINESS, { File: fileOf(csv([{ name: A.name, clabe: A.clabe, amount: '1.00' }])), PaymentDay: day });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('La fecha de pago debe ser una fecha futura');
      expect(res.json().errorDescrpition).toBe('The payment day needs to be a future date');
    }
    expect(await dispersionTables(t)).toEqual(before);
  });

  it('holds nothing until the day, runs on the day, and fails the rows the balance cannot pay', async () => {
    const holdsBefore = (await dispersionTables(t)).holds;
    const res = await create(t, BUSINESS, {
      File: fileOf(
        csv([
          { name: A.name, clabe: A.clabe, amount: '10.00' },
          { name: B.name, clabe: B.clabe, amount: '9999999.00' },
        ]),
      ),
      PaymentDay: tomorrow(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ StatusDispersion: 0, StatusName: 'Programada', PaymentDay: tomorrow(), CanRemove: true });
    expect((await dispersionTables(t)).holds).toBe(holdsBefore);
    const pending = await t.call(BUSINESS, { method: 'POST', url: `${BASE}/dispersion/pending`, payload: {} });
    expect(pending.json().data.Records.map((r: { Id: string }) => r.Id)).toContain(d.Id);
    // Nothing happens today; on the day it runs.
    await runDueJobs(t.database.db, new Date(mexicoMidnight(tomorrow()).getTime() - 60_000));
    expect((await dispersion(t, BUSINESS, d.Id)).StatusDispersion).toBe(0);
    const day = mexicoMidnight(tomorrow());
    await runDueJobs(t.database.db, new Date(day.getTime() + 1000), { max: 10_000 });
    await runDueJobs(t.database.db, new Date(day.getTime() + 60_000), { max: 10_000 });
    const after = await dispersion(t, BUSINESS, d.Id);
    expect(after).toMatchObject({ StatusDispersion: 5, SettledRows: 1, FailedRows: 1 });
    const rows = await rowsOf(t, BUSINESS, d.Id);
    expect(rows[1]).toMatchObject({ StatusName: 'Fallida', ErrorDetail: 'Saldo insuficiente' });
    const removed = await t.call(BUSINESS, { method: 'POST', url: `${BASE}/dispersion/remove`, payload: { DispersionId: d.Id } });
    expect(removed.statusCode).toBe(422);
    expect(removed.json().message).toBe('Solo se puede eliminar una dispersión que aún no inicia');
  });

  it('removes a pending dispersion, and its day then does nothing', async () => {
    const res = await create(t, BUSINESS, {
      File: fileOf(csv([{ name: A.name, clabe: A.clabe, amount: '3.00' }])),
      PaymentDay: addDays(mexicoDate(new Date()), 2),
    });
    const id = res.json().data.Id;
    const other = await t.call(BUSINESS_2, { method: 'POST', url: `${BASE}/dispersion/remove`, payload: { DispersionId: id } });
    expect(other.statusCode).toBe(404);
    const removed = await t.call(BUSINESS, { method: 'POST', url: `${BASE}/dispersion/remove`, payload: { DispersionId: id } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.StatusName).toBe('Eliminada');
    await runDueJobs(t.database.db, new Date(Date.now() + 3 * 86_400_000), { max: 10_000 });
    expect(await t.sql(`SELECT 1 FROM dispersion_rows WHERE v_uid_dispersion = $1 AND i_state <> 0`, [id])).toHaveLength(0);
    const gone = await t.call(BUSINESS, { method: 'GET', url: `${BASE}/dispersion/${id}` });
    expect(gone.statusCode).toBe(404);
  });
});

describe('account holder', () => {
  it('flags a mismatch in the preview; creating needs it confirmed; verified CLABEs are remembered', async () => {
    const C = account('012', 4242);
    const text = csv([{ name: 'Otra Persona', clabe: C.clabe, amount: '5.00' }]);
    const v = await validate(t, BUSINESS, { File: fileOf(text) });
    expect(v.json().data.Rows[0]).toMatchObject({ HolderCheck: 'mismatch', HolderName: C.name, HolderRfc: C.rfc });
    expect(v.json().data.Mismatches).toBe(1);
    const refused = await create(t, BUSINESS, { File: fileOf(text) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Confirma o quita las filas cuyo titular no coincide');
    const ok = await create(t, BUSINESS, { File: fileOf(text), ConfirmedClabes: [C.clabe] });
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await validate(t, BUSINESS, { File: fileOf(text) });
    expect(again.json().data.Rows[0].HolderCheck).toBe('verified');
    // Legal-form suffixes, case and accents do not matter.
    const verify = await t.call(BUSINESS, {
      method: 'POST',
      url: `${BASE}/account-holder/verify`,
      payload: { Clabe: C.clabe, Name: `${C.name.toLowerCase()} S.A. de C.V.` },
    });
    expect(verify.json().data).toMatchObject({ Result: 'match' });
    await settleAll(t);
  });

  it('refuses a CLABE that the sandbox says does not exist', async () => {
    const none = account('012', 99_900_000_001);
    const v = await validate(t, BUSINESS, { File: fileOf(csv([{ name: 'Alguien', clabe: none.clabe, amount: '5.00' }])) });
    expect(v.json().data.Errors).toEqual([{ Row: 2, Column: 'CLABE', Message: 'La cuenta no existe (verificación del titular)' }]);
  });
});

describe('maker-checker', () => {
  it('above the threshold a second user of the business approves; the maker cannot', async () => {
    const set = await t.call(TECHFAR, {
      method: 'PUT',
      url: `/api/v1/transaction/business/${b.id}/dispersion-approval`,
      payload: { Enabled: true, ThresholdAmount: '50.00' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const checker = 'autoriza@demo.mx';
    await addUser(t, checker, BUSINESS);
    const res = await create(t, BUSINESS, { File: fileOf(csv([{ name: A.name, clabe: A.clabe, amount: '60.00' }])) });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ StatusDispersion: 1, StatusName: 'Por autorizar' });
    const self = await t.call(BUSINESS, {
      method: 'POST',
      url: `${BASE}/dispersion/approve`,
      headers: { 'idempotency-key': key() },
      payload: { DispersionId: d.Id, SecurityCode: await dispersionCode(t, BUSINESS) },
    });
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe('Otro usuario de la empresa debe autorizar esta dispersión');
    const approved = await t.call(checker, {
      method: 'POST',
      url: `${BASE}/dispersion/approve`,
      headers: { 'idempotency-key': key() },
      payload: { DispersionId: d.Id, SecurityCode: await dispersionCode(t, checker) },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ StatusDispersion: 2, ApprovedByEmail: checker });
    await settleAll(t);
    expect((await dispersion(t, BUSINESS, d.Id)).StatusName).toBe('Completada');
    await t.call(TECHFAR, { method: 'PUT', url: `/api/v1/transaction/business/${b.id}/dispersion-approval`, payload: { Enabled: false } });
  });
});

describe('who may call', () => {
  it('staff and wallet users cannot create; another business gets 404; staff read with BusinessId', async () => {
    for (const email of [TECHFAR, WALLET]) {
      const res = await t.call(email, {
        method: 'POST',
        url: `${BASE}/speiout-dispersion`,
        headers: { 'idempotency-key': key() },
        payload: { File: fileOf('x'), SecurityCode: '123456' },
      });
      expect(res.statusCode).toBe(403);
    }
    const wallet = await t.call(WALLET, { method: 'POST', url: `${BASE}/dispersion/history`, payload: {} });
    expect(wallet.statusCode).toBe(403);
    const mine = await t.call(BUSINESS, { method: 'POST', url: `${BASE}/dispersion/history`, payload: { Status: 5 } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ Size: 10 });
    const id = mine.json().data.Records[0].Id;
    for (const [url, payload] of [
      [`${BASE}/dispersion/transactions`, { DispersionId: id }],
      [`${BASE}/dispersion/remove`, { DispersionId: id }],
    ] as const) {
      const res = await t.call(BUSINESS_2, { method: 'POST', url, payload });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Dispersión no encontrada');
    }
    expect((await t.call(BUSINESS_2, { method: 'GET', url: `/api/v1/dispersal/${id}` })).statusCode).toBe(404);
    const staff = await t.call(TECHFAR, { method: 'POST', url: `${BASE}/dispersion/history`, payload: { BusinessId: b.id } });
    expect(staff.json().data.TotalRecords).toBeGreaterThan(0);
    const summary = await t.call(TECHFAR, { method: 'POST', url: `${BASE}/dispersion/summary`, payload: {} });
    expect(summary.statusCode).toBe(200);
    expect(summary.json().data.Latest.length).toBeGreaterThan(0);
    const own = await t.call(BUSINESS_2, { method: 'POST', url: `${BASE}/dispersion/summary`, payload: {} });
    expect(own.json().data.Latest).toEqual([]);
  });
});

describe('editing a dispersion that has not started', () => {
  it('changes its concept and day; the old day then does nothing, the new one runs it', async () => {
    const made = await create(t, BUSINESS, {
      File: fileOf(csv([{ name: A.name, clabe: A.clabe, amount: '2.00' }])),
      PaymentDay: addDays(mexicoDate(new Date()), 2),
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().data.Id;
    const newDay = addDays(mexicoDate(new Date()), 3);
    const edited = await t.call(BUSINESS, { method: 'PUT', url: `/api/v1/dispersal/${id}`, payload: { v_concept: 'Nómina quincena', d_payment_day: newDay } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().status.message).toBe('Dispersión actualizada');
    expect(await dispersion(t, BUSINESS, id)).toMatchObject({ Concept: 'Nómina quincena', PaymentDay: newDay, StatusDispersion: 0 });
    await runDueJobs(t.database.db, new Date(mexicoMidnight(addDays(mexicoDate(new Date()), 2)).getTime() + 1000), { max: 10_000 });
    expect((await dispersion(t, BUSINESS, id)).StatusDispersion).toBe(0);
    await runDueJobs(t.database.db, new Date(mexicoMidnight(newDay).getTime() + 1000), { max: 10_000 });
    expect((await dispersion(t, BUSINESS, id)).StatusDispersion).not.toBe(0);
    // Once started it can no longer be edited.
    const late = await t.call(BUSINESS, { method: 'PUT', url: `/api/v1/dispersal/${id}`, payload: { v_concept: 'Tarde' } });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe('Solo se puede modificar una dispersión que aún no inicia');
  });

  it('refuses a past day, a long concept, another tenant and other kinds, writing nothing', async () => {
    const day = addDays(mexicoDate(new Date()), 2);
    const made = await create(t, BUSINESS, { File: fileOf(csv([{ name: A.name, clabe: A.clabe, amount: '2.50' }])), PaymentDay: day, Concept: 'Original' });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().data.Id;
    const url = `/api/v1/dispersal/${id}`;
    const today = await t.call(BUSINESS, { method: 'PUT', url, payload: { d_payment_day: mexicoDate(new Date()) } });
    expect(today.statusCode).toBe(400);
    expect(today.json().message).toBe('La fecha de pago debe ser una fecha futura');
    const long = await t.call(BUSINESS, { method: 'PUT', url, payload: { v_concept: 'x'.repeat(40) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('El concepto admite máximo 39 caracteres');
    expect((await t.call(BUSINESS_2, { method: 'PUT', url, payload: { v_concept: 'Ajeno' } })).statusCode).toBe(404);
    for (const email of [TECHFAR, WALLET]) expect((await t.call(email, { method: 'PUT', url, payload: { v_concept: 'Ajeno' } })).statusCode).toBe(403);
    expect(await dispersion(t, BUSINESS, id)).toMatchObject({ Concept: 'Original', PaymentDay: day });
    await t.call(BUSINESS, { method: 'POST', url: `${BASE}/dispersion/remove`, payload: { DispersionId: id } });
  });
});

describe('legacy /api/v1/dispersal', () => {
  it('lists, creates, reads, edits and deletes the same dispersions', async () => {
    const made = await create(
      t,
      BUSINESS,
      { File: fileOf(csv([{ name: A.name, clabe: A.clabe, amount: '4.00' }])), PaymentDay: addDays(mexicoDate(new Date()), 3) },
      { url: '/api/v1/dispersal' },
    );
    expect(made.statusCode, made.body).toBe(200);
    const d = made.json().data;
    expect(d).toMatchObject({ n_status: 0, v_status_name: 'Programada', n_total_amount: '10.44' });
    const list = await t.call(BUSINESS, { method: 'GET', url: '/api/v1/dispersal?n_status=0' });
    expect(list.json().data.items.map((x: { v_uid: string }) => x.v_uid)).toContain(d.v_uid);
    const edited = await t.call(BUSINESS, {
      method: 'PUT',
      url: `/api/v1/dispersal/${d.v_uid}`,
      payload: { v_concept: 'Bono', d_payment_day: addDays(mexicoDate(new Date()), 4) },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ v_concept: 'Bono', d_payment_day: addDays(mexicoDate(new Date()), 4) });
    const same = await t.call(BUSINESS, { method: 'GET', url: `${BASE}/dispersion/${d.v_uid}` });
    expect(same.json().data.Concept).toBe('Bono');
    const del = await t.call(BUSINESS, { method: 'POST', url: `/api/v1/dispersal/delete/${d.v_uid}` });
    expect(del.statusCode).toBe(200);
    expect(del.json().data.n_status).toBe(6);
  });
});
