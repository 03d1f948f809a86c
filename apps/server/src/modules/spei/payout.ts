/**
 * One path for every SPEI payout (issue 23 §2, decision 0023), whatever pays: a business account,
 * a cardholder's card or a wallet. The module that owns the source resolves it — under its own
 * lock when sending — into a PayoutSource (who owns the order, the ledger account held, its
 * commission, its limits and what counts against them); the rules run here, once for all:
 * own account and strategic allies, the account holder, commission and IVA, the limits, and the
 * hold, the tracking key, the order row and the submission job (order.ts).
 */
import { randomUUID } from 'node:crypto';
import { SPEI_MESSAGES, WALLET_MESSAGES, formatCurrency, isFuturePaymentDay, speiOutCharges, type Charges } from '@far/contracts';
import { and, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { fieldError, rule } from '../../platform/errors';
import { addDays, dayBounds, mexicoDate, mexicoMidnight } from '../../platform/mexico-time';
import { INSUFFICIENT_FUNDS, placeHold, type LedgerAccount } from '../ledger';
import { checkPayee, rememberClabes, type CheckedClabe } from '../payout-checks';
import { checkLimits, type Limits } from '../pricing';
import { COUNTED, holdReference, type MovementRow } from './movement';
import { placeSpeiOutOrder, type OrderDestination, type OrderOwner, type SpeiOutOrder } from './order';
import { businessMovements } from './schema';
import { clabeHolder, holderIsAllyOf } from './wallet';

export const SPEI_OUT_DISABLED = 'El envío SPEI está deshabilitado para esta cuenta';
const OWN_ACCOUNT = 'No puedes transferir a tu propia cuenta';

export interface PayoutSource {
  kind: 'business' | 'card' | 'wallet';
  owner: OrderOwner;
  /** The ledger account held: the business's, the card's or the wallet's (null: never opened, so nothing to send). */
  account: LedgerAccount | null;
  /** The business whose strategic allies and checked payees apply; null for a wallet (it pays whom it chooses). */
  businessId: string | null;
  enabled: boolean;
  commissionCents: bigint;
  limits: Limits;
  /** What already counts against `limits` today and this month; run after the hold locked the account. */
  usage: (db: DbOrTx, now: Date) => Promise<{ today: bigint; month: bigint }>;
  /** The wallet user's own daily limit (decision 0015), counted against the same usage's today. */
  ownDailyLimit?: bigint;
}

export interface PayoutDestination extends OrderDestination {
  /** The registered CLABE account's own daily limit (a business's). */
  dailyLimit: bigint | null;
}

export interface PayoutRequest {
  amount: bigint;
  paymentDay?: string;
  /** Pay even though the CLABE's holder is not the name/RFC given (it is then remembered as confirmed). */
  confirmHolder?: boolean;
}

export interface PayoutPlan {
  source: PayoutSource;
  destination: PayoutDestination;
  charges: Charges;
  /** The holder check's answer to remember with the order (null: verified before, a wallet's CLABE, or a wallet paying). */
  payee: CheckedClabe | null;
  operationDate: string;
  scheduledAt: Date | null;
  paymentDay: string | null;
}

/**
 * Every rule that needs no lock: SPEI out on, not to the source's own CLABE, a wallet's CLABE
 * only for a business that has it as strategic ally, the account holder (for a business's money:
 * its account or a card), the payment day, the charges and the per-operation limit.
 */
export async function planPayout(db: DbOrTx, source: PayoutSource, destination: PayoutDestination, req: PayoutRequest, now: Date): Promise<PayoutPlan> {
  if (!source.enabled) throw rule(SPEI_OUT_DISABLED);
  if (destination.clabe === source.owner.clabe) throw rule(OWN_ACCOUNT);
  // A wallet's CLABE is paid inside the ledger (deliverToWallet), never checked at the rail.
  const holder = await clabeHolder(db, destination.clabe);
  if (holder && source.businessId && !(await holderIsAllyOf(db, holder, source.businessId))) throw rule(WALLET_MESSAGES.notAlly);
  const payee = holder || !source.businessId ? null : (await checkPayee(db, source.businessId, { clabe: destination.clabe, name: destination.name, rfc: destination.rfc, confirm: req.confirmHolder })).remember;
  const operationDate = mexicoDate(now);
  let scheduledAt: Date | null = null;
  if (req.paymentDay) {
    if (!isFuturePaymentDay(req.paymentDay, operationDate)) throw fieldError('PaymentDay', SPEI_MESSAGES.paymentDay, 'future');
    if (req.paymentDay > addDays(operationDate, 366)) throw fieldError('PaymentDay', 'La fecha de pago no puede ser posterior a un año', 'max');
    scheduledAt = mexicoMidnight(req.paymentDay);
  }
  const charges = speiOutCharges(req.amount, source.commissionCents);
  checkLimits(source.limits, { amount: req.amount });
  return { source, destination, charges, payee, operationDate, scheduledAt, paymentDay: req.paymentDay ?? null };
}

/** What the owner already sent today to this CLABE from the same account (a registered CLABE's own daily limit). */
async function sentTodayTo(db: DbOrTx, plan: PayoutPlan, now: Date): Promise<bigint> {
  const [from, to] = dayBounds(mexicoDate(now));
  const card = plan.source.kind === 'card' && plan.source.account;
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${businessMovements.n_amount_cents}), 0)::text` })
    .from(businessMovements)
    .where(
      and(
        eq(businessMovements.v_uid_business, plan.source.owner.id),
        eq(businessMovements.v_type, 'SPEI_OUT'),
        inArray(businessMovements.i_status, COUNTED),
        card ? eq(businessMovements.v_uid_account, card.id) : isNull(businessMovements.v_uid_account),
        eq(businessMovements.v_beneficiary_clabe, plan.destination.clabe),
        gte(businessMovements.d_create_at, from),
        lt(businessMovements.d_create_at, to),
      ),
    );
  return BigInt(row?.total ?? '0');
}

/** The source's limits on what it already sent: the wallet's own daily limit, then its daily and monthly limits (a wallet-to-wallet transfer counts too). */
export async function checkSourceLimits(db: DbOrTx, source: Pick<PayoutSource, 'usage' | 'limits' | 'ownDailyLimit'>, amount: bigint, now: Date): Promise<void> {
  const usage = await source.usage(db, now);
  if (source.ownDailyLimit !== undefined && usage.today + amount > source.ownDailyLimit) throw rule(`Excede tu límite diario de transferencias de ${formatCurrency(source.ownDailyLimit)}`);
  checkLimits(source.limits, { amount, today: usage.today, month: usage.month });
}

/** The limits that count what was already sent: the source's, and the destination account's own daily limit. */
async function checkPayoutLimits(db: DbOrTx, plan: PayoutPlan, now: Date): Promise<void> {
  const { destination } = plan;
  const amount = plan.charges.amountCents;
  await checkSourceLimits(db, plan.source, amount, now);
  const limit = destination.dailyLimit;
  if (limit !== null && (await sentTodayTo(db, plan, now)) + amount > limit) {
    throw rule(`Excede el límite diario de transferencias de la cuenta ${destination.alias ?? destination.clabe.slice(-4)} de ${formatCurrency(limit)}`);
  }
}

/** What the order says beyond the plan: its texts, who asked, its key; and the maker-checker state. */
export type PayoutOrder = Pick<SpeiOutOrder, 'concept' | 'reference' | 'userId' | 'idempotencyKey' | 'approval' | 'changedByEmail'> & { id?: string };

/**
 * Accepts the payout: holds amount + commission + IVA on the source's account (locking it,
 * refusing 'Saldo insuficiente'), counts the limits after that lock — so two payouts of one
 * account at once are counted one after the other — remembers the checked payee, and writes the
 * order with its tracking key and submission job. An order awaiting authorisation holds nothing.
 */
export async function placePayout(tx: Tx, plan: PayoutPlan, order: PayoutOrder, now: Date): Promise<MovementRow> {
  const { source } = plan;
  if (!source.account) throw rule(INSUFFICIENT_FUNDS);
  if (plan.payee && source.businessId) await rememberClabes(tx, source.businessId, order.userId, [plan.payee]);
  const awaiting = order.approval === 'awaiting';
  const id = order.id ?? randomUUID();
  if (!awaiting) {
    await placeHold(tx, { accountId: source.account.id, amountCents: plan.charges.totalCents, reference: holdReference(id) });
    await checkPayoutLimits(tx, plan, now);
  }
  return placeSpeiOutOrder(tx, {
    ...order,
    id,
    owner: source.owner,
    account: source.account,
    cardAccount: source.kind === 'card',
    destination: plan.destination,
    charges: plan.charges,
    operationDate: plan.operationDate,
    scheduledAt: plan.scheduledAt,
    paymentDay: plan.paymentDay,
    now,
  });
}
