/**
 * Banxico's CEP (Comprobante Electrónico de Pago) of every order sent through STP that settled
 * (issue 24 §6, docs/decisions/0031). Banxico's public service is a web form: POST `valida.do`
 * with the payment's date, tracking key, sending and receiving institutions, account and amount;
 * its HTML answer says whether the payment and its CEP exist, and the same session (its cookies)
 * then downloads `descarga.do?formato=XML` and `?formato=PDF`. Formats as cuenca-mx/cep-python
 * documents them; the code is ours. Fetched outside any transaction by the STP dispatcher's round,
 * retried with back-off for 24 h; nothing waits on it.
 */
import { MOVEMENT_STATUS, type CepState } from '@far/contracts';
import { eq, sql } from 'drizzle-orm';
import type { StpConfig } from '../../config';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { callService, serviceFailure } from '../../platform/outbound';
import type { MovementRow } from '../spei';
import { STP_INSTITUTION } from './cadena';
import { pool } from './pool';
import { stpCeps, type CepRequest, type stpOrders } from './schema';

/** Banxico's answers, as its page words them. */
const NO_CEP_YET = 'Con la información proporcionada se identificó el siguiente pago';
const NO_PAYMENT = 'No se encontró ningún pago con la información proporcionada';
const NO_OPERATION = 'El SPEI no ha recibido una orden de pago que cumpla con el criterio de búsqueda especificado';
const TOO_MANY = 'ha excedido el n&uacute;mero m&aacute;ximo de consultas';

const WINDOW_MS = 24 * 3_600_000;
const LEASE_MS = 120_000;
const LIMITS = { timeoutMs: 20_000, maxBytes: 2 * 1024 * 1024 };
/** Wait before try n+1: 1 min × n², at most an hour (Banxico usually issues it minutes after settlement). */
export const cepRetryMs = (attempts: number) => Math.min(3_600_000, 60_000 * attempts * attempts);

type CepAnswer = { kind: 'ok'; xml: string; pdf: Buffer } | { kind: 'not_yet' | 'failed'; reason: string };

/** An order STP settled: its CEP is to be fetched (once per order). */
export async function queueCep(tx: Tx, order: typeof stpOrders.$inferSelect, now: Date): Promise<void> {
  const f = order.t_order;
  const request: CepRequest = {
    fecha: order.d_operation_date,
    claveRastreo: order.v_clave_rastreo,
    emisor: STP_INSTITUTION,
    receptor: String(f.institucionContraparte),
    cuenta: String(f.cuentaBeneficiario),
    monto: String(f.monto),
  };
  await tx.insert(stpCeps).values({ v_uid_movement: order.v_uid_movement, t_request: request, d_first_at: now, d_next_at: now }).onConflictDoNothing();
}

/** 'name=value' of each Set-Cookie, as the Cookie header of the next call. */
const cookieHeader = (cookies: string[]) =>
  cookies
    .map((c) => c.split(';')[0]!.trim())
    .filter(Boolean)
    .join('; ');

/** One try at Banxico: the form, then the XML and the PDF in the same session. */
export async function fetchCep(baseUrl: string, r: CepRequest): Promise<CepAnswer> {
  const [y, m, d] = r.fecha.split('-');
  const form = new URLSearchParams({
    tipoCriterio: 'T',
    captcha: 'c',
    tipoConsulta: '1',
    fecha: `${d}-${m}-${y}`,
    criterio: r.claveRastreo,
    emisor: r.emisor,
    receptor: r.receptor,
    cuenta: r.cuenta,
    monto: r.monto,
    receptorParticipante: '0',
  });
  try {
    const valida = await callService(
      `${baseUrl}/valida.do`,
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() },
      LIMITS,
    );
    if (valida.status !== 200) return { kind: 'failed', reason: `Banxico respondió ${valida.status} a la consulta del CEP` };
    const page = valida.body.toString('utf8');
    if (page.includes(NO_CEP_YET)) return { kind: 'not_yet', reason: 'Banxico identificó el pago pero aún no emite el CEP' };
    if (page.includes(NO_PAYMENT) || page.includes(NO_OPERATION)) return { kind: 'not_yet', reason: 'Banxico aún no tiene el pago' };
    if (page.includes(TOO_MANY)) return { kind: 'failed', reason: 'Banxico limitó las consultas' };
    const headers = { cookie: cookieHeader(valida.cookies) };
    const xml = await callService(`${baseUrl}/descarga.do?formato=XML`, { method: 'GET', headers }, LIMITS);
    const xmlText = xml.body.toString('utf8');
    if (xml.status !== 200 || xmlText.includes(TOO_MANY) || !xmlText.includes('<SPEI_Tercero'))
      return { kind: 'failed', reason: `Banxico no entregó el XML del CEP (${xml.status})` };
    const pdf = await callService(`${baseUrl}/descarga.do?formato=PDF`, { method: 'GET', headers }, LIMITS);
    if (pdf.status !== 200 || pdf.body.subarray(0, 5).toString('latin1') !== '%PDF-')
      return { kind: 'failed', reason: `Banxico no entregó el PDF del CEP (${pdf.status})` };
    return { kind: 'ok', xml: xmlText, pdf: pdf.body };
  } catch (err) {
    return { kind: 'failed', reason: serviceFailure(err, 'Banxico') };
  }
}

