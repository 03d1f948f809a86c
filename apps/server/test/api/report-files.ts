/** Helpers of the report tests: reading an XLSX back as Excel would (header, rows, column by name). */
import ExcelJS from 'exceljs';

export async function readXlsx(buf: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buf as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const rows: unknown[][] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push((row.values as unknown[]).slice(1));
  });
  return { sheet, header, rows, col: (name: string) => header.indexOf(name) };
}
