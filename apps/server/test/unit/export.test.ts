/**
 * The shared export writers, read back the way people's tools read them: csv-parse for the CSV
 * (as Excel would see each field), exceljs for the XLSX.
 */
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import {
  XLSX_FORMATS,
  centsToNumber,
  csvIdentifier,
  spreadsheetDate,
  safeCell,
  streamExport,
  toCsv,
  toXlsx,
  type ExportColumn,
} from '../../src/platform/export';

interface Row {
  at: string;
  day: string;
  clabe: string;
  card: string;
  name: string;
  cents: bigint;
}

const COLUMNS: ExportColumn<Row>[] = [
  { header: 'Fecha', kind: 'datetime', value: (r) => r.at },
  { header: 'Día', kind: 'date', value: (r) => r.day },
  { header: 'CLABE', kind: 'id', value: (r) => r.clabe },
  { header: 'Tarjeta', kind: 'id', value: (r) => r.card },
  { header: 'Nombre', kind: 'text', value: (r) => r.name },
  { header: 'Monto', kind: 'money', value: (r) => r.cents },
];

const ROWS: Row[] = [
  // 05:30 UTC on the 1st is 23:30 of the day before in Mexico City (UTC-6).
  {
    at: '2026-03-01T05:30:00.000Z',
    day: '2026-02-28',
    clabe: '002180000000000011',
    card: '4111111111111111',
    name: '=HYPERLINK("http://x","y")',
    cents: 12345n,
  },
  { at: '2026-03-01T18:00:00.000Z', day: '2026-03-01', clabe: '012180000000123456', card: '5500000000000004', name: 'Ñandú "Comillas", S.A.', cents: -80n },
  { at: '2026-03-02T00:00:00.000Z', day: '2026-03-01', clabe: '', card: '', name: '+52 55 1234', cents: 99_999_999_999n },
  { at: '2026-03-02T00:00:00.000Z', day: '2026-03-01', clabe: '"&HYPERLINK("x")&"', card: '', name: '@SUM(A1)', cents: 10n },
];

