/**
 * The bank-document look of every PDF (statements, proofs of payment, later reports): the FAR
 * logo drawn as vectors, a letterhead with the title and folio, boxes, tables and «Página N de M».
 * pdfkit's standard fonts are WinAnsi: Spanish accents print; '−' (U+2212) does not, use '-'.
 */
import { formatCurrency, type CentsInput } from '@far/contracts';
// Only the type here: pdfkit (and its fonts) loads on the first PDF, not at start-up.
import type {} from 'pdfkit';

export type Pdf = PDFKit.PDFDocument;

/** Content streams are compressed; tests switch it off to read the text. */
export const PDF_OPTIONS = { compress: true };

export const COLORS = { brand: '#1f3a5f', accent: '#1c9c8c', ink: '#1b1f24', muted: '#5c6670', line: '#c9d1d9', panel: '#f2f5f8', stripe: '#f7f9fb' } as const;

/** Page geometry (US Letter, 612 × 792 pt). */
export const PAGE = { left: 50, right: 562, width: 512, top: 40, bottom: 742 } as const;

/** '$1,234.50 MXN': es-MX money from integer cents, for a total that stands alone. */
export const mxn = (cents: CentsInput) => `${formatCurrency(cents)} MXN`;

/** '************1234': only the last four digits of an account show. */
export const maskAccount = (value: string | null | undefined) => (value ? `${'*'.repeat(Math.max(0, value.length - 4))}${value.slice(-4)}` : '—');

export interface DocumentHead {
  /** Shown in capitals at the top right, e.g. 'Estado de cuenta'. */
  title: string;
  /** A second line under the title, e.g. the period. */
  subtitle?: string;
  folio: string;
  /** Printed on every page's footer, left of the page number. */
  footer: string;
}

/** Builds a PDF in memory: the letterhead on the first page, the footer and page numbers on all. */
export async function renderDocument(head: DocumentHead, build: (doc: Pdf) => void): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: PAGE.top, left: PAGE.left, right: 612 - PAGE.right, bottom: 792 - PAGE.bottom },
    bufferPages: true,
    compress: PDF_OPTIONS.compress,
    info: { Title: `${head.title} ${head.folio}`, Author: 'FAR Portal', Producer: 'FAR Portal' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  letterhead(doc, head);
  build(doc);
  footers(doc, head);
  doc.end();
  return done;
}

/** The FAR logo: a navy tile with an ascending teal arrow and the letters FAR, drawn at (x, y). */
export function logo(doc: Pdf, x: number, y: number, size = 38): void {
  const s = size / 38;
  doc.save();
  doc.roundedRect(x, y, size, size, 7 * s).fill(COLORS.brand);
  // Three rising bars and a stroke over them: money that moves up.
  doc.fillColor(COLORS.accent);
  [
    [7, 25, 5, 6],
    [14, 20, 5, 11],
    [21, 14, 5, 17],
  ].forEach(([bx, by, bw, bh]) => doc.rect(x + bx! * s, y + by! * s, bw! * s, bh! * s).fill());
  doc
    .moveTo(x + 6 * s, y + 20 * s)
    .lineTo(x + 17 * s, y + 12 * s)
    .lineTo(x + 24 * s, y + 15 * s)
    .lineTo(x + 32 * s, y + 7 * s)
    .lineWidth(2 * s)
    .strokeColor('#ffffff')
    .stroke();
  doc.polygon([x + 33 * s, y + 5 * s], [x + 33 * s, y + 11 * s], [x + 27.5 * s, y + 5.5 * s]).fill('#ffffff');
  doc.restore();
}

function letterhead(doc: Pdf, head: DocumentHead): void {
  const top = PAGE.top;
  logo(doc, PAGE.left, top);
  doc
    .font('Helvetica-Bold')
    .fontSize(17)
    .fillColor(COLORS.brand)
    .text('FAR', PAGE.left + 48, top + 3, { continued: true })
    .fillColor(COLORS.accent)
    .text(' Portal');
  doc
    .font('Helvetica')
    .fontSize(7.5)
    .fillColor(COLORS.muted)
    .text('Fondos de pago electrónico · Transferencias SPEI', PAGE.left + 48, top + 24);
  // The title stays on one line: a long one is set smaller.
  const titleX = 260;
  const title = head.title.toUpperCase();
  let size = 13;
  doc.font('Helvetica-Bold');
  while (size > 9 && doc.fontSize(size).widthOfString(title) > PAGE.right - titleX) size -= 0.5;
  doc.fillColor(COLORS.brand).text(title, titleX, top + 1, { width: PAGE.right - titleX, align: 'right', lineBreak: false });
  doc.y = top + 1 + size * 1.2;
  if (head.subtitle)
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(COLORS.ink)
      .text(head.subtitle, titleX, doc.y + 1, { width: PAGE.right - titleX, align: 'right' });
  doc
    .font('Helvetica-Bold')
    .fontSize(8)
    .fillColor(COLORS.muted)
    .text(`Folio ${head.folio}`, titleX, doc.y + 2, { width: PAGE.right - titleX, align: 'right' });
  const rule = top + 50;
  doc.rect(PAGE.left, rule, PAGE.width, 2.5).fill(COLORS.brand);
  doc.rect(PAGE.left, rule + 2.5, PAGE.width, 1).fill(COLORS.accent);
  doc.fillColor(COLORS.ink);
  doc.x = PAGE.left;
  doc.y = rule + 14;
}

