/**
 * The card files (stock, cardholders, assignment, funding) as a person sees them: Spanish headers,
 * the old English ones still read, one downloadable template each (issue 26 §2). Headers are
 * compared as `headerKey` does (no case, accents, spaces or signs), as dispersion files are.
 */
import { z } from 'zod';
import { isCalendarDate } from '../calendar';
import { optional } from './fields';
import { CardholderInput } from './cards';
import { headerKey } from './dispersions';

export interface FileColumn {
  /** The key the server works with (and the old English header, still accepted). */
  key: string;
  /** The Spanish header of the template and the name of the field in every message. */
  header: string;
  /** Other spellings read as this column. */
  aliases?: readonly string[];
  required?: boolean;
  /** What the template's example row shows. */
  example: string;
}

export interface CardFile {
  /** Template file name, without the extension. */
  fileName: string;
  sheetName: string;
  columns: readonly FileColumn[];
  /** XLSX accepted besides CSV. */
  xlsx: boolean;
  maxRows: number;
  /** One line that says what the file is, for the upload screen. */
  hint: string;
}

const HOLDER_ID: FileColumn = {
  key: 'CardholderIdentifier',
  header: 'Identificador del tarjetahabiente',
  aliases: ['Identificador tarjetahabiente', 'Tarjetahabiente'],
  example: 'TH0001',
};
const CARD_ID: FileColumn = { key: 'CardIdentifier', header: 'Identificador de la tarjeta', aliases: ['Identificador tarjeta', 'Tarjeta'], example: '' };

export const CARD_FILES = {
  stock: {
    fileName: 'plantilla-stock-tarjetas',
    sheetName: 'Stock',
    xlsx: false,
    maxRows: 100_000,
    hint: 'Un renglón por tarjeta física: número de tarjeta (16 dígitos), CVV, vigencia MM/AA y, si lo tienes, NIP.',
    columns: [
      { key: 'Pan', header: 'Número de tarjeta', aliases: ['Numero de tarjeta', 'Tarjeta'], required: true, example: '4000001234567899' },
      { key: 'Cvv', header: 'CVV', required: true, example: '123' },
      { key: 'ValidDate', header: 'Vigencia (MM/AA)', aliases: ['Vigencia', 'Fecha de vencimiento'], required: true, example: '12/29' },
      { key: 'Pin', header: 'NIP', example: '' },
    ],
  },
  cardholders: {
    fileName: 'plantilla-tarjetahabientes',
    sheetName: 'Tarjetahabientes',
    xlsx: true,
    maxRows: 50_000,
    hint: 'Un renglón por tarjetahabiente. Obligatorios: nombre(s), primer apellido, correo y celular. Fecha de nacimiento en dd/mm/aaaa.',
    columns: [
      HOLDER_ID,
      { key: 'Names', header: 'Nombre(s)', aliases: ['Nombre', 'Nombres'], required: true, example: 'María' },
      { key: 'LastName', header: 'Primer apellido', aliases: ['Apellido paterno', 'Apellido'], required: true, example: 'López' },
      { key: 'SecondLastName', header: 'Segundo apellido', aliases: ['Apellido materno'], example: 'García' },
      { key: 'Email', header: 'Correo electrónico', aliases: ['Correo'], required: true, example: 'maria.lopez@ejemplo.mx' },
      { key: 'PhoneCode', header: 'Lada', aliases: ['Clave de país'], example: '' },
      { key: 'CellPhone', header: 'Teléfono celular', aliases: ['Celular', 'Teléfono'], required: true, example: '5512345678' },
      { key: 'Curp', header: 'CURP', example: '' },
      { key: 'Rfc', header: 'RFC', example: '' },
      { key: 'BirthDate', header: 'Fecha de nacimiento', example: '17/05/1990' },
    ],
  },
  assignment: {
    fileName: 'plantilla-asignacion-tarjetas',
    sheetName: 'Asignación',
    xlsx: false,
    maxRows: 100_000,
    hint: 'Un renglón por tarjeta: el identificador del tarjetahabiente y el identificador de la tarjeta o sus últimos 8 dígitos.',
    columns: [
      { ...HOLDER_ID, required: true },
      CARD_ID,
      { key: 'Last8', header: 'Últimos 8 dígitos', aliases: ['Ultimos 8', 'Últimos 8 dígitos de la tarjeta'], example: '34567899' },
    ],
  },
  funding: {
    fileName: 'plantilla-fondeo-tarjetas',
    sheetName: 'Fondeo',
    xlsx: false,
    maxRows: 20_000,
    hint: 'Un renglón por fondeo: el identificador de la tarjeta o del tarjetahabiente y el monto en pesos (por ejemplo 500.00).',
    columns: [CARD_ID, HOLDER_ID, { key: 'Amount', header: 'Monto', aliases: ['Importe'], required: true, example: '500.00' }],
  },
} as const satisfies Record<string, CardFile>;
export type CardFileKind = keyof typeof CARD_FILES;

/** The Spanish name of a card-file field (its template header), for any message that names it. */
export function cardFieldName(key: string | null): string | null {
  if (!key) return key;
  for (const file of Object.values(CARD_FILES)) for (const c of file.columns as readonly FileColumn[]) if (c.key === key) return c.header;
  return key;
}

/** Which column of a card file a header names (Spanish, English or an alias), or undefined. */
export function cardColumnOfHeader(kind: CardFileKind, header: string): string | undefined {
  const k = headerKey(header);
  return (CARD_FILES[kind].columns as readonly FileColumn[]).find((c) => [c.header, c.key, ...(c.aliases ?? [])].some((h) => headerKey(h) === k))?.key;
}

export const FILE_DATE_MESSAGE = 'Fecha no válida: usa el formato dd/mm/aaaa';

/** A date of a file cell: dd/mm/aaaa (as a person writes it) or aaaa-mm-dd; answered as aaaa-mm-dd. */
export function parseFileDate(text: string): string | null {
  const t = text.trim();
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  const [y, m, d] = dmy ? [Number(dmy[3]), Number(dmy[2]), Number(dmy[1])] : ymd ? [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])] : [NaN, NaN, NaN];
  if (!isCalendarDate(y, m, d)) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const FileDate = z.string().transform((s, ctx) => parseFileDate(s) ?? (ctx.addIssue({ code: 'custom', message: FILE_DATE_MESSAGE }), z.NEVER));

/** A cardholder row of a file: as the form's, with the date as people write it. */
export const CardholderFileRow = CardholderInput.extend({ BirthDate: optional(FileDate) });
