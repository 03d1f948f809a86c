/**
 * The isolated reveal view (issue 28 §4, docs/decisions/0035-modern-cards.md): the web app never
 * receives a card's number. After the security code it gets a reveal token — random, kept only as
 * a hash, single-use, valid 60 s, bound to the card and to the session (an httpOnly cookie holding
 * an HMAC of the session id, sent only to this path) — and embeds /card-reveal/<token> in a
 * sandboxed iframe. That page is rendered here: no scripts at all (its CSP has no script source
 * and sandboxes the document), only the app may frame it.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { safeEqual, sha256 } from '../../platform/crypto';
import { cardholderById, fullNameOf } from './common';
import { cardRevealTokens, cards } from './schema';
import { cardKeys } from './secret';

export const REVEAL_TTL_S = 60;
export const REVEAL_PATH = '/card-reveal';
export const REVEAL_COOKIE = 'far_reveal';
export const revealBinding = (key: Buffer, sessionId: string) => createHmac('sha256', key).update(`card-reveal:${sessionId}`).digest('base64url');

/** The cookie that proves, on the page's request, the session that minted the token (the iframe cannot send the bearer header). */
export function setRevealCookie(req: FastifyRequest, reply: FastifyReply, key: Buffer, sessionId: string) {
  reply.setCookie(REVEAL_COOKIE, revealBinding(key, sessionId), {
    path: REVEAL_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: req.protocol === 'https',
    maxAge: REVEAL_TTL_S,
  });
}

export async function mintRevealToken(db: DbOrTx, owner: { userId: string; sessionId: string }, cardId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // Expired tokens of anyone are swept here, so the table stays small without a job.
  await db.delete(cardRevealTokens).where(lte(cardRevealTokens.d_expires_at, now));
  await db.insert(cardRevealTokens).values({
    v_hash: sha256(token),
    v_uid_card: cardId,
    v_uid_user: owner.userId,
    v_uid_session: owner.sessionId,
    d_expires_at: new Date(now.getTime() + REVEAL_TTL_S * 1000),
  });
  return token;
}

/** The token's card and session, once: deleted as it is read, even when the session check then refuses it. */
async function redeemRevealToken(db: DbOrTx, token: string, now: Date) {
  const [row] = await db
    .delete(cardRevealTokens)
    .where(and(eq(cardRevealTokens.v_hash, sha256(token)), gt(cardRevealTokens.d_expires_at, now)))
    .returning({ cardId: cardRevealTokens.v_uid_card, sessionId: cardRevealTokens.v_uid_session });
  return row ?? null;
}

const STYLE = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1b1e;background:#fff}
main{padding:12px 16px}h1{font-size:1rem;margin:0 0 8px}dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}
dt{color:#495057;font-size:.875rem}dd{margin:0;font-variant-numeric:tabular-nums;font-size:1rem;font-weight:600;letter-spacing:.04em}
p{color:#495057;font-size:.8125rem;margin:8px 0 0}`;
// No script source at all; the only style allowed is the one above, by its hash; the document is sandboxed even if opened alone.
const CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
  'sandbox',
].join(';');

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const page = (body: string) =>
  `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="no-referrer"><title>Datos de la tarjeta</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

function sendPage(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', CSP)
    .header('x-frame-options', 'SAMEORIGIN')
    .header('cache-control', 'no-store')
    .send(page(body));
}

export const REVEAL_GONE = 'El enlace para ver los datos ya se usó, venció o no es de esta sesión. Vuelve a pedir los datos con un código nuevo.';

/** GET /card-reveal/:token: the card's number, CVV and expiry, once, to the session that minted the token. */
export const revealViewRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app.ctx;
  const keys = cardKeys(config.cardKey);
  const Params = z.object({ token: z.string() });
  app.get(
    `${REVEAL_PATH}/:token`,
    {
      config: { access: 'public', note: 'autenticado por el token de un solo uso de reveal-token, de la misma sesión (cookie far_reveal)' },
      schema: { hide: true },
    },
    async (req, reply) => {
      const { token } = Params.parse(req.params);
      const owner = /^[\w-]{43}$/.test(token) ? await redeemRevealToken(db, token, app.ctx.now()) : null;
      const cookie = app.parseCookie(req.headers.cookie ?? '')[REVEAL_COOKIE];
      if (!owner || !cookie || !safeEqual(cookie, revealBinding(config.envelopeKey, owner.sessionId)))
        return sendPage(reply, 410, `<h1>Datos no disponibles</h1><p>${REVEAL_GONE}</p>`);
      const [card] = await db.select().from(cards).where(eq(cards.v_uid, owner.cardId));
      if (!card) return sendPage(reply, 410, `<h1>Datos no disponibles</h1><p>${REVEAL_GONE}</p>`);
      const holder = await cardholderById(db, card.v_uid_cardholder);
      const pan = keys.open(card.t_pan_enc).replace(/(\d{4})(?=\d)/g, '$1 ');
      const rows: [string, string][] = [
        ['Número', pan],
        ['Vigencia', card.v_valid_date],
        ['CVV', keys.open(card.t_cvv_enc)],
        ...(holder ? ([['Titular', fullNameOf(holder)]] as [string, string][]) : []),
      ];
      return sendPage(
        reply,
        200,
        `<h1>Datos de la tarjeta</h1><dl>${rows.map(([k, v]) => `<dt>${k}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl><p>Se ocultan en ${REVEAL_TTL_S} segundos.</p>`,
      );
    },
  );
};
