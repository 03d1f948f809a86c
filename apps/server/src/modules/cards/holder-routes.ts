import {
  Cardholder,
  CardholderBalance,
  CardholderBalancesBody,
  CardholderByEmailBody,
  CardholderByEmailsBody,
  CardholderByIdBody,
  CardholderCreateBody,
  CardholderIdentifierBody,
  CardholderListBody,
  CardholderLockBody,
  CardholderNamesBody,
  CardholderUpdateBody,
  CardMovement,
  CardMovementsBody,
  CardSpeiOutBody,
  BusinessMovement,
  FundingPreview,
  BusinessScoped,
  UploadResult,
  answer,
  pageOf,
} from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, rule } from '../../platform/errors';
import { actorOf } from '../../platform/guard';
import { runMoney, type MoneyDeclaration } from '../../platform/money-command';
import { ok } from '../../platform/reply';
import * as holders from './cardholders';
import { CARDHOLDER_NOT_FOUND, businessFor } from './common';
import { ACCOUNT, STAFF, business, fingerprintUpload, sendFile, uploadedTable } from './handlers';
import { cardTemplate } from './files';
import * as money from './money';
import { sendCardSpeiOut } from './speiout';

const tags = ['Tarjetahabientes'];
const base = '/api/v1/cardholders';
const tx = '/api/v1/transaction';
/** Funding cards: the code of operation card-funding (an integration's API key confirms it). */
const FUNDING_MONEY: MoneyDeclaration = { confirm: 'code', operation: 'card-funding', apiKey: 'none', alsoPreviews: true };
/** A cardholder's SPEI out: the code of operation spei-out. */
const CARD_SPEI_MONEY: MoneyDeclaration = { confirm: 'code', operation: 'spei-out', apiKey: 'none' };

