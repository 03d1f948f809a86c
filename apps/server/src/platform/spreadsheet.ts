/**
 * The one reader of uploaded tables (card files and dispersion files, issue 23 §2): CSV (UTF-8 or
 * Windows-1252, comma or semicolon) or XLSX (first sheet), checked by extension and by content.
 * Headers are matched by the caller's `columnOf` (no case or accents); the rows come back as text
 * cells keyed by column, numbered as the spreadsheet shows them (the header is row 1). File-level
 * faults are refused at once (400, one message per fault, on the caller's field); a formula cell
 * of an XLSX is never read for its cached result: it is listed for the caller to report.
 */
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { AppError } from './errors';

export interface SheetMessages {
  extension: string;
  content: string;
  empty: string;
  noRows: string;
  size: string;
  rows: string;
  missingColumn: (header: string) => string;
}

export interface SheetSpec<K extends string> {
  /** The field the file-level errors name ('File', 'file'). */
  field: string;
  xlsx: boolean;
  maxBytes?: number;
  maxRows: number;
  columnOf: (header: string) => K | undefined;
  /** Required columns and the header a person knows them by. */
  required: ReadonlyArray<{ key: K; header: string }>;
  messages: SheetMessages;
}

export interface SheetRow<K extends string> {
  row: number;
  cells: Partial<Record<K, string>>;
}
export interface Sheet<K extends string> {
  rows: SheetRow<K>[];
  /** XLSX cells holding a formula (their text is left empty). */
  formulas: Array<{ row: number; column: K }>;
  mediaType: string;
}

const CSV_TYPE = 'text/csv';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const refuse = (field: string, key: string, messages: string[]) =>
  new AppError('VALIDATION', messages.join('; '), { errors: messages.map((message) => ({ field, key, message })) });

/** UTF-8 when the bytes are valid UTF-8, else Windows-1252 (what Excel on Windows saves as "CSV"). */
function decodeText(content: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    text = iconv.decode(content, 'win1252');
  }
  return text.replace(/^\uFEFF/, '');
}

function csvTable(text: string, fail: () => AppError): string[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  // No quote and no lone CR: the cells are the lines split at the delimiter, as the parser would
  // read them, several times faster on a 50,000-row file.
  if (!text.includes('"') && !/\r(?!\n)/.test(text)) return text.split(/\r?\n/).map((line) => line.split(delimiter));
  try {
    return parse(text, { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: false, bom: true, trim: false }) as string[][];
  } catch {
    throw fail();
  }
}

/** Cell texts of the first sheet; a formula cell is listed, never read for its cached result. */
async function xlsxTable(content: Buffer, formulas: Array<{ row: number; col: number }>, fail: () => AppError, empty: () => AppError): Promise<string[][]> {
  const { default: Excel } = await import('exceljs');
  const book = new Excel.Workbook();
  try {
    await book.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw fail();
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw empty();
  const table: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, colNumber) => {
      const v = cell.value as unknown;
      let text = '';
      if (v && typeof v === 'object' && ('formula' in v || 'sharedFormula' in v)) formulas.push({ row: rowNumber, col: colNumber - 1 });
      else if (v instanceof Date) text = v.toISOString().slice(0, 10);
      else if (v && typeof v === 'object' && 'richText' in v) text = (v as { richText: Array<{ text: string }> }).richText.map((r) => r.text).join('');
      else if (v && typeof v === 'object' && 'text' in v) text = String((v as { text: unknown }).text);
      else if (v !== null && v !== undefined) text = String(v);
      cells[colNumber - 1] = text;
    });
    table[rowNumber - 1] = Array.from(cells, (c) => c ?? '');
  });
  return Array.from(table, (r) => r ?? []);
}

export async function readSheet<K extends string>(file: { filename: string; content: Buffer }, spec: SheetSpec<K>): Promise<Sheet<K>> {
  const { content } = file;
  const m = spec.messages;
  const no = (key: string, message: string) => refuse(spec.field, key, [message]);
  if (spec.maxBytes !== undefined && content.length > spec.maxBytes) throw no('fileSize', m.size);
  const ext = file.filename.toLowerCase().split('.').pop();
  if (ext !== 'csv' && !(spec.xlsx && ext === 'xlsx')) throw no('accept', m.extension);
  // Decoded once: a 10 MB file is not copied more than it must be.
  const text = ext === 'csv' ? decodeText(content) : '';
  if (content.length === 0 || (ext === 'csv' && text.trim() === '')) throw no('empty', m.empty);
  const isZip = content.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  if ((ext === 'xlsx') !== isZip || (ext === 'csv' && content.includes(0))) throw no('accept', m.content);

  const found: Array<{ row: number; col: number }> = [];
  const table =
    ext === 'csv'
      ? csvTable(text, () => no('accept', m.content))
      : await xlsxTable(
          content,
          found,
          () => no('accept', m.content),
          () => no('empty', m.empty),
        );
  const blank = (r: string[] | undefined) => !r || r.every((c) => (c ?? '').trim() === '');
  const headerIndex = table.findIndex((r) => !blank(r));
  if (headerIndex < 0) throw no('empty', m.empty);

  const columns = new Map<number, K>();
  table[headerIndex]!.forEach((h, i) => {
    const col = spec.columnOf(h ?? '');
    if (col && ![...columns.values()].includes(col)) columns.set(i, col);
  });
  const missing = spec.required.filter((c) => ![...columns.values()].includes(c.key));
  if (missing.length)
    throw refuse(
      spec.field,
      'columns',
      missing.map((c) => m.missingColumn(c.header)),
    );

  const rows: SheetRow<K>[] = [];
  for (let i = headerIndex + 1; i < table.length; i += 1) {
    const r = table[i];
    if (blank(r)) continue;
    if (rows.length >= spec.maxRows) throw no('rows', m.rows);
    const cells: SheetRow<K>['cells'] = {};
    for (const [index, col] of columns) cells[col] = (r![index] ?? '').trim();
    rows.push({ row: i + 1, cells });
  }
  if (rows.length === 0) throw no('empty', m.noRows);
  const formulas = found.flatMap((f) => {
    const column = columns.get(f.col);
    return f.row - 1 > headerIndex && column ? [{ row: f.row, column }] : [];
  });
  return { rows, formulas, mediaType: ext === 'csv' ? CSV_TYPE : XLSX_TYPE };
}
