import { ERROR_MESSAGES, answer } from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { open, seal } from '../../platform/envelope';
import { ok } from '../../platform/reply';
import { recordIncident } from '../audit';

// Checked in the handler rather than by the schema, so an unknown kind is recorded as an incident (spec §8).
const Version = z.object({ version: z.string().max(20).describe('Versión del sobre: v2') });
// A seal must fit in the body of a decrypt call (the 1 MiB body limit, less `{"Data":""}`).
const SEALED_MAX = 1_048_000;
const Sealed = z.object({ Data: z.string().min(1).max(SEALED_MAX) });

/**
 * The envelope service of spec §7, for clients that cannot hold the key. Both need a session:
 * an open decrypt would let anyone read a captured envelope. Failures are system incidents,
 * like those of the envelope itself.
 */
export const internalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  const key = config.envelopeKey;
  const tags = ['Interno'];

  const fail = async (req: FastifyRequest, code: 'ENCRYPTION_PARAMS' | 'PARSE', detail: string) => {
    await recordIncident(db, {
      type: 'envelope',
      message: ERROR_MESSAGES[code],
      detail: `${req.method} ${req.url}: ${detail}`.slice(0, 4000),
      client: req.actor?.client ?? null,
    });
    return new AppError(code);
  };
  const checkVersion = async (req: FastifyRequest, version: string) => {
    if (version !== 'v2') throw await fail(req, 'ENCRYPTION_PARAMS', `version=${version}`);
  };

  app.post(
    '/api/internal/encrypt/:version',
    {
      config: { access: 'authenticated', temporaryPasswordOk: true },
      schema: { tags, summary: 'Cifrar una carga (v2: AES-256-GCM)', params: Version, body: z.unknown(), response: { 200: answer(Sealed) } },
    },
    async (req) => {
      await checkVersion(req, req.params.version);
      const Data = seal('v2', key, JSON.stringify(req.body ?? null));
      if (Data.length > SEALED_MAX) throw new AppError('PAYLOAD_TOO_LARGE', 'La carga cifrada no cabría en una solicitud: envía menos datos');
      return ok({ Data });
    },
  );

  app.post(
    '/api/internal/decrypt/:version',
    {
      config: { access: 'authenticated', temporaryPasswordOk: true },
      schema: { tags, summary: 'Descifrar una carga v2', params: Version, body: Sealed, response: { 200: answer(z.unknown()) } },
    },
    async (req) => {
      await checkVersion(req, req.params.version);
      try {
        return ok(open('v2', key, req.body.Data));
      } catch (err) {
        throw await fail(req, 'PARSE', (err as Error).message);
      }
    },
  );
};
