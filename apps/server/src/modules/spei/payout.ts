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
import { sql, type SQL } from 'drizzle-orm';
import { builtNow, runBuilt } from '../../db/built';
import { mapRead, readNow, readQuery, type Read } from '../../db/read-together';
import type { DbOrTx, Tx } from '../../db/client';
import { fieldError, rule } from '../../platform/errors';
import { addDays, dayBounds, mexicoDate, mexicoMidnight } from '../../platform/mexico-time';
import { INSUFFICIENT_FUNDS, PLACED_HOLD, balanceOf, lockAccount, newHoldCtes, newHoldValues, type LedgerAccount } from '../ledger';
import { checkPayee, rememberClabes, rememberWrite, type CheckedClabe } from '../payout-checks';
import { activityWrite, recordActivity, type ActivityInput } from '../audit';
import { checkLimits, type Limits } from '../pricing';
import { COUNTED, holdReference, type MovementRow } from './movement';
import { PLACED_ORDER, orderFromJson, orderWrites, placeAwaitingOrder, type OrderDestination, type OrderOwner, type SpeiOutOrder } from './order';
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
  /**
   * What already counts against `limits` today and this month: a SELECT of one row (today, month),
   * run inside placePayout's write statement, after the account's lock.
   */
  usage: (now: Date) => SQL;
  /** The wallet user's own daily limit (decision 0015), counted against the same usage's today. */
  ownDailyLimit?: bigint;
  /** The account's balance as the plan's statement locked it (decision 0030); placePayout locks it itself when absent. */
  locked?: { balance: bigint; held: bigint };
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
  /** Whether the business verified the CLABE before, when the caller's plan read it (else it is read here). */
  knownPayee?: boolean;
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
  const payee =
    holder || !source.businessId
      ? null
      : (
          await checkPayee(
            db,
            source.businessId,
            { clabe: destination.clabe, name: destination.name, rfc: destination.rfc, confirm: req.confirmHolder },
            req.knownPayee,
          )
        ).remember;
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

/** What the owner already sent today to this CLABE from the same account (a registered CLABE's own daily limit), as a SELECT of one row (sent). */
function sentTodayTo(plan: PayoutPlan, now: Date): SQL {
  const [from, to] = dayBounds(mexicoDate(now));
  const card = plan.source.kind === 'card' && plan.source.account;
  return sql`SELECT coalesce(sum(n_amount_cents), 0) AS sent FROM ${businessMovements}
     WHERE v_uid_business = ${plan.source.owner.id}::uuid AND v_type = 'SPEI_OUT' AND i_status IN (${sql.raw(COUNTED.join(', '))})
       AND ${card ? sql`v_uid_account = ${card.id}::uuid` : sql`v_uid_account IS NULL`} AND v_beneficiary_clabe = ${plan.destination.clabe}
       AND d_create_at >= ${from.toISOString()}::timestamptz AND d_create_at < ${to.toISOString()}::timestamptz`;
}

/** The source's usage now (outside placePayout's statement: a preflight, a wallet-to-wallet transfer), as a read a plan may fold. */
export const usageRead = (source: Pick<PayoutSource, 'usage'>, now: Date): Read<{ today: bigint; month: bigint }> =>
  mapRead(readQuery<{ today: string; month: string }>(sql`SELECT x.today::text AS today, x.month::text AS month FROM (${source.usage(now)}) x`), ([row]) => ({
    today: BigInt(row?.today ?? 0),
    month: BigInt(row?.month ?? 0),
  }));
export const usageOf = (db: DbOrTx, source: Pick<PayoutSource, 'usage'>, now: Date) => readNow(db, usageRead(source, now));

/** Refuses a registered CLABE account's own daily limit. */
function checkDestinationLimit(plan: PayoutPlan, sent: bigint): void {
  const { destination } = plan;
  const limit = destination.dailyLimit;
  if (limit !== null && sent + plan.charges.amountCents > limit) {
    throw rule(`Excede el límite diario de transferencias de la cuenta ${destination.alias ?? destination.clabe.slice(-4)} de ${formatCurrency(limit)}`);
  }
}

/** The source's limits on what it already sent: the wallet's own daily limit, then its daily and monthly limits. */
export function checkUsage(source: Pick<PayoutSource, 'limits' | 'ownDailyLimit'>, amount: bigint, usage: { today: bigint; month: bigint }): void {
  if (source.ownDailyLimit !== undefined && usage.today + amount > source.ownDailyLimit)
    throw rule(`Excede tu límite diario de transferencias de ${formatCurrency(source.ownDailyLimit)}`);
  checkLimits(source.limits, { amount, today: usage.today, month: usage.month });
}

/** checkUsage on the usage read now (a wallet-to-wallet transfer counts against the same limits). */
export async function checkSourceLimits(
  db: DbOrTx,
  source: Pick<PayoutSource, 'usage' | 'limits' | 'ownDailyLimit'>,
  amount: bigint,
  now: Date,
): Promise<void> {
  checkUsage(source, amount, await usageOf(db, source, now));
}

