import {
  ACCOUNT_TYPES,
  AwaitingSpeiOutPage,
  BalanceOut,
  BankItem,
  BanksBody,
  BANKS,
  BusinessIdParams,
  BusinessMovement,
  BusinessMovementDetail,
  BusinessMovementPage,
  BusinessScopeBody,
  CatalogEntry,
  ClabeAccount,
  ClabeAccountCreateBody,
  ClabeAccountEditBody,
  ClabeAccountListBody,
  ClabeAccountPage,
  DepositBody,
  MovementIdBody,
  MovementIdParams,
  ProofQuery,
  MOVEMENT_STATUS,
  PAYMENT_TYPES,
  PendingTransactionsBody,
  SANDBOX_BANKS,
  SandboxIncomingBody,
  SandboxIncomingResult,
  SpeiOutApproveBody,
  SpeiOutBody,
  answer,
  buildClabe,
  type PermissionName,
} from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteAccess } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { actorOf } from '../../platform/guard';
import { runMoney } from '../../platform/money-command';
import { toPage } from '../../platform/paging';
import { ok, sendFile } from '../../platform/reply';
import * as accounts from './accounts';
import { movementDetailOut } from './detail';
import { depositToBusiness, receiveIncomingSpei } from './incoming';
import { movementOut } from './movement';
import { getBusinessBalance, listSpeiOutsIn, movementFor } from './queries';
import { cancelSpeiOut, rejectSpeiOut } from './speiout';
import { CANCEL, SPEI_APPROVE_MONEY, SPEI_OUT_MONEY, SPEI_OUT_REFUSED, UNDO_MONEY, approveCommand, speiOutCommand } from './speiout-handler';
import { proofFile } from './proof';
import { sandboxTrackingKey } from './rail';
import { dayOrderOf, recordSandboxOrder } from './day-record';
import { mexicoDate } from '../../platform/mexico-time';

const tags = ['SPEI'];
const base = '/api/v1/transaction';
const STAFF = '/user/business';
const staff = (permission: 'Ver' | 'Editar') => ({ access: { FAR: { menu: STAFF, permission } } });
const authenticated = { access: 'authenticated' as const };
/** Staff through Cuentas Business (naming the business); a business through any one of its screens. */
const money = (staffOp: PermissionName, op: PermissionName, menus: string[], note?: string): { access: RouteAccess } => ({
  access: { FAR: { menu: STAFF, permission: staffOp }, BUS: menus.map((menu) => ({ menu, permission: op })), ...(note ? { note } : {}) },
});
const MOVEMENT_READ = money('Ver', 'Ver', ['/dispersal/transfer', '/movement']);
const ACCOUNTS_READ = money('Ver', 'Ver', ['/account', '/dispersal/transfer']);
const BALANCE_READ = money('Ver', 'Ver', ['/movement', '/dashboard', '/dispersal/transfer']);
/** Orders awaiting authorisation: where the dispersion approvals show (staff naming the business). */
const AWAITING_READ = money('Ver', 'Ver', ['/dispersal/transfer', '/dispersal/program', '/dispersal/history']);
/** Authorise or reject (maker-checker): as the dispersion approval routes. */
const APPROVE: { access: RouteAccess } = {
  access: {
    BUS: [
      { menu: '/dispersal/transfer', permission: 'Agregar' },
      { menu: '/dispersal/program', permission: 'Editar' },
    ],
    refused: SPEI_OUT_REFUSED,
  },
};
/** Staff credits and the sandbox: nothing beyond the staff session to confirm. */
const STAFF_MONEY = { confirm: 'none' } as const;

