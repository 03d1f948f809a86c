import { Beneficiary, BeneficiaryCreateBody, BeneficiaryListQuery, BeneficiaryUpdateBody, answer, Uuid } from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/reply';
import * as beneficiaries from './service';

const tags = ['Beneficiarios'];
const anyone = { access: 'authenticated' as const };
const IdParam = z.object({ id: Uuid });

/** Beneficiaries of a wallet user or of a business; the service applies the owner's tenant rules. */
export const beneficiaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get('/api/v1/beneficiary', { config: anyone, schema: { tags, summary: 'Beneficiarios de un usuario Wallet o de una empresa (los propios sin parámetros)', querystring: BeneficiaryListQuery, response: { 200: answer(z.array(Beneficiary)) } } }, async (req) =>
    ok(await beneficiaries.listBeneficiaries(db, req.actor!, req.query)),
  );
  app.post(
    '/api/v1/beneficiary',
    {
      config: anyone,
      // Permission before input: a wrong role gets 403 whatever it sent.
      preValidation: async (req) => beneficiaries.authoriseBeneficiaryAccess(req.actor!, 'Agregar', (req.body ?? {}) as { v_uid_business?: string }),
      schema: { tags, summary: 'Registrar un beneficiario (máximo 10 por titular)', body: BeneficiaryCreateBody, response: { 200: answer(Beneficiary) } },
    },
    async (req) => ok(await db.transaction((tx) => beneficiaries.createBeneficiary(tx, req.actor!, req.body)), 'Beneficiario registrado'),
  );
  app.get('/api/v1/beneficiary/:id', { config: anyone, schema: { tags, summary: 'Un beneficiario', params: IdParam, response: { 200: answer(Beneficiary) } } }, async (req) =>
    ok(await beneficiaries.getBeneficiary(db, req.actor!, req.params.id)),
  );
  app.put('/api/v1/beneficiary/:id', { config: anyone, schema: { tags, summary: 'Editar un beneficiario', params: IdParam, body: BeneficiaryUpdateBody, response: { 200: answer(Beneficiary) } } }, async (req) =>
    ok(await db.transaction((tx) => beneficiaries.updateBeneficiary(tx, req.actor!, req.params.id, req.body)), 'Beneficiario actualizado'),
  );
  app.post('/api/v1/beneficiary/delete/:id', { config: anyone, schema: { tags, summary: 'Eliminar un beneficiario', params: IdParam, response: { 200: answer(z.null()) } } }, async (req) => {
    await db.transaction((tx) => beneficiaries.deleteBeneficiary(tx, req.actor!, req.params.id));
    return ok(null, 'Beneficiario eliminado');
  });
};
