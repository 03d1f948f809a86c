/**
 * Real-time authorisation decided by the business (issue 28 §2, docs/decisions/0035 §2). A business
 * may register one HTTPS endpoint (same address rules and signature as its webhooks). A purchase
 * the product's own rules approve is then put to it before anything is written: the product's
 * checks read the committed rows without locks (no hold while asking, no locks held over the
 * network), the endpoint is asked, and the authorisation then runs as usual under the locks —
 * conditional on funds — so a concurrent purchase that took the money makes this one decline.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { BusinessScoped, CardAuthEndpoint, CardAuthEndpointRequest, DECLINE_REASONS, amountOut, answer, formatCurrency } from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { decryptV2, encryptV2 } from '../../platform/crypto';
import { fieldError, notFound } from '../../platform/errors';
import { checkTarget, outboundFailure, postTo } from '../../platform/outbound';
import { actorOf } from '../../platform/guard';
import { iso, ok } from '../../platform/reply';
import { recordActivity } from '../audit';
import { businessForActor } from '../businesses';
import { SIGNATURE_HEADER, checkUrl, policyFor, sign, type WebhookOutbound } from '../webhooks';
import { maskedPanOf, type CardRow } from './common';
import { productRefusal, type AuthorizeOptions, type BusinessDecision, type PurchaseRequest } from './network';
import { cardAuthEndpoints } from './schema';

type EndpointRow = typeof cardAuthEndpoints.$inferSelect;
const SECTION = 'Tarjetas';

const endpointOut = (r: EndpointRow, secret?: string): CardAuthEndpoint => ({
  Url: r.v_url,
  TimeoutMs: r.i_timeout_ms,
  Default: r.v_default,
  AllowLoopback: r.b_allow_loopback,
  UpdatedAt: iso(r.d_update_at)!,
  ...(secret ? { Secret: secret } : {}),
});

export async function readAuthEndpoint(db: DbOrTx, actor: Actor, businessId?: string): Promise<CardAuthEndpoint | null> {
  const business = await businessForActor(db, actor, businessId, { field: 'BusinessId' });
  const [row] = await db.select().from(cardAuthEndpoints).where(eq(cardAuthEndpoints.v_uid_business, business.v_uid));
  return row ? endpointOut(row) : null;
}

export interface AuthEndpointInput {
  BusinessId?: string;
  Url: string;
  TimeoutMs: number;
  Default: 'approve' | 'decline';
  AllowLoopback?: boolean;
}

/** Sets (or replaces) the business's endpoint; its secret is made once and shown only then. */
export async function setAuthEndpoint(tx: Tx, key: Buffer, out: WebhookOutbound, actor: Actor, input: AuthEndpointInput): Promise<CardAuthEndpoint> {
  if (input.AllowLoopback && actor.kind !== 'FAR') throw fieldError('AllowLoopback', 'Solo el personal de FAR puede permitir http a la red local');
  if (input.AllowLoopback && out.production) throw fieldError('AllowLoopback', 'En producción no se permite http a la red local');
  const business = await businessForActor(tx, actor, input.BusinessId, { field: 'BusinessId' });
  const [current] = await tx.select().from(cardAuthEndpoints).where(eq(cardAuthEndpoints.v_uid_business, business.v_uid)).for('update');
  // A business keeps staff's loopback permission when it edits the rest.
  const allowLoopback = actor.kind === 'FAR' ? !!input.AllowLoopback : (current?.b_allow_loopback ?? false);
  const url = await checkUrl(input.Url, policyFor(out, allowLoopback));
  const values = { v_url: url, i_timeout_ms: input.TimeoutMs, v_default: input.Default, b_allow_loopback: allowLoopback, d_update_at: new Date() };
  const secret = current ? undefined : `whsec_${randomBytes(24).toString('base64url')}`;
  const [row] = current
    ? await tx.update(cardAuthEndpoints).set(values).where(eq(cardAuthEndpoints.v_uid, current.v_uid)).returning()
    : await tx
        .insert(cardAuthEndpoints)
        .values({ ...values, v_client: business.v_client, v_uid_business: business.v_uid, v_secret: encryptV2(key, secret!) })
        .returning();
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: current ? 'Editar' : 'Agregar',
    activity: `Configuró la autorización en tiempo real ${url} (${input.TimeoutMs} ms, si no responde: ${input.Default === 'approve' ? 'aprobar' : 'rechazar'})`,
    detail: { business: business.v_uid, url, timeoutMs: input.TimeoutMs, default: input.Default },
  });
  return endpointOut(row!, secret);
}

export async function removeAuthEndpoint(tx: Tx, actor: Actor, businessId?: string): Promise<void> {
  const business = await businessForActor(tx, actor, businessId, { field: 'BusinessId' });
  const gone = await tx.delete(cardAuthEndpoints).where(eq(cardAuthEndpoints.v_uid_business, business.v_uid)).returning();
  if (!gone.length) throw notFound('La empresa no tiene autorización en tiempo real');
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Eliminar',
    activity: `Quitó la autorización en tiempo real ${gone[0]!.v_url}`,
    detail: { business: business.v_uid },
  });
}

