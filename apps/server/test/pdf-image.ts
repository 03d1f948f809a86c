/**
 * The first page of a PDF as an image, through poppler's pdftoppm (Debian: poppler-utils; .ci/run
 * installs it). A PNG is kept in test-output/ for people to look at; the pixels are read from a
 * PPM, which needs no decoder.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PDFTOPPM = spawnSync('pdftoppm', ['-v']).error ? null : 'pdftoppm';
export const NO_PDFTOPPM = 'pdftoppm no está instalado (apt-get install -y poppler-utils): se omite el render de los PDF a imagen';

export const OUTPUT_DIR = fileURLToPath(new URL('../../../test-output/documents', import.meta.url));

export interface PageImage {
  width: number;
  height: number;
  /** RGB bytes, row by row. */
  rgb: Buffer;
  png: string;
}

/** Renders page 1 at `dpi`, writes `<name>.png` under test-output/documents and returns its pixels. */
export function firstPage(pdf: Buffer, name: string, dpi = 100): PageImage {
  const dir = mkdtempSync(join(tmpdir(), 'far-pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    mkdirSync(OUTPUT_DIR, { recursive: true });
    const png = join(OUTPUT_DIR, name);
    execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', String(dpi), '-singlefile', '-png', file, png]);
    execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', String(dpi), '-singlefile', file, join(dir, 'page')]);
    return { ...readPpm(readFileSync(join(dir, 'page.ppm'))), png: `${png}.png` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** P6 (binary RGB) as pdftoppm writes it: 'P6\n<w> <h>\n255\n' then the pixels. */
function readPpm(data: Buffer): { width: number; height: number; rgb: Buffer } {
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(data.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('pdftoppm no devolvió un PPM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, rgb: data.subarray(header[0].length, header[0].length + width * height * 3) };
}

/** Share of the pixels in [x0, x1) × [y0, y1) (fractions of the page) that pass `test`. */
export function share(img: PageImage, test: (r: number, g: number, b: number) => boolean, area: [number, number, number, number] = [0, 0, 1, 1]): number {
  const [x0, y0, x1, y1] = [
    Math.floor(area[0] * img.width),
    Math.floor(area[1] * img.height),
    Math.floor(area[2] * img.width),
    Math.floor(area[3] * img.height),
  ];
  let hits = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * img.width + x) * 3;
      if (test(img.rgb[i]!, img.rgb[i + 1]!, img.rgb[i + 2]!)) hits++;
    }
  }
  return hits / Math.max(1, (x1 - x0) * (y1 - y0));
}

export const inked = (r: number, g: number, b: number) => r + g + b < 600;
/** The brand navy #1f3a5f, give or take anti-aliasing. */
export const navy = (r: number, g: number, b: number) => Math.abs(r - 0x1f) < 24 && Math.abs(g - 0x3a) < 24 && Math.abs(b - 0x5f) < 24;
