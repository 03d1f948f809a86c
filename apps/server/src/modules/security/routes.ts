import { CodeDelivery, SecurityCodeBody, SecurityPinBody, SecurityVerifyBody, answer } from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/guard';
import { accountLimit } from '../../platform/rate-limit';
import { ok } from '../../platform/reply';
import { recordActivity } from '../audit';
import { enqueueMessage } from '../outbox';
import { getUser } from '../users';
import { CODE_TTL_SECONDS, consumeCode, issueCode, maskEmail } from './service';

const PIN_ONLY = 'El NIP solo aplica a usuarios Wallet';

const OPERATION_LABEL: Record<string, string> = {
  'spei-out': 'enviar una transferencia SPEI',
  dispersion: 'autorizar una dispersión',
  'card-reveal': 'consultar los datos de una tarjeta',
  pin: 'cambiar tu NIP',
  profile: 'cambiar datos de tu perfil',
  'card-funding': 'fondear tarjetas',
  'wallet-transfer': 'enviar dinero a otro Wallet',
  'api-key': 'crear o renovar una clave de API',
};

export interface SecurityRouteDeps {
  validatePin: (actor: NonNullable<import('fastify').FastifyRequest['actor']>, pin: string) => Promise<void>;
}

/** Six-digit codes for sensitive operations (the specification's local mocks, made real). */
export const securityRoutes =
  (deps: SecurityRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = app.ctx;
    const tags = ['Seguridad'];
    // Per IP on the route, and per account in preHandler (the session is known by then), as sign-in
    // does; 10 a minute each with the default RATE_LIMIT_SIGNIN of 20.
    const max = Math.max(1, Math.floor(config.rateLimitSignin / 2));
    const limit = { max, timeWindow: '1 minute' };
    const perAccount = () => accountLimit(app, { max, timeWindow: '1 minute', key: (req) => `user:${req.actor?.userId ?? req.ip}` });

    app.post(
      '/api/v1/security/code',
      {
        config: { access: 'authenticated', rateLimit: limit },
        preHandler: perAccount(),
        schema: { tags, summary: 'Enviar un código de seis dígitos para una operación', body: SecurityCodeBody, response: { 200: answer(CodeDelivery) } },
      },
      async (req) => {
        const actor = actorOf(req);
        const user = (await getUser(db, actor.userId))!;
        await db.transaction(async (tx) => {
          const code = await issueCode(tx, actor.userId, req.body.Operation);
          await enqueueMessage(tx, {
            channel: 'email',
            to: user.v_email,
            userId: user.v_uid,
            subject: 'Tu código de seguridad',
            body: `Hola ${user.v_names}:\n\nTu código para ${OPERATION_LABEL[req.body.Operation]} es ${code}. Vence en 5 minutos y sirve una sola vez.\n\nSi no fuiste tú, cambia tu contraseña.`,
          });
          await recordActivity(tx, {
            actor,
            section: 'Seguridad',
            action: 'Código',
            activity: `Solicitó un código para ${OPERATION_LABEL[req.body.Operation]}`,
          });
        });
        return ok(
          {
            CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL' as const, Destination: maskEmail(user.v_email) },
            ExpiresIn: CODE_TTL_SECONDS,
          },
          'Código enviado',
        );
      },
    );

    app.post(
      '/api/v1/security/verify',
      {
        config: { access: 'authenticated', rateLimit: limit },
        preHandler: perAccount(),
        schema: {
          tags,
          summary: 'Verificar (y consumir) un código',
          body: SecurityVerifyBody,
          response: { 200: answer(z.object({ Valid: z.literal(true) })) },
        },
      },
      async (req) => {
        await consumeCode(db, actorOf(req).userId, req.body.Operation, req.body.Code);
        return ok({ Valid: true as const }, 'Código válido');
      },
    );

    app.post(
      '/api/v1/security/pin',
      {
        config: { access: { WAL: 'any', refused: PIN_ONLY }, rateLimit: limit },
        preHandler: perAccount(),
        schema: {
          tags,
          summary: 'Verificar el NIP de un usuario Wallet para una operación',
          body: SecurityPinBody,
          response: { 200: answer(z.object({ Valid: z.literal(true) })) },
        },
      },
      async (req) => {
        await deps.validatePin(actorOf(req), req.body.Pin);
        return ok({ Valid: true as const }, 'NIP válido');
      },
    );
  };
