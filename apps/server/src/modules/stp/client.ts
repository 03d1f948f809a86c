/**
 * STP's web service, as calls that never throw for STP's own answers: each call answers 'ok', a
 * refusal STP gave (its id and descripcion), or 'unavailable' (time-out, network, 5xx, an answer
 * that is not STP's JSON) — then nobody knows whether STP acted, so the caller asks before acting
 * again. Through callService (time-out, no redirects, a size limit); endpoints and bodies as STP
 * documents them.
 */
import type { StpConfig } from '../../config';
import { callService, serviceFailure, type ServiceAnswer } from '../../platform/outbound';
import { ACCOUNT_FIELDS, ORDER_FIELDS, STP_INSTITUTION, cadenaOriginal, sign, signedOrderBody } from './cadena';

export type StpAnswer<T> = { kind: 'ok'; value: T } | { kind: 'refused'; id: number; message: string } | { kind: 'unavailable'; reason: string };

/** An order as STP's queries describe it (the fields we use). */
export interface StpQueriedOrder {
  idEF?: number;
  id?: number;
  claveRastreo: string;
  estado: string;
  monto: number;
  fechaOperacion: number | string;
  causaDevolucion?: number | string | null;
  cuentaBeneficiario?: string;
  cuentaOrdenante?: string;
  institucionContraparte?: number | string;
}

/** A day's orders (consOrdenesFech) is the largest answer: tens of thousands of orders fit under this. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

const unavailable = (reason: string): StpAnswer<never> => ({ kind: 'unavailable', reason });

async function call(config: StpConfig, method: 'PUT' | 'POST' | 'DELETE', path: string, body: string): Promise<StpAnswer<Record<string, unknown>>> {
  let res: ServiceAnswer;
  try {
    res = await callService(
      `${config.apiUrl}${path}`,
      { method, headers: { 'content-type': 'application/json' }, body },
      { timeoutMs: config.timeoutMs, maxBytes: config.maxAnswerBytes ?? MAX_ANSWER_BYTES },
    );
  } catch (err) {
    return unavailable(serviceFailure(err, 'STP'));
  }
  if (res.status >= 500) return unavailable(`STP respondió con un error ${res.status}`);
  let json: unknown;
  try {
    json = JSON.parse(res.body.toString('utf8'));
  } catch {
    return unavailable(`STP respondió algo que no es JSON (${res.status})`);
  }
  if (typeof json !== 'object' || json === null) return unavailable(`Respuesta de STP inesperada (${res.status})`);
  const envelope = json as Record<string, unknown>;
  const result = (typeof envelope.resultado === 'object' && envelope.resultado !== null ? envelope.resultado : envelope) as Record<string, unknown>;
  const description = result.descripcionError ?? (result.id !== 0 && typeof result.descripcion === 'string' ? result.descripcion : undefined);
  if (typeof description === 'string' && description) {
    // "No se recibió respuesta del servicio": STP itself could not tell; nothing is known.
    if (result.id === 0 && /No se recibi. respuesta del servicio/.test(description)) return unavailable(description);
    return { kind: 'refused', id: Number(result.id ?? 0), message: description };
  }
  if (res.status < 200 || res.status > 299) return unavailable(`STP respondió ${res.status}`);
  return { kind: 'ok', value: result };
}

/** registraOrden: STP's id of the order. */
export async function registerOrder(config: StpConfig, fields: Record<string, string | number>): Promise<StpAnswer<{ id: string }>> {
  const answer = await call(config, 'PUT', '/ordenPago/registra', signedOrderBody(fields, config.empresa, config.privateKey));
  if (answer.kind !== 'ok') return answer;
  const id = Number(answer.value.id);
  return Number.isInteger(id) && id > 0 ? { kind: 'ok', value: { id: String(id) } } : unavailable('STP no devolvió el id de la orden');
}

/** A query's firma: the order cadena with only empresa, fechaOperacion, claveRastreo and institucionOperante. */
const queryFirma = (config: StpConfig, q: { fechaOperacion?: string; claveRastreo?: string; institucionOperante?: string }) =>
  sign(config.privateKey, cadenaOriginal(ORDER_FIELDS, { empresa: config.empresa, ...q }));

