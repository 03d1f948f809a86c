// The downloadable templates: the columns and two example rows, as CSV (UTF-8 with BOM) or XLSX (every cell text, so Excel keeps a CLABE's 18 digits).
import { DISPERSION_COLUMNS } from '@far/contracts';
import { stringify } from 'csv-stringify/sync';
import { EXPORT_MEDIA_TYPES, type ExportFile, type ExportFormat } from '../../platform/export';
import { TEMPLATE_HEADERS, TEMPLATE_ROWS } from './file';

export async function templateFile(format: ExportFormat): Promise<ExportFile> {
  const rows = TEMPLATE_ROWS.map((r) => DISPERSION_COLUMNS.map((c) => r[c]));
  if (format === 'csv') {
    return {
      content: Buffer.from(`\uFEFF${stringify([TEMPLATE_HEADERS, ...rows])}`, 'utf8'),
      mediaType: EXPORT_MEDIA_TYPES.csv,
      fileName: 'plantilla-dispersion.csv',
    };
  }
  const { default: Excel } = await import('exceljs');
  const book = new Excel.Workbook();
  const sheet = book.addWorksheet('Dispersión');
  sheet.columns = TEMPLATE_HEADERS.map((header) => ({ header, width: 26, style: { numFmt: '@' } }));
  for (const r of rows) sheet.addRow(r);
  sheet.getRow(1).font = { bold: true };
  return { content: Buffer.from(await book.xlsx.writeBuffer()), mediaType: EXPORT_MEDIA_TYPES.xlsx, fileName: 'plantilla-dispersion.xlsx' };
}
