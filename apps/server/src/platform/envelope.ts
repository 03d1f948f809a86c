import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { decodeBase64, decryptV2, encodeBase64, encryptV2 } from './crypto';

export type EnvelopeKind = 'v2' | 'base64';
export type ReportIncident = (req: FastifyRequest, type: string, message: string, detail: string) => Promise<void>;

/** Security and notification calls use base64 (spec §7); everything else v2 unless the header says. */
function kindFor(req: FastifyRequest): EnvelopeKind {
  const header = req.headers['x-encryption'];
  if (header !== undefined) {
    if (header === 'v2' || header === 'base64') return header;
    throw new AppError('ENCRYPTION_PARAMS');
  }
  return /^\/api\/(v1\/security|notification)\//.test(req.url) ? 'base64' : 'v2';
}

export function open(kind: EnvelopeKind, key: Buffer, token: string): unknown {
  return JSON.parse(kind === 'v2' ? decryptV2(key, token) : decodeBase64(token));
}

export function seal(kind: EnvelopeKind, key: Buffer, plain: string): string {
  return kind === 'v2' ? encryptV2(key, plain) : encodeBase64(plain);
}

const isEnvelope = (v: unknown): v is { Data: string } =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 1 && typeof (v as { Data?: unknown }).Data === 'string';

/**
 * Opens `{ Data }` bodies and `?Data=` queries before validation, and seals the answer the same
 * way. Failures are logged as system incidents (spec §8).
 */
export function registerEnvelope(app: FastifyInstance, report: ReportIncident): void {
  app.addHook('preValidation', async (req) => {
    // The envelope service itself takes and gives `{ Data }` as plain JSON.
    if (!req.url.startsWith('/api/') || req.url.startsWith('/api/internal/encrypt') || req.url.startsWith('/api/internal/decrypt')) return;
    const kind = kindFor(req).valueOf() as EnvelopeKind;
    const target = isEnvelope(req.body) ? 'body' : isEnvelope(req.query) ? 'query' : null;
    if (!target) return;
    const token = (target === 'body' ? req.body : req.query) as { Data: string };
    let opened: unknown;
    try {
      opened = open(kind, app.ctx.config.envelopeKey, token.Data);
    } catch (err) {
      await report(req, 'envelope', 'Error: problema durante el parseado de los datos', `${req.method} ${req.url}: ${(err as Error).message}`);
      throw new AppError('PARSE');
    }
    if (target === 'body') req.body = opened;
    else req.query = opened;
    req.envelopeKind = kind;
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.envelopeKind || typeof payload !== 'string') return payload;
    reply.header('x-encryption', req.envelopeKind);
    return JSON.stringify({ Data: seal(req.envelopeKind, app.ctx.config.envelopeKey, payload) });
  });

  // An unknown encryption kind fails even when the body is plain (spec §8).
  app.addHook('onRequest', async (req) => {
    if (req.url.startsWith('/api/') && req.headers['x-encryption'] !== undefined) {
      try {
        kindFor(req);
      } catch (err) {
        await report(req, 'envelope', 'Error: Faltan parámetros de encriptación válidos', `${req.method} ${req.url}: x-encryption=${String(req.headers['x-encryption'])}`);
        throw err;
      }
    }
  });
}