const isNotFound = (a: StpAnswer<unknown>) => a.kind === 'refused' && (a.id === -100 || /^No se encontr/.test(a.message));

/** consOrdEnvRastreo: one order we sent, by tracking key (null: STP has no such order). */
export async function querySentOrder(config: StpConfig, claveRastreo: string, fechaOperacion: string): Promise<StpAnswer<StpQueriedOrder | null>> {
  const q = { claveRastreo, institucionOperante: STP_INSTITUTION, fechaOperacion: fechaOperacion.replaceAll('-', '') };
  const answer = await call(
    config,
    'POST',
    '/ordenPago/consOrdEnvRastreo',
    JSON.stringify({ empresa: config.empresa, ...q, institucionOperante: Number(STP_INSTITUTION), firma: queryFirma(config, q) }),
  );
  if (isNotFound(answer)) return { kind: 'ok', value: null };
  if (answer.kind !== 'ok') return answer;
  const order = answer.value.ordenPago as StpQueriedOrder | undefined;
  return { kind: 'ok', value: order ?? null };
}

/** consOrdenesFech: the orders sent ('E') or received ('R') on an operation day. */
export async function queryOrdersOfDay(config: StpConfig, tipo: 'E' | 'R', fechaOperacion: string): Promise<StpAnswer<StpQueriedOrder[]>> {
  const q = { fechaOperacion: fechaOperacion.replaceAll('-', '') };
  const answer = await call(
    config,
    'POST',
    '/ordenPago/consOrdenesFech',
    JSON.stringify({ empresa: config.empresa, estado: tipo, ...q, firma: queryFirma(config, q) }),
  );
  if (isNotFound(answer)) return { kind: 'ok', value: [] };
  if (answer.kind !== 'ok') return answer;
  return { kind: 'ok', value: ((answer.value.lst as StpQueriedOrder[] | undefined) ?? []).filter(Boolean) };
}

/** The person or company behind a CLABE, as STP's account registration needs it. */
export interface StpAccountHolder {
  cuenta: string;
  rfcCurp: string;
  /** 'moral' for a company (cuentaModule/moral), 'fisica' for a person (cuentaModule/fisica). */
  persona: 'fisica' | 'moral';
  nombre: string;
  apellidoPaterno?: string;
  apellidoMaterno?: string;
}

const accountBody = (config: StpConfig, h: StpAccountHolder, extra: Record<string, string>) =>
  JSON.stringify({
    ...extra,
    cuenta: h.cuenta,
    rfcCurp: h.rfcCurp,
    empresa: config.empresa,
    firma: sign(config.privateKey, cadenaOriginal(ACCOUNT_FIELDS, { empresa: config.empresa, cuenta: h.cuenta, rfcCurp: h.rfcCurp })),
  });

/** Registers a CLABE; STP's «Cuenta en revisión» (id 0) and «Cuenta Duplicada» (id 3: already ours) both mean registered. */
export async function registerAccount(config: StpConfig, h: StpAccountHolder): Promise<StpAnswer<null>> {
  const names =
    h.persona === 'moral'
      ? { nombre: h.nombre }
      : { nombre: h.nombre, apellidoPaterno: h.apellidoPaterno ?? 'ND', ...(h.apellidoMaterno ? { apellidoMaterno: h.apellidoMaterno } : {}) };
  const answer = await call(config, 'PUT', `/cuentaModule/${h.persona}`, accountBody(config, h, names));
  if (answer.kind === 'refused' && answer.id === 3) return { kind: 'ok', value: null };
  return answer.kind === 'ok' ? { kind: 'ok', value: null } : answer;
}

/** Deregisters a CLABE of a closed account (an account STP does not know counts as done). */
export async function deregisterAccount(config: StpConfig, h: StpAccountHolder): Promise<StpAnswer<null>> {
  const answer = await call(config, 'DELETE', `/cuentaModule/${h.persona}`, accountBody(config, h, {}));
  return answer.kind === 'ok' || (answer.kind === 'refused' && /no existe/i.test(answer.message)) ? { kind: 'ok', value: null } : answer;
}