/** Where the content of a continuation page starts: below its running head. */
export const CONTINUATION_TOP = PAGE.top + 34;

/** A new page, its content starting below the running head that footers() draws on it. */
export function newPage(doc: Pdf): void {
  doc.addPage();
  doc.x = PAGE.left;
  doc.y = CONTINUATION_TOP;
}

/** Pages after the first: a small logo, the title and the folio, so a loose page says what it is. */
function runningHead(doc: Pdf, head: DocumentHead): void {
  logo(doc, PAGE.left, PAGE.top - 4, 20);
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(COLORS.brand)
    .text('FAR', PAGE.left + 26, PAGE.top + 1, { continued: true })
    .fillColor(COLORS.accent)
    .text(' Portal');
  doc
    .font('Helvetica-Bold')
    .fontSize(8)
    .fillColor(COLORS.brand)
    .text(`${head.title.toUpperCase()} · Folio ${head.folio}`, 250, PAGE.top + 3, { width: PAGE.right - 250, align: 'right', lineBreak: false });
  doc.rect(PAGE.left, PAGE.top + 20, PAGE.width, 1.5).fill(COLORS.brand);
}

function footers(doc: Pdf, head: DocumentHead): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would open a new page: lift the margin for the footer.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    if (i > range.start) runningHead(doc, head);
    const y = 792 - 38;
    doc
      .moveTo(PAGE.left, y - 6)
      .lineTo(PAGE.right, y - 6)
      .lineWidth(0.5)
      .strokeColor(COLORS.line)
      .stroke();
    doc.font('Helvetica').fontSize(7).fillColor(COLORS.muted).text(head.footer, PAGE.left, y, { width: 400, lineBreak: true });
    doc
      .font('Helvetica-Bold')
      .fontSize(7.5)
      .fillColor(COLORS.brand)
      .text(`Página ${i - range.start + 1} de ${range.count}`, PAGE.right - 100, y, { width: 100, align: 'right' });
    doc.page.margins.bottom = bottom;
  }
}

/** A section title with a thin rule, at the left margin. */
export function heading(doc: Pdf, text: string, gap = 10): void {
  doc.y += gap;
  doc.font('Helvetica-Bold').fontSize(10).fillColor(COLORS.brand).text(text.toUpperCase(), PAGE.left, doc.y, { characterSpacing: 0.4 });
  const y = doc.y + 2;
  doc.moveTo(PAGE.left, y).lineTo(PAGE.right, y).lineWidth(0.6).strokeColor(COLORS.brand).stroke();
  doc.y = y + 6;
  doc.fillColor(COLORS.ink);
}

export interface Pair {
  label: string;
  value: string;
  bold?: boolean;
}

