import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncidentType } from '@far/contracts';
import { AppError } from './errors';
import { decodeBase64, decryptV2, encodeBase64, encryptV2 } from './crypto';

export type EnvelopeKind = 'v2' | 'base64';
export type ReportIncident = (req: FastifyRequest, type: IncidentType, message: string, detail: string) => Promise<void>;

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
  // Hooks on every request are callback style: most calls carry no envelope, and an async hook
  // costs a promise on each.
  app.addHook('preValidation', (req, _reply, done) => {
    // The envelope service itself takes and gives `{ Data }` as plain JSON.
    if (!req.url.startsWith('/api/') || req.url.startsWith('/api/internal/encrypt') || req.url.startsWith('/api/internal/decrypt')) return done();
    const target = isEnvelope(req.body) ? 'body' : isEnvelope(req.query) ? 'query' : null;
    if (!target) return done();
    openEnvelope(req, target).then(() => done(), done);
  });

  async function openEnvelope(req: FastifyRequest, target: 'body' | 'query') {
    const kind = kindFor(req);
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
  }

  app.addHook('onSend', (req, reply, payload, done) => {
    if (!req.envelopeKind || typeof payload !== 'string') return done(null, payload);
    reply.header('x-encryption', req.envelopeKind);
    done(null, JSON.stringify({ Data: seal(req.envelopeKind, app.ctx.config.envelopeKey, payload) }));
  });

  // An unknown encryption kind fails even when the body is plain (spec §8).
  app.addHook('onRequest', (req, _reply, done) => {
    if (!req.url.startsWith('/api/') || req.headers['x-encryption'] === undefined) return done();
    try {
      kindFor(req);
      done();
    } catch (err) {
      const detail = `${req.method} ${req.url}: x-encryption=${String(req.headers['x-encryption'])}`;
      report(req, 'envelope', 'Error: Faltan parámetros de encriptación válidos', detail).then(
        () => done(err as Error),
        () => done(err as Error),
      );
    }
  });
}
