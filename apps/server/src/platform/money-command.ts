/**
 * The money command: every route that moves money declares it beside its access, and this one
 * implementation runs it (docs/decisions/0022-money-command.md).
 *
 *   app.post('/api/v1/…', {
 *     config: { access: …, money: { confirm: 'code', operation: 'spei-out' } },
 *     schema: { body: …, response: … },          // the Idempotency-Key header is added for it
 *   }, (req, reply) => runMoney(req, reply, {
 *     code: req.body.SecurityCode,
 *     execute: async (tx, { key, now }) => ({ data: await send(tx, …, key), message: 'Transferencia registrada' }),
 *   }));
 *
 * The steps, in this order:
 * 1. the Idempotency-Key: a finished request under it is replayed (same status and body, header
 *    `Idempotent-Replayed`), another body under it is 409 — before anything else is checked;
 * 2. the route's lock-free `plan`, when it has one (parsing a file, a preview): outside the
 *    transaction, after a first look at the key;
 * 3. one transaction: the key is claimed (a concurrent duplicate waits here for the first and
 *    replays its answer), the security code or PIN is checked and spent, the execution writes the
 *    movement and its audit entry, the answer is stored on the key; commit.
 * A refusal at any step rolls everything back (the key is free again and a code not yet wrong is
 * not spent), except a wrong code or PIN: then the transaction gives the key back and commits the
 * spent try alone, before the code's (or user's) row lock is released, so a concurrent guess waits
 * and finds the try already counted: no more guesses are weighed than a code or PIN has tries.
 */
import { type SECURITY_OPERATIONS } from '@far/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client';
import type { Actor } from './context';
import type { SQL } from 'drizzle-orm';
import { AppError, fieldError } from './errors';
import { actorOf, reloadCachedActor } from './guard';
import { IdempotencyHeaders, claimKey, finishedAnswer, keyScope, releaseClaim, scopeText, sendAnswer, storeAnswer, type Replay } from './idempotency';
import { hook } from './module';
import { ok } from './reply';

export type CodeOperation = (typeof SECURITY_OPERATIONS)[number];

/**
 * How the caller confirms a movement. `apiKey: 'none'`: a caller that authenticated with an API
 * key (an integration, Actor.apiKey) confirms with nothing more — the signed key is its factor.
 */
export type MoneyDeclaration =
  /** The person's six-digit security code of `operation`: checked and spent once. */
  (
    | { confirm: 'code'; operation: CodeOperation; apiKey?: 'none' }
    /** A wallet user's choice in /profile (MoneyRun.confirmWith): their PIN or the code of `operation`. */
    | { confirm: 'code-or-pin'; operation: CodeOperation; apiKey?: 'none' }
    /** Nothing beyond the caller's session: staff credits, the sandboxes, undoing an order not yet sent. */
    | { confirm: 'none' }
  ) & {
    /** The route also answers a preview that moves nothing (no runMoney): the key is then required only to execute. */
    alsoPreviews?: true;
  };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route moves money: runMoney runs it, with the Idempotency-Key required. */
    money?: MoneyDeclaration;
  }
}

/** A confirmation to check inside the transaction. */
export type Confirmation = { by: 'code'; operation: CodeOperation; code: string } | { by: 'pin'; pin: string };

/**
 * A refused confirmation whose try was written in the transaction and must count (a wrong code or
 * PIN, an expired code): the command commits that try alone, with the key given back, and answers
 * `refusal`.
 */
export class SpentTry extends Error {
  constructor(readonly refusal: AppError) {
    super('confirmación rechazada');
  }
}

/** A boolean (SQL) that the cached actor's session, user and grants still hold. Provided by the session module. */
export const actorStillLive = hook<(actor: Actor) => SQL>('money.actorStillLive');

/** Checks (and for a code, spends) a confirmation in the transaction; throws a refusal or a SpentTry. Provided by the security module. */
export const confirmMoney = hook<(tx: Tx, actor: Actor, c: Confirmation, now: Date) => Promise<void>>('money.confirm');

export interface MoneyAnswer<T> {
  data: T;
  message: string;
  /** 200 when omitted. */
  status?: number;
}

