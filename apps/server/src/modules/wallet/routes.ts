import {
  AccountState,
  Budget,
  BudgetCreateBody,
  BudgetListQuery,
  BudgetMovementBody,
  BudgetMovementOut,
  BudgetUpdateBody,
  BusinessMovement,
  BusinessMovementDetail,
  BusinessMovementPage,
  MovementIdParams,
  ProofQuery,
  WalletConfig,
  WalletConfigBody,
  WalletDepositBody,
  WalletLimitBody,
  WalletLimitOut,
  WalletMovementsBody,
  WalletMovementsExportBody,
  WalletPreferencesBody,
  WalletPreview,
  WalletPreviewBody,
  WalletSavedAccount,
  WalletSavedAccountBody,
  WalletSpeiOutBody,
  WalletStatementBody,
  WalletSummary,
  WalletTransferBody,
  WalletUserBody,
  answer,
} from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteAccess } from '../../platform/context';
import { actorOf } from '../../platform/guard';
import { runMoney } from '../../platform/money-command';
import { ok, sendFile } from '../../platform/reply';
import { proofFile } from '../spei';
import { accountStatePdf } from '../statements';
import { limitOut, setConfirmWith, setOwnLimit, settings, settingsOut, updateSettings } from './account';
import * as budgets from './budgets';
import * as movements from './movements';
import * as transfers from './transfers';

const STAFF = '/user/wallet';
type Op = 'Ver' | 'Agregar' | 'Editar' | 'Borrar';
/** Staff read a wallet from Usuarios Wallet (read-only); the wallet user reads their own from one of these screens. */
const read = (menus: string[]): { access: RouteAccess } => ({
  access: { FAR: { menu: STAFF, permission: 'Ver' }, WAL: menus.map((menu) => ({ menu, permission: 'Ver' })) },
});
/** Only the wallet user moves their money or changes their budgets. */
const own = (menu: string, permission: Op): { access: RouteAccess } => ({ access: { WAL: { menu, permission } } });
const staff = (permission: 'Ver' | 'Editar'): { access: RouteAccess } => ({ access: { FAR: { menu: STAFF, permission } } });
/** Staff credits: the staff session is enough. Moves between a wallet and its own budgets: the money stays the user's. */
const NO_CONFIRM = { confirm: 'none' } as const;
const IdParam = z.object({ id: z.uuidv4({ message: 'Identificador no válido' }) });

