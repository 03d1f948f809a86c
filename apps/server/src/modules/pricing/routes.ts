import {
  BusinessLimits,
  BusinessScopeBody,
  BusinessSpeiConfig,
  BusinessSpeiConfigBody,
  CardholderLimits,
  CardholderSpeiOut,
  CardholderSpeiOutBody,
  GlobalSpeiConfig,
  GlobalSpeiConfigBody,
  LimitByCardholderBody,
  LimitGlobalBody,
  LimitUpsertBody,
  TransactionLimit,
  ValuesAndCommissions,
  ValuesAndCommissionsBody,
  answer,
} from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/guard';
import { ok } from '../../platform/reply';
import type { LimitUsage } from './hooks';
import * as pricing from './service';

const tags = ['Comisiones y límites'];
/** Staff screens: the business detail of Cuentas Business. */
const staff = (permission: 'Ver' | 'Editar') => ({ access: { FAR: { menu: '/user/business', permission } } });
/** Staff name the business; a business reads its own from the transfer screen. */
const staffOrOwn = { access: { FAR: { menu: '/user/business', permission: 'Ver' }, BUS: { menu: '/dispersal/transfer', permission: 'Ver' } } } as const;
/** Staff; and a business for its own cardholders, from its account screen (cards). */
const staffOrCardholders = (permission: 'Ver' | 'Editar', note: string) =>
  ({ access: { FAR: { menu: '/user/business', permission }, BUS: { menu: '/account', permission }, note } }) as const;

export interface PricingRouteDeps {
  /** SPEI-out amounts already counted today and this month for a business (from the SPEI module). */
  limitUsage: LimitUsage;
}

/** /api/v1/transaction/speiconfig/* and /limit/*. */
export const pricingRoutes =
  (deps: PricingRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = app.ctx;
    const base = '/api/v1/transaction';

    app.get(
      `${base}/speiconfig/global`,
      { config: staff('Ver'), schema: { tags, summary: 'Configuración SPEI global', response: { 200: answer(GlobalSpeiConfig) } } },
      async () => ok(await pricing.getGlobalSpeiConfig(db)),
    );

    app.put(
      `${base}/speiconfig/global`,
      {
        config: staff('Editar'),
        schema: { tags, summary: 'Guardar la configuración SPEI global', body: GlobalSpeiConfigBody, response: { 200: answer(GlobalSpeiConfig) } },
      },
      async (req) => ok(await db.transaction((tx) => pricing.updateGlobalSpeiConfig(tx, actorOf(req), req.body)), 'Configuración SPEI actualizada'),
    );

    app.post(
      `${base}/speiconfig/business/query`,
      {
        config: staffOrOwn,
        schema: {
          tags,
          summary: 'Configuración SPEI de una empresa (personal FAR, o la propia) con los valores que aplican',
          body: BusinessScopeBody,
          response: { 200: answer(BusinessSpeiConfig) },
        },
      },
      async (req) => ok(await pricing.getBusinessSpeiConfig(db, actorOf(req), req.body.BusinessId)),
    );

    app.post(
      `${base}/speiconfig/business/upsert`,
      {
        config: staff('Editar'),
        schema: { tags, summary: 'Guardar la configuración SPEI de una empresa', body: BusinessSpeiConfigBody, response: { 200: answer(BusinessSpeiConfig) } },
      },
      async (req) =>
        ok(await db.transaction((tx) => pricing.upsertBusinessSpeiConfig(tx, actorOf(req), req.body)), 'Configuración SPEI de la empresa actualizada'),
    );

    app.post(
      `${base}/speiconfig/values-and-commissions`,
      {
        config: staffOrOwn,
        schema: {
          tags,
          summary: 'Vista previa de valores y comisiones de un envío SPEI',
          body: ValuesAndCommissionsBody,
          response: { 200: answer(ValuesAndCommissions) },
        },
      },
      async (req) => ok(await pricing.previewValuesAndCommissions(db, actorOf(req), req.body)),
    );

    app.post(
      `${base}/speiconfig/cardholder/enable-speiout`,
      {
        config: staffOrCardholders('Editar', 'a business: only its own cardholders'),
        schema: {
          tags,
          summary: 'Habilitar o deshabilitar el envío SPEI de un tarjetahabiente',
          body: CardholderSpeiOutBody,
          response: { 200: answer(CardholderSpeiOut) },
        },
      },
      async (req) => ok(await db.transaction((tx) => pricing.setCardholderSpeiOut(tx, actorOf(req), req.body)), 'Configuración actualizada'),
    );

    app.post(
      `${base}/limit/query/getbybusiness`,
      {
        config: staffOrOwn,
        schema: {
          tags,
          summary: 'Límites de una empresa: el propio, el global, el que aplica y lo usado',
          body: BusinessScopeBody,
          response: { 200: answer(BusinessLimits) },
        },
      },
      async (req) => ok(await pricing.getBusinessLimits(db, actorOf(req), req.body.BusinessId, deps.limitUsage)),
    );

    app.post(
      `${base}/limit/query/getbycardholder`,
      {
        config: staffOrCardholders('Ver', 'a business: only its own cardholders, card type prepago'),
        schema: {
          tags,
          summary: 'Límites de un tarjetahabiente: el propio, el global, el que aplica y su envío SPEI',
          body: LimitByCardholderBody,
          response: { 200: answer(CardholderLimits) },
        },
      },
      async (req) => ok(await pricing.getCardholderLimits(db, actorOf(req), req.body.CardholderIdentifier, req.body.CardType)),
    );

    app.post(
      `${base}/limit/query/global`,
      {
        config: staff('Ver'),
        schema: {
          tags,
          summary: 'Límite global (CardType vacío: cuentas de empresa)',
          body: LimitGlobalBody,
          response: { 200: answer(TransactionLimit.nullable()) },
        },
      },
      async (req) => ok(await pricing.getGlobalLimit(db, req.body.CardType ?? '')),
    );

    app.post(
      `${base}/limit/action/upsert`,
      {
        config: staffOrCardholders('Editar', 'a business: ScopeType 1 of its own cardholders only (card type prepago), capped by the global row'),
        schema: {
          tags,
          summary: 'Guardar un límite global (0) o específico (1); el de un tarjetahabiente no puede superar el global de su tipo de tarjeta',
          body: LimitUpsertBody,
          response: { 200: answer(TransactionLimit) },
        },
      },
      async (req) => ok(await db.transaction((tx) => pricing.upsertLimit(tx, actorOf(req), req.body)), 'Límite guardado'),
    );
  };
