/**
 * Reading a dispersion file through the shared spreadsheet reader (platform/spreadsheet.ts):
 * CSV or XLSX, headers matched without case or accents. A formula cell is a row error.
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
import { readSheet } from '../../platform/spreadsheet';

export interface RawRow {
  row: number;
  cells: Partial<Record<DispersionColumn, string>>;
}
export interface ParsedFile {
  rows: RawRow[];
  errors: DispersionRowError[];
  mediaType: string;
}

export async function parseDispersionFile(name: string, content: Buffer): Promise<ParsedFile> {
  const sheet = await readSheet(
    { filename: name, content },
    {
      field: 'File',
      xlsx: true,
      maxBytes: DISPERSION_LIMITS.maxBytes,
      maxRows: DISPERSION_LIMITS.maxRows,
      columnOf: columnOfHeader,
      required: DISPERSION_REQUIRED_COLUMNS.map((key) => ({ key, header: DISPERSION_HEADERS[key] })),
      messages: M,
    },
  );
  const errors = sheet.formulas.map((f) => ({ Row: f.row, Column: DISPERSION_HEADERS[f.column], Message: M.formulaCell }));
  return { rows: sheet.rows, errors, mediaType: sheet.mediaType };
}

/** The template of each format: the headers and two example rows (sandbox CLABEs that settle). */
export const TEMPLATE_ROWS: Array<Record<DispersionColumn, string>> = [
  { Name: 'ANA GARCIA GARCIA', Clabe: '990180000000000001', Amount: '1500.00', Concept: 'Nomina quincena', Reference: '1001', Rfc: '', Email: '' },
  {
    Name: 'Miguel Hernández García',
    Clabe: '012180000000123455',
    Amount: '2350.50',
    Concept: 'Pago factura 123',
    Reference: '1002',
    Rfc: 'HEGM851026SB9',
    Email: 'miguel@ejemplo.mx',
  },
];
export const TEMPLATE_HEADERS = DISPERSION_COLUMNS.map((c) => DISPERSION_HEADERS[c]);
