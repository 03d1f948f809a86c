/**
 * The XLSX sheet both writers build (the buffered one in export.ts and the streamed one in
 * xlsx-worker.ts): widths and number formats per column kind, the header's look, and one shared
 * style object per column. It imports nothing of the product, so the worker thread loads little.
 */
import type ExcelJS from 'exceljs';

export type XlsxKind = 'text' | 'id' | 'datetime' | 'date' | 'money' | 'count';

/** What the sheet needs of a column (ExportColumn without its value function, so it crosses threads). */
export interface XlsxColumn {
  header: string;
  kind: XlsxKind;
  width?: number;
}

/** XLSX number formats: es-MX money with the peso sign, and day-first dates. */
export const XLSX_FORMATS = { money: '"$"#,##0.00;-"$"#,##0.00', datetime: 'dd/mm/yyyy hh:mm', date: 'dd/mm/yyyy', text: '@' } as const;

const DEFAULT_WIDTH: Record<XlsxKind, number> = { text: 24, id: 22, datetime: 17, date: 12, money: 15, count: 12 };

/** Widths and number formats per kind. */
export const xlsxColumns = (columns: readonly XlsxColumn[]): Array<Partial<ExcelJS.Column>> =>
  columns.map((c) => ({
    header: c.header,
    width: c.width ?? Math.max(DEFAULT_WIDTH[c.kind], c.header.length + 4),
    style: c.kind === 'money' || c.kind === 'datetime' || c.kind === 'date' ? { numFmt: XLSX_FORMATS[c.kind] } : { numFmt: XLSX_FORMATS.text },
  }));

export function styleHeader(header: ExcelJS.Row): void {
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F3A5F' } };
  header.alignment = { vertical: 'middle' };
}

/**
 * Commits rows of cell values to a streamed sheet. exceljs gives every row and cell a style
 * object of its own and turns each into XML to find its style id, unless it saw that very object
 * before: one shared object per column (and one for the rows) makes that lookup a WeakMap hit (a
 * third of the XLSX time at 100,000 rows).
 */
export function sheetRowWriter(sheet: ExcelJS.Worksheet, columns: readonly XlsxColumn[]) {
  const rowStyle = {};
  const cellStyles = xlsxColumns(columns).map((c) => c.style!);
  return (values: ExcelJS.CellValue[]) => {
    const row = sheet.addRow(values);
    // Row.style exists at run time (exceljs's typings leave it out).
    (row as unknown as { style: object }).style = rowStyle;
    row.eachCell((cell, col) => (cell.style = cellStyles[col - 1]!));
    row.commit();
  };
}