/** Label-value pairs, one per line, inside (x, width); returns the y after the last. */
export function pairs(doc: Pdf, list: Pair[], x: number, y: number, width: number, labelWidth = 0.42): number {
  const lw = width * labelWidth;
  for (const p of list) {
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(COLORS.muted)
      .text(p.label, x, y, { width: lw - 4 });
    const afterLabel = doc.y;
    doc
      .font(p.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(8.5)
      .fillColor(COLORS.ink)
      .text(p.value, x + lw, y - 0.5, { width: width - lw });
    y = Math.max(afterLabel, doc.y) + 3.5;
  }
  return y;
}

const PANEL_PAD = 9;
const PANEL_LABEL = 0.42;

/** The height a panel of these pairs needs at this width. */
function panelHeight(doc: Pdf, list: Pair[], width: number): number {
  const inner = width - 2 * PANEL_PAD;
  const lw = inner * PANEL_LABEL;
  const body = list.reduce((h, p) => {
    const label = doc
      .font('Helvetica')
      .fontSize(7.5)
      .heightOfString(p.label, { width: lw - 4 });
    const value = doc
      .font(p.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(8.5)
      .heightOfString(p.value, { width: inner - lw });
    return h + Math.max(label, value) + 3.5;
  }, 0);
  return 14 + body + 2 * PANEL_PAD;
}

/** A titled panel (light fill, border) of label-value pairs; returns the y below it. */
export function panel(doc: Pdf, title: string, list: Pair[], x: number, y: number, width: number, minHeight = 0): number {
  const height = Math.max(minHeight, panelHeight(doc, list, width));
  doc.roundedRect(x, y, width, height, 4).lineWidth(0.6).fillAndStroke(COLORS.panel, COLORS.line);
  doc
    .font('Helvetica-Bold')
    .fontSize(8)
    .fillColor(COLORS.brand)
    .text(title.toUpperCase(), x + PANEL_PAD, y + PANEL_PAD, { width: width - 2 * PANEL_PAD, characterSpacing: 0.3 });
  pairs(doc, list, x + PANEL_PAD, y + PANEL_PAD + 14, width - 2 * PANEL_PAD, PANEL_LABEL);
  doc.fillColor(COLORS.ink);
  return y + height;
}

/** Two panels side by side across the page, of equal height, from doc.y; moves doc.y below them. */
export function panelPair(doc: Pdf, left: { title: string; list: Pair[] }, right: { title: string; list: Pair[] }, gapAfter = 12): void {
  const half = (PAGE.width - 12) / 2;
  const y = doc.y;
  const height = Math.max(panelHeight(doc, left.list, half), panelHeight(doc, right.list, half));
  panel(doc, left.title, left.list, PAGE.left, y, half, height);
  panel(doc, right.title, right.list, PAGE.left + half + 12, y, half, height);
  doc.x = PAGE.left;
  doc.y = y + height + gapAfter;
}

export interface SummaryLine {
  label: string;
  cents: bigint;
  /** '+' or '-' before the label (how the line moves the balance). */
  sign?: '+' | '-';
}

/**
 * The summary box of a statement or receipt: lines with amounts aligned right, then the total on
 * a navy band with «MXN». Returns the y below it.
 */
export function summaryBox(
  doc: Pdf,
  title: string,
  lines: SummaryLine[],
  total: { label: string; cents: bigint },
  x: number,
  y: number,
  width: number,
): number {
  const pad = 10;
  const row = 14;
  const height = 22 + lines.length * row + 28;
  doc.roundedRect(x, y, width, height, 4).lineWidth(0.8).fillAndStroke('#ffffff', COLORS.brand);
  doc
    .font('Helvetica-Bold')
    .fontSize(8)
    .fillColor(COLORS.brand)
    .text(title.toUpperCase(), x + pad, y + 8, { width: width - 2 * pad, characterSpacing: 0.3 });
  let ly = y + 24;
  for (const l of lines) {
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(COLORS.ink)
      .text(`${l.sign ? `(${l.sign}) ` : ''}${l.label}`, x + pad, ly, { width: width * 0.6 });
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .text(formatCurrency(l.cents), x + width * 0.5, ly, { width: width * 0.5 - pad, align: 'right' });
    ly += row;
  }
  const band = y + height - 26;
  doc.roundedRect(x + 4, band, width - 8, 22, 3).fill(COLORS.brand);
  doc
    .font('Helvetica-Bold')
    .fontSize(9.5)
    .fillColor('#ffffff')
    .text(total.label, x + pad, band + 6.5, { width: width * 0.5 });
  doc.text(mxn(total.cents), x + width * 0.4, band + 6.5, { width: width * 0.6 - pad, align: 'right' });
  doc.fillColor(COLORS.ink);
  return y + height;
}

export interface TableColumn {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

/**
 * A table that flows over pages: navy header row (repeated on each page), zebra rows, cells that
 * wrap. `rows` are the cell texts; a row with `bold` is a totals row.
 */
export function table(doc: Pdf, columns: TableColumn[], rows: { cells: string[]; bold?: boolean }[], empty: string): void {
  const pad = 4;
  const fontSize = 7.5;
  const header = () => {
    const y = doc.y;
    doc.rect(PAGE.left, y, PAGE.width, 16).fill(COLORS.brand);
    let x = PAGE.left;
    doc.font('Helvetica-Bold').fontSize(7.5).fillColor('#ffffff');
    for (const c of columns) {
      doc.text(c.title, x + pad, y + 4.5, { width: c.width - 2 * pad, align: c.align ?? 'left', lineBreak: false });
      x += c.width;
    }
    doc.y = y + 16;
  };
  header();
  if (rows.length === 0) {
    doc
      .font('Helvetica-Oblique')
      .fontSize(8.5)
      .fillColor(COLORS.muted)
      .text(empty, PAGE.left + pad, doc.y + 6);
    doc.y += 6;
    return;
  }
  rows.forEach((r, i) => {
    doc.font(r.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(fontSize);
    const height = Math.max(...columns.map((c, j) => doc.heightOfString(r.cells[j] ?? '', { width: c.width - 2 * pad }))) + 2 * pad;
    if (doc.y + height > PAGE.bottom - 10) {
      newPage(doc);
      header();
    }
    const y = doc.y;
    if (r.bold) doc.rect(PAGE.left, y, PAGE.width, height).fill(COLORS.panel);
    else if (i % 2 === 1) doc.rect(PAGE.left, y, PAGE.width, height).fill(COLORS.stripe);
    doc
      .moveTo(PAGE.left, y + height)
      .lineTo(PAGE.right, y + height)
      .lineWidth(0.3)
      .strokeColor(COLORS.line)
      .stroke();
    let x = PAGE.left;
    doc
      .font(r.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(fontSize)
      .fillColor(COLORS.ink);
    columns.forEach((c, j) => {
      doc.text(r.cells[j] ?? '', x + pad, y + pad, { width: c.width - 2 * pad, align: c.align ?? 'left' });
      x += c.width;
    });
    doc.y = y + height;
  });
}
