/**
 * Webhooks for business systems (docs/decisions/0017). An event of a business is written once
 * (webhook_events, unique per business, kind and event key) and delivered to each subscribed
 * endpoint through the jobs table: attempt n of a delivery is the job with unique key
 * webhook:<delivery>:<n>, claimed with SKIP LOCKED, so two processes never send one attempt twice.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_EVENT_KINDS, type WebhookDelivery, type WebhookEndpoint } from '@far/contracts';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { decryptV2, encryptV2 } from '../../platform/crypto';
import { fieldError, notFound } from '../../platform/errors';
import { checkTarget, OutboundRefused, outboundFailure, postTo, type HostResolver, type OutboundPolicy } from '../../platform/outbound';
import { iso } from '../../platform/reply';
import { recordActivity } from '../audit';
import { businessForActor } from '../businesses';
import { enqueueJob, type JobContext } from '../jobs';
import type { BusinessEvent } from '../notifications';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from './schema';

export const WEBHOOK_JOB = 'webhook.deliver';
/**
 * The documented header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. Receivers refuse a
 * `t` more than 300 s away from their clock (replay protection, docs/api.md).
 */
export const SIGNATURE_HEADER = 'x-far-signature';
/** Deliveries are retried for this long after the event. */
const RETRY_WINDOW_MS = 24 * 3_600_000;
/** Wait after failed attempt n: 30 s, 1 min, 2 min, … at most 2 h (about 18 tries in 24 h). */
export const retryDelayMs = (attempt: number) => Math.min(2 * 3_600_000, 30_000 * 2 ** (attempt - 1));
const SECTION = 'Webhooks';

export function sign(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What registration and delivery need to reach a business's endpoint safely (platform/outbound.ts). */
export interface WebhookOutbound {
  resolve: HostResolver;
  /** Loopback may be allowed (AllowLoopback, set by staff) only outside production. */
  production: boolean;
}
export const policyFor = (out: WebhookOutbound, allowLoopback: boolean): OutboundPolicy => ({
  resolve: out.resolve,
  allowLoopback: allowLoopback && !out.production,
});

/**
 * HTTPS to a public address only, checked on the resolved addresses (a business must not make
 * the server call our own network). Outside production staff may allow http:// to loopback.
 */
export async function checkUrl(raw: string, policy: OutboundPolicy): Promise<string> {
  try {
    return (await checkTarget(raw, policy)).url.toString();
  } catch (err) {
    if (err instanceof OutboundRefused || err instanceof TypeError) throw fieldError('Url', err instanceof OutboundRefused ? err.message : 'URL no válida');
    throw err;
  }
}

type EndpointRow = typeof webhookEndpoints.$inferSelect;
const endpointOut = (r: EndpointRow, secret?: string): WebhookEndpoint => ({
  v_uid: r.v_uid,
  d_create_at: iso(r.d_create_at)!,
  Url: r.v_url,
  Kinds: r.v_kinds,
  Description: r.v_description,
  IsActive: r.b_active,
  AllowLoopback: r.b_allow_loopback,
  ...(secret ? { Secret: secret } : {}),
});

export async function listEndpoints(db: DbOrTx, actor: Actor, businessId?: string): Promise<WebhookEndpoint[]> {
  const business = await businessForActor(db, actor, businessId, { field: 'BusinessId' });
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.v_client, business.v_client), isNull(webhookEndpoints.d_deleted_at)))
    .orderBy(desc(webhookEndpoints.d_create_at));
  return rows.map((r) => endpointOut(r));
}

/** The endpoint if the caller's tenant owns it (staff reach every business's); else 404. */
async function endpointFor(db: DbOrTx, actor: Actor, id: string, lock = false): Promise<EndpointRow> {
  const q = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.v_uid, id), isNull(webhookEndpoints.d_deleted_at)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row || (actor.kind !== 'FAR' && row.v_client !== actor.client)) throw notFound('Endpoint no encontrado');
  return row;
}

export interface EndpointInput {
  BusinessId?: string;
  Url: string;
  Kinds: string[];
  Description?: string;
  AllowLoopback?: boolean;
}

/** Registers an endpoint; the answer carries its secret, the only time it is shown. */
export async function createEndpoint(tx: Tx, key: Buffer, out: WebhookOutbound, actor: Actor, input: EndpointInput): Promise<WebhookEndpoint> {
  if (input.AllowLoopback && actor.kind !== 'FAR') throw fieldError('AllowLoopback', 'Solo el personal de FAR puede permitir http a la red local');
  if (input.AllowLoopback && out.production) throw fieldError('AllowLoopback', 'En producción no se permite http a la red local');
  const business = await businessForActor(tx, actor, input.BusinessId, { field: 'BusinessId' });
  const allowLoopback = !!input.AllowLoopback;
  const url = await checkUrl(input.Url, policyFor(out, allowLoopback));
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  const [row] = await tx
    .insert(webhookEndpoints)
    .values({
      v_client: business.v_client,
      v_uid_business: business.v_uid,
      v_url: url,
      v_kinds: [...new Set(input.Kinds)],
      v_description: input.Description ?? null,
      v_secret: encryptV2(key, secret),
      b_allow_loopback: allowLoopback,
    })
    .returning();
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Agregar',
    activity: `Registró el webhook ${url}`,
    detail: { endpoint: row!.v_uid, business: business.v_uid },
  });
  return endpointOut(row!, secret);
}

