/** Helpers of the dispersion tests: files, codes, calls, the jobs at a given instant. */
import { buildClabe, sandboxAccountHolder } from '@far/contracts';
import iconv from 'iconv-lite';
import { expect } from 'vitest';
import { runDueJobs } from '../../src/modules/jobs';
import { lastCode, type TestApp } from '../helpers';
import { key, moneyCall } from '../money/money';

export const BASE = '/api/v1/transaction/business-movement';
export const HEADER = 'Nombre del beneficiario,CLABE,Monto,Concepto,Referencia numérica,RFC,Correo electrónico';

/** A CLABE of a sandbox bank and the holder the sandbox's penny test answers for it. */
export function account(bank: '990' | '991' | '992' | '012', n: number) {
  const clabe = buildClabe(bank, '180', String(n).padStart(11, '0'));
  const h = sandboxAccountHolder(clabe);
  return { clabe, name: h.exists ? h.name : 'NADIE', rfc: h.exists ? h.rfc : '' };
}

export interface Line {
  name?: string;
  clabe: string;
  amount: string;
  concept?: string;
  reference?: string;
}
export const csv = (lines: Line[], header = HEADER) =>
  [header, ...lines.map((l, i) => `${l.name ?? ''},${l.clabe},${l.amount},${l.concept ?? 'Pago nomina'},${l.reference ?? String(100 + i)},,`)].join('\r\n');

export const fileOf = (text: string | Buffer, name = 'nomina.csv', encoding: 'utf8' | 'win1252' = 'utf8') => ({
  Name: name,
  ContentBase64: (Buffer.isBuffer(text) ? text : encoding === 'utf8' ? Buffer.from(text, 'utf8') : iconv.encode(text, 'win1252')).toString('base64'),
});

export async function dispersionCode(t: TestApp, email: string): Promise<string> {
  await t.sql(`UPDATE security_codes SET d_create_at = d_create_at - interval '1 hour' WHERE v_uid_user = (SELECT v_uid FROM users WHERE v_email = $1)`, [
    email,
  ]);
  const res = await t.call(email, { method: 'POST', url: '/api/v1/security/code', payload: { Operation: 'dispersion' } });
  expect(res.statusCode, res.body).toBe(200);
  return lastCode(t, email);
}

export const validate = (t: TestApp, email: string, body: Record<string, unknown>) =>
  t.call(email, { method: 'POST', url: `${BASE}/speiout-dispersion/validate`, payload: body });

export async function create(t: TestApp, email: string, body: Record<string, unknown>, opts: { key?: string | null; code?: string; url?: string } = {}) {
  const code = opts.code ?? (await dispersionCode(t, email));
  return moneyCall(t, email, {
    method: 'POST',
    url: opts.url ?? `${BASE}/speiout-dispersion`,
    payload: { ...body, SecurityCode: code },
    key: opts.key === undefined ? key() : opts.key,
  });
}

/** Runs every job due up to `ms` from now, twice (the sandbox's events come 3 s after submission). */
export async function settleAll(t: TestApp, ms = 60_000) {
  await runDueJobs(t.database.db, new Date(Date.now() + 1000), { max: 100_000 });
  await runDueJobs(t.database.db, new Date(Date.now() + ms), { max: 100_000 });
}

export const dispersion = async (t: TestApp, email: string, id: string) => {
  const res = await t.call(email, { method: 'GET', url: `${BASE}/dispersion/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

export const rowsOf = async (t: TestApp, email: string, id: string, extra: Record<string, unknown> = {}) => {
  const res = await t.call(email, { method: 'POST', url: `${BASE}/dispersion/transactions`, payload: { DispersionId: id, Size: 1000, ...extra } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.Records as Array<Record<string, unknown>>;
};

/** Row counts of the tables a dispersion writes (plus the money tables'). */
export async function dispersionTables(t: TestApp) {
  const n = async (table: string) => Number((await t.sql<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`))[0]!.n);
  return {
    dispersions: await n('dispersions'),
    rows: await n('dispersion_rows'),
    files: await n('files'),
    movements: await n('business_movements'),
    holds: await n('ledger_holds'),
    verified: await n('verified_clabes'),
    jobs: await n('jobs'),
  };
}
