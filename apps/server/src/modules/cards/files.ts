/**
 * Reading the uploaded tables of the cards module (CSV in UTF-8 or Windows-1252, XLSX): the
 * extension, encoding and header are checked before any row, and a cell that would run as a
 * formula in a spreadsheet is refused. Row numbers are the spreadsheet's (the header is row 1).
 */
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { AppError } from '../../platform/errors';

export const UPLOAD_MAX_MB = 10;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MB * 1024 * 1024;
export const UPLOAD_SIZE_MESSAGE = `No debe pesar más de ${UPLOAD_MAX_MB}MB`;

const fileError = (message: string, key = 'invalid') => new AppError('VALIDATION', message, { errors: [{ field: 'file', key, message }] });

export interface TableRow {
  row: number;
  values: Record<string, string>;
}

/** Formula injection: what a spreadsheet would evaluate ('=cmd|…', '@SUM(…)', '+A1', '-A1'). */
export const isFormula = (cell: string) => /^[=@\t\r]/.test(cell) || /^[+-][^\d\s.]/.test(cell);
export const FORMULA_MESSAGE = 'El valor no puede iniciar con =, +, - o @ (fórmula)';

function decode(content: Buffer): string {
  if (content.includes(0)) throw fileError('Codificación no válida: guarda el archivo como CSV UTF-8');
  const body = content[0] === 0xef && content[1] === 0xbb && content[2] === 0xbf ? content.subarray(3) : content;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    // Excel's "CSV (delimitado por comas)" on a Spanish Windows writes Windows-1252.
    return iconv.decode(body, 'win1252');
  }
}

async function xlsxRows(content: Buffer): Promise<string[][]> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw fileError('Archivo no válido: el XLSX no se pudo leer');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw fileError('El archivo está vacío');
  const out: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (r) => {
    const values = (r.values as unknown[]).slice(1);
    out.push(
      values.map((v) => {
        if (v === null || v === undefined) return '';
        if (v instanceof Date) return v.toISOString().slice(0, 10);
        if (typeof v === 'object' && 'formula' in (v as object)) return `=${String((v as { formula: string }).formula)}`;
        if (typeof v === 'object' && 'text' in (v as object)) return String((v as { text: string }).text);
        return String(v);
      }),
    );
  });
  return out;
}

/**
 * The rows of an uploaded table, as header → value. `required` columns must all be in the header
 * (names compared without case); extra columns are ignored. Empty lines are skipped.
 */
export async function readTable(file: { filename: string; content: Buffer }, opts: { required: readonly string[]; known: readonly string[]; xlsx?: boolean; maxRows?: number }): Promise<TableRow[]> {
  const name = file.filename.toLowerCase();
  const isXlsx = name.endsWith('.xlsx');
  if (!name.endsWith('.csv') && !(opts.xlsx && isXlsx)) {
    const message = opts.xlsx ? 'Archivo no válido, solo se aceptan archivos .csv, .xlsx' : 'Archivo no válido, solo se aceptan archivos .csv';
    throw fileError(message, 'accept');
  }
  let grid: string[][];
  if (isXlsx) grid = await xlsxRows(file.content);
  else {
    try {
      grid = parse(decode(file.content), { relax_column_count: true, skip_empty_lines: false, bom: true, trim: true }) as string[][];
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw fileError('Archivo no válido: el CSV no se pudo leer');
    }
  }
  const [head, ...body] = grid;
  if (!head || head.every((c) => !c.trim())) throw fileError('El archivo está vacío');
  const byLower = new Map(opts.known.map((k) => [k.toLowerCase(), k]));
  const columns = head.map((h) => byLower.get(h.trim().toLowerCase()) ?? null);
  const missing = opts.required.filter((r) => !columns.includes(r));
  if (missing.length) throw fileError(`Encabezado no válido: falta la columna ${missing.join(', ')}`);
  const rows: TableRow[] = [];
  body.forEach((cells, i) => {
    if (cells.every((c) => !String(c ?? '').trim())) return;
    const values: Record<string, string> = {};
    columns.forEach((col, j) => {
      if (col) values[col] = String(cells[j] ?? '').trim();
    });
    rows.push({ row: i + 2, values });
  });
  if (rows.length === 0) throw fileError('El archivo no tiene registros');
  if (opts.maxRows && rows.length > opts.maxRows) throw fileError(`El archivo tiene más de ${opts.maxRows.toLocaleString('es-MX')} registros`);
  return rows;
}
