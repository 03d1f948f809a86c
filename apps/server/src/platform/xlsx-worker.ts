/**
 * The streamed XLSX writer, in a worker thread (started by streamXlsx in export.ts). exceljs
 * builds every cell's XML on the CPU: seconds for a 100,000-row report. Here that runs beside the
 * main thread, which meanwhile reads and converts the next rows and keeps serving other requests.
 *
 * Messages in: { rows: CellValue[][] } per batch, then { end: true }.
 * Messages out: { chunk } (bytes of the file, transferred), { ack } after each batch, { done }.
 */
import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { sheetRowWriter, styleHeader, xlsxColumns, type XlsxColumn } from './xlsx-sheet';

const port = parentPort!;
const { sheetName, columns } = workerData as { sheetName: string; columns: XlsxColumn[] };

const out = new Writable({
  write(chunk: Buffer, _encoding, done) {
    // A copy the worker owns outright, so its memory moves to the main thread instead of being copied again.
    const bytes = new Uint8Array(chunk);
    port.postMessage({ chunk: bytes }, [bytes.buffer]);
    done();
  },
});

// Shared strings would keep every distinct text in memory until the end: inline strings instead.
const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
book.creator = 'FAR Portal';
const sheet = book.addWorksheet(sheetName, { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
sheet.columns = xlsxColumns(columns);
styleHeader(sheet.getRow(1));
sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
sheet.getRow(1).commit();
const writeRow = sheetRowWriter(sheet, columns);

port.on('message', (message: { rows?: ExcelJS.CellValue[][]; end?: boolean }) => {
  if (message.rows) {
    for (const values of message.rows) writeRow(values);
    port.postMessage({ ack: true });
  } else if (message.end) {
    sheet.commit();
    void book.commit().then(() => port.postMessage({ done: true }));
  }
});
