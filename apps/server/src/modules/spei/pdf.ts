/** PDF documents (proofs of payment, statements) with pdfkit's standard fonts (WinAnsi: Spanish accents print). */
// Only the type here: pdfkit (and its fonts) loads on the first PDF, not at start-up.
import type {} from 'pdfkit';

export type Pdf = PDFKit.PDFDocument;

/** Content streams are compressed; tests switch it off to read the text. */
export const PDF_OPTIONS = { compress: true };

/** Builds a PDF in memory. */
export async function renderPdf(title: string, build: (doc: Pdf) => void): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'LETTER', margin: 50, compress: PDF_OPTIONS.compress, info: { Title: title, Author: 'FAR Portal', Producer: 'FAR Portal' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  build(doc);
  doc.end();
  return done;
}

/** '************1234': only the last four digits of an account show. */
export const maskAccount = (value: string | null | undefined) => (value ? `${'*'.repeat(Math.max(0, value.length - 4))}${value.slice(-4)}` : '—');

/** A label and its value on one line, the label in bold. */
export function field(doc: Pdf, label: string, value: string, x = 50, width = 512): void {
  const y = doc.y;
  doc.font('Helvetica-Bold').fontSize(9).fillColor('#444444').text(label, x, y, { width: 170 });
  doc.font('Helvetica').fontSize(10).fillColor('#000000').text(value, x + 175, y, { width: width - 175 });
  doc.moveDown(0.35);
}

export function heading(doc: Pdf, text: string): void {
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#1f3a5f').text(text, 50);
  doc.moveTo(50, doc.y + 2).lineTo(562, doc.y + 2).strokeColor('#1f3a5f').lineWidth(0.5).stroke();
  doc.moveDown(0.5);
  doc.fillColor('#000000');
}
