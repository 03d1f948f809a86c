import { answer } from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { open, seal } from '../../platform/envelope';
import { ok } from '../../platform/reply';

const Version = z.object({ version: z.literal('v2', { message: 'Error: Faltan parámetros de encriptación válidos' }) });
const Sealed = z.object({ Data: z.string().min(1).max(1_000_000) });

/**
 * The envelope service of spec §7, for clients that cannot hold the key. Both need a session:
 * an open decrypt would let anyone read a captured envelope.
 */
export const internalRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = app.ctx.config.envelopeKey;
  const tags = ['Interno'];

  app.post('/api/internal/encrypt/:version', { config: { access: 'authenticated', temporaryPasswordOk: true }, schema: { tags, summary: 'Cifrar una carga (v2: AES-256-GCM)', params: Version, body: z.unknown(), response: { 200: answer(Sealed) } } }, async (req) =>
    ok({ Data: seal('v2', key, JSON.stringify(req.body ?? null)) }),
  );

  app.post('/api/internal/decrypt/:version', { config: { access: 'authenticated', temporaryPasswordOk: true }, schema: { tags, summary: 'Descifrar una carga v2', params: Version, body: Sealed, response: { 200: answer(z.unknown()) } } }, async (req) => {
    try {
      return ok(open('v2', key, req.body.Data));
    } catch {
      throw new AppError('PARSE');
    }
  });
};
