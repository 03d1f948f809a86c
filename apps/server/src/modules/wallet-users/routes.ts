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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorise } from '../../platform/guard';
import { ok } from '../../platform/reply';
import * as wallet from './service';

const WALLET = '/user/wallet';
const at = (permission: 'Ver' | 'Desactivar') => ({ access: { menu: WALLET, permission } });
const anyone = { access: 'authenticated' as const };
// Permission before input: a wrong role gets 403 whatever it sent.
const may = (op: 'Ver' | 'Agregar' | 'Editar') => ({ preValidation: async (req: FastifyRequest) => wallet.authoriseWalletAccess(req.actor!, op) });
const IdParam = z.object({ id: Uuid });

/** Staff's wallet users screen, a wallet user's address, and strategic allies. */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  let tags = ['Usuarios Wallet'];
  app.post('/api/v1/profiles/wallet/query/list', { config: at('Ver'), schema: { tags, summary: 'Usuarios Wallet: búsqueda, filtro de estatus y paginación', body: WalletListBody, response: { 200: answer(pageOf(WalletUserListItem)) } } }, async (req) =>
    ok(await wallet.listWalletUsers(db, req.body)),
  );
  app.post('/api/v1/profiles/wallet/query/getbyid', { config: at('Ver'), schema: { tags, summary: 'Detalle de un usuario Wallet con su domicilio', body: WalletIdBody, response: { 200: answer(WalletUserDetail) } } }, async (req) =>
    ok(await wallet.getWalletUser(db, req.body.Id)),
  );
  app.post('/api/v1/profiles/wallet/action/bulk-action', { config: at('Desactivar'), schema: { tags, summary: 'Activar, desactivar, bloquear, desbloquear o borrar usuarios Wallet (todos o ninguno)', body: WalletBulkBody, response: { 200: answer(BulkResult) } } }, async (req) => {
    // Deleting is its own permission.
    if (req.body.Action === 'borrar') authorise(req.actor!, { menu: WALLET, permission: 'Borrar' });
    return ok({ Affected: await db.transaction((tx) => wallet.walletActions(tx, req.actor!, req.body.Action, req.body.Ids)) });
  });

  tags = ['Domicilio'];
  app.get('/api/v1/address/:id', { config: anyone, ...may('Ver'), schema: { tags, summary: 'Domicilio (id del registro o del usuario Wallet)', params: IdParam, response: { 200: answer(AddressRecord) } } }, async (req) =>
    ok(await wallet.getAddress(db, req.actor!, req.params.id)),
  );
  app.post('/api/v1/address', { config: anyone, ...may('Agregar'), schema: { tags, summary: 'Registrar el domicilio de un usuario Wallet (el propio, o v_uid_user para el personal)', body: AddressCreateBody, response: { 200: answer(AddressRecord) } } }, async (req) =>
    ok(await db.transaction((tx) => wallet.createAddress(tx, req.actor!, req.body)), 'Domicilio registrado'),
  );
  app.put('/api/v1/address/:id', { config: anyone, ...may('Editar'), schema: { tags, summary: 'Actualizar un domicilio (id del registro o del usuario Wallet)', params: IdParam, body: AddressUpdateBody, response: { 200: answer(AddressRecord) } } }, async (req) =>
    ok(await db.transaction((tx) => wallet.updateAddress(tx, req.actor!, req.params.id, req.body)), 'Domicilio actualizado'),
  );

  tags = ['Aliados estratégicos'];
  app.get('/api/v1/strategic-ally', { config: anyone, schema: { tags, summary: 'Aliados estratégicos (personal: todos; empresa: los suyos; Wallet: los propios)', querystring: StrategicAllyListQuery, response: { 200: answer(pageOf(StrategicAlly)) } } }, async (req) =>
    ok(await wallet.listAllies(db, req.actor!, req.query)),
  );
  app.post('/api/v1/strategic-ally', { config: anyone, schema: { tags, summary: 'Solicitar ser aliado de una empresa (queda pendiente)', body: StrategicAllyCreateBody, response: { 200: answer(StrategicAlly) } } }, async (req) =>
    ok(await db.transaction((tx) => wallet.createAlly(tx, req.actor!, req.body)), 'Solicitud registrada'),
  );
  app.get('/api/v1/strategic-ally/:id', { config: anyone, schema: { tags, summary: 'Un aliado estratégico', params: IdParam, response: { 200: answer(StrategicAlly) } } }, async (req) =>
    ok(await wallet.getAlly(db, req.actor!, req.params.id)),
  );
  app.put('/api/v1/strategic-ally/:id', { config: anyone, schema: { tags, summary: 'Vincular (activo), rechazar (rechazado) o desvincular (inactivo) a un aliado', params: IdParam, body: StrategicAllyUpdateBody, response: { 200: answer(StrategicAlly) } } }, async (req) =>
    ok(await db.transaction((tx) => wallet.updateAlly(tx, req.actor!, req.params.id, req.body)), 'Aliado actualizado'),
  );
};
