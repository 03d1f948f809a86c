/**
 * What STP posts to us: incoming transfers (abonos) and changes of state of our orders. Both accept
 * STP's field names in either spelling seen in production (`ClaveRastreo` / `claveRastreo`, `Clave` /
 * `id`, …) and are applied through spei's own paths, so commission, IVA and exactly-once are the
 * sandbox's.
 */
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, fieldError } from '../../platform/errors';
import { recordIncident } from '../audit';
import { receiveIncomingSpei } from '../spei';
import { eq, and } from 'drizzle-orm';
import { eventOfState, receiveStpEvent } from './events';
import { stpAbonos } from './schema';

/** STP's keys compared without case: `RFCCurpOrdenante` and `rfcCurpOrdenante` are one field. */
export const byLowerKey = (body: Record<string, unknown>) => new Map(Object.entries(body).map(([k, v]) => [k.toLowerCase(), v]));

const text = (max: number) => z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().max(max));
const digits = (name: string, max: number) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(new RegExp(`^\\d{1,${max}}$`), `${name} debe ser numérico`));

/** An amount as STP writes it (100, 100.5, "100.50"): cents from its decimal text, never through floating point. */
export const monto = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(String(v).trim());
  if (!m || BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0')) <= 0n) {
    ctx.addIssue({ code: 'custom', message: 'Monto inválido' });
    return z.NEVER;
  }
  return BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
});

const fecha = digits('FechaOperacion', 8)
  .refine((v) => /^\d{8}$/.test(v), 'FechaOperacion debe ser aaaammdd')
  .transform((v) => `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}`);

const AbonoSchema = z.object({
  clave: digits('Clave', 20).optional(),
  fechaoperacion: fecha,
  institucionordenante: digits('InstitucionOrdenante', 5),
  institucionbeneficiaria: digits('InstitucionBeneficiaria', 5),
  claverastreo: text(30).pipe(z.string().min(1, 'ClaveRastreo es obligatoria')),
  monto,
  nombreordenante: text(120).default(''),
  tipocuentaordenante: digits('TipoCuentaOrdenante', 2).optional(),
  cuentaordenante: digits('CuentaOrdenante', 20),
  rfccurpordenante: text(18).optional(),
  nombrebeneficiario: text(120).default(''),
  tipocuentabeneficiario: digits('TipoCuentaBeneficiario', 2).optional(),
  cuentabeneficiario: digits('CuentaBeneficiario', 20),
  rfccurpbeneficiario: text(18).optional(),
  conceptopago: text(120).default(''),
  referencianumerica: digits('ReferenciaNumerica', 7).optional(),
  empresa: text(50).optional(),
});

const EstadoSchema = z.object({
  id: digits('id', 20),
  estado: text(30).refine((s) => eventOfState(s) !== null, 'Estado desconocido'),
  detalle: text(200).optional(),
  causadevolucion: text(200).optional(),
});

function parse<T extends z.ZodTypeAny>(schema: T, body: unknown, aliases: Record<string, string> = {}): z.infer<T> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw fieldError('body', 'Se esperaba un objeto JSON');
  const fields = Object.fromEntries(byLowerKey(body as Record<string, unknown>));
  for (const [name, alias] of Object.entries(aliases)) if (fields[name] === undefined && fields[alias] !== undefined) fields[name] = fields[alias];
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fieldError(String(issue.path[0] ?? 'body'), issue.message);
  }
  return parsed.data;
}

/** STP's answers to an abono: accepted, or returned with Banxico's cause (both the older `estado` and the current `mensaje` forms). */
const ACCEPTED = { estado: 'LIQUIDACION', mensaje: 'confirmar' };
const returned = (causa: number, reason: string) => ({ estado: 'DEVOLUCION', mensaje: 'devolver', id: causa, causaDevolucion: causa, detalle: reason });

/** Banxico's return causes for what can stop a credit: 1 cuenta inexistente, 2 bloqueada, 3 cancelada. */
function returnCause(err: AppError): number {
  if (err.code === 'NOT_FOUND') return 1;
  if (/no está activa/.test(err.message)) return 3;
  return 2;
}

export type AbonoAnswer = Record<string, unknown>;

/**
 * An incoming transfer: credited once per Clave + ClaveRastreo (a repeat gets the first answer), to
 * the business or wallet that owns CuentaBeneficiario; returned when nobody can receive it.
 */
export async function receiveAbono(db: Db, empresa: string, body: unknown): Promise<AbonoAnswer> {
  // `id` is the abono's Clave in the lower-case spelling.
  const a = parse(AbonoSchema, body, { clave: 'id' });
  if (a.empresa && a.empresa !== empresa) throw fieldError('Empresa', 'Empresa desconocida');
  const clave = a.clave ?? '';
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(stpAbonos)
      .values({ v_clave: clave, v_clave_rastreo: a.claverastreo, t_body: body as Record<string, unknown>, t_answer: ACCEPTED })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      const [first] = await tx
        .select()
        .from(stpAbonos)
        .where(and(eq(stpAbonos.v_clave, clave), eq(stpAbonos.v_clave_rastreo, a.claverastreo)));
      return first!.t_answer;
    }
    let answer: AbonoAnswer = ACCEPTED;
    let movement: string | null = null;
    try {
      // A savepoint: a refused credit leaves nothing behind but this abono's answer.
      const credited = await tx.transaction((sp) =>
        receiveIncomingSpei(
          sp,
          {
            beneficiaryClabe: a.cuentabeneficiario,
            amount: a.monto,
            senderName: a.nombreordenante,
            senderClabe: a.cuentaordenante,
            concept: a.conceptopago,
            reference: a.referencianumerica,
            trackingKey: a.claverastreo,
            operationDate: a.fechaoperacion,
          },
          null,
        ),
      );
      movement = credited.movement.v_uid;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      answer = returned(returnCause(err), err.message);
    }
    await tx.update(stpAbonos).set({ t_answer: answer, v_uid_movement: movement }).where(eq(stpAbonos.v_uid, row.v_uid));
    return answer;
  });
}

/** A change of state of an order we sent: applied once; an unknown id is an incident and waits for its order. */
export async function receiveEstado(db: Db, body: unknown, now: Date): Promise<{ mensaje: string }> {
  const e = parse(EstadoSchema, body);
  const detail = e.detalle || e.causadevolucion || null;
  await db.transaction((tx) => receiveStpEvent(tx, e.id, eventOfState(e.estado)!, detail, body as Record<string, unknown>, now));
  return { mensaje: 'recibido' };
}

/** A well-formed call STP made that we could not process: never a 5xx to STP; staff see it in /log with the body. */
export async function webhookFailed(db: Db, kind: 'abono' | 'estado', body: unknown, err: unknown): Promise<void> {
  await recordIncident(db, {
    type: 'stp',
    message: `No se pudo procesar un aviso de ${kind} de STP: ${(err as Error).message ?? err}`.slice(0, 500),
    detail: JSON.stringify(body).slice(0, 4000),
  }).catch(() => undefined);
}
