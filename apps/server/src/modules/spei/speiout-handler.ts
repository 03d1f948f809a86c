import { APPROVAL_MESSAGES, MOVEMENT_STATUS } from '@far/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client';
import { rule } from '../../platform/errors';
import { actorOf } from '../../platform/guard';
import { IDEMPOTENCY_HEADER, withIdempotency } from '../../platform/idempotency';
import { ok } from '../../platform/reply';
import { consumeCode } from '../security';
import { approveSpeiOut, hasOrderForKey, preflightApproval, preflightSpeiOut, sendSpeiOut, type SpeiOutInput, type SpeiOutPlan } from './speiout';

export const SPEI_OUT_REFUSED = 'Solo una empresa puede enviar transferencias SPEI';
/** Cancelling a pending SPEI out: staff with Editar on Cuentas Business, a business with Borrar on its transfers. */
export const CANCEL = { access: { FAR: { menu: '/user/business', permission: 'Editar' }, BUS: { menu: '/dispersal/transfer', permission: 'Borrar' } } } as const;
const CODE_MISSING = 'No hay un código vigente para esta operación. Solicita uno nuevo.';

/** The scope withIdempotency uses for this request, kept on the order so that a replay is recognised. */
export const idempotencyScope = (req: FastifyRequest) => {
  const key = req.headers[IDEMPOTENCY_HEADER];
  return typeof key === 'string' && key ? `${req.method} ${req.routeOptions.url ?? req.url} ${key}` : null;
};

/** A money order with the spei-out security code: the lock-free checks, then the order in withIdempotency's transaction. */
export interface CodedOrder<T> {
  preflight: (now: Date) => Promise<void>;
  send: (tx: Tx, idempotencyKey: string | undefined) => Promise<T>;
  /** The answer's message, or how to pick it from what was sent. */
  message: string | ((sent: T) => string);
}

/**
 * SPEI out with its security code. The code is spent in a transaction of its own before the
 * money transaction (withIdempotency's), and only for a first request: a replay of an order
 * already made is recognised first and answered by withIdempotency without asking for a code
 * again. The lock-free checks run before the code is spent, so a refused transfer keeps it; a
 * refusal found only under the lock (a concurrent transfer used the limit) spends it. A
 * cardholder's SPEI out (cards module) comes through here too.
 */
export async function orderWithCode<T>(req: FastifyRequest, reply: FastifyReply, code: string, order: CodedOrder<T>): Promise<ReturnType<typeof ok<T>>> {
  const actor = actorOf(req);
  const db = req.server.ctx.db;
  const scope = idempotencyScope(req);
  let verified = false;
  let refused: unknown = null;
  if (scope && !(await hasOrderForKey(db, actor.userId, scope))) {
    try {
      const now = new Date();
      await order.preflight(now);
      await consumeCode(db, actor.userId, 'spei-out', code, now);
      verified = true;
    } catch (err) {
      refused = err;
    }
  }
  return withIdempotency(req, reply, async (tx) => {
    if (!verified) throw refused ?? rule(CODE_MISSING);
    const sent = await order.send(tx, scope ?? undefined);
    return { status: 200, body: ok(sent, typeof order.message === 'string' ? order.message : order.message(sent)) };
  });
}

/** A business's SPEI out (the transfer screen and the transference API). */
export function speiOutWithCode<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  input: SpeiOutInput,
  code: string,
  answerOf: (m: Awaited<ReturnType<typeof sendSpeiOut>>) => T,
): Promise<ReturnType<typeof ok<T>>> {
  const actor = actorOf(req);
  let awaits = false;
  let plan: SpeiOutPlan | undefined;
  return orderWithCode(req, reply, code, {
    preflight: async (now) => {
      plan = await preflightSpeiOut(req.server.ctx.db, actor, input, now);
    },
    send: async (tx, idempotencyKey) => {
      const moved = await sendSpeiOut(tx, actor, { ...input, idempotencyKey }, { planned: plan });
      awaits = moved.StatusBusinessMovement === MOVEMENT_STATUS.porAutorizar;
      return answerOf(moved);
    },
    // Maker-checker: above the business's threshold the order waits for a second user.
    message: () => (awaits ? APPROVAL_MESSAGES.speiOutAwaits : 'Transferencia registrada'),
  });
}

/**
 * A second user authorises an order «Por autorizar» with their own code (operation spei-out), as
 * the dispersion approval does: the lock-free checks (who, the order, balance and limits now) run
 * first so that a refused approval keeps its code; then the hold and the order, under the lock.
 * A refusal is thrown inside withIdempotency, so that a replayed key gets its stored answer.
 */
export async function approveWithCode(req: FastifyRequest, reply: FastifyReply, id: string, code: string) {
  const actor = actorOf(req);
  const db = req.server.ctx.db;
  const now = new Date();
  let refused: unknown = null;
  try {
    await preflightApproval(db, actor, id, now);
    await consumeCode(db, actor.userId, 'spei-out', code, now);
  } catch (err) {
    refused = err;
  }
  // A replay of an approval already made (the order is no longer awaiting) is answered from its key.
  return withIdempotency(req, reply, async (tx) => {
    if (refused) throw refused;
    return { body: ok(await approveSpeiOut(tx, actor, id, now), 'Transferencia autorizada') };
  });
}
