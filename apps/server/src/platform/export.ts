/**
 * Spreadsheet exports (CSV and XLSX) of any list: one column description, two writers. Every
 * report exports through here, so Excel keeps every digit of a CLABE, dates are Mexico City
 * dates, amounts are exact and no cell runs as a formula (docs/decisions/0011-exports-and-documents.md).
 */
import { centsToDecimalString, formatDate } from '@far/contracts';
import { PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
// Only the types here: exceljs is heavy and rarely needed, so it loads on the first XLSX export.
import type ExcelJS from 'exceljs';
import { mexicoWallClock } from './mexico-time';

/**
 * - `text`: free text (names, concepts, aliases): formula-injection escaped in CSV.
 * - `id`: identifiers made of digits that must stay text (CLABE, tracking keys, references, card numbers).
 * - `datetime` / `date`: an instant (Date or ISO text) shown in Mexico City time; `date` also takes 'YYYY-MM-DD'.
 * - `money`: integer cents (bigint).
 * - `count`: a whole number (given as text or bigint): a number cell in XLSX.
 */
export type ExportKind = 'text' | 'id' | 'datetime' | 'date' | 'money' | 'count';

export type ExportValue = string | bigint | Date | null | undefined;

export interface ExportColumn<R> {
  header: string;
  kind: ExportKind;
  value: (row: R) => ExportValue;
  /** Width in characters in the XLSX (a default per kind otherwise). */
  width?: number;
}

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportFile {
  content: Buffer;
  mediaType: string;
  fileName: string;
}

export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** XLSX number formats: es-MX money with the peso sign, and day-first dates. */
export const XLSX_FORMATS = { money: '"$"#,##0.00;-"$"#,##0.00', datetime: 'dd/mm/yyyy hh:mm', date: 'dd/mm/yyyy', text: '@' } as const;

const DEFAULT_WIDTH: Record<ExportKind, number> = { text: 24, id: 22, datetime: 17, date: 12, money: 15, count: 12 };

/** A cell a spreadsheet must not run: text starting with = + - @ (or a tab or CR) gets a leading quote. */
export const safeCell = (value: string | null | undefined): string => {
  const v = value ?? '';
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
};

/** Excel keeps a string constant of at most 255 characters in a formula; identifiers are far shorter. */
const MAX_FORMULA_TEXT = 255;

/**
 * An identifier as Excel must keep it: `="002180000000000011"` is a formula whose result is that
 * exact text, so Excel neither drops leading zeros nor shows 2.18E+17. Everything inside is a
 * string constant (quotes doubled), so nothing of the value itself can run.
 */
export const csvIdentifier = (value: string | null | undefined): string => {
  const v = value ?? '';
  if (v === '') return '';
  if (v.length > MAX_FORMULA_TEXT || /[\r\n]/.test(v)) return safeCell(v);
  return `="${v.replaceAll('"', '""')}"`;
};

const asText = (v: ExportValue): string => (v === null || v === undefined ? '' : typeof v === 'string' ? v : String(v));
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const two = (n: number) => String(n).padStart(2, '0');

/**
 * 'dd/mm/yyyy hh:mm' in Mexico City, as formatDateTime writes it, from the wall clock that is
 * cached per hour: formatDateTime's Intl call per row was a large part of a report's time.
 */
function csvDateTime(v: Date | string): string {
  const w = spreadsheetDate(v);
  return `${two(w.getUTCDate())}/${two(w.getUTCMonth() + 1)}/${w.getUTCFullYear()} ${two(w.getUTCHours())}:${two(w.getUTCMinutes())}`;
}

function csvCell(kind: ExportKind, v: ExportValue): string {
  if (v === null || v === undefined || v === '') return '';
  switch (kind) {
    case 'id':
      return csvIdentifier(asText(v));
    case 'money':
      // '-123.45': a plain number (a minus and digits only, so it cannot be a formula).
      return centsToDecimalString(v as bigint);
    case 'count':
      return /^\d+$/.test(asText(v)) ? asText(v) : safeCell(asText(v));
    case 'datetime':
      return csvDateTime(v as Date | string);
    case 'date':
      return formatDate(v as Date | string);
    default:
      return safeCell(asText(v));
  }
}

/** CSV, UTF-8 with BOM (Excel reads the accents right), comma-separated, CRLF rows (RFC 4180). */
export function toCsv<R>(columns: readonly ExportColumn<R>[], rows: readonly R[]): Buffer {
  const data = rows.map((r) => columns.map((c) => csvCell(c.kind, c.value(r))));
  const text = stringify([columns.map((c) => c.header), ...data], { bom: true, record_delimiter: 'windows' });
  return Buffer.from(text, 'utf8');
}

/**
 * Spreadsheet dates have no time zone: a cell shows the date as written. So an instant is written
 * as its Mexico City wall-clock time (exceljs stores a Date's UTC fields), and a calendar day
 * 'YYYY-MM-DD' as that day.
 */
export function spreadsheetDate(value: Date | string): Date {
  if (typeof value === 'string' && DATE_ONLY.test(value)) return new Date(`${value}T00:00:00Z`);
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Fecha no válida: ${String(value)}`);
  return mexicoWallClock(instant);
}

/**
 * Cents → the spreadsheet's number. An integer below 2^53 is exact as a double, and one correctly
 * rounded division by 100 gives the double nearest to the exact decimal: the same number Excel
 * reads from the text '123.45'. No sums or products happen in floats.
 */
export function centsToNumber(cents: bigint): number {
  const limit = BigInt(Number.MAX_SAFE_INTEGER);
  if (cents > limit || cents < -limit) throw new RangeError(`Monto fuera de rango para una hoja de cálculo: ${cents}`);
  return Number(cents) / 100;
}

function xlsxCell(kind: ExportKind, v: ExportValue): ExcelJS.CellValue {
  if (v === null || v === undefined || v === '') return null;
  switch (kind) {
    case 'money':
      return centsToNumber(v as bigint);
    case 'count':
      return Number(v);
    case 'datetime':
    case 'date':
      return spreadsheetDate(v as Date | string);
    default:
      // A string cell is data, never a formula (exceljs writes a formula only from { formula }),
      // so text goes as it is, without the CSV's protective quote.
      return asText(v);
  }
}

/** Widths and number formats per kind (the same in the buffered and the streamed writer). */
const xlsxColumns = <R>(columns: readonly ExportColumn<R>[]): Array<Partial<ExcelJS.Column>> =>
  columns.map((c) => ({
    header: c.header,
    width: c.width ?? Math.max(DEFAULT_WIDTH[c.kind], c.header.length + 4),
    style: c.kind === 'money' || c.kind === 'datetime' || c.kind === 'date' ? { numFmt: XLSX_FORMATS[c.kind] } : { numFmt: XLSX_FORMATS.text },
  }));

function styleHeader(header: ExcelJS.Row): void {
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F3A5F' } };
  header.alignment = { vertical: 'middle' };
}

/** XLSX: a bold header row with filters, frozen under the header; typed cells and formats per column. */
export async function toXlsx<R>(sheetName: string, columns: readonly ExportColumn<R>[], rows: readonly R[]): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const book = new Excel.Workbook();
  book.creator = 'FAR Portal';
  book.created = new Date();
  const sheet = book.addWorksheet(sheetName, { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
  sheet.columns = xlsxColumns(columns);
  styleHeader(sheet.getRow(1));
  for (const r of rows) sheet.addRow(columns.map((c) => xlsxCell(c.kind, c.value(r))));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The file of a list in the asked format, named '<baseName>.<csv|xlsx>'. */
export async function writeExport<R>(format: ExportFormat, file: { baseName: string; sheetName: string; columns: readonly ExportColumn<R>[]; rows: readonly R[] }): Promise<ExportFile> {
  const content = format === 'csv' ? toCsv(file.columns, file.rows) : await toXlsx(file.sheetName, file.columns, file.rows);
  return { content, mediaType: EXPORT_MEDIA_TYPES[format], fileName: `${file.baseName}.${format}` };
}

// ---- streamed exports (reports of any size) -------------------------------------------------------------

/**
 * A report streamed in constant memory: rows arrive in batches (keyset reads of a few thousand
 * rows) and leave as they are written; nothing holds the whole file. The Readable pulls the next
 * batch only when the client has taken the previous one (CSV); the XLSX writer commits each row
 * to its zip stream at once.
 */
export function streamExport<R>(format: ExportFormat, file: { sheetName: string; columns: readonly ExportColumn<R>[]; batches: AsyncIterable<readonly R[]> }): Readable {
  return format === 'csv' ? streamCsv(file.columns, file.batches) : streamXlsx(file.sheetName, file.columns, file.batches);
}

function streamCsv<R>(columns: readonly ExportColumn<R>[], batches: AsyncIterable<readonly R[]>): Readable {
  async function* chunks() {
    yield Buffer.from(stringify([columns.map((c) => c.header)], { bom: true, record_delimiter: 'windows' }), 'utf8');
    for await (const batch of batches) {
      if (batch.length === 0) continue;
      yield Buffer.from(stringify(batch.map((r) => columns.map((c) => csvCell(c.kind, c.value(r)))), { record_delimiter: 'windows' }), 'utf8');
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

function streamXlsx<R>(sheetName: string, columns: readonly ExportColumn<R>[], batches: AsyncIterable<readonly R[]>): Readable {
  const out = new PassThrough();
  void (async () => {
    const { default: Excel } = await import('exceljs');
    // Shared strings would keep every distinct text in memory until the end: inline strings instead.
    const book = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    book.creator = 'FAR Portal';
    const sheet = book.addWorksheet(sheetName, { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
    sheet.columns = xlsxColumns(columns);
    styleHeader(sheet.getRow(1));
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
    sheet.getRow(1).commit();
    // exceljs gives every row and cell a style object of its own and turns each into XML to find its
    // style id, unless it saw that very object before: one shared object per column (and one for the
    // rows) makes that lookup a WeakMap hit (a third of the XLSX time at 100,000 rows).
    const rowStyle = {};
    const cellStyles = xlsxColumns(columns).map((c) => c.style!);
    for await (const batch of batches) {
      for (const r of batch) {
        const row = sheet.addRow(columns.map((c) => xlsxCell(c.kind, c.value(r))));
        // Row.style exists at run time (exceljs's typings leave it out).
        (row as unknown as { style: object }).style = rowStyle;
        row.eachCell((cell, col) => (cell.style = cellStyles[col - 1]!));
        row.commit();
      }
      // Let the zip stream drain before the next batch is read.
      if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
    }
    sheet.commit();
    await book.commit();
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}