export interface MoneyRun<P, T> {
  /** The security code the caller typed (confirm 'code', or 'code-or-pin' choosing the code). */
  code?: string;
  /** The wallet PIN the caller typed (confirm 'code-or-pin'). */
  pin?: string;
  /** For confirm 'code-or-pin': which one this caller confirms with, read in the transaction. */
  confirmWith?: (tx: Tx) => Promise<'code' | 'pin'>;
  /** Lock-free work before the transaction (parsing, validating, previewing); refused here, nothing is spent. */
  plan?: (db: Db, now: Date) => Promise<P>;
  /** The movement, in the command's transaction: locks, writes and the audit entry. `key` is kept on the orders it makes. */
  execute: (tx: Tx, c: { plan: P; key: string; now: Date }) => Promise<MoneyAnswer<T>>;
}

/** The cached actor's session was revoked, or its user or grants changed: 401, nothing done. */
class SessionGone extends Error {}

const CODE_MISSING = 'Ingresa el código de seguridad';
const PIN_MISSING = 'Ingresa tu NIP';

async function confirmation(tx: Tx, actor: Actor, declared: MoneyDeclaration, run: MoneyRun<unknown, unknown>): Promise<Confirmation | null> {
  if (declared.confirm === 'none' || (declared.apiKey === 'none' && actor.apiKey)) return null;
  const by = declared.confirm === 'code' ? 'code' : await run.confirmWith!(tx);
  if (by === 'pin') {
    if (!run.pin) throw fieldError('Pin', PIN_MISSING, 'required');
    return { by, pin: run.pin };
  }
  if (!run.code) throw fieldError('SecurityCode', CODE_MISSING, 'required');
  return { by, operation: declared.operation, code: run.code };
}

/** Runs a money-moving request as its route declared it (config.money) and answers it. */
export async function runMoney<T, P = undefined>(req: FastifyRequest, reply: FastifyReply, run: MoneyRun<P, T>): Promise<ReturnType<typeof ok<T>>> {
  const declared = req.routeOptions.config?.money;
  if (!declared) throw new Error(`runMoney: la ruta ${req.routeOptions.url} no declara config.money`);
  if (declared.confirm === 'code-or-pin' && !run.confirmWith)
    throw new Error(`runMoney: la ruta ${req.routeOptions.url} no dice con qué confirma cada usuario`);
  const actor = actorOf(req);
  const scope = keyScope(req, actor.userId);
  const db = req.server.ctx.db;
  const now = new Date();

  let plan = undefined as P;
  if (run.plan) {
    // A finished request is replayed without planning again (its plan may no longer hold).
    const done = await finishedAnswer(db, scope);
    if (done) return sendAnswer(reply, done, true);
    plan = await run.plan(db, now);
  }
  let outcome: { replayed: boolean; answer: Replay } | { refused: AppError };
  try {
    outcome = await db.transaction(async (tx) => {
      // An actor served from the guard's cache is checked by the claim itself (decision 0030).
      const claim = await claimKey(tx, scope, actor.fromCache ? actorStillLive(actor) : undefined);
      if (claim === 'gone') throw new SessionGone();
      if ('replay' in claim) return { replayed: true, answer: claim.replay };
      const c = await confirmation(tx, actor, declared, run as MoneyRun<unknown, unknown>);
      if (c) {
        try {
          await confirmMoney(tx, actor, c, now);
        } catch (err) {
          if (!(err instanceof SpentTry)) throw err;
          // Nothing but the try was written after the claim: give the key back and commit the try.
          await releaseClaim(tx, claim.id);
          return { refused: err.refusal };
        }
      }
      const done = await run.execute(tx, { plan, key: scopeText(scope), now });
      const status = done.status ?? 200;
      const body = ok(done.data, done.message, status);
      // Stored as its JSON: what a replay gives back, through the same response schema.
      await storeAnswer(tx, claim.id, { status, body: JSON.parse(JSON.stringify(body)) as unknown });
      return { replayed: false, answer: { status, body } };
    });
  } catch (err) {
    // Nothing was done (the claim's transaction rolled back): read the actor again and run once more.
    if (err instanceof SessionGone) {
      await reloadCachedActor(req, actor);
      return runMoney(req, reply, run);
    }
    throw err;
  }
  if ('refused' in outcome) throw outcome.refused;
  return sendAnswer(reply, outcome.answer, outcome.replayed);
}

/**
 * A route with config.money gets the one Idempotency-Key header schema (validated, documented). A
 * route that writes its own headers schema as well is a mistake that stops the start.
 */
export function registerMoneyRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.config?.money) return;
    if (route.schema?.headers) throw new Error(`La ruta ${route.method} ${route.url} declara config.money: su encabezado Idempotency-Key ya está definido`);
    route.schema = { ...route.schema, headers: route.config.money.alsoPreviews ? IdempotencyHeaders.partial() : IdempotencyHeaders };
  });
}