export async function updateEndpoint(
  tx: Tx,
  out: WebhookOutbound,
  actor: Actor,
  id: string,
  input: { Url?: string; Kinds?: string[]; Description?: string; IsActive?: boolean },
): Promise<WebhookEndpoint> {
  const row = await endpointFor(tx, actor, id, true);
  const url = input.Url === undefined ? undefined : await checkUrl(input.Url, policyFor(out, row.b_allow_loopback));
  const [updated] = await tx
    .update(webhookEndpoints)
    .set({
      ...(url !== undefined ? { v_url: url } : {}),
      ...(input.Kinds !== undefined ? { v_kinds: [...new Set(input.Kinds)] } : {}),
      ...(input.Description !== undefined ? { v_description: input.Description } : {}),
      ...(input.IsActive !== undefined ? { b_active: input.IsActive } : {}),
      d_update_at: sql`now()`,
    })
    .where(eq(webhookEndpoints.v_uid, id))
    .returning();
  await recordActivity(tx, { actor, section: SECTION, action: 'Editar', activity: `Editó el webhook ${updated!.v_url}`, detail: { endpoint: id } });
  return endpointOut(updated!);
}

export async function deleteEndpoint(tx: Tx, actor: Actor, id: string): Promise<void> {
  const row = await endpointFor(tx, actor, id, true);
  await tx
    .update(webhookEndpoints)
    .set({ d_deleted_at: sql`now()`, b_active: false, d_update_at: sql`now()` })
    .where(eq(webhookEndpoints.v_uid, id));
  await recordActivity(tx, { actor, section: SECTION, action: 'Borrar', activity: `Eliminó el webhook ${row.v_url}`, detail: { endpoint: id } });
}

export async function listDeliveries(
  db: DbOrTx,
  actor: Actor,
  endpointId: string,
  q: { page: number; perPage: number },
): Promise<{ items: WebhookDelivery[]; total: number }> {
  await endpointFor(db, actor, endpointId);
  const where = eq(webhookDeliveries.v_uid_endpoint, endpointId);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ d: webhookDeliveries, kind: webhookEvents.v_kind })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.v_uid, webhookDeliveries.v_uid_event))
      .where(where)
      .orderBy(desc(webhookDeliveries.d_create_at), desc(webhookDeliveries.v_uid))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ total: count() }).from(webhookDeliveries).where(where),
  ]);
  return {
    total,
    items: rows.map(({ d, kind }) => ({
      v_uid: d.v_uid,
      v_uid_event: d.v_uid_event,
      EventType: kind,
      d_create_at: iso(d.d_create_at)!,
      Status: d.v_status,
      Attempts: d.i_attempts,
      LastCode: d.i_last_code,
      LastError: d.v_last_error,
      LastAttemptAt: iso(d.d_last_attempt_at),
      DeliveredAt: iso(d.d_delivered_at),
      NextAttemptAt: iso(d.d_next_attempt_at),
    })),
  };
}

/** Sends a delivery again now (another attempt, whatever its status). */
export async function resendDelivery(tx: Tx, actor: Actor, deliveryId: string, now: Date): Promise<void> {
  const [d] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.v_uid, deliveryId)).for('update');
  if (!d) throw notFound('Entrega no encontrada');
  const endpoint = await endpointFor(tx, actor, d.v_uid_endpoint);
  const attempt = d.i_attempts + 1;
  await tx
    .update(webhookDeliveries)
    .set({ v_status: 'pendiente', d_next_attempt_at: now, d_update_at: sql`now()` })
    .where(eq(webhookDeliveries.v_uid, d.v_uid));
  // A retry already queued for this attempt number is superseded: the first to run sends it, the other finds it done.
  await enqueueJob(tx, { kind: WEBHOOK_JOB, payload: { deliveryId, attempt, resend: true }, runAt: now, uniqueKey: `webhook:${deliveryId}:${attempt}:resend` });
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Editar',
    activity: `Reenvió un evento al webhook ${endpoint.v_url}`,
    detail: { delivery: deliveryId },
  });
}

/**
 * Called by notify(): one event per business, kind and key, delivered to each active endpoint of
 * that business subscribed to the kind. Nothing is written when no endpoint wants it.
 */
