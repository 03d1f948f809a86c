import {
  ActivationItemPage,
  ActivationListBody,
  Authorization,
  AuthorizationRefBody,
  AuthorizeBody,
  BatchListBody,
  BatchRefBody,
  Card,
  CardActivateBody,
  CardActivateResult,
  CardControlsBody,
  CardForCustomer,
  CardListBody,
  CardLockBody,
  CardPage,
  CardPin,
  CardRefBody,
  CardReferenceRevealBody,
  CardReplaceBody,
  CardRevealBody,
  CardRevealView,
  CardStatusCount,
  CreationBatch,
  CreationBatchPage,
  GenerateCardsBody,
  IssueVirtualCardBody,
  MatchResult,
  RefundBody,
  StockSettings,
  StockSettingsBody,
  BusinessScoped,
  answer,
} from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toCsv } from '../../platform/export';
import { actorOf } from '../../platform/guard';
import { runMoney } from '../../platform/money-command';
import { ok } from '../../platform/reply';
import { registerJobHandler } from '../jobs';
import { consumeCode } from '../security';
import * as svc from './cards';
import { businessFor, cardOf, cardOut, cardholderById } from './common';
import { cardTemplate } from './files';
import { ACCOUNT, STAFF, STOCK, business, scopeOf, sendFile, stock, uploadedTable } from './handlers';
import { authorizationOf, authorizationOut, sandboxProcessor, type PurchaseRequest } from './network';
import { askBusiness } from './business-auth';
import type { WebhookOutbound } from '../webhooks';
import { cardKeys } from './secret';
import * as stockSvc from './stock';
import { issueVirtualCard } from './virtual';
import { REVEAL_PATH, REVEAL_TTL_S, mintRevealToken, setRevealCookie } from './reveal-view';

const tags = ['Tarjetas'];
/** Money that stays with its owner (a card replaced, the network's sandbox): the session is enough. */
const SAME_OWNER = { confirm: 'none' } as const;
const base = '/api/v1/cards';
const READ = {
  access: {
    FAR: [
      { menu: STOCK, permission: 'Ver' as const },
      { menu: STAFF, permission: 'Ver' as const },
    ],
    BUS: { menu: ACCOUNT, permission: 'Ver' as const },
  },
};
/** Staff see a full PAN only with Editar on Pre Stock; a business with Ver on its account screen. Both with a fresh code. */
const REVEAL = {
  access: {
    FAR: { menu: STOCK, permission: 'Editar' as const },
    BUS: { menu: ACCOUNT, permission: 'Ver' as const },
    note: 'six-digit code of the card-reveal operation; audited',
  },
};