/** /api/v1/wallet/* (the wallet as an account) and /api/v1/budget* (spec §3 budgets). */
export const walletMoneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const base = '/api/v1/wallet';
  let tags = ['Wallet'];

  app.post(
    `${base}/summary`,
    {
      config: { access: { FAR: { menu: STAFF, permission: 'Ver' }, WAL: 'any' } },
      schema: {
        tags,
        summary: 'Mi resumen: CLABE, saldo disponible, en tránsito, presupuestos, límite y últimos movimientos (el personal indica UserId)',
        body: WalletUserBody,
        response: { 200: answer(WalletSummary) },
      },
    },
    async (req) => ok(await db.transaction((tx) => movements.walletSummary(tx, actorOf(req), req.body.UserId))),
  );

  app.get(
    `${base}/config`,
    {
      config: staff('Ver'),
      schema: { tags, summary: 'Configuración de Wallet: valor de la UDI, espera para subir el límite, comisiones', response: { 200: answer(WalletConfig) } },
    },
    async () => ok(settingsOut(await settings(db))),
  );
  app.put(
    `${base}/config`,
    {
      config: staff('Editar'),
      schema: { tags, summary: 'Guardar la configuración de Wallet', body: WalletConfigBody, response: { 200: answer(WalletConfig) } },
    },
    async (req) => ok(await db.transaction((tx) => updateSettings(tx, actorOf(req), req.body)), 'Configuración de Wallet actualizada'),
  );

  app.post(
    `${base}/deposit`,
    {
      config: {
        ...staff('Editar'),
        money: NO_CONFIRM,
        example: { body: { UserId: '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f', Amount: '500.00', Concept: 'Deposito de prueba', SenderName: 'Ana Lopez' } },
      },
      schema: {
        tags,
        summary: 'Abonar al Wallet de un usuario (personal FAR, sandbox; con la comisión de entrada de Wallet). Requiere Idempotency-Key',
        body: WalletDepositBody,
        response: { 200: answer(BusinessMovement) },
      },
    },
    (req, reply) =>
      runMoney(req, reply, {
        execute: async (tx, { now }) => ({ data: await transfers.depositToWallet(tx, actorOf(req), req.body, now), message: 'Depósito registrado' }),
      }),
  );

  // ---- transfers ----
  app.post(
    `${base}/preview`,
    {
      config: own('/dispersal/transfer', 'Agregar'),
      schema: {
        tags,
        summary: 'Vista previa de un envío: comisión, IVA, saldo y límite restantes, destinatario',
        body: WalletPreviewBody,
        response: { 200: answer(WalletPreview) },
      },
    },
    async (req) => ok(await db.transaction((tx) => transfers.preview(tx, actorOf(req), req.body))),
  );

  app.post(
    `${base}/speiout`,
    {
      config: {
        ...own('/dispersal/transfer', 'Agregar'),
        money: transfers.WALLET_SPEI_MONEY,
        example: {
          body: {
            Clabe: '002180700912345673',
            BeneficiaryName: 'Ana López Pérez',
            Amount: '1250.50',
            Concept: 'Pago renta',
            Reference: '1234567',
            Pin: '1234',
          },
        },
      },
      schema: {
        tags,
        summary: 'Enviar una transferencia SPEI desde el Wallet (código spei-out o NIP, según el perfil). Requiere Idempotency-Key',
        body: WalletSpeiOutBody,
        response: { 200: answer(BusinessMovement) },
      },
    },
    (req, reply) =>
      transfers.walletMoney(
        req,
        reply,
        req.body,
        transfers.senderWallet,
        (tx, actor, _wallet, key, now) => transfers.sendWalletSpeiOut(tx, actor, req.body, key, now),
        'Transferencia registrada',
      ),
  );

  app.post(
    `${base}/transfer`,
    {
      config: {
        ...own('/dispersal/transfer', 'Agregar'),
        money: transfers.WALLET_TRANSFER_MONEY,
        example: { body: { Recipient: 'ana@ejemplo.mx', Amount: '200.00', Concept: 'Comida', SecurityCode: '123456' } },
      },
      schema: {
        tags,
        summary: 'Enviar dinero a otro Wallet por correo, teléfono o CLABE (al instante; código wallet-transfer o NIP). Requiere Idempotency-Key',
        body: WalletTransferBody,
        response: { 200: answer(BusinessMovement) },
      },
    },
    (req, reply) =>
      transfers.walletMoney(
        req,
        reply,
        req.body,
        (tx, actor) => transfers.transferFacts(tx, actor, req.body.Recipient),
        (tx, actor, facts, key, now) => transfers.sendToWallet(tx, actor, req.body, key, now, facts),
        'Envío realizado',
      ),
  );

  app.post(
    `${base}/accounts/query`,
    {
      config: read(['/dispersal/transfer']),
      schema: { tags, summary: 'Cuentas CLABE registradas del Wallet', body: WalletUserBody, response: { 200: answer(z.array(WalletSavedAccount)) } },
    },
    async (req) => ok(await db.transaction((tx) => transfers.listSaved(tx, actorOf(req), req.body.UserId))),
  );
  app.post(
    `${base}/accounts`,
    {
      config: own('/dispersal/transfer', 'Agregar'),
      schema: { tags, summary: 'Registrar una cuenta CLABE destino', body: WalletSavedAccountBody, response: { 200: answer(WalletSavedAccount) } },
    },
    async (req) => ok(await db.transaction((tx) => transfers.createSaved(tx, actorOf(req), req.body)), 'Cuenta registrada'),
  );
  app.post(
    `${base}/accounts/delete/:id`,
    {
      config: own('/dispersal/transfer', 'Borrar'),
      schema: { tags, summary: 'Eliminar una cuenta CLABE destino', params: IdParam, response: { 200: answer(z.object({ Id: z.string() })) } },
    },
    async (req) => {
      await db.transaction((tx) => transfers.removeSaved(tx, actorOf(req), req.params.id));
      return ok({ Id: req.params.id }, 'Cuenta eliminada');
    },
  );

  // ---- the user's own settings (in /profile) ----
  app.put(
    `${base}/limit`,
    {
      config: own('/profile', 'Editar'),
      schema: {
        tags,
        summary: 'Fijar el límite diario propio: bajarlo aplica al momento; subirlo, tras el periodo de espera',
        body: WalletLimitBody,
        response: { 200: answer(WalletLimitOut) },
      },
    },
    async (req) => {
      const { row, immediate } = await db.transaction((tx) => setOwnLimit(tx, actorOf(req), req.body.DailyLimit));
      return ok(await limitOut(db, row), immediate ? 'Límite actualizado' : 'El nuevo límite aplicará al terminar el periodo de espera');
    },
  );
  app.put(
    `${base}/preferences`,
    {
      config: own('/profile', 'Editar'),
      schema: {
        tags,
        summary: 'Confirmar las transferencias con código de seguridad o con el NIP',
        body: WalletPreferencesBody,
        response: { 200: answer(z.object({ ConfirmWith: z.enum(['code', 'pin']) })) },
      },
    },
    async (req) => {
      await db.transaction((tx) => setConfirmWith(tx, actorOf(req), req.body.ConfirmWith));
      return ok({ ConfirmWith: req.body.ConfirmWith }, 'Preferencia guardada');
    },
  );

  // ---- movements and statement ----
  tags = ['Wallet: movimientos'];
  app.post(
    `${base}/movements`,
    {
      config: read(['/movement']),
      schema: {
        tags,
        summary: 'Movimientos del Wallet: fechas, tipo, estatus, búsqueda y paginación',
        body: WalletMovementsBody,
        response: { 200: answer(BusinessMovementPage) },
      },
    },
    async (req) => ok(await db.transaction((tx) => movements.listWalletMovements(tx, actorOf(req), req.body))),
  );
  app.post(
    `${base}/movements/export`,
    { config: read(['/movement']), schema: { tags, summary: 'Exportar los movimientos filtrados del Wallet a CSV o XLSX', body: WalletMovementsExportBody } },
    async (req, reply) => {
      const file = await db.transaction((tx) => movements.exportWalletMovements(tx, actorOf(req), req.body));
      return reply.header('content-type', file.mediaType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.content);
    },
  );
  app.get(
    `${base}/movement/:id`,
    {
      config: read(['/movement', '/dispersal/transfer']),
      schema: {
        tags,
        summary: 'Un movimiento del Wallet con sus partidas contables',
        params: MovementIdParams,
        response: { 200: answer(BusinessMovementDetail) },
      },
    },
    async (req) => ok(await db.transaction((tx) => movements.walletMovementDetail(tx, actorOf(req), req.params.id))),
  );
  app.get(
    `${base}/movement/:id/proof`,
    {
      config: read(['/movement', '/dispersal/transfer']),
      schema: {
        tags,
        summary:
          'Comprobante en PDF de un movimiento del Wallet: el CEP de Banxico de un SPEI enviado cuando existe, si no el propio (Kind=propio o cep para elegir)',
        params: MovementIdParams,
        querystring: ProofQuery,
      },
    },
    async (req, reply) => {
      const m = await db.transaction((tx) => movements.walletMovement(tx, actorOf(req), req.params.id));
      return sendFile(reply, { ...(await proofFile(db, m, req.query.Kind)), mediaType: 'application/pdf' });
    },
  );
  app.post(
    `${base}/statement`,
    {
      config: read(['/movement']),
      schema: {
        tags,
        summary: 'Estado de cuenta mensual del Wallet: datos (Format json) o PDF (Format pdf)',
        body: WalletStatementBody,
        response: { 200: answer(AccountState) },
      },
    },
    async (req, reply) => {
      const data = await db.transaction((tx) => movements.walletStatement(tx, actorOf(req), req.body));
      if (req.body.Format === 'json') return ok(data);
      const pdf = await accountStatePdf(data);
      const name = `estado-de-cuenta-${data.Business.ClientNumber}-${req.body.Year}-${String(req.body.Month).padStart(2, '0')}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(pdf as never);
    },
  );

  // ---- budgets (spec §3) ----
  tags = ['Presupuestos'];
  app.get(
    '/api/v1/budget',
    {
      config: read(['/dispersal/budget']),
      schema: {
        tags,
        summary: 'Presupuestos del Wallet con su saldo (subcuenta contable) y avance',
        querystring: BudgetListQuery,
        response: { 200: answer(z.array(Budget)) },
      },
    },
    async (req) => ok(await db.transaction((tx) => budgets.listBudgets(tx, actorOf(req), req.query.UserId))),
  );
  app.post(
    '/api/v1/budget',
    {
      config: own('/dispersal/budget', 'Agregar'),
      schema: { tags, summary: 'Crear un presupuesto (meta y fecha objetivo opcional)', body: BudgetCreateBody, response: { 200: answer(Budget) } },
    },
    async (req) => ok(await db.transaction((tx) => budgets.createBudget(tx, actorOf(req), req.body)), 'Presupuesto creado'),
  );
  app.put(
    '/api/v1/budget/:id',
    {
      config: own('/dispersal/budget', 'Editar'),
      schema: {
        tags,
        summary: 'Editar un presupuesto; i_active false lo desactiva y regresa su dinero al saldo disponible',
        params: IdParam,
        body: BudgetUpdateBody,
        response: { 200: answer(Budget) },
      },
    },
    async (req) => ok(await db.transaction((tx) => budgets.updateBudget(tx, actorOf(req), req.params.id, req.body)), 'Presupuesto actualizado'),
  );
  app.post(
    '/api/v1/budget/:id/movement',
    {
      config: { ...own('/dispersal/budget', 'Editar'), money: NO_CONFIRM, example: { body: { v_type: 'add', n_amount: '300.00' } } },
      schema: {
        tags,
        summary: 'Apartar (add) o retirar (minus) dinero de un presupuesto. Requiere Idempotency-Key',
        params: IdParam,
        body: BudgetMovementBody,
        response: { 200: answer(BudgetMovementOut) },
      },
    },
    (req, reply) =>
      runMoney(req, reply, {
        execute: async (tx) => ({
          data: await budgets.budgetMovement(tx, actorOf(req), req.params.id, req.body),
          message: req.body.v_type === 'add' ? 'Dinero apartado' : 'Dinero retirado',
        }),
      }),
  );
};
