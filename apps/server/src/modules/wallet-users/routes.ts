import {
  AddressCreateBody,
  AddressRecord,
  AddressUpdateBody,
  BulkResult,
  StrategicAlly,
  StrategicAllyCreateBody,
  StrategicAllyListQuery,
  StrategicAllyUpdateBody,
  WalletBulkBody,
  WalletIdBody,
  WalletListBody,
  WalletUserDetail,
  WalletUserListItem,
  answer,
  pageOf,
  Uuid,
} from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteAccess } from '../../platform/context';
import { actorOf, alsoRequire } from '../../platform/guard';
import { ok } from '../../platform/reply';
import * as wallet from './service';

const WALLET = '/user/wallet';
const at = (permission: 'Ver' | 'Desactivar') => ({ access: { FAR: { menu: WALLET, permission } } });
type Op = 'Ver' | 'Agregar' | 'Editar';
/** Staff through Usuarios Wallet; a wallet user on their own profile (where only Ver and Editar exist). */
const own = (op: Op): { access: RouteAccess } => ({
  access: { FAR: { menu: WALLET, permission: op }, WAL: { menu: '/profile', permission: op === 'Ver' ? 'Ver' : 'Editar' } },
});
/** Strategic allies: staff through Usuarios Wallet, a business or a wallet user on their own profile. */
const allies = (ops: Array<Op | 'Desvincular'>, kinds: Array<'BUS' | 'WAL'>, note?: string): { access: RouteAccess } => ({
  access: {
    FAR: ops.map((permission) => ({ menu: WALLET, permission })),
    ...Object.fromEntries(kinds.map((k) => [k, { menu: '/profile', permission: ops.includes('Ver') ? 'Ver' : 'Editar' }])),
    ...(note ? { note } : {}),
  },
});
const IdParam = z.object({ id: Uuid });

/** Staff's wallet users screen, a wallet user's address, and strategic allies. */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  let tags = ['Usuarios Wallet'];
  app.post(
    '/api/v1/profiles/wallet/query/list',
    {
      config: at('Ver'),
      schema: {
        tags,
        summary: 'Usuarios Wallet: búsqueda, filtro de estatus y paginación',
        body: WalletListBody,
        response: { 200: answer(pageOf(WalletUserListItem)) },
      },
    },
    async (req) => ok(await wallet.listWalletUsers(db, req.body)),
  );
  app.post(
    '/api/v1/profiles/wallet/query/getbyid',
    {
      config: at('Ver'),
      schema: { tags, summary: 'Detalle de un usuario Wallet con su domicilio', body: WalletIdBody, response: { 200: answer(WalletUserDetail) } },
    },
    async (req) => ok(await wallet.getWalletUser(db, req.body.Id)),
  );
  app.post(
    '/api/v1/profiles/wallet/action/bulk-action',
    {
      config: {
        access: {
          FAR: [
            { menu: WALLET, permission: 'Desactivar' },
            { menu: WALLET, permission: 'Borrar' },
          ],
          note: "Borrar for the action 'borrar', Desactivar for the others",
        },
      },
      schema: {
        tags,
        summary: 'Activar, desactivar, bloquear, desbloquear o borrar usuarios Wallet (todos o ninguno)',
        body: WalletBulkBody,
        response: { 200: answer(BulkResult) },
      },
    },
    async (req) => {
      // Deleting is its own permission.
      if (req.body.Action === 'borrar') alsoRequire(actorOf(req), { FAR: { menu: WALLET, permission: 'Borrar' } });
      return ok({ Affected: await db.transaction((tx) => wallet.walletActions(tx, actorOf(req), req.body.Action, req.body.Ids)) });
    },
  );

  tags = ['Domicilio'];
  // The profile asks for the caller's own address without an id: none yet is null, not a 404 (issue 26 §4).
  app.get(
    '/api/v1/address/mine',
    {
      config: { access: { WAL: { menu: '/profile', permission: 'Ver' } } },
      schema: { tags, summary: 'Mi domicilio (null si aún no lo registro)', response: { 200: answer(AddressRecord.nullable()) } },
    },
    async (req) => ok(await wallet.myAddress(db, actorOf(req))),
  );
  app.get(
    '/api/v1/address/:id',
    {
      config: own('Ver'),
      schema: { tags, summary: 'Domicilio (id del registro o del usuario Wallet)', params: IdParam, response: { 200: answer(AddressRecord) } },
    },
    async (req) => ok(await wallet.getAddress(db, actorOf(req), req.params.id)),
  );
  app.post(
    '/api/v1/address',
    {
      config: own('Agregar'),
      schema: {
        tags,
        summary: 'Registrar el domicilio de un usuario Wallet (el propio, o v_uid_user para el personal)',
        body: AddressCreateBody,
        response: { 200: answer(AddressRecord) },
      },
    },
    async (req) => ok(await db.transaction((tx) => wallet.createAddress(tx, actorOf(req), req.body)), 'Domicilio registrado'),
  );
  app.put(
    '/api/v1/address/:id',
    {
      config: own('Editar'),
      schema: {
        tags,
        summary: 'Actualizar un domicilio (id del registro o del usuario Wallet)',
        params: IdParam,
        body: AddressUpdateBody,
        response: { 200: answer(AddressRecord) },
      },
    },
    async (req) => ok(await db.transaction((tx) => wallet.updateAddress(tx, actorOf(req), req.params.id, req.body)), 'Domicilio actualizado'),
  );

  tags = ['Aliados estratégicos'];
  app.get(
    '/api/v1/strategic-ally',
    {
      config: allies(['Ver'], ['BUS', 'WAL']),
      schema: {
        tags,
        summary: 'Aliados estratégicos (personal: todos; empresa: los suyos; Wallet: los propios)',
        querystring: StrategicAllyListQuery,
        response: { 200: answer(pageOf(StrategicAlly)) },
      },
    },
    async (req) => ok(await wallet.listAllies(db, actorOf(req), req.query)),
  );
  app.post(
    '/api/v1/strategic-ally',
    {
      config: allies(['Agregar'], ['WAL']),
      schema: {
        tags,
        summary: 'Solicitar ser aliado de una empresa (queda pendiente)',
        body: StrategicAllyCreateBody,
        response: { 200: answer(StrategicAlly) },
      },
    },
    async (req) => ok(await db.transaction((tx) => wallet.createAlly(tx, actorOf(req), req.body)), 'Solicitud registrada'),
  );
  app.get(
    '/api/v1/strategic-ally/:id',
    { config: allies(['Ver'], ['BUS', 'WAL']), schema: { tags, summary: 'Un aliado estratégico', params: IdParam, response: { 200: answer(StrategicAlly) } } },
    async (req) => ok(await wallet.getAlly(db, actorOf(req), req.params.id)),
  );
  app.put(
    '/api/v1/strategic-ally/:id',
    {
      config: allies(['Editar', 'Desvincular'], ['BUS'], 'FAR: Desvincular to unlink (inactivo), Editar to bind or reject'),
      schema: {
        tags,
        summary: 'Vincular (activo), rechazar (rechazado) o desvincular (inactivo) a un aliado',
        params: IdParam,
        body: StrategicAllyUpdateBody,
        response: { 200: answer(StrategicAlly) },
      },
    },
    async (req) => ok(await db.transaction((tx) => wallet.updateAlly(tx, actorOf(req), req.params.id, req.body)), 'Aliado actualizado'),
  );
};