/** /api/v1/cards/*: stock batches, card lists and operations, reveal and the card-network sandbox. */
export const cardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  const keys = cardKeys(config.cardKey);
  registerJobHandler(stockSvc.BATCH_JOB, (tx, payload, ctx) => stockSvc.runBatchChunk(tx, keys, String(payload.ref), ctx.now));

  // ---- templates of the card files (issue 26 §2) ----
  const TemplateQuery = z.object({ format: z.enum(['csv', 'xlsx'], { message: 'Formato no válido' }).default('csv') });
  app.get(
    `${base}/template/stock`,
    { config: stock('Ver'), schema: { tags, summary: 'Plantilla del archivo de stock (CSV)', querystring: TemplateQuery } },
    async (req, reply) => sendFile(reply, await cardTemplate('stock', req.query.format)),
  );
  app.get(
    `${base}/template/:kind`,
    {
      config: business('Ver'),
      schema: {
        tags,
        summary: 'Plantilla de tarjetahabientes, asignación o fondeo (CSV o XLSX), con encabezados en español',
        params: z.object({ kind: z.enum(['cardholders', 'assignment', 'funding'], { message: 'Plantilla no válida' }) }),
        querystring: TemplateQuery,
      },
    },
    async (req, reply) => sendFile(reply, await cardTemplate(req.params.kind, req.query.format)),
  );

  // ---- stock batches (staff) ----
  app.post(
    `${base}/cardbatchcreations/query/list`,
    {
      config: stock('Ver'),
      schema: { tags, summary: 'Lotes de creación de tarjetas (PaginationToken)', body: BatchListBody, response: { 200: answer(CreationBatchPage) } },
    },
    async (req) => ok(await stockSvc.listBatches(db, req.body)),
  );
  app.post(
    `${base}/cardbatchcreations/query/getbyreferencebatch`,
    {
      config: stock('Ver'),
      schema: {
        tags,
        summary: 'Un lote de creación tal como está, con sus primeras filas fallidas',
        body: BatchRefBody,
        response: { 200: answer(CreationBatch) },
      },
    },
    async (req) => ok(await stockSvc.getBatch(db, req.body.ReferenceBatch)),
  );
  app.get(
    `${base}/cardbatchcreations/failed-rows`,
    { config: stock('Ver'), schema: { tags, summary: 'Filas fallidas de un lote (CSV: fila y motivo)', querystring: BatchRefBody } },
    async (req, reply) => {
      await stockSvc.getBatch(db, req.query.ReferenceBatch, false);
      const rows = await stockSvc.batchErrors(db, req.query.ReferenceBatch);
      const content = toCsv(
        [
          { header: 'Fila', kind: 'text', value: (r: (typeof rows)[number]) => String(r.Row) },
          { header: 'Motivo', kind: 'text', value: (r: (typeof rows)[number]) => r.Message },
        ],
        rows,
      );
      return sendFile(reply, { content, mediaType: 'text/csv; charset=utf-8', fileName: `filas-fallidas-${req.query.ReferenceBatch}.csv` });
    },
  );
  app.post(
    `${base}/action/upload-csv`,
    {
      config: stock('Agregar'),
      schema: {
        tags,
        summary: 'Cargar stock de tarjetas (multipart, campo file: CSV con Pan, Cvv, ValidDate y Pin opcional; ≤ 10 MB). Se procesa en segundo plano',
        consumes: ['multipart/form-data'],
        response: { 200: answer(CreationBatch) },
      },
    },
    async (req) => {
      const { upload } = await uploadedTable(req, 'stock');
      return ok(await db.transaction((tx) => stockSvc.uploadStockBatch(tx, actorOf(req), upload)), 'Lote en proceso');
    },
  );
  app.post(
    `${base}/action/generate`,
    {
      config: stock('Agregar'),
      schema: {
        tags,
        summary: 'Generar N tarjetas del rango BIN (Luhn); se procesa en segundo plano',
        body: GenerateCardsBody,
        response: { 200: answer(CreationBatch) },
      },
    },
    async (req) =>
      ok(
        await db.transaction(async (tx) => stockSvc.generateBatch(tx, actorOf(req), req.body.Count, (await stockSvc.stockSettings(tx)).v_bin)),
        'Lote en proceso',
      ),
  );
  app.post(
    `${base}/stock/settings`,
    { config: stock('Ver'), schema: { tags, summary: 'Stock sin asignar, BIN y mínimo de stock', response: { 200: answer(StockSettings) } } },
    async () => ok(await stockSvc.stockSummary(db)),
  );
  app.put(
    `${base}/stock/settings`,
    {
      config: stock('Editar'),
      schema: { tags, summary: 'Cambiar el mínimo de stock (alerta de stock bajo)', body: StockSettingsBody, response: { 200: answer(StockSettings) } },
    },
    async (req) => ok(await db.transaction((tx) => stockSvc.setThreshold(tx, actorOf(req), req.body.LowStockThreshold)), 'Mínimo de stock actualizado'),
  );

  // ---- lists ----
  app.post(
    `${base}/query/list`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Tarjetas (PaginationToken); filtros por estatus, lote, tarjetahabiente y últimos 4',
        body: CardListBody,
        response: { 200: answer(CardPage) },
      },
    },
    async (req) => ok(await svc.listCards(db, await scopeOf(db, actorOf(req), req.body.BusinessId), req.body)),
  );
  app.post(
    `${base}/query/getcardsbycardholderidentifier`,
    {
      config: business('Ver'),
      schema: {
        tags,
        summary: 'Tarjetas de un tarjetahabiente',
        body: BusinessScoped.extend({ CardholderIdentifier: z.string().trim().min(1, 'Este campo es requerido').max(40) }),
        response: { 200: answer(z.array(Card)) },
      },
    },
    async (req) => ok(await svc.cardsOfCardholder(db, await businessFor(db, actorOf(req), req.body.BusinessId), req.body.CardholderIdentifier)),
  );
  app.post(
    `${base}/query/getbyidentifier`,
    { config: READ, schema: { tags, summary: 'Una tarjeta (PAN enmascarado)', body: CardRefBody, response: { 200: answer(Card) } } },
    async (req) => {
      const c = await cardOf(db, await scopeOf(db, actorOf(req), req.body.BusinessId), req.body.CardIdentifier);
      return ok(cardOut(c, await cardholderById(db, c.v_uid_cardholder)));
    },
  );
  app.post(
    `${base}/action/get-amount-cards-by-status`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Tarjetas por estatus (stock completo para el personal sin BusinessId)',
        body: BusinessScoped,
        response: { 200: answer(z.array(CardStatusCount)) },
      },
    },
    async (req) => ok(await svc.countsByStatus(db, await scopeOf(db, actorOf(req), req.body?.BusinessId))),
  );
  app.post(
    `${base}/cardbatchactivations/query/list`,
    {
      config: business('Ver'),
      schema: {
        tags,
        summary: 'Renglones de los lotes de activación (PaginationToken)',
        body: ActivationListBody,
        response: { 200: answer(ActivationItemPage) },
      },
    },
    async (req) => ok(await svc.listActivationItems(db, await businessFor(db, actorOf(req), req.body.BusinessId), req.body)),
  );

  // ---- operations ----
  app.post(
    `${base}/action/createcardaccount`,
    {
      config: business('Editar'),
      schema: {
        tags,
        summary: 'Abrir la cuenta contable de una tarjeta asignada',
        body: CardRefBody,
        response: { 200: answer(z.object({ CardIdentifier: z.string(), AccountId: z.string(), Account: z.string() })) },
      },
    },
    async (req) =>
      ok(
        await db.transaction(async (tx) =>
          svc.createCardAccount(tx, actorOf(req), await businessFor(tx, actorOf(req), req.body.BusinessId), req.body.CardIdentifier),
        ),
      ),
  );
  app.post(
    `${base}/action/issue-virtual`,
    {
      config: business('Agregar'),
      schema: {
        tags,
        summary: 'Emitir una tarjeta virtual a un tarjetahabiente: activa al instante, con controles, límites, un solo uso y bloqueo de comercio opcionales',
        body: IssueVirtualCardBody,
        response: { 200: answer(Card) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      return ok(
        await db.transaction(async (tx) => issueVirtualCard(tx, actor, keys, await businessFor(tx, actor, req.body.BusinessId), req.body)),
        'Tarjeta virtual emitida',
      );
    },
  );
  app.post(
    `${base}/matchcards`,
    {
      config: business('Agregar'),
      schema: {
        tags,
        summary:
          'Asignar tarjetas a tarjetahabientes (multipart, campo file: CSV con CardIdentifier o Last8, y CardholderIdentifier; campo BusinessId para el personal)',
        consumes: ['multipart/form-data'],
        response: { 200: answer(MatchResult) },
      },
    },
    async (req) => {
      const { upload, rows } = await uploadedTable(req, 'assignment');
      const actor = actorOf(req);
      return ok(
        await db.transaction(async (tx) => svc.matchCards(tx, actor, keys, await businessFor(tx, actor, upload.fields.BusinessId || undefined), rows)),
        'Asignación registrada',
      );
    },
  );
  app.post(
    `${base}/activate`,
    {
      config: business('Editar'),
      schema: {
        tags,
        summary: 'Activar una tarjeta asignada (CardIdentifier) o todas las asignadas (cuerpo vacío). Devuelve CustomerId',
        body: CardActivateBody,
        response: { 200: answer(CardActivateResult) },
      },
    },
    async (req) =>
      ok(
        await db.transaction(async (tx) =>
          svc.activateCards(tx, actorOf(req), await businessFor(tx, actorOf(req), req.body?.BusinessId), req.body?.CardIdentifier),
        ),
        'Tarjetas activadas',
      ),
  );
  app.post(
    `${base}/lock`,
    {
      config: business('Editar'),
      schema: { tags, summary: 'Bloquear (Lock: true) o desbloquear (Lock: false) una tarjeta', body: CardLockBody, response: { 200: answer(Card) } },
    },
    async (req) =>
      ok(
        await db.transaction(async (tx) =>
          svc.lockCard(tx, actorOf(req), await businessFor(tx, actorOf(req), req.body.BusinessId), req.body.CardIdentifier, req.body.Lock),
        ),
        req.body.Lock ? 'Tarjeta bloqueada' : 'Tarjeta desbloqueada',
      ),
  );
  app.post(
    `${base}/disable`,
    { config: business('Desactivar'), schema: { tags, summary: 'Cancelar una tarjeta (definitivo)', body: CardRefBody, response: { 200: answer(Card) } } },
    async (req) =>
      ok(
        await db.transaction(async (tx) =>
          svc.disableCard(tx, actorOf(req), await businessFor(tx, actorOf(req), req.body.BusinessId), req.body.CardIdentifier),
        ),
        'Tarjeta cancelada',
      ),
  );
  app.post(
    `${base}/action/controls`,
    {
      config: business('Editar'),
      schema: { tags, summary: 'Controles de la tarjeta: categorías, canales, solo nacional', body: CardControlsBody, response: { 200: answer(Card) } },
    },
    async (req) =>
      ok(
        await db.transaction(async (tx) =>
          svc.setControls(tx, actorOf(req), await businessFor(tx, actorOf(req), req.body.BusinessId), req.body.CardIdentifier, req.body.Controls),
        ),
        'Controles guardados',
      ),
  );
  app.post(
    `${base}/action/replace`,
    {
      config: { ...business('Editar'), money: SAME_OWNER, example: { body: { CardIdentifier: 'TH-000123', Reason: 'lost' } } },
      schema: {
        tags,
        summary: 'Reponer una tarjeta (robo o extravío): cancela la anterior, asigna una del stock y traspasa el saldo. Requiere Idempotency-Key',
        body: CardReplaceBody,
        response: { 200: answer(Card) },
      },
    },
    (req, reply) =>
      runMoney(req, reply, {
        execute: async (tx) => ({
          data: await svc.replaceCard(tx, actorOf(req), await businessFor(tx, actorOf(req), req.body.BusinessId), req.body.CardIdentifier, req.body.Reason),
          message: 'Tarjeta repuesta',
        }),
      }),
  );

  // ---- reveal (fresh code, audited) ----
  const reveal = async (actorReq: Parameters<typeof actorOf>[0], businessId: string | undefined, identifier: string, code: string) => {
    const actor = actorOf(actorReq);
    const scope = await scopeOf(db, actor, businessId);
    const card = await cardOf(db, scope, identifier);
    await consumeCode(db, actor.userId, 'card-reveal', code);
    return { actor, card, secret: svc.revealCard(keys, card) };
  };
  app.post(
    `${base}/action/reveal-token`,
    {
      config: REVEAL,
      schema: {
        tags,
        summary:
          'Token de un solo uso (60 s) para ver número, CVV y vigencia en la vista aislada /card-reveal/<token>, ligada a esta sesión (código card-reveal; queda en la bitácora)',
        body: CardRevealBody,
        response: { 200: answer(CardRevealView) },
      },
    },
    async (req, reply) => {
      const { actor, card } = await reveal(req, req.body.BusinessId, req.body.CardIdentifier, req.body.SecurityCode);
      const token = await db.transaction(async (tx) => {
        await svc.auditReveal(tx, actor, card, 'los datos (vista aislada)', req.body.Reason);
        return mintRevealToken(tx, actor, card.v_uid, app.ctx.now());
      });
      setRevealCookie(req, reply, config.envelopeKey, actor.sessionId);
      return ok({ RevealUrl: `${REVEAL_PATH}/${token}`, ExpiresIn: REVEAL_TTL_S });
    },
  );
  app.post(
    `${base}/query/getpin`,
    {
      config: REVEAL,
      schema: {
        tags,
        summary: 'NIP de la tarjeta (código de seguridad card-reveal; queda en la bitácora)',
        body: CardRevealBody,
        response: { 200: answer(CardPin) },
      },
    },
    async (req) => {
      const { actor, card, secret } = await reveal(req, req.body.BusinessId, req.body.CardIdentifier, req.body.SecurityCode);
      await db.transaction((tx) => svc.auditReveal(tx, actor, card, 'el NIP', req.body.Reason));
      return ok({ CardIdentifier: card.v_card_identifier, Pin: secret.pin, VisibleSeconds: svc.REVEAL_SECONDS });
    },
  );
  const forCustomer = async (req: Parameters<typeof actorOf>[0], businessId: string | undefined, identifier: string, code: string, reason: string) => {
    const { actor, card, secret } = await reveal(req, businessId, identifier, code);
    await db.transaction((tx) => svc.auditReveal(tx, actor, card, 'los datos', reason));
    return ok({
      ...cardOut(card, await cardholderById(db, card.v_uid_cardholder)),
      CardInfo: { card_number: secret.pan, card_type: card.v_card_type, cvv: secret.cvv, valid_date: card.v_valid_date },
      VisibleSeconds: svc.REVEAL_SECONDS,
    });
  };
  app.post(
    `${base}/query/getcardforcustomer`,
    {
      config: REVEAL,
      schema: {
        tags,
        summary: 'Datos completos de la tarjeta (código card-reveal; queda en la bitácora)',
        body: CardRevealBody,
        response: { 200: answer(CardForCustomer) },
      },
    },
    async (req) => forCustomer(req, req.body.BusinessId, req.body.CardIdentifier, req.body.SecurityCode, req.body.Reason),
  );
  app.post(
    `${base}/query/getcardforcardreference`,
    {
      config: REVEAL,
      schema: {
        tags,
        summary: 'Datos completos por referencia de tarjeta (código card-reveal; queda en la bitácora)',
        body: CardReferenceRevealBody,
        response: { 200: answer(CardForCustomer) },
      },
    },
    async (req) => forCustomer(req, req.body.BusinessId, req.body.CardReference, req.body.SecurityCode, req.body.Reason),
  );

  // ---- the card-network sandbox ----
  const outbound: WebhookOutbound = { resolve: app.ctx.resolveHost, production: config.env === 'production' };
  const purchaseOf = (b: z.output<typeof AuthorizeBody>): PurchaseRequest => ({
    merchant: b.MerchantName,
    merchantId: b.MerchantId,
    mcc: b.Mcc,
    amountCents: b.Amount,
    channel: b.Channel,
    country: b.Country,
  });
  const SANDBOX = { ...business('Editar', 'sandbox of the card network: simulate a purchase on a card'), money: SAME_OWNER };
  app.post(
    `${base}/sandbox/authorize`,
    {
      config: {
        ...SANDBOX,
        example: { body: { CardIdentifier: 'TH-000123', MerchantName: 'Cafe Centro', Mcc: 5814, Amount: '89.50', Channel: 'in-person', Country: 'MX' } },
      },
      schema: {
        tags,
        summary: 'Sandbox: autorizar una compra (retiene el monto o la rechaza con su motivo). Requiere Idempotency-Key',
        body: AuthorizeBody,
        response: { 200: answer(Authorization) },
      },
    },
    (req, reply) =>
      runMoney(req, reply, {
        // The business's endpoint, if it has one, is asked before the transaction: nothing is held or locked meanwhile.
        plan: async (db, now) => {
          const card = await cardOf(db, await scopeOf(db, actorOf(req), req.body.BusinessId), req.body.CardIdentifier);
          return { card, asked: await askBusiness(db, config.envelopeKey, outbound, card, purchaseOf(req.body), now) };
        },
        execute: async (tx, { plan, now }) => {
          const card = plan.card;
          const auth = await sandboxProcessor.authorize(tx, card, purchaseOf(req.body), now, plan.asked);
          return {
            data: authorizationOut(auth, card),
            message: auth.v_status === 'declined' ? `Compra rechazada: ${auth.v_decline_reason}` : 'Compra autorizada',
          };
        },
      }),
  );
  for (const [path, op, message] of [
    ['capture', 'capture', 'Compra capturada'],
    ['reverse', 'reverse', 'Autorización reversada'],
  ] as const) {
    app.post(
      `${base}/sandbox/${path}`,
      {
        config: { ...SANDBOX, example: { body: { AuthorizationId: '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f' } } },
        schema: {
          tags,
          summary: `Sandbox: ${path === 'capture' ? 'capturar (aplica la retención)' : 'reversar (libera la retención)'}. Requiere Idempotency-Key`,
          body: AuthorizationRefBody,
          response: { 200: answer(Authorization) },
        },
      },
      (req, reply) =>
        runMoney(req, reply, {
          execute: async (tx) => {
            const scope = await scopeOf(tx, actorOf(req), req.body.BusinessId);
            const { auth, card } = await authorizationOf(tx, scope?.v_uid ?? null, req.body.AuthorizationId);
            return { data: authorizationOut(await sandboxProcessor[op](tx, auth), card), message };
          },
        }),
    );
  }
  app.post(
    `${base}/sandbox/refund`,
    {
      config: { ...SANDBOX, example: { body: { AuthorizationId: '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f', Amount: '89.50' } } },
      schema: {
        tags,
        summary: 'Sandbox: devolver (total o parcial) una compra capturada. Requiere Idempotency-Key',
        body: RefundBody,
        response: { 200: answer(Authorization) },
      },
    },
    (req, reply) =>
      runMoney(req, reply, {
        execute: async (tx) => {
          const scope = await scopeOf(tx, actorOf(req), req.body.BusinessId);
          const { auth, card } = await authorizationOf(tx, scope?.v_uid ?? null, req.body.AuthorizationId);
          return {
            data: authorizationOut(await sandboxProcessor.refund(tx, auth, req.body.Amount ?? auth.n_amount_cents - auth.n_refunded_cents), card),
            message: 'Devolución aplicada',
          };
        },
      }),
  );
};
