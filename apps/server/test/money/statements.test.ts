/**
 * /movement (list, filters, paging, CSV and XLSX with formula-injection escaping), the monthly
 * statement (closing balance = the ledger's), proofs of payment, and the money dashboards.
 */
import { formatCurrency, formatDateTime } from '@far/contracts';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mexicoDate } from '../../src/platform/mexico-time';
import { accountStatePdf } from '../../src/modules/statements';
import { PDF_OPTIONS } from '../../src/platform/pdf';
import { createTestApp, type TestApp } from '../helpers';
import { NO_PDFTOPPM, PDFTOPPM, firstPage, inked, navy, share, type PageImage } from '../pdf-image';
import { BUSINESS, BUSINESS_2, CLABE, TECHFAR, balance, demoBusiness, deposit, noLimits, pdfText, runJobs, speiOut, type DemoBusiness } from './money';

let t: TestApp;
let b: DemoBusiness;
let settled: { Id: string; TrackingKey: string };
let pendingId: string;
let depositId: string;
const now = new Date();
const Y = Number(mexicoDate(now).slice(0, 4));
const M = Number(mexicoDate(now).slice(5, 7));
const MOVEMENTS = '/api/v1/transaction/business-movement/movements';

beforeAll(async () => {
  t = await createTestApp();
  b = await demoBusiness(t);
  await noLimits(t, b);
  depositId = (await deposit(t, b.id, '3000.00')).Id;
  const acct = await t.call(BUSINESS, {
    method: 'POST',
    url: '/api/v1/transaction/clabe-account/action/create',
    payload: { ConfirmHolder: true, Alias: '=HYPERLINK("http://x")', AccountHolderName: 'Proveedor Formula', Clabe: CLABE.settles },
  });
  expect(acct.statusCode, acct.body).toBe(200);
  settled = (await speiOut(t, BUSINESS, { ClabeAccountId: acct.json().data.Id, Amount: '123.45', Concept: 'Factura 778', Reference: '778' })).json().data;
  await runJobs(t, 0);
  await runJobs(t, 60_000);
  pendingId = (
    await speiOut(t, BUSINESS, { Clabe: CLABE.bbva, BeneficiaryName: 'Proveedor Pendiente Núñez', Amount: '10.00', Concept: 'Anticipo', Reference: '5' })
  ).json().data.Id;
});
afterAll(() => {
  PDF_OPTIONS.compress = true;
  return t.close();
});

