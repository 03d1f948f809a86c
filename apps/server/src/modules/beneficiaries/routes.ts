import { Beneficiary, BeneficiaryCreateBody, BeneficiaryListQuery, BeneficiaryUpdateBody, answer, Uuid } from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteAccess } from '../../platform/context';
import { actorOf } from '../../platform/guard';
import { ok } from '../../platform/reply';
import * as beneficiaries from './service';

const tags = ['Beneficiarios'];
type Op = 'Ver' | 'Agregar' | 'Editar' | 'Borrar';
/** Staff through the owner's screen (a business or a wallet user); business and wallet users on their own profile. */
const owners = (op: Op): { access: RouteAccess } => {
  const self = { menu: '/profile', permission: op === 'Ver' ? 'Ver' : 'Editar' } as const;
  return {
    access: {
      FAR: [
        { menu: '/user/business', permission: op },
        { menu: '/user/wallet', permission: op },
      ],
      BUS: self,
      WAL: self,
      note: "FAR: the permission on the owner's screen (a business's or a wallet user's)",
    },
  };
};
const IdParam = z.object({ id: Uuid });

/** Beneficiaries of a wallet user or of a business; the service applies the owner's tenant rules. */
export const beneficiaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/api/v1/beneficiary',
    {
      config: owners('Ver'),
      schema: {
        tags,
        summary: 'Beneficiarios de un usuario Wallet o de una empresa (los propios sin parámetros)',
        querystring: BeneficiaryListQuery,
        response: { 200: answer(z.array(Beneficiary)) },
      },
    },
    async (req) => ok(await beneficiaries.listBeneficiaries(db, actorOf(req), req.query)),
  );
  app.post(
    '/api/v1/beneficiary',
    {
      config: owners('Agregar'),
      schema: { tags, summary: 'Registrar un beneficiario (máximo 10 por titular)', body: BeneficiaryCreateBody, response: { 200: answer(Beneficiary) } },
    },
    async (req) => ok(await db.transaction((tx) => beneficiaries.createBeneficiary(tx, actorOf(req), req.body)), 'Beneficiario registrado'),
  );
  app.get(
    '/api/v1/beneficiary/:id',
    { config: owners('Ver'), schema: { tags, summary: 'Un beneficiario', params: IdParam, response: { 200: answer(Beneficiary) } } },
    async (req) => ok(await beneficiaries.getBeneficiary(db, actorOf(req), req.params.id)),
  );
  app.put(
    '/api/v1/beneficiary/:id',
    {
      config: owners('Editar'),
      schema: { tags, summary: 'Editar un beneficiario', params: IdParam, body: BeneficiaryUpdateBody, response: { 200: answer(Beneficiary) } },
    },
    async (req) => ok(await db.transaction((tx) => beneficiaries.updateBeneficiary(tx, actorOf(req), req.params.id, req.body)), 'Beneficiario actualizado'),
  );
  app.post(
    '/api/v1/beneficiary/delete/:id',
    { config: owners('Borrar'), schema: { tags, summary: 'Eliminar un beneficiario', params: IdParam, response: { 200: answer(z.null()) } } },
    async (req) => {
      await db.transaction((tx) => beneficiaries.deleteBeneficiary(tx, actorOf(req), req.params.id));
      return ok(null, 'Beneficiario eliminado');
    },
  );
};
