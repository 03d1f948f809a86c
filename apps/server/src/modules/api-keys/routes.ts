import { ApiKey, ApiKeyCreateRequest, ApiKeyListQuery, IdParam, answer } from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/guard';
import { ok } from '../../platform/reply';
import { consumeCode } from '../security';
import { createKey, keyFor, listKeys, revokeKey, rotateKey } from './service';

const tags = ['Claves de API'];
const REFUSED = 'Las claves de API son de una empresa';
const OWN_ONLY = 'Solo la empresa puede crear o renovar sus claves de API';
const READ = { access: { FAR: { menu: '/user/business', permission: 'Ver' }, BUS: { menu: '/profile', permission: 'Ver' }, refused: REFUSED } } as const;
const MANAGE = { access: { BUS: { menu: '/profile', permission: 'Editar' }, refused: OWN_ONLY } } as const;
const REVOKE = {
  access: { FAR: { menu: '/user/business', permission: 'Editar' }, BUS: { menu: '/profile', permission: 'Editar' }, refused: REFUSED },
} as const;
const CodeBody = ApiKeyCreateRequest.pick({ Code: true });

/** /api/v1/api-keys: a business admin's keys (with the security code), staff see and revoke any business's. */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const base = '/api/v1/api-keys';

  app.get(
    base,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Claves de la empresa: prefijo, permisos, creación, último uso y vencimiento (nunca el secreto)',
        querystring: ApiKeyListQuery,
        response: { 200: answer(z.array(ApiKey)) },
      },
    },
    async (req) => ok(await listKeys(db, actorOf(req), req.query.BusinessId)),
  );

  app.post(
    base,
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Crea una clave (código de seguridad api-key); la respuesta muestra la clave una sola vez en Key',
        body: ApiKeyCreateRequest,
        response: { 200: answer(ApiKey) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      await consumeCode(db, actor.userId, 'api-key', req.body.Code, app.ctx.now());
      return ok(await db.transaction((tx) => createKey(tx, actor, req.body, app.ctx.now())), 'Clave de API creada');
    },
  );

  app.post(
    `${base}/:id/rotate`,
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Nuevo secreto (código de seguridad api-key); el anterior funciona 24 h más',
        params: IdParam,
        body: CodeBody,
        response: { 200: answer(ApiKey) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      await keyFor(db, actor, req.params.id); // another business's key: 404 before the code is spent
      await consumeCode(db, actor.userId, 'api-key', req.body.Code, app.ctx.now());
      return ok(await db.transaction((tx) => rotateKey(tx, actor, req.params.id, app.ctx.now())), 'Clave de API renovada');
    },
  );

  app.post(
    `${base}/:id/revoke`,
    { config: REVOKE, schema: { tags, summary: 'Revoca la clave al momento', params: IdParam, response: { 200: answer(ApiKey) } } },
    async (req) => ok(await db.transaction((tx) => revokeKey(tx, actorOf(req), req.params.id, app.ctx.now())), 'Clave de API revocada'),
  );
};