/** What the order says beyond the plan: its texts, who asked, its key; and the maker-checker state. */
export type PayoutOrder = Pick<SpeiOutOrder, 'concept' | 'reference' | 'userId' | 'idempotencyKey' | 'approval' | 'changedByEmail'> & { id?: string };

/** The audit entry of an accepted payout; its detail gains the order's tracking key. */
export type PayoutActivity = Omit<ActivityInput, 'detail'> & { detail: Record<string, unknown> };

/**
 * Accepts the payout in two statements under the source's own locks (issue 23 §5). The first
 * locks the source's ledger account — the source's plan statement did it already when it gives
 * `source.locked` (decision 0030), so then this is one statement. The second — a new snapshot, so it sees every payout that
 * held the lock before — sums the usage, and only if the limits and the funds allow it places the
 * hold and writes the order with its tracking key, its submission job, the checked payee and the
 * audit entry. When it wrote nothing, the usage it read says which limit refused, or else the
 * funds did ('Saldo insuficiente'). An order awaiting authorisation holds nothing and is written alone.
 */
export async function placePayout(
  tx: Tx,
  plan: PayoutPlan,
  order: PayoutOrder,
  activity: PayoutActivity,
  now: Date,
): Promise<{ row: MovementRow; available: bigint }> {
  const { source, charges } = plan;
  if (!source.account) throw rule(INSUFFICIENT_FUNDS);
  const id = order.id ?? randomUUID();
  const o = {
    ...order,
    id,
    owner: source.owner,
    account: source.account,
    cardAccount: source.kind === 'card',
    destination: plan.destination,
    charges,
    operationDate: plan.operationDate,
    scheduledAt: plan.scheduledAt,
    paymentDay: plan.paymentDay,
    now,
  };
  if (order.approval === 'awaiting') {
    if (plan.payee && source.businessId) await rememberClabes(tx, source.businessId, order.userId, [plan.payee]);
    const row = await placeAwaitingOrder(tx, o);
    await recordActivity(tx, { ...activity, detail: activity.detail });
    return { row, available: (await balanceOf(tx, source.account.id)).availableBalance };
  }
  const locked = source.locked ?? (await lockAccount(tx, source.account.id));
  const amount = charges.amountCents;
  const limit = (v: bigint | null | undefined) => (v === null || v === undefined ? sql`NULL::bigint` : sql`${v.toString()}::bigint`);
  const writes = [
    ...orderWrites(o, PLACED_HOLD),
    sql`placed_audit AS (${activityWrite(activity, PLACED_ORDER, sql`${JSON.stringify(activity.detail)}::jsonb || jsonb_build_object('trackingKey', (SELECT v_tracking_key FROM ${PLACED_ORDER}))`)})`,
    ...(plan.payee && source.businessId ? [sql`placed_payee AS (${rememberWrite(source.businessId, order.userId, plan.payee, PLACED_ORDER)})`] : []),
  ];
  const statement =
    builtNow(sql`WITH usage AS (SELECT x.today::bigint AS today, x.month::bigint AS month FROM (${source.usage(now)}) x), sent AS (${plan.destination.dailyLimit === null ? sql`SELECT 0::bigint AS sent` : sentTodayTo(plan, now)}),
      allowed AS (
        SELECT 1 FROM usage u, sent s
         WHERE u.today + ${amount.toString()}::bigint <= coalesce(${limit(source.limits.daily)}, u.today + ${amount.toString()}::bigint)
           AND u.month + ${amount.toString()}::bigint <= coalesce(${limit(source.limits.monthly)}, u.month + ${amount.toString()}::bigint)
           AND u.today + ${amount.toString()}::bigint <= coalesce(${limit(source.ownDailyLimit)}, u.today + ${amount.toString()}::bigint)
           AND s.sent + ${amount.toString()}::bigint <= coalesce(${limit(plan.destination.dailyLimit)}, s.sent + ${amount.toString()}::bigint)
      ), ${newHoldCtes(sql`EXISTS (SELECT 1 FROM allowed)`)}, ${sql.join(writes, sql`, `)}
    SELECT u.today::text AS today, u.month::text AS month, s.sent::text AS sent, (SELECT to_jsonb(o) FROM ${PLACED_ORDER} o) AS row
      FROM usage u, sent s`);
  const [result] = await runBuilt<{ today: string; month: string; sent: string; row: Record<string, unknown> | null }>(
    tx,
    statement,
    newHoldValues({ accountId: source.account.id, amountCents: charges.totalCents, reference: holdReference(id) }),
  );
  if (!result?.row) {
    checkUsage(source, amount, { today: BigInt(result?.today ?? 0), month: BigInt(result?.month ?? 0) });
    checkDestinationLimit(plan, BigInt(result?.sent ?? 0));
    // Under the lock, the balance read with it says whether the hold was refused for funds.
    if (locked.balance - locked.held < charges.totalCents) throw rule(INSUFFICIENT_FUNDS);
    if (order.approval === 'approved') throw new Error(`orden ${id}: ya no está por autorizar`);
    throw rule(INSUFFICIENT_FUNDS);
  }
  return { row: orderFromJson(result.row), available: locked.balance - locked.held - charges.totalCents };
}