/** The JSON the business's endpoint receives. */
const askBody = (card: CardRow, req: PurchaseRequest, authorizationId: string) =>
  JSON.stringify({
    type: 'card.authorization',
    authorizationId,
    cardId: card.v_card_identifier,
    maskedCard: maskedPanOf(card),
    amountCents: req.amountCents.toString(),
    amount: amountOut(req.amountCents),
    amountFormatted: formatCurrency(req.amountCents),
    currency: 'MXN',
    merchant: req.merchant,
    merchantId: req.merchantId ?? null,
    mcc: req.mcc,
    country: req.country,
    channel: req.channel,
  });

/** `{ "approved": true|false, "reason"?: string }`, or null when the answer is anything else. */
function answerOf(status: number, body: Buffer): { approved: boolean; reason: string | null } | null {
  if (status < 200 || status >= 300) return null;
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { approved?: unknown; reason?: unknown };
    if (typeof parsed.approved !== 'boolean') return null;
    const reason = typeof parsed.reason === 'string' && parsed.reason.trim() ? parsed.reason.trim().slice(0, 200) : null;
    return { approved: parsed.approved, reason };
  } catch {
    return null;
  }
}

/** Asks the endpoint; a time-out, a network error, a non-2xx or a malformed answer gives the default (with why, in Spanish). */
async function askEndpoint(key: Buffer, out: WebhookOutbound, e: EndpointRow, body: string): Promise<BusinessDecision> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const fallback = (why: string): BusinessDecision => ({ approved: e.v_default === 'approve', by: 'predeterminado', reason: why, ms: ms() });
  try {
    const target = await checkTarget(e.v_url, policyFor(out, e.b_allow_loopback));
    const timestamp = Math.floor(Date.now() / 1000);
    const res = await postTo(
      target,
      body,
      {
        'content-type': 'application/json',
        'user-agent': 'FAR-Portal-Authorizations/1',
        [SIGNATURE_HEADER]: sign(decryptV2(key, e.v_secret), timestamp, body),
      },
      { timeoutMs: e.i_timeout_ms, maxBytes: 16 * 1024 },
      // Every purchase asks: a connection kept open saves a handshake on each.
      { keepAlive: true },
    );
    const answer = answerOf(res.status, res.body);
    if (!answer) return fallback(res.status >= 200 && res.status < 300 ? 'Respuesta no válida del negocio' : `Respuesta HTTP ${res.status}`);
    return { approved: answer.approved, by: 'negocio', reason: answer.reason, ms: ms() };
  } catch (err) {
    return fallback(outboundFailure(err));
  }
}

/**
 * Before the authorisation's transaction: if the card's business has an endpoint and the product
 * would approve, ask the business. Nothing is held meanwhile; the locked authorisation that
 * follows checks the rules and the funds again.
 */
export async function askBusiness(db: Db, key: Buffer, out: WebhookOutbound, card: CardRow, req: PurchaseRequest, now: Date): Promise<AuthorizeOptions> {
  if (!card.v_uid_business) return {};
  const [endpoint] = await db.select().from(cardAuthEndpoints).where(eq(cardAuthEndpoints.v_uid_business, card.v_uid_business));
  if (!endpoint) return {};
  // The product declines first: final, even if the funds arrive a moment later (nobody asked the business).
  const refusal = await productRefusal(db, card, req, now);
  if (refusal) return { decline: refusal };
  const id = randomUUID();
  const decision = await askEndpoint(key, out, endpoint, askBody(card, req, id));
  if (decision.approved) return { id, decision };
  return { id, decision, decline: decision.by === 'negocio' ? DECLINE_REASONS.business : DECLINE_REASONS.businessDefault };
}

// ---- routes: the business (Mi perfil) and staff for a business (Cuentas Business), as its webhooks ----

const REFUSED = 'La autorización en tiempo real es para los sistemas de una empresa';
const READ = { access: { FAR: { menu: '/user/business', permission: 'Ver' }, BUS: { menu: '/profile', permission: 'Ver' }, refused: REFUSED } } as const;
const EDIT = { access: { FAR: { menu: '/user/business', permission: 'Editar' }, BUS: { menu: '/profile', permission: 'Editar' }, refused: REFUSED } } as const;

export const businessAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  const out: WebhookOutbound = { resolve: app.ctx.resolveHost, production: config.env === 'production' };
  const path = '/api/v1/cards/authorization-endpoint';
  const tags = ['Tarjetas'];
  app.get(
    path,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Autorización en tiempo real de la empresa (null si no tiene)',
        querystring: BusinessScoped,
        response: { 200: answer(CardAuthEndpoint.nullable()) },
      },
    },
    async (req) => ok(await readAuthEndpoint(db, actorOf(req), req.query.BusinessId)),
  );
  app.put(
    path,
    {
      config: EDIT,
      schema: {
        tags,
        summary: 'Configura el endpoint HTTPS que aprueba o rechaza las compras; el secreto se muestra solo la primera vez',
        body: CardAuthEndpointRequest,
        response: { 200: answer(CardAuthEndpoint) },
      },
    },
    async (req) =>
      ok(await db.transaction((tx) => setAuthEndpoint(tx, config.envelopeKey, out, actorOf(req), req.body)), 'Autorización en tiempo real guardada'),
  );
  app.post(
    `${path}/delete`,
    { config: EDIT, schema: { tags, summary: 'Quita la autorización en tiempo real', body: BusinessScoped, response: { 200: answer(z.null()) } } },
    async (req) => {
      await db.transaction((tx) => removeAuthEndpoint(tx, actorOf(req), req.body.BusinessId));
      return ok(null, 'Autorización en tiempo real eliminada');
    },
  );
};