/** /api/v1/cardholders/* and the cardholder money calls under /api/v1/transaction. */
export const cardholderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const scoped = (req: { body?: { BusinessId?: string } | null }, r: Parameters<typeof actorOf>[0]) => businessFor(db, actorOf(r), req.body?.BusinessId);

  app.post(
    `${base}/query/list`,
    {
      config: business('Ver'),
      schema: {
        tags,
        summary: 'Tarjetahabientes de la empresa (búsqueda, bloqueados)',
        body: CardholderListBody,
        response: { 200: answer(pageOf(Cardholder)) },
      },
    },
    async (req) => ok(await holders.listCardholders(db, await scoped(req, req), req.body)),
  );
  app.post(
    `${base}/query/list/getbybusinessid`,
    {
      config: { access: { FAR: { menu: STAFF, permission: 'Ver' } } },
      schema: {
        tags,
        summary: 'Tarjetahabientes de una empresa (personal FAR)',
        body: CardholderListBody.extend({ BusinessId: z.string().uuid({ message: 'Identificador no válido' }) }),
        response: { 200: answer(pageOf(Cardholder)) },
      },
    },
    async (req) => ok(await holders.listCardholders(db, await scoped(req, req), req.body)),
  );
  app.post(
    `${base}/action/create`,
    {
      config: business('Agregar'),
      schema: { tags, summary: 'Registrar un tarjetahabiente', body: CardholderCreateBody, response: { 200: answer(Cardholder) } },
    },
    async (req) =>
      ok(
        await db.transaction(async (t) => holders.createCardholder(t, actorOf(req), await businessFor(t, actorOf(req), req.body.BusinessId), req.body)),
        'Tarjetahabiente registrado',
      ),
  );
  app.post(
    `${base}/action/upload-csv`,
    {
      config: business('Agregar'),
      schema: {
        tags,
        summary: 'Cargar tarjetahabientes (multipart, campo file: CSV o XLSX de la plantilla; ≤ 10 MB). Crea las filas válidas y devuelve todos los errores',
        consumes: ['multipart/form-data'],
        response: { 200: answer(UploadResult) },
      },
    },
    async (req) => {
      const { upload, rows } = await uploadedTable(req, 'cardholders');
      const actor = actorOf(req);
      return ok(
        await db.transaction(async (t) =>
          holders.uploadCardholders(t, actor, await businessFor(t, actor, upload.fields.BusinessId || undefined), rows, upload.filename),
        ),
        'Carga procesada',
      );
    },
  );
  app.post(
    `${base}/action/upload-csv/template`,
    { config: business('Ver'), schema: { tags, summary: 'Plantilla CSV de tarjetahabientes' } },
    async (_req, reply) => sendFile(reply, await cardTemplate('cardholders', 'csv')),
  );
  app.post(
    `${base}/query/getbyid`,
    { config: business('Ver'), schema: { tags, summary: 'Un tarjetahabiente', body: CardholderByIdBody, response: { 200: answer(Cardholder) } } },
    async (req) => {
      const h = await holders.cardholderById(db, await scoped(req, req), req.body.Id);
      if (!h) throw notFound(CARDHOLDER_NOT_FOUND);
      return ok(h);
    },
  );
  app.post(
    `${base}/query/getbyemail`,
    { config: business('Ver'), schema: { tags, summary: 'Un tarjetahabiente por correo', body: CardholderByEmailBody, response: { 200: answer(Cardholder) } } },
    async (req) => {
      const [h] = await holders.cardholdersByEmails(db, await scoped(req, req), [req.body.Email]);
      if (!h) throw notFound(CARDHOLDER_NOT_FOUND);
      return ok(h);
    },
  );
  app.post(
    `${base}/query/getbyemails`,
    {
      config: business('Ver'),
      schema: { tags, summary: 'Tarjetahabientes por correos (los que existan)', body: CardholderByEmailsBody, response: { 200: answer(z.array(Cardholder)) } },
    },
    async (req) => ok(await holders.cardholdersByEmails(db, await scoped(req, req), req.body.Emails)),
  );
  app.post(
    `${base}/action/update`,
    {
      config: business('Editar'),
      schema: { tags, summary: 'Actualizar un tarjetahabiente', body: CardholderUpdateBody, response: { 200: answer(Cardholder) } },
    },
    async (req) =>
      ok(
        await db.transaction(async (t) => holders.updateCardholder(t, actorOf(req), await businessFor(t, actorOf(req), req.body.BusinessId), req.body)),
        'Tarjetahabiente actualizado',
      ),
  );
  app.post(
    `${base}/action/update/names`,
    {
      config: business('Editar'),
      schema: { tags, summary: 'Actualizar nombre y apellidos', body: CardholderNamesBody, response: { 200: answer(Cardholder) } },
    },
    async (req) =>
      ok(
        await db.transaction(async (t) => holders.updateCardholder(t, actorOf(req), await businessFor(t, actorOf(req), req.body.BusinessId), req.body)),
        'Tarjetahabiente actualizado',
      ),
  );
  app.post(
    `${base}/action/lock`,
    {
      config: business('Desactivar'),
      schema: {
        tags,
        summary: 'Bloquear (bloquea sus tarjetas) o desbloquear un tarjetahabiente',
        body: CardholderLockBody,
        response: { 200: answer(Cardholder) },
      },
    },
    async (req) =>
      ok(
        await db.transaction(async (t) =>
          holders.lockCardholder(t, actorOf(req), await businessFor(t, actorOf(req), req.body.BusinessId), req.body.CardholderIdentifier, req.body.Lock),
        ),
        req.body.Lock ? 'Tarjetahabiente bloqueado' : 'Tarjetahabiente desbloqueado',
      ),
  );
  app.post(
    `${base}/action/mobile/unlink`,
    {
      config: { access: { FAR: { menu: STAFF, permission: 'Desvincular' }, BUS: { menu: ACCOUNT, permission: 'Desvincular' } } },
      schema: { tags, summary: 'Desvincular el celular del tarjetahabiente', body: CardholderIdentifierBody, response: { 200: answer(Cardholder) } },
    },
    async (req) =>
      ok(
        await db.transaction(async (t) =>
          holders.unlinkMobile(t, actorOf(req), await businessFor(t, actorOf(req), req.body.BusinessId), req.body.CardholderIdentifier),
        ),
        'Celular desvinculado',
      ),
  );
  app.post(
    `${base}/query/count-by-business`,
    {
      config: business('Ver'),
      schema: {
        tags,
        summary: 'Cuántos tarjetahabientes tiene la empresa',
        body: BusinessScoped,
        response: { 200: answer(z.object({ BusinessId: z.string(), Total: z.number(), Locked: z.number() })) },
      },
    },
    async (req) => ok(await holders.countByBusiness(db, await scoped(req, req))),
  );

  // ---- money ----
  app.post(
    `${tx}/cardholderbalance/query/getbycardholder`,
    {
      config: business('Ver'),
      schema: {
        tags,
        summary: 'Saldo de un tarjetahabiente (suma de sus tarjetas) y por tarjeta',
        body: CardholderIdentifierBody,
        response: { 200: answer(CardholderBalance) },
      },
    },
    async (req) => {
      const [b] = await money.cardholderBalances(db, await scoped(req, req), [req.body.CardholderIdentifier]);
      if (!b) throw notFound(CARDHOLDER_NOT_FOUND);
      return ok(b);
    },
  );
  app.post(
    `${tx}/cardholderbalance/query/getbycardholders`,
    {
      config: business('Ver'),
      schema: { tags, summary: 'Saldos de varios tarjetahabientes', body: CardholderBalancesBody, response: { 200: answer(z.array(CardholderBalance)) } },
    },
    async (req) => ok(await money.cardholderBalances(db, await scoped(req, req), req.body.CardholderIdentifiers)),
  );
  app.post(
    `${tx}/cardholdermovements/getall`,
    {
      config: business('Ver'),
      schema: {
        tags,
        summary: 'Movimientos de tarjetas con filtros y paginación; Format csv o xlsx exporta',
        body: CardMovementsBody,
        response: { 200: answer(pageOf(CardMovement)) },
      },
    },
    async (req, reply) => {
      const { page, raw } = await money.listMovements(db, await scoped(req, req), req.body);
      if (req.body.Format) return sendFile(reply, await money.exportMovements(req.body.Format, raw));
      return ok(page);
    },
  );
  app.post(
    `${tx}/cardholdermovements/load-funds-csv`,
    {
      config: {
        access: {
          FAR: { menu: STAFF, permission: 'Editar' },
          BUS: { menu: ACCOUNT, permission: 'Agregar' },
          note: 'Preview=true answers the preview; otherwise SecurityCode (card-funding) and Idempotency-Key',
        },
        money: FUNDING_MONEY,
        example: { form: { File: 'fondeo.csv', SecurityCode: '123456' } },
      },
      schema: {
        tags,
        summary:
          'Fondear tarjetas desde un CSV (CardIdentifier o CardholderIdentifier, Amount). Campos: Preview=true para la vista previa; SecurityCode (operación card-funding) e Idempotency-Key para ejecutar',
        consumes: ['multipart/form-data'],
        response: { 200: answer(FundingPreview) },
      },
    },
    async (req, reply) => {
      const { upload, rows } = await uploadedTable(req, 'funding');
      const actor = actorOf(req);
      const b = await businessFor(db, actor, upload.fields.BusinessId || undefined);
      const clean = ({ totalCents: _t, availableCents: _a, ...shown }: Awaited<ReturnType<typeof money.previewOf>>) => shown;
      if (upload.fields.Preview === 'true') return ok(clean(await money.previewOf(db, b, await money.planFunding(db, b, rows), false)));
      const { SecurityCode: code, ...fields } = upload.fields;
      fingerprintUpload(req, upload.content, fields);
      return runMoney(req, reply, {
        code,
        // The file's checks need no lock: a refused file keeps the code.
        plan: async (d) => {
          const plan = await money.planFunding(d, b, rows);
          if (plan.errors.length) throw rule(money.FILE_HAS_ERRORS);
          return plan;
        },
        execute: async (t) => {
          const plan = await money.planFunding(t, b, rows);
          await money.executeFunding(t, actor, b, plan, upload.filename);
          return { data: clean(await money.previewOf(t, b, plan, true)), message: 'Fondeo aplicado' };
        },
      });
    },
  );
  app.post(
    `${tx}/cardholdermovements/action/spei-out`,
    {
      config: {
        access: {
          BUS: { menu: ACCOUNT, permission: 'Agregar' },
          refused: 'Solo la empresa puede enviar SPEI desde la tarjeta de un tarjetahabiente',
          note: 'its own cards only; SecurityCode (spei-out) and Idempotency-Key',
        },
        money: CARD_SPEI_MONEY,
        example: {
          body: {
            CardIdentifier: 'TH-000123',
            Clabe: '002180700912345673',
            BeneficiaryName: 'Ana López Pérez',
            Amount: '750.00',
            Concept: 'Retiro',
            Reference: '20261115',
            SecurityCode: '123456',
          },
        },
      },
      schema: {
        tags,
        summary:
          'Enviar un SPEI desde el saldo de la tarjeta de un tarjetahabiente a una CLABE (código de la operación spei-out). Requiere Idempotency-Key, el envío SPEI del tarjetahabiente habilitado y respeta sus límites',
        body: CardSpeiOutBody,
        response: { 200: answer(BusinessMovement) },
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const b = await businessFor(db, actor, undefined);
      return runMoney(req, reply, {
        code: req.body.SecurityCode,
        execute: async (t, { key, now }) => ({ data: await sendCardSpeiOut(t, actor, b, req.body, key, now), message: 'Transferencia registrada' }),
      });
    },
  );
};
