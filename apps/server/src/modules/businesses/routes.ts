import {
  BulkResult,
  BusinessBulkBody,
  BusinessCreateBody,
  BusinessCreated,
  BusinessCustomerIdBody,
  BusinessDetail,
  BusinessEmailBody,
  BusinessIdBody,
  BusinessListBody,
  BusinessListItem,
  BusinessUpdateBody,
  MyBusiness,
  answer,
  pageOf,
} from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/guard';
import { ok } from '../../platform/reply';
import { myBusiness } from './my-business';
import * as business from './service';

const tags = ['Cuentas Business'];
const at = (permission: 'Ver' | 'Agregar' | 'Editar' | 'Borrar' | 'Desactivar') => ({ access: { FAR: { menu: '/user/business', permission } } });

/** /api/v1/profiles/business/*: the businesses themselves (staff's Cuentas Business screen). */
export const businessRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/api/v1/profiles/business/query/mine',
    {
      config: { access: { BUS: { menu: '/profile', permission: 'Ver' } } },
      schema: {
        tags,
        summary: 'Mi empresa: datos de la persona moral (razón social, RFC, representante legal) o de la persona física',
        response: { 200: answer(MyBusiness) },
      },
    },
    async (req) => ok(await myBusiness(db, actorOf(req))),
  );

  app.post(
    '/api/v1/profiles/business/query/list',
    {
      config: at('Ver'),
      schema: {
        tags,
        summary: 'Empresas: búsqueda, filtro de estatus y paginación',
        body: BusinessListBody,
        response: { 200: answer(pageOf(BusinessListItem)) },
      },
    },
    async (req) => ok(await business.listBusinesses(db, req.body)),
  );

  // A business user may read their own business; another Id answers 404.
  app.post(
    '/api/v1/profiles/business/query/getbyid',
    {
      config: { access: { FAR: { menu: '/user/business', permission: 'Ver' }, BUS: { menu: '/profile', permission: 'Ver' } } },
      schema: { tags, summary: 'Detalle de una empresa (personal FAR, o la propia)', body: BusinessIdBody, response: { 200: answer(BusinessDetail) } },
    },
    async (req) => ok(await business.detailOf(db, await business.businessForActor(db, actorOf(req), req.body.Id, { field: 'Id' }))),
  );

  app.post(
    '/api/v1/profiles/business/query/getbyemail',
    {
      config: at('Ver'),
      schema: { tags, summary: 'Empresa por su correo o el de uno de sus usuarios', body: BusinessEmailBody, response: { 200: answer(BusinessDetail) } },
    },
    async (req) => ok(await business.getBusinessByEmail(db, req.body.Email)),
  );

  app.post(
    '/api/v1/profiles/business/action/create',
    {
      config: at('Agregar'),
      schema: {
        tags,
        summary: 'Alta de empresa (pendiente) con su CLABE y su primer usuario (contraseña temporal por correo)',
        body: BusinessCreateBody,
        response: { 200: answer(BusinessCreated) },
      },
    },
    async (req) => ok(await db.transaction((tx) => business.createBusiness(tx, actorOf(req), req.body)), 'Empresa creada'),
  );

  app.put(
    '/api/v1/profiles/business/action/update',
    {
      config: at('Editar'),
      schema: { tags, summary: 'Editar una empresa (el tipo de persona no cambia)', body: BusinessUpdateBody, response: { 200: answer(BusinessDetail) } },
    },
    async (req) => ok(await db.transaction((tx) => business.updateBusiness(tx, actorOf(req), req.body)), 'Empresa actualizada'),
  );

  app.put(
    '/api/v1/profiles/business/action/update/customerid',
    {
      config: at('Editar'),
      schema: {
        tags,
        summary: 'Asignar el CustomerId (procesador de tarjetas) de una empresa',
        body: BusinessCustomerIdBody,
        response: { 200: answer(BusinessDetail) },
      },
    },
    async (req) => ok(await db.transaction((tx) => business.updateCustomerId(tx, actorOf(req), req.body.Id, req.body.CustomerId)), 'CustomerId actualizado'),
  );

  app.post(
    '/api/v1/profiles/business/action/delete',
    {
      config: at('Borrar'),
      schema: { tags, summary: 'Eliminar una empresa no activa y sus usuarios', body: BusinessIdBody, response: { 200: answer(z.null()) } },
    },
    async (req) => {
      await db.transaction((tx) => business.deleteBusiness(tx, actorOf(req), req.body.Id));
      return ok(null, 'Empresa eliminada');
    },
  );

  app.post(
    '/api/v1/profiles/business/action/bulk-action',
    {
      config: at('Desactivar'),
      schema: {
        tags,
        summary: 'Activar, desactivar, bloquear o desbloquear empresas (todas o ninguna)',
        body: BusinessBulkBody,
        response: { 200: answer(BulkResult) },
      },
    },
    async (req) => {
      const affected = await db.transaction((tx) => business.businessActions(tx, actorOf(req), req.body.Action, req.body.Ids));
      return ok({ Affected: affected });
    },
  );
};
