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
import { styleHeader, xlsxColumns, type XlsxKind } from './xlsx-sheet';
import { siblingWorker } from '../worker-thread';

export { XLSX_FORMATS } from './xlsx-sheet';

/**
 * - `text`: free text (names, concepts, aliases): formula-injection escaped in CSV.
 * - `id`: identifiers made of digits that must stay text (CLABE, tracking keys, references, card numbers).
 * - `datetime` / `date`: an instant (Date or ISO text) shown in Mexico City time; `date` also takes 'YYYY-MM-DD'.
 * - `money`: integer cents (bigint).
 * - `count`: a whole number (given as text or bigint): a number cell in XLSX.
 */
export type ExportKind = XlsxKind;

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
export async function writeExport<R>(
  format: ExportFormat,
  file: { baseName: string; sheetName: string; columns: readonly ExportColumn<R>[]; rows: readonly R[] },
): Promise<ExportFile> {
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
export function streamExport<R>(
  format: ExportFormat,
  file: { sheetName: string; columns: readonly ExportColumn<R>[]; batches: AsyncIterable<readonly R[]> },
): Readable {
  return format === 'csv' ? streamCsv(file.columns, file.batches) : streamXlsx(file.sheetName, file.columns, file.batches);
}

function streamCsv<R>(columns: readonly ExportColumn<R>[], batches: AsyncIterable<readonly R[]>): Readable {
  async function* chunks() {
    yield Buffer.from(stringify([columns.map((c) => c.header)], { bom: true, record_delimiter: 'windows' }), 'utf8');
    for await (const batch of batches) {
      if (batch.length === 0) continue;
      yield Buffer.from(
        stringify(
          batch.map((r) => columns.map((c) => csvCell(c.kind, c.value(r)))),
          { record_delimiter: 'windows' },
        ),
        'utf8',
      );
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * XLSX streamed: this thread reads the batches and turns rows into cell values; a worker thread
 * (xlsx-worker.ts) writes the workbook and sends its bytes back. One batch is in the worker while
 * the next is read, and nothing more is sent while the client has not taken what was written.
 */
function streamXlsx<R>(sheetName: string, columns: readonly ExportColumn<R>[], batches: AsyncIterable<readonly R[]>): Readable {
  const out = new PassThrough();
  const worker = siblingWorker(import.meta.url, 'xlsx-worker', {
    workerData: { sheetName, columns: columns.map(({ header, kind, width }) => ({ header, kind, width })) },
    // The worker holds one batch and exceljs's buffers: a bound of its own (decision 0020).
    resourceLimits: { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 },
  });
  let acked = 0;
  let onAck: (() => void) | null = null;
  let finished = false;
  worker.on('message', (m: { chunk?: Uint8Array; ack?: boolean; done?: boolean }) => {
    if (m.chunk) out.write(Buffer.from(m.chunk.buffer, m.chunk.byteOffset, m.chunk.byteLength));
    else if (m.ack) {
      acked++;
      onAck?.();
    } else if (m.done) {
      finished = true;
      out.end();
      void worker.terminate();
    }
  });
  worker.on('error', (err) => out.destroy(err));
  worker.on('exit', (code) => {
    if (!finished) out.destroy(new Error(`El escritor XLSX terminó antes de tiempo (código ${code})`));
    // A reader waiting for an acknowledgement that will not come sees the destroyed stream and stops.
    onAck?.();
  });
  // A client that goes away stops the worker.
  out.on('close', () => void worker.terminate());
  const waitAcks = (upTo: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (acked >= upTo || out.destroyed) {
          onAck = null;
          resolve();
        }
      };
      onAck = check;
      check();
    });
  void (async () => {
    let sent = 0;
    for await (const batch of batches) {
      if (out.destroyed) return;
      if (batch.length === 0) continue;
      const rows = batch.map((r) => columns.map((c) => xlsxCell(c.kind, c.value(r))));
      // At most one batch waits in the worker while this one is converted.
      await waitAcks(sent - 1);
      if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve).once('close', resolve));
      if (out.destroyed) return;
      worker.postMessage({ rows });
      sent++;
    }
    await waitAcks(sent);
    worker.postMessage({ end: true });
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}
