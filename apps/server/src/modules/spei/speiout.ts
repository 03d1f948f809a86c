// SPEI out: the checks, the hold, the order; cancelling, removing and editing it while pending (overview in movement.ts).
import { randomUUID } from 'node:crypto';
import { APPROVAL_MESSAGES, MOVEMENT_STATUS, isFuturePaymentDay, amountOut, formatCurrency, validateClabe, type BusinessMovement } from '@far/contracts';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { fieldError, notFound, rule } from '../../platform/errors';
import { dayBounds, mexicoDate, monthOf } from '../../platform/mexico-time';
import { recordActivity } from '../audit';
import { NOTHING, readNow, readTogether, type ReadAnswer } from '../../db/read-together';
import { businessByClient, businessByClientRead, operatingBusiness, type BusinessRow } from '../businesses';
import { accountByCodeRead, customerAccountCode, releaseHold } from '../ledger';
import { approvalPolicyRead, assertChecker, knownClabesRead, needsApproval } from '../payout-checks';
import { businessLedgerBalance, effectiveLimitsRead, effectiveSpeiConfigRead } from '../pricing';
import { accountOrNotFound, clabeAccountOfRead, clabeOfAccount, registeredAccountByClabeRead } from './accounts';
import { COUNTED, MOVEMENT_NOT_FOUND, SECTION, bankName, businessAccount, holdReference, movementOut, type MovementRow } from './movement';
import { businessOwner } from './order';
import { emitSpeiOutOutcome } from './outcomes';
import { placePayout, planPayout, usageOf, type PayoutDestination, type PayoutPlan, type PayoutSource } from './payout';
import { movementFor } from './queries';
import { businessMovements } from './schema';

const S = MOVEMENT_STATUS;
export { SPEI_OUT_DISABLED } from './payout';
export { SUBMIT_JOB } from './order';
export const NOT_CANCELLABLE = 'Solo se puede cancelar o eliminar una transferencia pendiente que aún no se envía';

// ---- limits: what was already sent ------------------------------------------------------------------

/**
 * SPEI-out amounts already counted today and this month (America/Mexico_City), as a SELECT of one
 * row (today, month): one pass over the month's orders, the day's part as a FILTER (it runs in
 * every SPEI out, under the account's lock). A card's SPEI out counts for its cardholder instead.
 */
export function speiOutUsageSql(businessId: string, now: Date): SQL {
  const [dayStart, dayEnd] = dayBounds(mexicoDate(now));
  const [monthStart, monthEnd] = monthOf(now);
  const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  return sql`SELECT coalesce(sum(n_amount_cents) FILTER (WHERE d_create_at >= ${at(dayStart)} AND d_create_at < ${at(dayEnd)}), 0) AS today, coalesce(sum(n_amount_cents), 0) AS month
      FROM ${businessMovements}
     WHERE v_uid_business = ${businessId}::uuid AND v_type = 'SPEI_OUT' AND i_status IN (${sql.raw(COUNTED.join(', '))}) AND v_uid_account IS NULL
       AND d_create_at >= ${at(monthStart)} AND d_create_at < ${at(monthEnd)}`;
}

export const speiOutUsage = (db: DbOrTx, businessId: string, now = new Date()) => usageOf(db, { usage: (at) => speiOutUsageSql(businessId, at) }, now);

/**
 * The SPEI outs sent from some (card) accounts in [from, to) that count, as rows (amount, at) of a
 * subquery over `accountIds` (an SQL subquery): a cardholder's usage adds them to its purchases in
 * one statement (cards/network.ts).
 */
export const accountsSpeiOutCounted = (accountIds: SQL, from: Date, to: Date): SQL =>
  sql`SELECT n_amount_cents AS amount, d_create_at AS at FROM business_movements
       WHERE v_uid_account IN (${accountIds}) AND v_type = 'SPEI_OUT' AND i_status IN (${sql.raw(COUNTED.join(', '))})
         AND d_create_at >= ${from.toISOString()}::timestamptz AND d_create_at < ${to.toISOString()}::timestamptz`;

// ---- SPEI out ----------------------------------------------------------------------------------------

export interface SpeiOutInput {
  clabeAccountId?: string;
  clabe?: string;
  beneficiaryName?: string;
  beneficiaryRfc?: string;
  alias?: string;
  amount: bigint;
  concept: string;
  reference: string;
  paymentDay?: string;
  /** '<METHOD> <route> <Idempotency-Key>' of the request, kept on the order. */
  idempotencyKey?: string;
  /** Pay even though the CLABE's holder is not the name/RFC given (it is then remembered as confirmed). */
  confirmHolder?: boolean;
}

