import {
  IdParam,
  WebhookDelivery,
  WebhookDeliveryQuery,
  WebhookEndpoint,
  WebhookEndpointRequest,
  WebhookEndpointUpdate,
  WebhookListQuery,
  answer,
  pagesFor,
  perPageOf,
} from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/guard';
import { ok } from '../../platform/reply';
import { registerJobHandler } from '../jobs';
import {
  WEBHOOK_JOB,
  createEndpoint,
  deleteEndpoint,
  deliverAttempt,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  updateEndpoint,
  type WebhookOutbound,
} from './service';

const tags = ['Webhooks'];
const REFUSED = 'Los webhooks son para los sistemas de una empresa';
const READ = { access: { FAR: { menu: '/user/business', permission: 'Ver' }, BUS: { menu: '/profile', permission: 'Ver' }, refused: REFUSED } } as const;
const EDIT = { access: { FAR: { menu: '/user/business', permission: 'Editar' }, BUS: { menu: '/profile', permission: 'Editar' }, refused: REFUSED } } as const;

/** /api/notification/webhooks*: a business's endpoints, their delivery log and resending. */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  const out: WebhookOutbound = { resolve: app.ctx.resolveHost, production: config.env === 'production' };
  registerJobHandler(WEBHOOK_JOB, (tx, payload, ctx) => deliverAttempt(tx, config.envelopeKey, out, payload, ctx));
  const base = '/api/notification/webhooks';

  app.get(
    base,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Endpoints de la empresa (el personal indica BusinessId)',
        querystring: WebhookListQuery,
        response: { 200: answer(z.array(WebhookEndpoint)) },
      },
    },
    async (req) => ok(await listEndpoints(db, actorOf(req), req.query.BusinessId)),
  );

  app.post(
    base,
    {
      config: EDIT,
      schema: {
        tags,
        summary: 'Registra un endpoint HTTPS; la respuesta muestra su secreto una sola vez',
        body: WebhookEndpointRequest,
        response: { 200: answer(WebhookEndpoint) },
      },
    },
    async (req) => ok(await db.transaction((tx) => createEndpoint(tx, config.envelopeKey, out, actorOf(req), req.body)), 'Webhook registrado'),
  );

  app.put(
    `${base}/:id`,
    {
      config: EDIT,
      schema: {
        tags,
        summary: 'Edita la URL, los eventos o si está activo',
        params: IdParam,
        body: WebhookEndpointUpdate,
        response: { 200: answer(WebhookEndpoint) },
      },
    },
    async (req) => ok(await db.transaction((tx) => updateEndpoint(tx, out, actorOf(req), req.params.id, req.body)), 'Webhook actualizado'),
  );

  app.post(
    `${base}/delete/:id`,
    { config: EDIT, schema: { tags, summary: 'Elimina un endpoint', params: IdParam, response: { 200: answer(z.null()) } } },
    async (req) => {
      await db.transaction((tx) => deleteEndpoint(tx, actorOf(req), req.params.id));
      return ok(null, 'Webhook eliminado');
    },
  );

  app.get(
    `${base}/:id/deliveries`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Bitácora de entregas del endpoint',
        params: IdParam,
        querystring: WebhookDeliveryQuery,
        response: { 200: answer(perPageOf(WebhookDelivery)) },
      },
    },
    async (req) => {
      const q = req.query;
      const { items, total } = await listDeliveries(db, actorOf(req), req.params.id, q);
      return ok({ items, page: q.page, perPage: q.perPage, pages: pagesFor(total, q.perPage), total });
    },
  );

  app.post(
    `${base}/deliveries/:id/resend`,
    { config: EDIT, schema: { tags, summary: 'Reenvía un evento al endpoint', params: IdParam, response: { 200: answer(z.null()) } } },
    async (req) => {
      await db.transaction((tx) => resendDelivery(tx, actorOf(req), req.params.id, app.ctx.now()));
      return ok(null, 'Reenvío programado');
    },
  );
};