/** /api/v1/transaction/opm-features/*, balances, deposits, clabe-account/*, business-movement/* and the sandbox. */
export const speiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;

  // ---- catalogues ----
  const bankList = [
    ...BANKS.map((b) => ({ code: b.code, name: b.name, legalCode: b.speiKey.padStart(5, '0'), isActive: true })),
    ...SANDBOX_BANKS.map((b) => ({ code: b.code, name: b.name, legalCode: b.speiKey, isActive: true, sandboxOutcome: b.outcome })),
  ];
  app.post(
    `${base}/opm-features/banks`,
    {
      config: authenticated,
      schema: { tags, summary: 'Bancos participantes de SPEI y bancos de prueba del sandbox', body: BanksBody, response: { 200: answer(z.array(BankItem)) } },
    },
    async (req) => {
      const search = req.body?.Search?.toLowerCase();
      return ok(search ? bankList.filter((b) => b.name.toLowerCase().includes(search) || b.code.includes(search)) : bankList);
    },
  );
  app.post(
    `${base}/opm-features/account-types`,
    {
      config: authenticated,
      schema: { tags, summary: 'Tipos de cuenta SPEI (40 CLABE, 3 tarjeta de débito, 10 teléfono)', response: { 200: answer(z.array(CatalogEntry)) } },
    },
    async () => ok(ACCOUNT_TYPES.map((t) => ({ ...t }))),
  );
  app.post(
    `${base}/opm-features/payment-types`,
    { config: authenticated, schema: { tags, summary: 'Tipos de pago SPEI', response: { 200: answer(z.array(CatalogEntry)) } } },
    async () => ok(PAYMENT_TYPES.map((t) => ({ ...t }))),
  );

  // ---- balances and deposits ----
  app.post(
    `${base}/opm-features/balance`,
    {
      config: BALANCE_READ,
      schema: {
        tags,
        summary: 'Saldo de la empresa (la propia; el personal FAR indica BusinessId)',
        body: BusinessScopeBody,
        response: { 200: answer(BalanceOut) },
      },
    },
    async (req) => ok(await getBusinessBalance(db, actorOf(req), req.body.BusinessId)),
  );
  app.post(
    `${base}/business/:id/balance`,
    {
      config: BALANCE_READ,
      schema: { tags, summary: 'Saldo de una empresa (personal FAR, o la propia)', params: BusinessIdParams, response: { 200: answer(BalanceOut) } },
    },
    async (req) => ok(await getBusinessBalance(db, actorOf(req), req.params.id)),
  );
  app.post(
    `${base}/business/:id/deposit`,
    {
      config: {
        ...staff('Editar'),
        money: STAFF_MONEY,
        example: { body: { Amount: '10000.00', Concept: 'Deposito inicial', Reference: '1', SenderName: 'Comercializadora Demo' } },
      },
      schema: {
        tags,
        summary: 'Abonar a una empresa (personal FAR; con comisión SPEI de entrada e IVA). Requiere Idempotency-Key',
        params: BusinessIdParams,
        body: DepositBody,
        response: { 200: answer(BusinessMovement) },
      },
    },
    (req, reply) =>
      runMoney(req, reply, {
        execute: async (tx) => {
          const m = await depositToBusiness(tx, actorOf(req), req.params.id, {
            amount: req.body.Amount,
            concept: req.body.Concept,
            reference: req.body.Reference,
            senderName: req.body.SenderName,
          });
          return { data: m, message: 'Depósito registrado' };
        },
      }),
  );

  // ---- CLABE accounts ----
  app.post(
    `${base}/clabe-account/query/list`,
    {
      config: ACCOUNTS_READ,
      schema: { tags, summary: 'Cuentas CLABE registradas (5 por página)', body: ClabeAccountListBody, response: { 200: answer(ClabeAccountPage) } },
    },
    async (req) => ok(await accounts.listClabeAccounts(db, actorOf(req), req.body)),
  );
  app.post(
    `${base}/clabe-account/action/create`,
    {
      config: money('Agregar', 'Agregar', ['/account']),
      schema: {
        tags,
        summary: 'Registrar una cuenta CLABE (el banco se toma de la CLABE)',
        body: ClabeAccountCreateBody,
        response: { 200: answer(ClabeAccount) },
      },
    },
    async (req) => ok(await db.transaction((tx) => accounts.createClabeAccount(tx, actorOf(req), req.body)), 'Cuenta registrada'),
  );
  app.put(
    `${base}/clabe-account/action/edit`,
    {
      config: {
        access: {
          FAR: [
            { menu: STAFF, permission: 'Editar' },
            { menu: STAFF, permission: 'Desactivar' },
          ],
          BUS: [
            { menu: '/account', permission: 'Editar' },
            { menu: '/account', permission: 'Desactivar' },
          ],
          note: 'Desactivar to change IsActive, Editar for the other fields',
        },
      },
      schema: {
        tags,
        summary: 'Editar, desactivar (IsActive: false) o reactivar una cuenta CLABE',
        body: ClabeAccountEditBody,
        response: { 200: answer(ClabeAccount) },
      },
    },
    async (req) => ok(await db.transaction((tx) => accounts.editClabeAccount(tx, actorOf(req), req.body)), 'Cuenta actualizada'),
  );
  app.post(
    `${base}/clabe-account/query/my-accounts`,
    {
      config: ACCOUNTS_READ,
      schema: { tags, summary: 'Cuentas CLABE activas de la empresa (sin paginar)', body: BusinessScopeBody, response: { 200: answer(z.array(ClabeAccount)) } },
    },
    async (req) => ok(await accounts.myClabeAccounts(db, actorOf(req), req.body.BusinessId)),
  );

  // ---- SPEI out and pending transactions ----
  app.post(
    `${base}/business-movement/speiout`,
    {
      config: {
        access: { BUS: { menu: '/dispersal/transfer', permission: 'Agregar' }, refused: SPEI_OUT_REFUSED },
        money: SPEI_OUT_MONEY,
        example: {
          body: {
            Clabe: '002180700912345673',
            BeneficiaryName: 'Ana López Pérez',
            Amount: '1500.00',
            Concept: 'Pago factura 123',
            Reference: '1234567',
            SecurityCode: '123456',
          },
        },
      },
      schema: {
        tags,
        summary: 'Enviar una transferencia SPEI (código de seguridad de la operación spei-out). Requiere Idempotency-Key',
        body: SpeiOutBody,
        response: { 200: answer(BusinessMovement) },
      },
    },
    (req, reply) => {
      const b = req.body;
      return speiOutCommand(
        req,
        reply,
        {
          clabeAccountId: b.ClabeAccountId,
          clabe: b.Clabe,
          beneficiaryName: b.BeneficiaryName,
          beneficiaryRfc: b.BeneficiaryRfc,
          amount: b.Amount,
          concept: b.Concept,
          reference: b.Reference,
          paymentDay: b.PaymentDay,
          confirmHolder: b.ConfirmHolder,
        },
        b.SecurityCode,
        (m) => m,
      );
    },
  );

  app.post(
    `${base}/business-movement/pending-transactions`,
    {
      config: MOVEMENT_READ,
      schema: {
        tags,
        summary: 'Transferencias pendientes (por enviar o enviadas sin liquidar)',
        body: PendingTransactionsBody,
        response: { 200: answer(BusinessMovementPage) },
      },
    },
    async (req) => {
      const { rows, total } = await listSpeiOutsIn(db, actorOf(req), req.body);
      return ok(
        toPage(
          rows.map((r) => movementOut(r)),
          total,
          req.body,
        ),
      );
    },
  );

  // ---- maker-checker: orders «Por autorizar» (the setting is the dispersions' one, decision 0006) ----
  app.get(
    `${base}/business-movement/speiout/awaiting-approval`,
    {
      config: AWAITING_READ,
      schema: {
        tags,
        summary: 'Transferencias SPEI por autorizar (maker-checker), con si el usuario puede autorizarlas',
        querystring: PendingTransactionsBody,
        response: { 200: answer(AwaitingSpeiOutPage) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const { rows, total } = await listSpeiOutsIn(db, actor, req.query, [MOVEMENT_STATUS.porAutorizar]);
      const out = rows.map((r) => ({
        ...movementOut(r),
        CanApprove: actor.kind === 'BUS' && r.v_uid_user !== actor.userId,
        CreatedByEmail: r.v_changed_by_email,
      }));
      return ok(toPage(out, total, req.query));
    },
  );
  app.post(
    `${base}/business-movement/speiout/approve`,
    {
      config: { ...APPROVE, money: SPEI_APPROVE_MONEY, example: { body: { Id: '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f', SecurityCode: '123456' } } },
      schema: {
        tags,
        summary:
          'Autorizar una transferencia SPEI por autorizar de otro usuario de la empresa (código de la operación spei-out; se retiene y se envía como una nueva). Requiere Idempotency-Key',
        body: SpeiOutApproveBody,
        response: { 200: answer(BusinessMovement) },
      },
    },
    (req, reply) => approveCommand(req, reply, req.body.Id, req.body.SecurityCode),
  );
  app.post(
    `${base}/business-movement/speiout/reject`,
    {
      config: APPROVE,
      schema: {
        tags,
        summary: 'Rechazar una transferencia SPEI por autorizar (no se retiene ni se envía nada)',
        body: MovementIdBody,
        response: { 200: answer(BusinessMovement) },
      },
    },
    async (req) => ok(await db.transaction((tx) => rejectSpeiOut(tx, actorOf(req), req.body.Id)), 'Transferencia rechazada'),
  );

  for (const [path, mode] of [
    ['cancel', 'cancel'],
    ['remove', 'remove'],
  ] as const) {
    app.post(
      `${base}/business-movement/speiout/${path}`,
      {
        config: { ...CANCEL, money: UNDO_MONEY, example: { body: { Id: '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f' } } },
        schema: {
          tags,
          summary:
            mode === 'cancel'
              ? 'Cancelar una transferencia pendiente no enviada (libera la retención). Requiere Idempotency-Key'
              : 'Eliminar una transferencia pendiente no enviada (libera la retención). Requiere Idempotency-Key',
          body: MovementIdBody,
          response: { 200: answer(BusinessMovement) },
        },
      },
      (req, reply) =>
        runMoney(req, reply, {
          execute: async (tx) => ({
            data: await cancelSpeiOut(tx, actorOf(req), req.body.Id, mode),
            message: mode === 'cancel' ? 'Transferencia cancelada' : 'Transferencia eliminada',
          }),
        }),
    );
  }

  app.get(
    `${base}/business-movement/:id`,
    {
      config: MOVEMENT_READ,
      schema: {
        tags,
        summary: 'Un movimiento (para seguir su estatus) con sus partidas contables (Entries)',
        params: MovementIdParams,
        response: { 200: answer(BusinessMovementDetail) },
      },
    },
    async (req) => ok(await movementDetailOut(db, await movementFor(db, actorOf(req), req.params.id))),
  );

  app.get(
    `${base}/business-movement/:id/proof`,
    {
      config: MOVEMENT_READ,
      schema: {
        tags,
        summary: 'Comprobante en PDF de un movimiento SPEI: el CEP de Banxico cuando existe, si no el propio (Kind=propio o cep para elegir)',
        params: MovementIdParams,
        querystring: ProofQuery,
      },
    },
    async (req, reply) =>
      sendFile(reply, { ...(await proofFile(db, await movementFor(db, actorOf(req), req.params.id), req.query.Kind)), mediaType: 'application/pdf' }),
  );

  // ---- the sandbox's incoming orders (staff) ----
  app.post(
    `${base}/spei/sandbox/incoming`,
    {
      config: {
        ...staff('Editar'),
        money: STAFF_MONEY,
        example: {
          body: { Clabe: '646180000000001231', Amount: '2500.00', SenderName: 'Ana López Pérez', Concept: 'Pago de cliente', TrackingKey: 'ABC123456' },
        },
      },
      schema: {
        tags,
        summary: 'Sandbox: simular un SPEI entrante a la CLABE de una empresa (una orden repetida se abona una vez). Requiere Idempotency-Key',
        body: SandboxIncomingBody,
        response: { 200: answer(SandboxIncomingResult) },
      },
    },
    (req, reply) =>
      runMoney(req, reply, {
        execute: async (tx) => {
          if (config.speiRail !== 'sandbox') throw notFound('Solo disponible con el rail SPEI sandbox');
          const b = req.body;
          const now = new Date();
          const operationDate = b.OperationDate ?? mexicoDate(now);
          const trackingKey = b.TrackingKey ?? (await sandboxTrackingKey(tx, 'SBXIN', operationDate));
          const { movement, duplicate } = await receiveIncomingSpei(
            tx,
            {
              beneficiaryClabe: b.Clabe,
              amount: b.Amount,
              senderName: b.SenderName,
              senderClabe: b.SenderClabe ?? SANDBOX_SENDER_CLABE,
              concept: b.Concept,
              reference: b.Reference,
              trackingKey,
              operationDate,
            },
            actorOf(req),
          );
          await recordSandboxOrder(tx, operationDate, dayOrderOf(movement));
          return {
            data: { Movement: movementOut(movement), Duplicate: duplicate },
            message: duplicate ? 'La orden ya se había recibido: no se abonó de nuevo' : 'SPEI recibido',
          };
        },
      }),
  );
};

/** The default ordering account of simulated incoming orders: a BBVA CLABE. */
export const SANDBOX_SENDER_CLABE = buildClabe('012', '180', '01234567890');
