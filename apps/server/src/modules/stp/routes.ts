import { isIP } from 'node:net';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { receiveAbono, receiveEstado, webhookFailed } from './webhooks';

/** The caller's address (req.ip honours TRUST_PROXY) against STP_WEBHOOK_ALLOW; an IPv4 seen as ::ffff:a.b.c.d counts as IPv4. */
function allowed(list: import('node:net').BlockList, ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(v4);
  return family !== 0 && list.check(v4, family === 4 ? 'ipv4' : 'ipv6');
}

const Answer = z.record(z.string(), z.unknown());

/** STP's webhooks: public routes (STP has no session), limited to STP_WEBHOOK_ALLOW. */
export const stpRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  app.addHook('onRequest', async (req) => {
    if (config.speiRail !== 'stp' || !config.stp) throw notFound('El riel SPEI STP no está activo');
    if (!allowed(config.stpWebhookAllow, req.ip)) throw forbidden('Origen no autorizado para los avisos de STP');
  });
  const route = (kind: 'abono' | 'estado', summary: string, handle: (body: unknown) => Promise<Record<string, unknown>>) =>
    async (req: { body: unknown }) => {
      try {
        return await handle(req.body);
      } catch (err) {
        if (err instanceof AppError) throw err; // malformed: 400
        await webhookFailed(app.ctx.db, kind, req.body, err);
        return kind === 'abono' ? { estado: 'DEVOLUCION', mensaje: 'devolver', id: 2, causaDevolucion: 2, detalle: summary } : { mensaje: 'recibido' };
      }
    };
  const schema = (summary: string) => ({ tags: ['STP'], summary, body: z.unknown(), response: { 200: Answer } });
  app.post('/api/stp/abonos', { config: { access: 'public' }, schema: schema('Abono (SPEI recibido) que STP avisa') }, route('abono', 'No se pudo procesar el abono', (body) => receiveAbono(app.ctx.db, config.stp!.empresa, body)));
  app.post('/api/stp/estado', { config: { access: 'public' }, schema: schema('Cambio de estado de una orden enviada, que STP avisa') }, route('estado', '', (body) => receiveEstado(app.ctx.db, body, app.ctx.now())));
};