/** What planSpeiOut found. */
export interface SpeiOutPlan extends PayoutPlan {
  business: BusinessRow;
  /** Maker-checker: the order waits «Por autorizar» (no hold, nothing sent). */
  awaitsApproval: boolean;
}

/**
 * Every read a business's SPEI out plans on, in ONE statement that also locks the business's
 * ledger account (decision 0030): the business, its account as locked, its commissions and
 * switch, its limits, the destination account (by id, or the registered one of a CLABE typed by
 * hand), whether the business verified that CLABE before, and its maker-checker policy.
 */
const businessPlanRead = (client: string, businessId: string, input: SpeiOutInput, clabe: string | null) =>
  readTogether({
    business: businessByClientRead(client),
    account: accountByCodeRead(customerAccountCode(client), true),
    config: effectiveSpeiConfigRead(businessId),
    limits: effectiveLimitsRead(client),
    byId: input.clabeAccountId ? clabeAccountOfRead(businessId, input.clabeAccountId) : NOTHING,
    registered: clabe ? registeredAccountByClabeRead(businessId, clabe) : NOTHING,
    known: input.clabeAccountId
      ? knownClabesRead(businessId, clabeOfAccount(businessId, input.clabeAccountId))
      : clabe
        ? knownClabesRead(businessId, [clabe])
        : NOTHING,
    policy: approvalPolicyRead(businessId),
  });
type BusinessFacts = ReadAnswer<ReturnType<typeof businessPlanRead>>;

/** Where to: a registered CLABE account (by id, or a CLABE typed by hand that is one: its own daily limit applies) or any valid CLABE. */
function destinationOf(input: SpeiOutInput, facts: BusinessFacts): PayoutDestination {
  if (input.clabeAccountId) {
    const a = accountOrNotFound(facts.byId);
    if (!a.b_active) throw rule('La cuenta está desactivada');
    if (a.v_usage_scope === 'DISPERSION') throw rule('Esta cuenta solo puede usarse para dispersiones');
    return {
      clabe: a.v_clabe,
      bankCode: a.v_bank_code,
      name: input.beneficiaryName ?? a.v_account_holder_name,
      rfc: a.v_rfc,
      alias: input.alias ?? a.v_alias,
      accountId: a.v_uid,
      dailyLimit: a.n_daily_transfer_limit_cents,
    };
  }
  const checked = validateClabe(input.clabe ?? '');
  if (!checked.ok) throw fieldError('Clabe', checked.message, checked.key);
  const registered = facts.registered;
  if (registered?.v_usage_scope === 'DISPERSION') throw rule('Esta cuenta solo puede usarse para dispersiones');
  return {
    clabe: checked.clabe,
    bankCode: checked.bankCode,
    name: input.beneficiaryName ?? registered?.v_account_holder_name ?? '',
    rfc: input.beneficiaryRfc ?? registered?.v_rfc ?? null,
    alias: input.alias ?? registered?.v_alias ?? null,
    accountId: registered?.v_uid ?? null,
    dailyLimit: registered?.n_daily_transfer_limit_cents ?? null,
  };
}

/**
 * Every check before the write (the route has checked who), on what one statement read and
 * locked: the payout path's rules on the business's account, and whether a second user must
 * authorise it (not asked again when it is being authorised). The session statement gave the
 * business's id; without it (an actor not built by the guard) it is read first.
 */
async function planSpeiOut(tx: Tx, actor: Actor, input: SpeiOutInput, now: Date, approving: boolean, businessId?: string): Promise<SpeiOutPlan> {
  const id = businessId ?? actor.businessId ?? (await businessByClient(tx, actor.client))?.v_uid;
  if (!id) throw operatingBusiness(undefined);
  const checked = input.clabeAccountId ? null : validateClabe(input.clabe ?? '');
  const facts = await readNow(tx, businessPlanRead(actor.client, id, input, checked?.ok ? checked.clabe : null));
  // The business of this tenant is another than the session said (replaced since): plan on the one there is.
  if (facts.business && facts.business.v_uid !== id) return planSpeiOut(tx, actor, input, now, approving, facts.business.v_uid);
  const business = operatingBusiness(facts.business);
  // Opened on the first order of a business (then placePayout locks it).
  const account = facts.account ?? { account: await businessAccount(tx, business), balance: undefined, held: undefined };
  const source: PayoutSource = {
    kind: 'business',
    owner: businessOwner(business),
    account: account.account,
    businessId: business.v_uid,
    enabled: facts.config.enableSpeiOut,
    commissionCents: facts.config.commissionSpeiOutCents,
    limits: facts.limits,
    usage: (at) => speiOutUsageSql(business.v_uid, at),
    locked: account.balance === undefined ? undefined : { balance: account.balance, held: account.held },
  };
  const destination = destinationOf(input, facts);
  const plan = await planPayout(tx, source, destination, { ...input, knownPayee: facts.known?.has(destination.clabe) ?? false }, now);
  const awaitsApproval = !approving && needsApproval(facts.policy, plan.charges.totalCents);
  return { ...plan, business, awaitsApproval };
}

