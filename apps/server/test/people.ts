/**
 * Factories and helpers of the people-and-organisations tests (staff, businesses, wallet users,
 * postal codes): valid identity numbers, request bodies with overrides, multipart bodies.
 */
import { randomBytes } from 'node:crypto';
import { TYPE_PERSON_IDS, curpCheckDigit, rfcCheckDigit } from '@far/contracts';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './helpers';

const LETTERS = 'BCDFGHJKLMNPQRSTVWXZ';
const pick = (n: number) => Array.from(randomBytes(n), (b) => LETTERS[b % LETTERS.length]).join('');
let seq = 0;

/** A fresh e-mail for each call. */
export const email = (prefix = 'persona') => `${prefix}.${Date.now().toString(36)}${(seq += 1)}@prueba.mx`;

/** A persona moral RFC (12) with a correct check digit, founded on `date` (YYMMDD). */
export const moralRfc = (date = '190312') => {
  const base = `${pick(3)}${date}${pick(2)}`;
  return base + rfcCheckDigit(base);
};
/** A persona física RFC (13) with a correct check digit. */
export const fisicaRfc = (date = '850214') => {
  const base = `${pick(1)}A${pick(2)}${date}${pick(2)}`;
  return base + rfcCheckDigit(base);
};
/** An RFC whose last character is not its check digit (only a warning). */
export const wrongDigit = (rfc: string) => rfc.slice(0, -1) + (rfc.endsWith('1') ? '2' : '1');
/** A CURP with a correct check digit for a woman born in Ciudad de México on `date`. */
export const curpFor = (date = '850214') => {
  const base = `HEVL${date}MDFRGC0`;
  return base + curpCheckDigit(base);
};

export async function colonyId(t: TestApp, code: string, name?: string): Promise<string> {
  const res = await t.call('super@far.mx', { method: 'GET', url: `/api/v1/postal-code/${code}` });
  const colonies = res.json().data.Colonies as Array<{ Id: string; Name: string }>;
  return (name ? colonies.find((c) => c.Name === name) : colonies[0])!.Id;
}

export async function moralBusiness(t: TestApp, overrides: Record<string, unknown> = {}) {
  return {
    TypePerson: TYPE_PERSON_IDS.moral,
    CompanyName: 'Industrias de Prueba, S.A. de C.V.',
    Rfc: moralRfc(),
    Email: email('empresa'),
    Street: 'Paseo de la Reforma',
    ExteriorNumber: '300',
    InteriorNumber: 'Piso 2',
    PostalCode: '06600',
    NeighborhoodId: await colonyId(t, '06600', 'Juárez'),
    ...overrides,
  };
}

export async function fisicaBusiness(t: TestApp, overrides: Record<string, unknown> = {}) {
  return {
    TypePerson: TYPE_PERSON_IDS.fisica,
    Name: 'Lucía',
    LastName: 'Hernández',
    SecondLastName: 'Vega',
    Rfc: fisicaRfc(),
    Curp: curpFor(),
    Email: email('negocio'),
    Mobile: '5512345678',
    Street: 'Álvaro Obregón',
    ExteriorNumber: '120',
    PostalCode: '06700',
    NeighborhoodId: await colonyId(t, '06700', 'Roma Norte'),
    ...overrides,
  };
}

/** An admin user (ClientKind techfar) with every field of the Admin user detail. */
export function adminUser(overrides: Record<string, unknown> = {}) {
  return {
    ClientKind: 'techfar',
    Name: 'Ana',
    LastName: 'Pérez',
    SecondLastName: 'Soto',
    DateOfBirth: '1990-05-17',
    Curp: (() => {
      const base = 'PESA900517MDFRTN0';
      return base + curpCheckDigit(base);
    })(),
    Phone: '5556781234',
    PhoneCode: '+52',
    Mobile: '5512345678',
    MobileCode: '+52',
    DepartmentId: '5c9dae30-0000-4000-8000-000000000002',
    Position: 'Analista de soporte',
    EmployeeNumber: `E-${randomBytes(3).toString('hex')}`,
    DateOfJoining: '2024-02-01',
    RoleId: '6f1c2a10-0000-4000-8000-000000000002',
    Email: email('admin'),
    AltEmail: email('alterno'),
    IsActive: true,
    ...overrides,
  };
}

/** A multipart body with text fields and one file in the field `file`. */
export function multipart(fields: Record<string, string>, file?: { name: string; content: Buffer; type?: string }): Pick<InjectOptions, 'payload' | 'headers'> {
  const boundary = `----far${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    chunks.push(file.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const pdf = (size = 2000) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size, 0x20), Buffer.from('\n%%EOF\n')]);
/** A real 1×1 PNG. */
export const png = () => Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The temporary password of the newest invitation sent to an address. */
export async function temporaryPassword(t: TestApp, to: string): Promise<string> {
  const [row] = await t.sql<{ t_body: string }>(`SELECT t_body FROM outbox WHERE v_to = $1 ORDER BY d_create_at DESC LIMIT 1`, [to]);
  const password = row?.t_body.match(/Contraseña temporal: (\S+)/)?.[1];
  if (!password) throw new Error(`no temporary password sent to ${to}`);
  return password;
}

/** The error answer of a refused request: status, message and the first field error. */
export interface Refusal {
  success: boolean;
  message: string;
  ErrorCode: string;
  errors?: Array<{ field: string; key: string; message: string }>;
  data?: unknown;
}
export function refused(res: { statusCode: number; json: () => unknown }, status: number, message?: string): Refusal {
  const body = res.json() as Refusal;
  expect(res.statusCode, JSON.stringify(body)).toBe(status);
  expect(body.success).toBe(false);
  if (message !== undefined) expect(body.message).toBe(message);
  return body;
}
