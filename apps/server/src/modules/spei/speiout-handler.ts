import { APPROVAL_MESSAGES, MOVEMENT_STATUS } from '@far/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/guard';
import { runMoney, type MoneyDeclaration } from '../../platform/money-command';
import { approveSpeiOut, sendSpeiOut, type SpeiOutInput } from './speiout';

export const SPEI_OUT_REFUSED = 'Solo una empresa puede enviar transferencias SPEI';
/** Cancelling a pending SPEI out: staff with Editar on Cuentas Business, a business with Borrar on its transfers. */
export const CANCEL = {
  access: { FAR: { menu: '/user/business', permission: 'Editar' }, BUS: { menu: '/dispersal/transfer', permission: 'Borrar' } },
} as const;
/** A SPEI out is confirmed with the code of operation spei-out (an integration's API key confirms it). */
export const SPEI_OUT_MONEY: MoneyDeclaration = { confirm: 'code', operation: 'spei-out', apiKey: 'none' };
/** A checker authorises with their own code: people only. */
export const SPEI_APPROVE_MONEY: MoneyDeclaration = { confirm: 'code', operation: 'spei-out' };
/** Undoing an order not yet sent gives the money back to its owner: nothing to confirm. */
export const UNDO_MONEY: MoneyDeclaration = { confirm: 'none' };

/**
 * A business's SPEI out (the transfer screen and the transference API), run by the money command:
 * the plan, the hold, the limits under the lock and the order in its one transaction.
 */
export function speiOutCommand<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  input: SpeiOutInput,
  code: string | undefined,
  answerOf: (m: Awaited<ReturnType<typeof sendSpeiOut>>) => T,
) {
  const actor = actorOf(req);
  return runMoney(req, reply, {
    code,
    execute: async (tx, { key, now }) => {
      const moved = await sendSpeiOut(tx, actor, { ...input, idempotencyKey: key }, { now });
      // Maker-checker: above the business's threshold the order waits for a second user.
      return {
        data: answerOf(moved),
        message: moved.StatusBusinessMovement === MOVEMENT_STATUS.porAutorizar ? APPROVAL_MESSAGES.speiOutAwaits : 'Transferencia registrada',
      };
    },
  });
}

/** A second user authorises an order «Por autorizar» with their own code: held and queued as a SPEI out made now. */
export function approveCommand(req: FastifyRequest, reply: FastifyReply, id: string, code: string) {
  return runMoney(req, reply, {
    code,
    execute: async (tx, { now }) => ({ data: await approveSpeiOut(tx, actorOf(req), id, now), message: 'Transferencia autorizada' }),
  });
}