/**
 * Accepts a SPEI out through the payout path (payout.ts: hold, limits under its lock, order, job).
 * Above the business's maker-checker threshold it is only written «Por autorizar»; `approving` is
 * that order, being authorised now by a second user (the same row, its maker and key kept).
 */
export async function sendSpeiOut(tx: Tx, actor: Actor, input: SpeiOutInput, opts: { now?: Date; approving?: MovementRow } = {}): Promise<BusinessMovement> {
  const { now = new Date(), approving } = opts;
  const plan = await planSpeiOut(tx, actor, input, now, !!approving);
  const { destination, charges } = plan;
  const id = approving?.v_uid ?? randomUUID();
  const to = `${formatCurrency(charges.amountCents)} a ${destination.name} (${bankName(destination.bankCode)}, terminación ${destination.clabe.slice(-4)})`;
  const activity = plan.awaitsApproval
    ? {
        actor,
        section: SECTION,
        action: 'Agregar',
        activity: `Registró una transferencia SPEI por autorizar de ${to}`,
        detail: { movement: id, total: amountOut(charges.totalCents) },
      }
    : {
        actor,
        section: SECTION,
        action: approving ? 'Editar' : 'Agregar',
        activity: `${approving ? 'Autorizó' : 'Envió'} una transferencia SPEI de ${to}`,
        detail: { movement: id, total: amountOut(charges.totalCents) },
      };
  const placed = await placePayout(
    tx,
    plan,
    {
      id,
      concept: input.concept,
      reference: input.reference,
      userId: approving ? approving.v_uid_user : actor.userId,
      idempotencyKey: approving ? approving.v_idempotency_key : (input.idempotencyKey ?? null),
      changedByEmail: approving || plan.awaitsApproval ? actor.email : null,
      approval: plan.awaitsApproval ? 'awaiting' : approving ? 'approved' : undefined,
    },
    activity,
    now,
  );
  return movementOut(placed.row, placed.available);
}

// ---- maker-checker: authorise or reject an order «Por autorizar» --------------------------------------

const APPROVAL = { notAwaiting: APPROVAL_MESSAGES.speiOutNotAwaiting, sameUser: APPROVAL_MESSAGES.speiOutSameUser };

/** The business's SPEI out awaiting authorisation, which this user (not its maker) may decide. */
async function awaitingOrder(db: DbOrTx, actor: Actor, id: string, lock = false): Promise<MovementRow> {
  const m = await movementFor(db, actor, id, lock);
  if (m.v_type !== 'SPEI_OUT') throw notFound(MOVEMENT_NOT_FOUND);
  assertChecker({ awaiting: m.i_status === S.porAutorizar, makerId: m.v_uid_user }, actor, APPROVAL);
  return m;
}

/** The order as it was asked for; a payment day that has come is dropped (it is sent now). */
function approvedInput(m: MovementRow, now: Date): SpeiOutInput {
  const paymentDay = m.d_payment_day && isFuturePaymentDay(m.d_payment_day, mexicoDate(now)) ? m.d_payment_day : undefined;
  const to = m.v_uid_clabe_account
    ? { clabeAccountId: m.v_uid_clabe_account }
    : { clabe: m.v_beneficiary_clabe ?? '', beneficiaryRfc: m.v_beneficiary_rfc ?? undefined };
  // The maker saw the holder check (a mismatch was confirmed and remembered).
  return {
    ...to,
    beneficiaryName: m.v_beneficiary_name ?? undefined,
    alias: m.v_alias ?? undefined,
    amount: m.n_amount_cents,
    concept: m.v_concept ?? '',
    reference: m.v_reference ?? '',
    paymentDay,
    confirmHolder: true,
  };
}