export async function fanOutToWebhooks(tx: DbOrTx, events: BusinessEvent[], now: Date): Promise<void> {
  const relevant = events.filter((e) => (WEBHOOK_EVENT_KINDS as readonly string[]).includes(e.kind));
  if (relevant.length === 0) return;
  const endpoints = await tx
    .select({ v_uid: webhookEndpoints.v_uid, v_client: webhookEndpoints.v_client, v_kinds: webhookEndpoints.v_kinds })
    .from(webhookEndpoints)
    .where(
      and(
        inArray(webhookEndpoints.v_client, [...new Set(relevant.map((e) => e.client))]),
        eq(webhookEndpoints.b_active, true),
        isNull(webhookEndpoints.d_deleted_at),
      ),
    );
  for (const e of relevant) {
    const targets = endpoints.filter((p) => p.v_client === e.client && p.v_kinds.includes(e.kind));
    if (targets.length === 0) continue;
    const [event] = await tx
      .insert(webhookEvents)
      .values({ v_client: e.client, v_kind: e.kind, v_event_key: e.key, t_data: e.data })
      .onConflictDoNothing()
      .returning({ v_uid: webhookEvents.v_uid });
    if (!event) continue; // this business event was already fanned out
    const deliveries = await tx
      .insert(webhookDeliveries)
      .values(targets.map((p) => ({ v_uid_event: event.v_uid, v_uid_endpoint: p.v_uid, d_next_attempt_at: now })))
      .returning({ v_uid: webhookDeliveries.v_uid });
    for (const d of deliveries)
      await enqueueJob(tx, { kind: WEBHOOK_JOB, payload: { deliveryId: d.v_uid, attempt: 1 }, runAt: now, uniqueKey: `webhook:${d.v_uid}:1` });
  }
}

/** The JSON body of an event: { id, type, created, data }. */
export const eventBody = (e: typeof webhookEvents.$inferSelect) =>
  JSON.stringify({ id: e.v_uid, type: e.v_kind, created: e.d_create_at.toISOString(), data: e.t_data });

/**
 * One POST: the host is resolved and checked again now, and the connection goes to the checked
 * address. Redirects are not followed (a 3xx is a failure); the answer is read up to 64 KB, 10 s.
 */
async function post(
  url: string,
  policy: OutboundPolicy,
  body: string,
  headers: Record<string, string>,
): Promise<{ code: number | null; error: string | null }> {
  try {
    const { status } = await postTo(await checkTarget(url, policy), body, headers);
    return { code: status, error: status >= 200 && status < 300 ? null : `Respuesta HTTP ${status}` };
  } catch (err) {
    return { code: null, error: outboundFailure(err) };
  }
}

/**
 * The job of one attempt. The delivery row is locked, so an attempt already made (by a resend
 * or another process) is not made again; the outcome is logged and a failure schedules the next
 * attempt with an exponential back-off while the event is under 24 h old.
 */
export async function deliverAttempt(tx: Tx, key: Buffer, out: WebhookOutbound, payload: Record<string, unknown>, ctx: JobContext): Promise<void> {
  const deliveryId = String(payload.deliveryId);
  const attempt = Number(payload.attempt);
  const [d] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.v_uid, deliveryId)).for('update');
  if (!d || d.i_attempts >= attempt) return;
  if (d.v_status === 'entregado' && !payload.resend) return;
  const [endpoint] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.v_uid, d.v_uid_endpoint));
  const [event] = await tx.select().from(webhookEvents).where(eq(webhookEvents.v_uid, d.v_uid_event));
  if (!endpoint || !event) return;
  if (!endpoint.b_active || endpoint.d_deleted_at) {
    await tx
      .update(webhookDeliveries)
      .set({ v_status: 'fallido', v_last_error: 'Endpoint desactivado', d_next_attempt_at: null, d_update_at: sql`now()` })
      .where(eq(webhookDeliveries.v_uid, d.v_uid));
    return;
  }
  const body = eventBody(event);
  const timestamp = Math.floor(Date.now() / 1000);
  const started = Date.now();
  const { code, error } = await post(endpoint.v_url, policyFor(out, endpoint.b_allow_loopback), body, {
    'content-type': 'application/json',
    'user-agent': 'FAR-Portal-Webhooks/1',
    'x-far-event-id': event.v_uid,
    'x-far-event-type': event.v_kind,
    [SIGNATURE_HEADER]: sign(decryptV2(key, endpoint.v_secret), timestamp, body),
  });
  await tx
    .insert(webhookAttempts)
    .values({ v_uid_delivery: d.v_uid, i_attempt: attempt, i_code: code, v_error: error, i_duration_ms: Date.now() - started })
    .onConflictDoNothing();
  const delivered = error === null;
  const next = new Date(ctx.now.getTime() + retryDelayMs(attempt));
  const retry = !delivered && next.getTime() - event.d_create_at.getTime() <= RETRY_WINDOW_MS;
  await tx
    .update(webhookDeliveries)
    .set({
      i_attempts: attempt,
      i_last_code: code,
      v_last_error: error,
      d_last_attempt_at: new Date(),
      v_status: delivered ? 'entregado' : retry ? 'pendiente' : 'fallido',
      d_delivered_at: delivered ? new Date() : d.d_delivered_at,
      d_next_attempt_at: retry ? next : null,
      d_update_at: sql`now()`,
    })
    .where(eq(webhookDeliveries.v_uid, d.v_uid));
  if (retry)
    await enqueueJob(tx, { kind: WEBHOOK_JOB, payload: { deliveryId, attempt: attempt + 1 }, runAt: next, uniqueKey: `webhook:${deliveryId}:${attempt + 1}` });
}
