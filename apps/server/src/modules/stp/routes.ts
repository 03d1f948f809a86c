import { isIP } from 'node:net';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClabeRegistration, SpeiRailState, answer } from '@far/contracts';
import { z } from 'zod';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { actorOf } from '../../platform/guard';
import { ok } from '../../platform/reply';
import { businessFor } from '../spei';
import { clabeRegistration, railState } from './state';
import { receiveAbono, receiveEstado, webhookFailed } from './webhooks';

/** The caller's address (req.ip honours TRUST_PROXY) against STP_WEBHOOK_ALLOW; an IPv4 seen as ::ffff:a.b.c.d counts as IPv4. */
function allowed(list: import('node:net').BlockList, ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(v4);
  return family !== 0 && list.check(v4, family === 4 ? 'ipv4' : 'ipv6');
}

const Answer = z.record(z.string(), z.unknown());

/** The rail as people see it: its state (staff, dashboard) and whether a business's CLABE is registered. */
export const railRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.ctx;
  const tags = ['STP'];
  app.get(
    '/api/v1/transaction/spei-rail/state',
    {
      config: { access: { FAR: { menu: '/dashboard', permission: 'Ver' } } },
      schema: { tags, summary: 'Estado del riel SPEI (STP o sandbox)', response: { 200: answer(SpeiRailState) } },
    },
    async () => ok(await railState(db, config)),
  );
  app.get(
    '/api/v1/transaction/spei-rail/clabe-registration',
    {
      config: { access: { FAR: { menu: '/user/business', permission: 'Ver' }, BUS: { menu: '/account/status', permission: 'Ver' } } },
      schema: {
        tags,
        summary: 'Si la CLABE de la empresa está registrada en STP',
        querystring: z.object({ BusinessId: z.string().uuid().optional() }),
        response: { 200: answer(ClabeRegistration) },
      },
    },
    async (req) => ok(await clabeRegistration(db, config, (await businessFor(db, actorOf(req), req.query.BusinessId)).v_account_number)),
  );
};

/** STP's webhooks: public routes (STP has no session), limited to STP_WEBHOOK_ALLOW. */
export const stpRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  app.addHook('onRequest', async (req) => {
    if (config.speiRail !== 'stp' || !config.stp) throw notFound('El riel SPEI STP no está activo');
    if (!allowed(config.stpWebhookAllow, req.ip)) throw forbidden('Origen no autorizado para los avisos de STP');
  });
  const route = (kind: 'abono' | 'estado', summary: string, handle: (body: unknown) => Promise<Record<string, unknown>>) => async (req: { body: unknown }) => {
    try {
      return await handle(req.body);
    } catch (err) {
      if (err instanceof AppError) throw err; // malformed: 400
      await webhookFailed(app.ctx.db, kind, req.body, err);
      return kind === 'abono' ? { estado: 'DEVOLUCION', mensaje: 'devolver', id: 2, causaDevolucion: 2, detalle: summary } : { mensaje: 'recibido' };
    }
  };
  const schema = (summary: string) => ({ tags: ['STP'], summary, body: z.unknown(), response: { 200: Answer } });
  app.post(
    '/api/stp/abonos',
    { config: { access: 'public' }, schema: schema('Abono (SPEI recibido) que STP avisa') },
    route('abono', 'No se pudo procesar el abono', (body) => receiveAbono(app.ctx.db, config.stp!.empresa, body)),
  );
  app.post(
    '/api/stp/estado',
    { config: { access: 'public' }, schema: schema('Cambio de estado de una orden enviada, que STP avisa') },
    route('estado', '', (body) => receiveEstado(app.ctx.db, body, app.ctx.now())),
  );
};