/** A second user authorises: held and queued exactly as a SPEI out made now (balance and limits of this moment). */
export async function approveSpeiOut(tx: Tx, actor: Actor, id: string, now = new Date()): Promise<BusinessMovement> {
  const m = await awaitingOrder(tx, actor, id, true);
  return sendSpeiOut(tx, actor, approvedInput(m, now), { now, approving: m });
}

/** A second user rejects: «Rechazada por el autorizador», nothing was held and nothing moves. */
export async function rejectSpeiOut(tx: Tx, actor: Actor, id: string): Promise<BusinessMovement> {
  const m = await awaitingOrder(tx, actor, id, true);
  const [row] = await tx
    .update(businessMovements)
    .set({
      i_status: S.rechazadaAutorizador,
      i_previous_status: m.i_status,
      v_changed_by_email: actor.email,
      d_cancelled_at: sql`now()`,
      d_update_at: sql`now()`,
    })
    .where(eq(businessMovements.v_uid, m.v_uid))
    .returning();
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Editar',
    activity: `Rechazó la transferencia SPEI por autorizar de ${formatCurrency(m.n_amount_cents)} a ${m.v_beneficiary_name ?? ''}`,
    detail: { movement: m.v_uid },
  });
  const bal = await businessLedgerBalance(tx, { v_client: m.v_client });
  return movementOut(row!, bal.availableBalance);
}

/**
 * Cancels ('cancel': status 5, kept in history) or removes ('remove': status 6, left out of the
 * lists) a SPEI out that is still pending and not sent; the hold is released.
 */
export async function cancelSpeiOut(tx: Tx, actor: Actor, id: string, mode: 'cancel' | 'remove'): Promise<BusinessMovement> {
  const m = await movementFor(tx, actor, id, true);
  if (m.v_type !== 'SPEI_OUT') throw notFound(MOVEMENT_NOT_FOUND);
  if (m.i_status !== S.pendiente && m.i_status !== S.porAutorizar) throw rule(NOT_CANCELLABLE);
  // An order awaiting authorisation holds nothing.
  if (m.i_status === S.pendiente) await releaseHold(tx, { reference: holdReference(m.v_uid), reason: mode === 'cancel' ? 'cancelled' : 'removed' });
  const [row] = await tx
    .update(businessMovements)
    .set({
      i_status: mode === 'cancel' ? S.cancelada : S.eliminada,
      i_previous_status: m.i_status,
      v_changed_by_email: actor.email,
      d_cancelled_at: sql`now()`,
      d_update_at: sql`now()`,
    })
    .where(eq(businessMovements.v_uid, m.v_uid))
    .returning();
  await emitSpeiOutOutcome(tx, m, row!);
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Borrar',
    activity: `${mode === 'cancel' ? 'Canceló' : 'Eliminó'} la transferencia SPEI ${m.v_tracking_key} de ${formatCurrency(m.n_amount_cents)}`,
    detail: { movement: m.v_uid, business: m.v_uid_business },
  });
  const bal = await businessLedgerBalance(tx, { v_client: m.v_client });
  return movementOut(row!, bal.availableBalance);
}

/** Changes the texts of a pending, unsent order (the transference PUT); the amount never changes. */
export async function editPendingSpeiOut(
  tx: Tx,
  actor: Actor,
  id: string,
  d: { beneficiaryName?: string; alias?: string; reference?: string; concept?: string },
): Promise<MovementRow> {
  const m = await movementFor(tx, actor, id, true);
  if (m.v_type !== 'SPEI_OUT') throw notFound(MOVEMENT_NOT_FOUND);
  if (m.i_status !== S.pendiente) throw rule('Solo se puede modificar una transferencia pendiente que aún no se envía');
  const [row] = await tx
    .update(businessMovements)
    .set({
      ...(d.beneficiaryName !== undefined ? { v_beneficiary_name: d.beneficiaryName } : {}),
      ...(d.alias !== undefined ? { v_alias: d.alias } : {}),
      ...(d.reference !== undefined ? { v_reference: d.reference } : {}),
      ...(d.concept !== undefined ? { v_concept: d.concept } : {}),
      v_changed_by_email: actor.email,
      d_update_at: sql`now()`,
    })
    .where(eq(businessMovements.v_uid, m.v_uid))
    .returning();
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Editar',
    activity: `Modificó la transferencia pendiente ${m.v_tracking_key}`,
    detail: { movement: m.v_uid },
  });
  return row!;
}