type Claimed = { id: string; request: CepRequest; attempts: number; first: string };

async function claim(db: Db, now: Date, limit: number): Promise<Claimed[]> {
  const at = now.toISOString();
  const result = (await db.execute(sql`
    WITH due AS (
      SELECT v_uid_movement FROM ${stpCeps}
       WHERE v_status = 'pendiente' AND d_next_at <= ${at}::timestamptz AND (d_lease_until IS NULL OR d_lease_until <= ${at}::timestamptz)
       ORDER BY d_next_at, v_uid_movement LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    UPDATE ${stpCeps} c SET d_lease_until = ${at}::timestamptz + ${`${LEASE_MS} milliseconds`}::interval, i_attempts = c.i_attempts + 1
      FROM due WHERE c.v_uid_movement = due.v_uid_movement
    RETURNING c.v_uid_movement AS id, c.t_request AS request, c.i_attempts AS attempts, c.d_first_at::text AS first`)) as unknown as { rows: Claimed[] };
  return result.rows;
}

/** Fetches every CEP due at `now` (tests pass the instant; the dispatcher passes the clock). */
export async function dispatchCeps(db: Db, config: StpConfig, now: Date): Promise<{ tries: number; obtained: number }> {
  const result = { tries: 0, obtained: 0 };
  if (!config.cepUrl) return result;
  const claimed = await claim(db, now, 50);
  await pool(claimed, 4, async (c) => {
    const answer = await fetchCep(config.cepUrl!, c.request);
    result.tries += 1;
    const where = eq(stpCeps.v_uid_movement, c.id);
    if (answer.kind === 'ok') {
      result.obtained += 1;
      await db
        .update(stpCeps)
        .set({ v_status: 'obtenido', t_xml: answer.xml, b_pdf: answer.pdf, d_obtained_at: now, d_lease_until: null, v_last_error: null })
        .where(where);
      return;
    }
    const next = new Date(now.getTime() + cepRetryMs(c.attempts));
    const expired = next.getTime() - new Date(c.first).getTime() > WINDOW_MS;
    await db
      .update(stpCeps)
      .set({ v_status: expired ? 'agotado' : 'pendiente', d_next_at: next, d_lease_until: null, v_last_error: answer.reason })
      .where(where);
  });
  return result;
}

const STATE_NAMES = {
  obtenido: 'CEP de Banxico disponible',
  pendiente: 'CEP en espera de Banxico',
  agotado: 'CEP no disponible: se entrega el comprobante propio',
} as const;

/** The CEP of an order (spei's cepOfMovement): null state when none applies (the sandbox, an order not settled through STP). */
export async function cepOfMovement(db: DbOrTx, m: MovementRow): Promise<{ state: CepState | null; pdf: Buffer | null }> {
  if (m.v_type !== 'SPEI_OUT' || m.i_status !== MOVEMENT_STATUS.liquidada) return { state: null, pdf: null };
  const [row] = await db.select({ status: stpCeps.v_status, pdf: stpCeps.b_pdf }).from(stpCeps).where(eq(stpCeps.v_uid_movement, m.v_uid));
  if (!row) return { state: null, pdf: null };
  return { state: { Available: row.status === 'obtenido', StatusName: STATE_NAMES[row.status] }, pdf: row.status === 'obtenido' ? row.pdf : null };
}
