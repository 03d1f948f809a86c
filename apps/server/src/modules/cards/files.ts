/**
 * Reading the uploaded card files (stock, cardholders, assignment, funding) with the shared
 * spreadsheet reader: Spanish headers or the old English ones, matched without case or accents
 * (contracts' CARD_FILES). Row numbers are the spreadsheet's (the header is row 1).
 */
import { CARD_FILES, cardColumnOfHeader, type CardFileKind, type FileColumn } from '@far/contracts';
import { writeExport, type ExportFormat } from '../../platform/export';
import { readSheet } from '../../platform/spreadsheet';

export const UPLOAD_MAX_MB = 10;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MB * 1024 * 1024;
export const UPLOAD_SIZE_MESSAGE = `No debe pesar más de ${UPLOAD_MAX_MB}MB`;

export interface TableRow {
  row: number;
  values: Record<string, string>;
}

/** Formula injection: what a spreadsheet would evaluate ('=cmd|…', '@SUM(…)', '+A1', '-A1'). */
export const isFormula = (cell: string) => /^[=@\t\r]/.test(cell) || /^[+-][^\d\s.]/.test(cell);
export const FORMULA_MESSAGE = 'El valor no puede iniciar con =, +, - o @ (fórmula)';

/** The rows of an uploaded card file, as column key → text. An XLSX formula cell reads as '=' (a row error). */
export async function readCardFile(file: { filename: string; content: Buffer }, kind: CardFileKind): Promise<TableRow[]> {
  const spec = CARD_FILES[kind];
  const columns = spec.columns as readonly FileColumn[];
  const sheet = await readSheet(file, {
    field: 'file',
    xlsx: spec.xlsx,
    maxBytes: UPLOAD_MAX_BYTES,
    maxRows: spec.maxRows,
    columnOf: (h) => cardColumnOfHeader(kind, h),
    required: columns.filter((c) => c.required).map((c) => ({ key: c.key, header: c.header })),
    messages: {
      extension: spec.xlsx ? 'Archivo no válido, solo se aceptan archivos .csv o .xlsx' : 'Archivo no válido, solo se aceptan archivos .csv',
      content: 'El contenido del archivo no corresponde a su extensión: guárdalo como CSV UTF-8',
      empty: 'El archivo está vacío',
      noRows: 'El archivo no tiene registros',
      size: UPLOAD_SIZE_MESSAGE,
      rows: `El archivo tiene más de ${spec.maxRows.toLocaleString('es-MX')} registros`,
      missingColumn: (header) => `Falta la columna «${header}»`,
    },
  });
  const rows = sheet.rows.map((r) => ({ row: r.row, values: r.cells as Record<string, string> }));
  const byRow = new Map(rows.map((r) => [r.row, r]));
  for (const f of sheet.formulas) byRow.get(f.row)!.values[f.column] = '=';
  return rows;
}

/** The downloadable template of a card file: its Spanish headers and an example row (every cell text). */
export function cardTemplate(kind: CardFileKind, format: ExportFormat) {
  const spec = CARD_FILES[kind];
  const columns = (spec.columns as readonly FileColumn[]).map((c) => ({
    header: c.header,
    kind: 'text' as const,
    value: () => c.example,
    width: Math.max(14, c.header.length + 2),
  }));
  return writeExport(format, { baseName: spec.fileName, sheetName: spec.sheetName, columns, rows: [null] });
}
