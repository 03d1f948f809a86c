/**
 * The dispersions and cards reports (/api/v1/reports, kinds "dispersions" and "cards"): the files
 * read back (CLABEs, keys and card identifiers as text, real dates, amounts that add up), only the
 * caller's rows, staff naming a business, Spanish refusals, and never a full PAN in a cards file.
 */
import { DISPERSION_STATUS_NAMES } from '@far/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardKeys, cardReportBatches } from '../../src/modules/cards';
import { dispersionRowBatches } from '../../src/modules/dispersions';
import { keysetBatches } from '../../src/platform/batches';
import { cards } from '../../src/modules/cards/schema';
import { activeCards, generateStock } from '../cards/cards';
import { account, create, csv, fileOf, settleAll } from '../dispersions/helpers';
import { BUSINESS, BUSINESS_2, TECHFAR, count, createTestApp, type TestApp } from '../helpers';
import { demoBusiness, deposit, noLimits, type DemoBusiness } from '../money/money';
import { readXlsx } from './report-files';

let t: TestApp;
let a: DemoBusiness;
let b: DemoBusiness;
const base = '/api/v1/reports';
const A1 = account('990', 31);
const A2 = account('992', 32);
const B1 = account('990', 33);

const download = (email: string, body: Record<string, unknown>) => t.call(email, { method: 'POST', url: `${base}/download`, payload: body });
const summary = (email: string, body: Record<string, unknown>) => t.call(email, { method: 'POST', url: `${base}/summary`, payload: body });

/** One business's dispersion rows in the database: the truth the files must match. */
async function dbRows(businessId: string) {
  return t.sql<{ v_clabe: string; n_amount_cents: string; i_status: number }>(
    `SELECT r.v_clabe, r.n_amount_cents::text AS n_amount_cents, d.i_status FROM dispersion_rows r JOIN dispersions d ON d.v_uid = r.v_uid_dispersion WHERE d.v_uid_business = $1`,
    [businessId],
  );
}

async function disperse(email: string, biz: DemoBusiness, lines: Array<{ name: string; clabe: string; amount: string }>) {
  await noLimits(t, biz);
  await deposit(t, biz.id, '5000.00');
  const res = await create(t, email, { File: fileOf(csv(lines), 'nomina-reporte.csv'), Concept: 'Nomina' });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  a = await demoBusiness(t, BUSINESS);
  b = await demoBusiness(t, BUSINESS_2);
  const cfg = await t.call(TECHFAR, {
    method: 'PUT',
    url: '/api/v1/transaction/speiconfig/global',
    payload: { CommissionSpeiInGlobal: '0', EnableSpeiOutGlobal: true, CommissionSpeiOutTransaction: '5.55', CommissionDepositCardholder: '0' },
  });
  expect(cfg.statusCode, cfg.body).toBe(200);
  await disperse(BUSINESS, a, [
    { name: A1.name, clabe: A1.clabe, amount: '120.50' },
    { name: A2.name, clabe: A2.clabe, amount: '80.00' },
  ]);
  await disperse(BUSINESS_2, b, [{ name: B1.name, clabe: B1.clabe, amount: '33.33' }]);
  await settleAll(t);
  // Three stock cards: one matched and activated for A, one cancelled of B, one left in stock.
  await generateStock(t, 3);
  await activeCards(t, ['RPT-TH-1'], BUSINESS);
  await t.sql(
    `UPDATE cards SET v_uid_business = $1, i_status = 4 WHERE v_uid = (SELECT v_uid FROM cards WHERE i_status = 1 ORDER BY v_card_identifier LIMIT 1)`,
    [b.id],
  );
}, 120_000);
afterAll(() => t.close());

