/**
 * Reading a dispersion file: CSV (UTF-8 or Windows-1252, comma or semicolon) or XLSX (first
 * sheet), checked by extension and by content. Answers the rows as text cells keyed by column,
 * numbered as the spreadsheet shows them (the header is row 1). File-level faults (empty, wrong
 * type, too big, too many rows, a missing column) are refused at once; a formula cell is a row error.
 */
import {
  DISPERSION_COLUMNS,
  DISPERSION_HEADERS,
  DISPERSION_LIMITS,
  DISPERSION_MESSAGES as M,
  DISPERSION_REQUIRED_COLUMNS,
  columnOfHeader,
  type DispersionColumn,
  type DispersionRowError,
} from '@far/contracts';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { AppError } from '../../platform/errors';

export interface RawRow {
  row: number;
  cells: Partial<Record<DispersionColumn, string>>;
}
export interface ParsedFile {
  rows: RawRow[];
  errors: DispersionRowError[];
  mediaType: string;
}

export const CSV_TYPE = 'text/csv';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const refuse = (message: string, key: string, errors = [{ field: 'File', key, message }]) => new AppError('VALIDATION', message, { errors });

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

function csvTable(content: Buffer, text: string): string[][] {
  if (content.includes(0)) throw refuse(M.content, 'accept');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  // No quote and no lone CR: the cells are the lines split at the delimiter, as the parser would
  // read them, several times faster on a 50,000-row file.
  if (!text.includes('"') && !/\r(?!\n)/.test(text)) return text.split(/\r?\n/).map((line) => line.split(delimiter));
  try {
    return parse(text, { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: false, bom: true, trim: false }) as string[][];
  } catch (err) {
    throw refuse(`El archivo CSV no se pudo leer: ${(err as Error).message.slice(0, 120)}`, 'accept');
  }
}

/** Cell texts of the first sheet; a formula cell becomes a row error, never its cached result. */
async function xlsxTable(content: Buffer, formulaErrors: Array<{ row: number; col: number }>): Promise<string[][]> {
  const { default: Excel } = await import('exceljs');
  const book = new Excel.Workbook();
  try {
    await book.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw refuse(M.content, 'accept');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw refuse(M.empty, 'empty');
  const table: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, colNumber) => {
      const v = cell.value as unknown;
      let text = '';
      if (v && typeof v === 'object' && ('formula' in v || 'sharedFormula' in v)) {
        formulaErrors.push({ row: rowNumber, col: colNumber - 1 });
      } else if (v instanceof Date) text = v.toISOString().slice(0, 10);
      else if (v && typeof v === 'object' && 'richText' in v) text = (v as { richText: Array<{ text: string }> }).richText.map((r) => r.text).join('');
      else if (v && typeof v === 'object' && 'text' in v) text = String((v as { text: unknown }).text);
      else if (v !== null && v !== undefined) text = String(v);
      cells[colNumber - 1] = text;
    });
    table[rowNumber - 1] = Array.from(cells, (c) => c ?? '');
  });
  return Array.from(table, (r) => r ?? []);
}

export async function parseDispersionFile(name: string, content: Buffer): Promise<ParsedFile> {
  if (content.length > DISPERSION_LIMITS.maxBytes) throw refuse(M.size, 'fileSize');
  const ext = name.toLowerCase().split('.').pop();
  if (ext !== 'csv' && ext !== 'xlsx') throw refuse(M.extension, 'accept');
  // Decoded once: a 10 MB file is not copied more than it must be.
  const text = ext === 'csv' ? decodeText(content) : '';
  if (content.length === 0 || (ext === 'csv' && text.trim() === '')) throw refuse(M.empty, 'empty');
  const isZip = content.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  if ((ext === 'xlsx') !== isZip) throw refuse(M.content, 'accept');

  const formulas: Array<{ row: number; col: number }> = [];
  const table = ext === 'csv' ? csvTable(content, text) : await xlsxTable(content, formulas);
  const blank = (r: string[] | undefined) => !r || r.every((c) => (c ?? '').trim() === '');
  const headerIndex = table.findIndex((r) => !blank(r));
  if (headerIndex < 0) throw refuse(M.empty, 'empty');

  const columns = new Map<number, DispersionColumn>();
  table[headerIndex]!.forEach((h, i) => {
    const col = columnOfHeader(h ?? '');
    if (col && ![...columns.values()].includes(col)) columns.set(i, col);
  });
  const missing = DISPERSION_REQUIRED_COLUMNS.filter((c) => ![...columns.values()].includes(c));
  if (missing.length) {
    const messages = missing.map((c) => M.missingColumn(DISPERSION_HEADERS[c]));
    throw refuse(messages.join('; '), 'columns', messages.map((message) => ({ field: 'File', key: 'columns', message })));
  }

  const errors: DispersionRowError[] = [];
  const rows: RawRow[] = [];
  for (let i = headerIndex + 1; i < table.length; i += 1) {
    const r = table[i];
    if (blank(r)) continue;
    if (rows.length >= DISPERSION_LIMITS.maxRows) throw refuse(M.rows, 'rows');
    const cells: RawRow['cells'] = {};
    for (const [index, col] of columns) cells[col] = (r![index] ?? '').trim();
    rows.push({ row: i + 1, cells });
  }
  for (const f of formulas) {
    const col = columns.get(f.col);
    if (f.row - 1 > headerIndex && col) errors.push({ Row: f.row, Column: DISPERSION_HEADERS[col], Message: M.formulaCell });
  }
  if (rows.length === 0) throw refuse(M.noRows, 'empty');
  return { rows, errors, mediaType: ext === 'csv' ? CSV_TYPE : XLSX_TYPE };
}

/** The template of each format: the headers and two example rows (sandbox CLABEs that settle). */
export const TEMPLATE_ROWS: Array<Record<DispersionColumn, string>> = [
  { Name: 'ANA GARCIA GARCIA', Clabe: '990180000000000001', Amount: '1500.00', Concept: 'Nomina quincena', Reference: '1001', Rfc: '', Email: '' },
  { Name: 'Miguel Hernández García', Clabe: '012180000000123455', Amount: '2350.50', Concept: 'Pago factura 123', Reference: '1002', Rfc: 'HEGM851026SB9', Email: 'miguel@ejemplo.mx' },
];
export const TEMPLATE_HEADERS = DISPERSION_COLUMNS.map((c) => DISPERSION_HEADERS[c]);