describe('movements list', () => {
  const list = (body: Record<string, unknown>) => t.call(BUSINESS, { method: 'POST', url: MOVEMENTS, payload: body });

  it('pages on the server, newest first', async () => {
    const all = (await list({ Size: 100 })).json().data;
    expect(all.TotalRecords).toBeGreaterThanOrEqual(4);
    const page = (await list({ Size: 2, Page: 2 })).json().data;
    expect(page).toMatchObject({ Page: 2, Size: 2, TotalRecords: all.TotalRecords, TotalPages: Math.ceil(all.TotalRecords / 2) });
    expect(page.Records.map((r: { Id: string }) => r.Id)).toEqual(all.Records.slice(2, 4).map((r: { Id: string }) => r.Id));
    expect(all.Records[0].Id).toBe(pendingId);
  });

  it('filters by type, status, date range and text', async () => {
    const out = (await list({ Type: 'SPEI_OUT', Size: 100 })).json().data.Records;
    expect(out.length).toBeGreaterThanOrEqual(2);
    expect(out.every((r: { MovementType: string }) => r.MovementType === 'SPEI_OUT')).toBe(true);
    const pending = (await list({ Status: 0 })).json().data.Records;
    expect(pending.map((r: { Id: string }) => r.Id)).toEqual([pendingId]);
    const today = mexicoDate(now);
    expect((await list({ From: today, To: today })).json().data.TotalRecords).toBeGreaterThan(0);
    expect((await list({ From: '2020-01-01', To: '2020-01-31' })).json().data.TotalRecords).toBe(0);
    expect((await list({ Search: settled.TrackingKey })).json().data.Records.map((r: { Id: string }) => r.Id)).toEqual([settled.Id]);
    expect((await list({ Search: 'pendiente' })).json().data.Records.map((r: { Id: string }) => r.Id)).toEqual([pendingId]);
    // % and _ typed by a person are no wildcards: text without a letter or digit matches nothing.
    expect((await list({ Search: '%_' })).json().data.TotalRecords).toBe(0);
  });

  describe('Search: the one search matcher (issue 27)', () => {
    type Row = { Id: string; TrackingKey: string | null; SourceAccount: { Clabe: string | null }; Beneficiary: { Clabe: string | null } };
    const found = async (Search: string, as = BUSINESS) => {
      const res = await t.call(as, { method: 'POST', url: MOVEMENTS, payload: { Search, Size: 100 } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.Records as Row[];
    };
    const ids = async (Search: string, as = BUSINESS) => (await found(Search, as)).map((r) => r.Id);

    it('ignores accents and case, and matches the start of any word of names, concept, reference and alias', async () => {
      expect(await ids('NUNEZ')).toEqual([pendingId]);
      expect(await ids('núñ')).toEqual([pendingId]);
      expect(await ids('FÁCTURA')).toEqual([settled.Id]);
      expect(await ids('provee form')).toEqual([settled.Id]);
      expect(await ids('antic')).toEqual([pendingId]);
      // The reference and the account's alias (=HYPERLINK("http://x")) are words too.
      expect(await ids('778')).toEqual([settled.Id]);
      expect(await ids('hyperl')).toEqual([settled.Id]);
      expect(await ids('prov')).toEqual(expect.arrayContaining([settled.Id, pendingId]));
      // A word is matched from its start only (before: any substring).
      expect(await ids('actura')).toEqual([]);
    });

    it('finds a tracking key and a CLABE by their start, and an amount exactly as typed in pesos', async () => {
      const start = settled.TrackingKey.slice(0, -2).toLowerCase();
      const byKey = await found(start);
      expect(byKey.map((r) => r.Id)).toContain(settled.Id);
      expect(byKey.every((r) => r.TrackingKey?.toLowerCase().startsWith(start))).toBe(true);
      expect(await ids(settled.TrackingKey)).toEqual([settled.Id]);
      for (const [clabe, id] of [
        [CLABE.settles.slice(0, 12), settled.Id],
        [CLABE.bbva.slice(0, 6), pendingId],
      ] as const) {
        const byClabe = await found(clabe);
        expect(byClabe.map((r) => r.Id)).toContain(id);
        expect(byClabe.every((r) => [r.SourceAccount.Clabe, r.Beneficiary.Clabe].some((c) => c?.startsWith(clabe)))).toBe(true);
      }
      expect(await ids(CLABE.bbva)).toEqual([pendingId]);
      for (const typed of ['3,000.00', '3000', '$3,000']) expect(await ids(typed)).toEqual([depositId]);
      expect(await ids('123.45')).toEqual([settled.Id]);
      expect(await ids('3,000.01')).toEqual([]);
    });

    it("never returns another business's movements", async () => {
      for (const typed of ['prov', settled.TrackingKey, CLABE.settles, '123.45', '3,000.00']) expect(await ids(typed, BUSINESS_2)).toEqual([]);
    });

    it('answers an empty search with the whole list, and refuses one over 60 characters in Spanish', async () => {
      const all = (await list({})).json().data.TotalRecords;
      for (const Search of ['', '   ']) expect((await list({ Search })).json().data.TotalRecords).toBe(all);
      const long = await list({ Search: 'x'.repeat(61) });
      expect([long.statusCode, long.json().message]).toEqual([400, 'Debe contener máximo 60 caracteres']);
    });
  });

  it('refuses a reversed date range and an unknown type', async () => {
    const r1 = await list({ From: '2026-02-01', To: '2026-01-01' });
    expect([r1.statusCode, r1.json().message]).toEqual([400, 'La fecha final no puede ser anterior a la inicial']);
    const r2 = await list({ Type: 'CASH' });
    expect([r2.statusCode, r2.json().message]).toEqual([400, 'Tipo de movimiento no válido']);
  });
});

describe('exports', () => {
  const cents = (x: string) => BigInt(x.replace('.', ''));

  it('CSV: the same filtered list, UTF-8 with BOM, CLABEs kept as text, formulas escaped', async () => {
    const res = await t.call(BUSINESS, { method: 'POST', url: `${MOVEMENTS}/export`, payload: { Type: 'SPEI_OUT', Format: 'csv' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="movimientos-BUS\d+-\d{4}-\d{2}-\d{2}\.csv"/);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const cells = parse(res.rawPayload.toString('utf8'), { bom: true }) as string[][];
    expect(cells[0]).toEqual([
      'Fecha',
      'Tipo',
      'Estatus',
      'Clave de rastreo',
      'Concepto',
      'Referencia',
      'Ordenante',
      'Cuenta ordenante',
      'Beneficiario',
      'Cuenta beneficiario',
      'Banco beneficiario',
      'Alias',
      'Monto',
      'Comisión',
      'IVA',
      'Total',
      'Efecto en saldo',
    ]);
    const total = (await t.call(BUSINESS, { method: 'POST', url: MOVEMENTS, payload: { Type: 'SPEI_OUT' } })).json().data.TotalRecords;
    expect(cells).toHaveLength(total + 1);
    const row = cells.find((r) => r[3] === `="${settled.TrackingKey}"`)!;
    const m = (await t.call(BUSINESS, { method: 'GET', url: `/api/v1/transaction/business-movement/${settled.Id}` })).json().data;
    expect(row).toEqual([
      formatDateTime(m.MovementDate),
      'Transferencia SPEI enviada',
      'Liquidada',
      `="${settled.TrackingKey}"`,
      'Factura 778',
      '="778"',
      m.SourceAccount.Name,
      `="${b.clabe}"`,
      'Proveedor Formula',
      `="${CLABE.settles}"`,
      m.Beneficiary.BankName,
      `'=HYPERLINK("http://x")`,
      '123.45',
      '5.00',
      '0.80',
      '129.25',
      // Settled: the whole total left the balance.
      '-129.25',
    ]);
  });

  it('XLSX: the same rows, Mexico City dates, amounts as money, CLABEs as text, header with filters', async () => {
    const res = await t.call(BUSINESS, { method: 'POST', url: `${MOVEMENTS}/export`, payload: { Search: settled.TrackingKey, Format: 'xlsx' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Movimientos')!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.autoFilter).toBe('A1:Q1');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const m = (await t.call(BUSINESS, { method: 'GET', url: `/api/v1/transaction/business-movement/${settled.Id}` })).json().data;
    const row = sheet.getRow(2);
    const date = row.getCell(1).value as Date;
    // The cell shows the Mexico City wall clock: its UTC fields print as the screen's date and time.
    expect(
      `${String(date.getUTCDate()).padStart(2, '0')}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${date.getUTCFullYear()} ${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`,
    ).toBe(formatDateTime(m.MovementDate));
    expect(row.getCell(4).value).toBe(settled.TrackingKey);
    expect([row.getCell(8).value, row.getCell(8).numFmt]).toEqual([b.clabe, '@']);
    expect(row.getCell(10).value).toBe(CLABE.settles);
    expect(row.getCell(12).value).toBe('=HYPERLINK("http://x")');
    expect(row.getCell(12).type).toBe(ExcelJS.ValueType.String);
    const amounts = [13, 14, 15, 16].map((c) => row.getCell(c).value as number);
    expect(amounts).toEqual([123.45, 5, 0.8, 129.25]);
    expect(amounts.map((a) => cents(a.toFixed(2)))).toEqual([12345n, 500n, 80n, 12925n]);
    expect(row.getCell(16).numFmt).toBe('"$"#,##0.00;-"$"#,##0.00');
  });
});

describe('monthly statement', () => {
  const state = (body: Record<string, unknown>, email = BUSINESS) =>
    t.call(email, { method: 'POST', url: '/api/internal/account-state', payload: { Year: Y, Month: M, ...body } });

  it('closes at the ledger balance, with every posting, commissions and IVA', async () => {
    const s = (await state({})).json().data;
    const [ledger] = await t.sql<{ balance: string }>(`SELECT n_balance_cents::text AS balance FROM ledger_accounts WHERE v_code = $1`, [`${b.client}:main`]);
    const cents = (x: string) => BigInt(x.replace('.', ''));
    expect(cents(s.ClosingBalance)).toBe(BigInt(ledger!.balance));
    expect(s.ClosingBalance).toBe((await balance(t, BUSINESS)).balance);
    expect(cents(s.OpeningBalance) + cents(s.Deposits) - cents(s.Withdrawals) - cents(s.Commissions) - cents(s.IVA)).toBe(cents(s.ClosingBalance));
    const postings = await t.sql<{ n: number; commissions: string; iva: string }>(
      `SELECT count(*)::int AS n,
              coalesce(-sum(p.n_amount_cents) FILTER (WHERE p.v_leg = 'commission'), 0)::text AS commissions,
              coalesce(-sum(p.n_amount_cents) FILTER (WHERE p.v_leg = 'iva'), 0)::text AS iva
         FROM ledger_postings p JOIN ledger_accounts a ON a.v_uid = p.v_uid_account WHERE a.v_code = $1`,
      [`${b.client}:main`],
    );
    expect(s.Movements).toHaveLength(postings[0]!.n);
    expect([cents(s.Commissions).toString(), cents(s.IVA).toString()]).toEqual([postings[0]!.commissions, postings[0]!.iva]);
    const out = s.Movements.filter((m: { TrackingKey: string | null }) => m.TrackingKey === settled.TrackingKey);
    expect(out.map((m: { Leg: string; Amount: string; Description: string }) => [m.Leg, m.Amount, m.Description])).toEqual([
      ['amount', '-123.45', 'Transferencia SPEI enviada a Proveedor Formula'],
      ['commission', '-5.00', 'Comisión por transferencia SPEI'],
      ['iva', '-0.80', 'IVA de la comisión'],
    ]);
    expect(s.Period.Label).toMatch(/^[a-z]+ de \d{4}$/);
    // The pending order is held, not posted: it is not on the statement.
    expect(s.Movements.some((m: { Concept: string | null }) => m.Concept === 'Anticipo')).toBe(false);
  });

  it('the month before opens and closes at zero', async () => {
    const prev = M === 1 ? { Year: Y - 1, Month: 12 } : { Month: M - 1 };
    const s = (await state(prev)).json().data;
    expect([s.OpeningBalance, s.ClosingBalance, s.Movements.length]).toEqual(['0.00', '0.00', 0]);
  });

  it('refuses a month that has not begun and a month 13', async () => {
    const r1 = await state({ Year: Y + 1 });
    expect([r1.statusCode, r1.json().message]).toEqual([422, 'El periodo aún no comienza']);
    const r2 = await state({ Month: 13 });
    expect([r2.statusCode, r2.json().message]).toEqual([400, 'Mes no válido']);
  });

  it('as a PDF, with the summary and the movements', async () => {
    PDF_OPTIONS.compress = false;
    const res = await state({ Format: 'pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    const s = (await state({})).json().data;
    expect(text).toContain('ESTADO DE CUENTA');
    expect(text).toContain(`Folio EC-${b.client}-${Y}${String(M).padStart(2, '0')}`);
    expect(text).toContain('Página 1 de 1');
    expect(text).toContain(b.clabe);
    expect(text).toContain('RESUMEN DEL PERIODO');
    expect(text).toContain(`${formatCurrency(BigInt(s.ClosingBalance.replace('.', '')))} MXN`);
    expect(text).toContain('Comercializadora Demo SA de CV');
    expect(text).toContain(formatCurrency(BigInt(s.ClosingBalance.replace('.', ''))));
    expect(text).toContain(settled.TrackingKey);
    expect(text).toContain('Comisión por transferencia SPEI');
  });
});

describe('a long statement', () => {
  it('flows over pages, repeats the table header and numbers every page «Página N de M»', async () => {
    PDF_OPTIONS.compress = false;
    const line = (i: number) => ({
      Date: '2026-03-10T18:00:00.000Z',
      Description: `Transferencia SPEI enviada a Proveedor ${i}`,
      MovementType: 'SPEI_OUT',
      Leg: 'amount',
      OwnTransfer: false,
      TrackingKey: `FAR20260310${String(i).padStart(10, '0')}`,
      Reference: String(i),
      Concept: 'Pago',
      Amount: '-1.00',
      Balance: `${1000 - i}.00`,
    });
    const pdf = await accountStatePdf({
      Business: { Id: 'x', Name: 'Empresa Larga SA de CV', Rfc: 'ELA010101AB1', AccountNumber: '646180249000000019', ClientNumber: 'BUS000099' },
      Period: { Year: 2026, Month: 3, From: '2026-03-01T06:00:00.000Z', To: '2026-04-01T06:00:00.000Z', Label: 'marzo de 2026' },
      OpeningBalance: '1000.00',
      Deposits: '0.00',
      Withdrawals: '90.00',
      Commissions: '0.00',
      IVA: '0.00',
      ClosingBalance: '910.00',
      Movements: Array.from({ length: 90 }, (_, i) => line(i + 1)),
      GeneratedAt: '2026-04-01T12:00:00.000Z',
    });
    const text = pdfText(pdf);
    const pages = [...text.matchAll(/Página (\d+) de (\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages).toEqual(pages.map((_, i) => [i + 1, pages.length]));
    expect(text.match(/Clave de rastreo \/ referencia/g)).toHaveLength(pages.length);
    expect(text).toContain('FAR202603100000000090');
    expect(text).toContain('$910.00 MXN');
    expect(text).toContain('Periodo del 01/03/2026 al 31/03/2026');
    if (PDFTOPPM) firstPage(pdf, 'estado-de-cuenta-largo');
  });
});

describe('proof of payment', () => {
  it('has the tracking key, banks, masked accounts, amounts in MXN, concept, reference, folio and page number', async () => {
    PDF_OPTIONS.compress = false;
    const res = await t.call(BUSINESS, { method: 'GET', url: `/api/v1/transaction/business-movement/${settled.Id}/proof` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="comprobante-${settled.TrackingKey}.pdf"`);
    const text = pdfText(res.rawPayload);
    const folio = `CP-${mexicoDate(now).replaceAll('-', '')}-${settled.Id.replaceAll('-', '').slice(0, 8).toUpperCase()}`;
    for (const expected of [
      'COMPROBANTE DE TRANSFERENCIA SPEI',
      `Folio ${folio}`,
      'Página 1 de 1',
      settled.TrackingKey,
      'SANDBOX LIQUIDA (990)',
      'STP (646)',
      `**************${CLABE.settles.slice(-4)}`,
      `**************${b.clabe.slice(-4)}`,
      '$123.45 MXN',
      '$5.00',
      '$0.80',
      '$129.25 MXN',
      'Total cargado',
      'Factura 778',
      '778',
      'LIQUIDADA',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/Spei|spei/);
    expect(text).not.toContain(CLABE.settles);
    expect(text).not.toContain(b.clabe);
    const staff = await t.call(TECHFAR, { method: 'GET', url: `/api/v1/transaction/business-movement/${settled.Id}/proof` });
    expect(staff.statusCode).toBe(200);
  });
});

describe('documents as images', () => {
  if (!PDFTOPPM) console.warn(NO_PDFTOPPM);
  const looksLikeADocument = (img: PageImage) => {
    // Not blank: ink over a fair part of the page, the navy letterhead in the top band, the logo at the top left.
    expect(share(img, inked)).toBeGreaterThan(0.04);
    expect(share(img, navy, [0, 0, 1, 0.12])).toBeGreaterThan(0.02);
    expect(share(img, navy, [0.07, 0.04, 0.15, 0.1])).toBeGreaterThan(0.3);
  };

  it.skipIf(!PDFTOPPM)('the statement renders to a page with the letterhead, summary and movements', async () => {
    PDF_OPTIONS.compress = true;
    const res = await t.call(BUSINESS, { method: 'POST', url: '/api/internal/account-state', payload: { Year: Y, Month: M, Format: 'pdf' } });
    expect(res.statusCode).toBe(200);
    const img = firstPage(res.rawPayload, 'estado-de-cuenta');
    expect([img.width, img.height]).toEqual([850, 1100]);
    looksLikeADocument(img);
  });

  it.skipIf(!PDFTOPPM)('the proof of payment renders to a receipt', async () => {
    PDF_OPTIONS.compress = true;
    const res = await t.call(BUSINESS, { method: 'GET', url: `/api/v1/transaction/business-movement/${settled.Id}/proof` });
    looksLikeADocument(firstPage(res.rawPayload, 'comprobante-spei'));
  });

  it.skipIf(!PDFTOPPM)('the proof of a deposit renders to a receipt', async () => {
    PDF_OPTIONS.compress = true;
    const res = await t.call(BUSINESS, { method: 'GET', url: `/api/v1/transaction/business-movement/${depositId}/proof` });
    expect(res.statusCode).toBe(200);
    looksLikeADocument(firstPage(res.rawPayload, 'comprobante-deposito'));
  });
});

describe('dashboards', () => {
  it('business: balances, the last movements and 30 days of money in and out', async () => {
    const res = await t.call(BUSINESS, { method: 'GET', url: '/api/v1/transaction/dashboard/business' });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.Balance).toEqual(await balance(t, BUSINESS));
    expect(d.LastMovements[0].Id).toBe(pendingId);
    expect(d.LastMovements.length).toBeLessThanOrEqual(10);
    expect(d.Series).toHaveLength(30);
    expect(d.Series[29].Date).toBe(mexicoDate(now));
    const s = (await t.call(BUSINESS, { method: 'POST', url: '/api/internal/account-state', payload: { Year: Y, Month: M } })).json().data;
    // Everything of this business was posted today: today's flows are the month's.
    const cents = (x: string) => BigInt(x.replace('.', ''));
    expect(cents(d.Series[29].In)).toBe(cents(s.Deposits));
    expect(cents(d.Series[29].Out)).toBe(cents(s.Withdrawals) + cents(s.Commissions) + cents(s.IVA));
    expect(d.PendingOrders).toEqual({ Count: 1, Amount: '15.80' });
    const staff = await t.call(TECHFAR, { method: 'GET', url: `/api/v1/transaction/dashboard/business?BusinessId=${b.id}` });
    expect(staff.json().data.Balance).toEqual(d.Balance);
    const other = await t.call(BUSINESS_2, { method: 'GET', url: '/api/v1/transaction/dashboard/business' });
    expect(other.json().data.Balance.account).not.toBe(b.clabe);
  });

  it('admin: total balances held, SPEI volume today and pending orders', async () => {
    const res = await t.call(TECHFAR, { method: 'GET', url: '/api/v1/transaction/dashboard/admin' });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    const [held] = await t.sql<{ total: string }>(`SELECT coalesce(sum(n_balance_cents), 0)::text AS total FROM ledger_accounts WHERE b_customer`);
    expect(BigInt(d.TotalBalancesHeld.replace('.', ''))).toBe(BigInt(held!.total));
    const [open] = await t.sql<{ n: number; total: string }>(
      `SELECT count(*)::int AS n, coalesce(sum(n_total_cents), 0)::text AS total FROM business_movements WHERE v_type = 'SPEI_OUT' AND i_status IN (0, 1)`,
    );
    expect(d.PendingOrders).toEqual({ Count: open!.n, Amount: formatCurrency(BigInt(open!.total)).replace('$', '').replaceAll(',', '') });
    expect(d.TotalInTransit).toBe(d.PendingOrders.Amount);
    expect(d.SpeiToday.Out.Count).toBeGreaterThanOrEqual(2);
    expect(d.SpeiToday.In.Count).toBeGreaterThanOrEqual(2);
    expect(Number(d.Books.CommissionIncome)).toBeGreaterThan(0);
  });
});

describe('one date per movement: the day it moved the balance (decision 0037)', () => {
  // Mexico City is UTC−6 all year: an order placed on New Year's Eve and settled after midnight.
  const FUNDED = '2025-12-30T12:00:00-06:00';
  const PLACED = '2025-12-31T23:58:00-06:00';
  const POSTED = '2026-01-01T00:03:00-06:00';
  const iso = (at: string) => new Date(at).toISOString();
  type Row = { Id: string; MovementDate: string; BalanceEffect: string };
  const cents = (x: string) => BigInt(x.replace('.', ''));

  it('an order placed at 23:58 and settled at 00:03 is of the next day and month in the list, its filter, its export and the statement', async () => {
    const b2 = await demoBusiness(t, BUSINESS_2);
    await noLimits(t, b2);
    await deposit(t, b2.id, '500.00');
    const order = (
      await speiOut(t, BUSINESS_2, { Clabe: CLABE.settles, BeneficiaryName: 'Proveedor de Año Nuevo', Amount: '100.00', Concept: 'Cierre' })
    ).json().data as { Id: string; TrackingKey: string };
    await runJobs(t, 0);
    await runJobs(t, 60_000);
    // The second business's whole history back to the turn of the year, in its order: what came
    // before the order on 30 December, the order's settlement at 00:03. The ledger's rows are
    // immutable, so its guards are lifted for this one rewrite.
    const history = await t.sql<{ tx: string }>(
      `SELECT p.v_uid_transaction AS tx FROM ledger_postings p JOIN ledger_accounts a ON a.v_uid = p.v_uid_account
        WHERE a.v_code = $1 GROUP BY 1 ORDER BY min(p.n_entry)`,
      [`${b2.client}:main`],
    );
    const [orderTx] = await t.sql<{ tx: string }>(`SELECT v_uid_transaction AS tx FROM business_movements WHERE v_uid = $1`, [order.Id]);
    expect(history.at(-1)!.tx).toBe(orderTx!.tx);
    const at = (i: number) => (i === history.length - 1 ? POSTED : new Date(new Date(FUNDED).getTime() + i * 60_000).toISOString());
    for (const table of ['ledger_transactions', 'ledger_postings']) await t.sql(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
    for (const [i, { tx }] of history.entries()) {
      await t.sql(`UPDATE ledger_transactions SET d_create_at = $2 WHERE v_uid = $1`, [tx, at(i)]);
      await t.sql(`UPDATE ledger_postings SET d_create_at = $2 WHERE v_uid_transaction = $1`, [tx, at(i)]);
    }
    for (const table of ['ledger_transactions', 'ledger_postings']) await t.sql(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
    // The rows' creation too; each movement's date follows from its posting (the database's trigger).
    for (const [i, { tx }] of history.entries()) await t.sql(`UPDATE business_movements SET d_create_at = $2 WHERE v_uid_transaction = $1`, [tx, at(i)]);
    await t.sql(`UPDATE business_movements SET d_create_at = $2 WHERE v_uid = $1`, [order.Id, PLACED]);

    const list = async (body: Record<string, unknown>) => {
      const res = await t.call(BUSINESS_2, { method: 'POST', url: MOVEMENTS, payload: { Size: 100, ...body } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.Records as Row[];
    };
    const all = await list({});
    expect(all.length).toBe(history.length);
    expect(all[0]).toMatchObject({ Id: order.Id, MovementDate: iso(POSTED) });
    expect(all.slice(1).every((r) => r.MovementDate < iso(PLACED))).toBe(true);
    expect((await list({ From: '2026-01-01', To: '2026-01-01' })).map((r) => r.Id)).toEqual([order.Id]);
    expect(await list({ From: '2025-12-31', To: '2025-12-31' })).toEqual([]);
    // Oldest first, by the same date.
    expect((await list({ SortBy: 'MovementDate', SortDir: 'asc' })).at(-1)!.Id).toBe(order.Id);

    const csv = async (From: string, To: string) => {
      const res = await t.call(BUSINESS_2, { method: 'POST', url: `${MOVEMENTS}/export`, payload: { From, To, Format: 'csv' } });
      expect(res.statusCode).toBe(200);
      return (parse(res.rawPayload.toString('utf8'), { bom: true }) as string[][]).slice(1);
    };
    expect((await csv('2026-01-01', '2026-01-01')).map((r) => [r[0], r[3]])).toEqual([[formatDateTime(POSTED), `="${order.TrackingKey}"`]]);
    expect(await csv('2025-12-31', '2025-12-31')).toEqual([]);

    // The statements of December and January: the order is January's, on the day the list says.
    const state = async (Year: number, Month: number) =>
      (await t.call(BUSINESS_2, { method: 'POST', url: '/api/internal/account-state', payload: { Year, Month } })).json().data as {
        OpeningBalance: string;
        ClosingBalance: string;
        Movements: Array<{ Date: string; TrackingKey: string | null }>;
      };
    const [december, january] = [await state(2025, 12), await state(2026, 1)];
    expect(december.Movements.some((m) => m.TrackingKey === order.TrackingKey)).toBe(false);
    expect(new Set(january.Movements.map((m) => [m.Date, m.TrackingKey].join(' ')))).toEqual(new Set([`${iso(POSTED)} ${order.TrackingKey}`]));
    // Each month's list, filtered to that month, adds up to the statement's change of balance.
    for (const [s, From, To] of [
      [december, '2025-12-01', '2025-12-31'],
      [january, '2026-01-01', '2026-01-31'],
    ] as const) {
      const effect = (await list({ From, To })).reduce((sum, r) => sum + cents(r.BalanceEffect), 0n);
      expect(effect).toBe(cents(s.ClosingBalance) - cents(s.OpeningBalance));
    }
    PDF_OPTIONS.compress = false;
    // A date cell may wrap between the day and the time.
    const pdf = async (Year: number, Month: number) =>
      pdfText((await t.call(BUSINESS_2, { method: 'POST', url: '/api/internal/account-state', payload: { Year, Month, Format: 'pdf' } })).rawPayload).replace(
        /\s+/g,
        ' ',
      );
    expect(await pdf(2026, 1)).toContain(formatDateTime(POSTED));
    expect(await pdf(2025, 12)).not.toMatch(/01\/01\/2026 00:03|31\/12\/2025 23:58/);
  });
});