describe('dispersions', () => {
  it('a business downloads its dispersion rows as XLSX: CLABEs and keys as text, real dates, amounts that add up, only its own', async () => {
    const res = await download(BUSINESS, { Kind: 'dispersions', Format: 'xlsx' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/reporte-dispersiones-01-\d{2}-\d{4}-a-\d{2}-\d{2}-\d{4}\.xlsx/);
    const x = await readXlsx(res.rawPayload);
    expect(x.header).not.toContain('Cliente');
    const rows = await dbRows(a.id);
    expect(x.rows).toHaveLength(2);
    expect(x.rows.map((r) => r[x.col('CLABE')]).sort()).toEqual(rows.map((r) => r.v_clabe).sort());
    expect(x.rows.map((r) => r[x.col('CLABE')])).not.toContain(B1.clabe);
    // The file's own line numbers (the header is line 1), in file order.
    expect(x.rows.map((r) => r[x.col('Fila')])).toEqual([2, 3]);
    expect(x.rows.every((r) => r[x.col('Creada')] instanceof Date)).toBe(true);
    expect(x.rows.every((r) => r[x.col('Archivo')] === 'nomina-reporte.csv')).toBe(true);
    expect(x.rows.every((r) => r[x.col('Estatus de la dispersión')] === DISPERSION_STATUS_NAMES[rows[0]!.i_status])).toBe(true);
    // Every row became an order: its tracking key is a text cell, its status a Spanish name.
    expect(x.rows.every((r) => typeof r[x.col('Clave de rastreo')] === 'string' && (r[x.col('Clave de rastreo')] as string).length > 0)).toBe(true);
    expect(
      x.rows.every((r) => typeof r[x.col('Estatus de la fila')] === 'string' && /^[A-ZÁÉÍÓÚ][a-záéíóú ]+$/.test(r[x.col('Estatus de la fila')] as string)),
    ).toBe(true);
    const cents = x.rows.reduce((s: number, r) => s + Math.round((r[x.col('Importe')] as number) * 100), 0);
    expect(cents).toBe(rows.reduce((s, r) => s + Number(r.n_amount_cents), 0));
    expect(x.sheet.getColumn(x.col('CLABE') + 1).numFmt).toBe('@');
  });

  it('CSV: BOM and CLABEs as ="…"; staff get every business, or the one they name', async () => {
    const own = await download(BUSINESS, { Kind: 'dispersions', Format: 'csv' });
    expect(own.body.charCodeAt(0)).toBe(0xfeff);
    expect(own.body).toContain(`"=""${A1.clabe}"""`);
    expect(own.body).not.toContain(B1.clabe);
    const all = await download(TECHFAR, { Kind: 'dispersions', Format: 'csv' });
    expect(all.body).toContain(A1.clabe);
    expect(all.body).toContain(B1.clabe);
    expect(all.body.split('\r\n')[0]).toContain('Cliente');
    const onlyB = await readXlsx((await download(TECHFAR, { Kind: 'dispersions', Format: 'xlsx', BusinessId: b.id })).rawPayload);
    expect(onlyB.rows.map((r) => r[onlyB.col('CLABE')])).toEqual([B1.clabe]);
    expect(onlyB.header).not.toContain('Cliente');
  });

  it('the status filter keeps only dispersions in that status', async () => {
    const status = (await dbRows(a.id))[0]!.i_status;
    const same = await readXlsx((await download(BUSINESS, { Kind: 'dispersions', Format: 'xlsx', Status: String(status) })).rawPayload);
    expect(same.rows).toHaveLength(2);
    const other = await readXlsx((await download(BUSINESS, { Kind: 'dispersions', Format: 'xlsx', Status: status === 1 ? '0' : '1' })).rawPayload);
    expect(other.rows).toHaveLength(0);
  });

  it('figures: dispersions, rows and amounts per status, only the caller’s', async () => {
    const res = await summary(BUSINESS, { Kind: 'dispersions' });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data as {
      Totals: Array<{ Label: string; Value: string }>;
      Chart: { Points: Array<{ Label: string; Values: Record<string, string> }> };
    };
    expect(s.Totals.slice(0, 3)).toMatchObject([
      { Label: 'Dispersiones', Value: '1' },
      { Label: 'Filas', Value: '2' },
      { Label: 'Importe', Value: '200.50' },
    ]);
    expect(s.Chart.Points).toHaveLength(1);
    const staff = await summary(TECHFAR, { Kind: 'dispersions' });
    expect(staff.json().data.Totals[0]).toMatchObject({ Label: 'Dispersiones', Value: '2' });
  });
});

describe('cards', () => {
  it('a business downloads its cards: masked PAN only, identifiers as text, real dates, only its own', async () => {
    const res = await download(BUSINESS, { Kind: 'cards', Format: 'xlsx' });
    expect(res.statusCode, res.body).toBe(200);
    const x = await readXlsx(res.rawPayload);
    const [card] = await t.sql<{ v_card_identifier: string; v_pan_first6: string; v_pan_last4: string }>(
      `SELECT v_card_identifier, v_pan_first6, v_pan_last4 FROM cards WHERE v_uid_business = $1`,
      [a.id],
    );
    expect(x.rows).toHaveLength(1);
    const row = x.rows[0]!;
    expect(row[x.col('Tarjeta')]).toBe(`${card!.v_pan_first6}******${card!.v_pan_last4}`);
    expect(row[x.col('Identificador de tarjeta')]).toBe(card!.v_card_identifier);
    expect(row[x.col('Identificador del tarjetahabiente')]).toBe('RPT-TH-1');
    expect(row[x.col('Tarjetahabiente')]).toBe('Ana Pérez');
    expect(row[x.col('Estatus')]).toBe('Activa');
    expect(row[x.col('Bloqueada')]).toBe('No');
    expect(row[x.col('Alta')]).toBeInstanceOf(Date);
    expect(row[x.col('Activación')]).toBeInstanceOf(Date);
    expect(x.sheet.getColumn(x.col('Identificador de tarjeta') + 1).numFmt).toBe('@');
  });

  it('no full PAN appears in any cards file, CSV or XLSX, for staff or a business', async () => {
    const keys = cardKeys(t.config.cardKey);
    const pans = (await t.sql<{ t_pan_enc: string }>(`SELECT t_pan_enc FROM cards`)).map((c) => keys.open(c.t_pan_enc));
    expect(pans).toHaveLength(3);
    expect(pans.every((p) => /^\d{16}$/.test(p))).toBe(true);
    for (const email of [TECHFAR, BUSINESS]) {
      const csvBody = (await download(email, { Kind: 'cards', Format: 'csv' })).body;
      const x = await readXlsx((await download(email, { Kind: 'cards', Format: 'xlsx' })).rawPayload);
      const cells = x.rows.flat().map(String).join('\n');
      for (const pan of pans) {
        expect(csvBody).not.toContain(pan);
        expect(cells).not.toContain(pan);
      }
    }
  });

  it('staff see every card, stock included, or the business they name; figures count per status', async () => {
    const all = await readXlsx((await download(TECHFAR, { Kind: 'cards', Format: 'xlsx' })).rawPayload);
    expect(all.rows.map((r) => r[all.col('Estatus')]).sort()).toEqual(['Activa', 'Cancelada', 'En stock']);
    const onlyB = await readXlsx((await download(TECHFAR, { Kind: 'cards', Format: 'xlsx', BusinessId: b.id })).rawPayload);
    expect(onlyB.rows.map((r) => r[onlyB.col('Estatus')])).toEqual(['Cancelada']);
    const stock = await readXlsx((await download(TECHFAR, { Kind: 'cards', Format: 'xlsx', Status: '1' })).rawPayload);
    expect(stock.rows.map((r) => r[stock.col('Estatus')])).toEqual(['En stock']);
    const s = (await summary(TECHFAR, { Kind: 'cards' })).json().data as {
      Totals: Array<{ Label: string; Value: string }>;
      Chart: { Points: Array<{ Label: string; Values: Record<string, string> }> };
    };
    expect(s.Totals).toEqual([
      { Label: 'Tarjetas', Value: '3', Money: false },
      { Label: 'Virtuales', Value: '0', Money: false },
      { Label: 'En stock', Value: '1', Money: false },
      { Label: 'Asignada', Value: '0', Money: false },
      { Label: 'Activa', Value: '1', Money: false },
      { Label: 'Cancelada', Value: '1', Money: false },
    ]);
    expect(s.Chart.Points.map((p) => [p.Label, p.Values.count])).toEqual([
      ['En stock', '1'],
      ['Asignada', '0'],
      ['Activa', '1'],
      ['Cancelada', '1'],
    ]);
    const own = (await summary(BUSINESS_2, { Kind: 'cards' })).json().data as { Totals: Array<{ Label: string; Value: string }> };
    expect(own.Totals[0]).toMatchObject({ Label: 'Tarjetas', Value: '1' });
  });
});

describe('refusals', () => {
  it.each([
    ['a dispersion status that does not exist', { Kind: 'dispersions', Format: 'csv', Status: '9' }],
    ['a movement status word on dispersions', { Kind: 'dispersions', Format: 'csv', Status: 'cerrado' }],
    ['a card status by name instead of its number', { Kind: 'cards', Format: 'xlsx', Status: 'Activa' }],
    ['a card status that does not exist', { Kind: 'cards', Format: 'csv', Status: '5' }],
  ])('refuses %s (400 "Estatus no válido", nothing written)', async (_n, body) => {
    const before = await count(t, 'log_user');
    const res = await download(BUSINESS, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Estatus no válido');
    expect(await count(t, 'log_user')).toBe(before);
  });

  it("a business naming another business's id gets 404 for both kinds, and nothing is written", async () => {
    await t.token(BUSINESS_2);
    const before = await count(t, 'log_user');
    for (const Kind of ['dispersions', 'cards']) {
      const res = await download(BUSINESS, { Kind, Format: 'csv', BusinessId: b.id });
      expect(res.statusCode).toBe(404);
      expect((await summary(BUSINESS_2, { Kind, BusinessId: a.id })).statusCode).toBe(404);
    }
    expect(await count(t, 'log_user')).toBe(before);
    // And without naming one, B's files hold only B's rows.
    const bDisp = await download(BUSINESS_2, { Kind: 'dispersions', Format: 'csv' });
    expect(bDisp.body).toContain(B1.clabe);
    expect(bDisp.body).not.toContain(A1.clabe);
    const bCards = await readXlsx((await download(BUSINESS_2, { Kind: 'cards', Format: 'xlsx' })).rawPayload);
    expect(bCards.rows.map((r) => r[bCards.col('Estatus')])).toEqual(['Cancelada']);
  });
});

describe('keyset batches', () => {
  // Rows written in one transaction share their d_create_at to the microsecond (PostgreSQL), and a JS
  // Date keeps only milliseconds: with a batch of one row, every reader must still give each row once.
  const ids = async <R>(batches: AsyncIterable<R[]>, id: (r: R) => string) => {
    const seen: string[] = [];
    for await (const batch of batches) {
      seen.push(...batch.map(id));
      if (seen.length > 10) break;
    }
    return seen;
  };

  it('each row once, in order, however small the batch', async () => {
    const db = t.database.db;
    const plain = await ids(keysetBatches(db, cards, undefined, 1), (c) => c.v_uid);
    expect(plain).toHaveLength(3);
    expect(new Set(plain).size).toBe(3);
    const cardLines = await ids(cardReportBatches(db, {}, 1), (c) => c.cardIdentifier);
    expect(new Set(cardLines).size).toBe(3);
    expect(cardLines).toHaveLength(3);
    const rows = await ids(dispersionRowBatches(db, {}, 1), (x) => x.row.v_uid);
    expect(rows).toHaveLength(3);
    expect(new Set(rows).size).toBe(3);
  });
});