describe('cell escaping', () => {
  it('quotes text a spreadsheet would run', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', 'Normal', '1.00', ''].map(safeCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
      'Normal',
      '1.00',
      '',
    ]);
  });

  it('writes identifiers as a text formula whose only content is a string constant', () => {
    expect(csvIdentifier('002180000000000011')).toBe('="002180000000000011"');
    expect(csvIdentifier('a"b')).toBe('="a""b"');
    expect(csvIdentifier('')).toBe('');
    expect(csvIdentifier('=1+1\n')).toBe("'=1+1\n");
  });

  it('turns cents into the exact decimal double, never through float sums', () => {
    expect([centsToNumber(12345n), centsToNumber(-80n), centsToNumber(1n), centsToNumber(99_999_999_999n)]).toEqual([123.45, -0.8, 0.01, 999_999_999.99]);
    expect(centsToNumber(10n) + centsToNumber(20n)).not.toBe(0.3); // why sums stay in bigint
    expect(() => centsToNumber(2n ** 60n)).toThrow(RangeError);
  });

  it('moves an instant to the Mexico City wall clock', () => {
    expect(spreadsheetDate('2026-03-01T05:30:00.000Z').toISOString()).toBe('2026-02-28T23:30:00.000Z');
    expect(spreadsheetDate('2026-03-01').toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});

describe('CSV', () => {
  const csv = toCsv(COLUMNS, ROWS);
  const text = csv.toString('utf8');
  const cells = parse(text, { bom: true }) as string[][];

  it('is UTF-8 with a BOM and CRLF rows, accents intact', () => {
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text).toContain('\r\n');
    expect(cells[0]).toEqual(['Fecha', 'Día', 'CLABE', 'Tarjeta', 'Nombre', 'Monto']);
    expect(cells).toHaveLength(ROWS.length + 1);
  });

  it('keeps every digit of CLABEs and card numbers, and escapes formulas', () => {
    expect(cells[1]).toEqual(['28/02/2026 23:30', '28/02/2026', '="002180000000000011"', '="4111111111111111"', '\'=HYPERLINK("http://x","y")', '123.45']);
    expect(cells[2]).toEqual(['01/03/2026 12:00', '01/03/2026', '="012180000000123456"', '="5500000000000004"', 'Ñandú "Comillas", S.A.', '-0.80']);
    expect(cells[3]).toEqual(['01/03/2026 18:00', '01/03/2026', '', '', "'+52 55 1234", '999999999.99']);
    // A quote inside an identifier stays inside the string constant: nothing after it can run.
    expect(cells[4]![2]).toBe('="""&HYPERLINK(""x"")&"""');
    expect(cells[4]![4]).toBe("'@SUM(A1)");
    for (const row of cells.slice(1)) {
      for (const cell of row) expect(cell === '' || /^[^=+\-@\t\r]/.test(cell) || /^="/.test(cell) || /^-\d+\.\d{2}$/.test(cell)).toBe(true);
    }
  });
});

describe('XLSX', () => {
  const load = async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await toXlsx('Movimientos', COLUMNS, ROWS)) as unknown as ArrayBuffer);
    return book.getWorksheet('Movimientos')!;
  };

  it('has a bold header with filters, frozen under it', async () => {
    const sheet = await load();
    expect(sheet.getRow(1).values).toEqual([undefined, 'Fecha', 'Día', 'CLABE', 'Tarjeta', 'Nombre', 'Monto']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.autoFilter).toBe('A1:F1');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.rowCount).toBe(ROWS.length + 1);
  });

  it('writes real dates in Mexico City time, money as numbers with a peso format, identifiers as text', async () => {
    const sheet = await load();
    const r = sheet.getRow(2);
    expect(r.getCell(1).type).toBe(ExcelJS.ValueType.Date);
    expect((r.getCell(1).value as Date).toISOString()).toBe('2026-02-28T23:30:00.000Z');
    expect(r.getCell(1).numFmt).toBe(XLSX_FORMATS.datetime);
    expect((r.getCell(2).value as Date).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(r.getCell(2).numFmt).toBe(XLSX_FORMATS.date);
    expect([r.getCell(3).type, r.getCell(3).value, r.getCell(3).numFmt]).toEqual([ExcelJS.ValueType.String, '002180000000000011', '@']);
    expect(r.getCell(4).value).toBe('4111111111111111');
    expect([r.getCell(6).type, r.getCell(6).value, r.getCell(6).numFmt]).toEqual([ExcelJS.ValueType.Number, 123.45, XLSX_FORMATS.money]);
    expect(sheet.getRow(3).getCell(6).value).toBe(-0.8);
    expect(sheet.getRow(4).getCell(6).value).toBe(999_999_999.99);
  });

  it('keeps formula-looking text as inert strings', async () => {
    const sheet = await load();
    const cell = sheet.getRow(2).getCell(5);
    expect([cell.type, cell.value]).toEqual([ExcelJS.ValueType.String, '=HYPERLINK("http://x","y")']);
    sheet.eachRow((row) => row.eachCell((c) => expect(c.type).not.toBe(ExcelJS.ValueType.Formula)));
  });
});

describe('streamed XLSX (worker thread)', () => {
  const columns: ExportColumn<{ a: string }>[] = [{ header: 'A', kind: 'text', value: (r) => r.a }];

  it('writes every batch and reads back', async () => {
    async function* batches() {
      for (let b = 0; b < 3; b++) yield Array.from({ length: 50 }, (_, i) => ({ a: `fila ${b * 50 + i}` }));
    }
    const chunks: Buffer[] = [];
    for await (const c of streamExport('xlsx', { sheetName: 'Hoja', columns, batches: batches() })) chunks.push(c as Buffer);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Hoja')!;
    expect(sheet.rowCount).toBe(151);
    expect(sheet.getRow(151).getCell(1).value).toBe('fila 149');
  });

  it('stops reading batches when its reader goes away', async () => {
    let read = 0;
    let closed = false;
    async function* batches() {
      try {
        for (let i = 0; i < 2_000; i++) {
          read++;
          // Text that does not compress, so the file's bytes leave while rows are still coming.
          yield [{ a: randomBytes(1_500).toString('base64') }];
        }
      } finally {
        closed = true;
      }
    }
    const stream = streamExport('xlsx', { sheetName: 'Hoja', columns, batches: batches() });
    await new Promise((resolve) => stream.once('data', resolve));
    stream.destroy();
    await expect.poll(() => closed, { timeout: 10_000 }).toBe(true);
    expect(read).toBeLessThan(2_000);
  });
});
