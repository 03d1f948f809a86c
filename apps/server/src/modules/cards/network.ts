/**
 * The card-network sandbox: the issuer-processor side of a purchase, behind the interface a real
 * processor adapter would also implement. Authorisation runs in one database transaction: the
 * cardholder row is locked (so every card of the cardholder counts against the same limits one
 * at a time), the card's status and controls are checked, the limits are counted in the
 * Mexico City day and month, and the hold is placed — or the decline is recorded with its reason.
 * It is the hot path of the network (issue 9), so it runs as few statements as the rules allow:
 * lock + limits, usage (only when there is a daily or monthly limit), hold, record.
 */
import { CARDHOLDER_LIMIT_CARD_TYPE, CARD_STATUS, CHANNELS, DECLINE_REASONS, MCC_GROUPS, amountOut, mccGroupOf, type Channel } from '@far/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { builtOnce, runBuilt } from '../../db/built';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError, notFound, rule } from '../../platform/errors';
import { iso } from '../../platform/reply';
import { INSUFFICIENT_FUNDS, PLACED_HOLD, newHoldCtes, newHoldValues, placeNewHold, postTransaction, releaseHold, settleHold, type HoldInput } from '../ledger';
import { cardholderLimitsSql, limitsOfColumns, type CardholderLimitsColumns } from '../pricing';
import { accountsSpeiOutCounted } from '../spei';
import { dayBounds, mexicoDate, monthBounds } from '../../platform/mexico-time';
import { randomUUID } from 'node:crypto';
import { controlsOf, type CardRow } from './common';
import { cardAuthorizations, cardMovements, cards } from './schema';

export interface PurchaseRequest {
  merchant: string;
  /** The card acceptor id, when the network sends one: merchant locks compare it (else the name). */
  merchantId?: string;
  mcc: number;
  amountCents: bigint;
  channel: Channel;
  country: string;
}

type AuthRow = typeof cardAuthorizations.$inferSelect;

/** The business endpoint's say on a purchase (issue 28 §2), asked before the locked authorisation. */
export interface BusinessDecision {
  approved: boolean;
  by: 'negocio' | 'predeterminado';
  reason: string | null;
  ms: number;
}
export interface AuthorizeOptions {
  /** The authorisation's id, when the business was told it before. */
  id?: string;
  /** The business's answer: an approval still passes every rule and the funds under the locks. */
  decision?: BusinessDecision;
  /** Already declined (by the business, or by the product before asking it): only recorded. */
  decline?: string;
}

/** What a real issuer processor adapter would implement as well. */
export interface CardProcessor {
  authorize(tx: Tx, card: CardRow, req: PurchaseRequest, now: Date, opts?: AuthorizeOptions): Promise<AuthRow>;
  capture(tx: Tx, auth: AuthRow): Promise<AuthRow>;
  reverse(tx: Tx, auth: AuthRow): Promise<AuthRow>;
  refund(tx: Tx, auth: AuthRow, amountCents: bigint): Promise<AuthRow>;
}

/** The limits of cards are the pricing module's cardholder limits (ScopeType 1) of this card type. */
export const CARD_LIMIT_TYPE = CARDHOLDER_LIMIT_CARD_TYPE;
const holdRef = (authId: string) => `card-auth:${authId}`;
const merchantKey = (req: PurchaseRequest) => req.merchantId ?? req.merchant;

export const authorizationOut = (a: AuthRow, card: CardRow) => ({
  AuthorizationId: a.v_uid,
  CardIdentifier: card.v_card_identifier,
  Approved: a.v_status !== 'declined',
  DeclineReason: a.v_decline_reason,
  Status: a.v_status,
  MerchantName: a.v_merchant,
  Mcc: a.i_mcc,
  Amount: amountOut(a.n_amount_cents),
  Refunded: amountOut(a.n_refunded_cents),
  CreatedAt: iso(a.d_create_at)!,
  DecidedBy: a.v_decided_by,
  BusinessReason: a.v_business_reason,
  DecisionMs: a.i_decision_ms,
});

function controlRefusal(card: Pick<CardRow, 't_controls'>, req: PurchaseRequest): string | null {
  const c = controlsOf(card);
  const group = mccGroupOf(req.mcc);
  if (group && c.BlockedMccGroups.includes(group)) return DECLINE_REASONS.mccBlocked(MCC_GROUPS[group].name);
  if (c.AllowedMccGroups.length && (!group || !c.AllowedMccGroups.includes(group)))
    return DECLINE_REASONS.mccNotAllowed(group ? MCC_GROUPS[group].name : `MCC ${req.mcc}`);
  const channelOn = { online: c.Online, 'in-person': c.InPerson, atm: c.Atm }[req.channel];
  if (!channelOn) return DECLINE_REASONS.channel(CHANNELS[req.channel]);
  if (c.DomesticOnly && req.country !== 'MX') return DECLINE_REASONS.abroad;
  return null;
}

const run = async <T>(db: DbOrTx, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The Mexico City day and month of `now`, as [from, to) instants. */
function periodsOf(now: Date) {
  const day = mexicoDate(now);
  const [dayFrom, dayTo] = dayBounds(day);
  const [y, m] = day.split('-').map(Number) as [number, number];
  const [from, to] = monthBounds(y, m);
  return { dayFrom, dayTo, from, to };
}

/**
 * What counts against a cardholder's limits today and this month (America/Mexico_City): purchases
 * approved (held or captured) on any of its cards, and SPEI outs sent from them that were not
 * returned, rejected or cancelled — one statement over the month, the day (inside it) as a FILTER.
 */
export async function holderUsage(db: DbOrTx, holderId: string, now: Date): Promise<{ today: bigint; month: bigint }> {
  const [row] = await run<{ today: string; month: string }>(db, holderUsageSql(holderId, now));
  return { today: BigInt(row!.today), month: BigInt(row!.month) };
}

/** holderUsage as a SELECT of one row (today, month), for a statement of the caller's (a card's payout). */
export function holderUsageSql(holderId: string, now: Date): SQL {
  const { dayFrom, dayTo, from, to } = periodsOf(now);
  return sql`SELECT coalesce(sum(u.amount) FILTER (WHERE u.at >= ${at(dayFrom)} AND u.at < ${at(dayTo)}), 0)::text AS today, coalesce(sum(u.amount), 0)::text AS month
          FROM (SELECT a.n_amount_cents AS amount, a.d_create_at AS at
                  FROM card_authorizations a JOIN cards c ON c.v_uid = a.v_uid_card
                 WHERE c.v_uid_cardholder = ${holderId}::uuid AND a.v_status IN ('approved', 'captured') AND a.d_create_at >= ${at(from)} AND a.d_create_at < ${at(to)}
                UNION ALL
                ${accountsSpeiOutCounted(sql`SELECT v_uid_account FROM cards WHERE v_uid_cardholder = ${holderId}::uuid`, from, to)}) u`;
}

/** The cardholder and the card as authorize locked them, with the cardholder's card limits. */
interface Locked extends CardholderLimitsColumns {
  holder_locked: boolean;
  v_uid: string;
  i_status: number;
  b_blocked: boolean;
  v_uid_account: string | null;
  v_uid_business: string | null;
  t_controls: CardRow['t_controls'];
  b_single_use: boolean;
  b_lock_first_merchant: boolean;
  v_merchant_lock: string | null;
  t_limits: CardRow['t_limits'];
}

/**
 * What the caller's card row predicts authorize will lock: that card as it is, its cardholder
 * unlocked and without limits (the common case, where nothing needs counting).
 */
const predicted = (card: CardRow): Locked => ({
  holder_locked: false,
  v_uid: card.v_uid,
  i_status: card.i_status,
  b_blocked: card.b_blocked,
  v_uid_account: card.v_uid_account,
  v_uid_business: card.v_uid_business,
  t_controls: card.t_controls,
  b_single_use: card.b_single_use,
  b_lock_first_merchant: card.b_lock_first_merchant,
  v_merchant_lock: card.v_merchant_lock,
  t_limits: card.t_limits,
  limit_per_transaction: null,
  limit_daily: null,
  limit_monthly: null,
  limit_source: 'none',
});

/** Why the locked rows refuse a purchase before its limits and funds are counted, or null. */
function rowRefusal(locked: Locked, req: PurchaseRequest): string | null {
  if (locked.i_status === CARD_STATUS.cancelled) return DECLINE_REASONS.cancelled;
  if (locked.b_blocked) return DECLINE_REASONS.locked;
  if (locked.i_status !== CARD_STATUS.active || !locked.v_uid_account) return DECLINE_REASONS.notActive;
  if (locked.holder_locked) return DECLINE_REASONS.cardholderLocked;
  if (locked.v_merchant_lock !== null && locked.v_merchant_lock !== merchantKey(req)) return DECLINE_REASONS.merchantLocked;
  return controlRefusal(locked, req);
}

const ph = (name: string) => sql.placeholder(name);

/** Locks the cardholder, then the card (FOR UPDATE OF locks in the order named), with the cardholder's limits; `lock` false: only reads them. */
const lockSql = (lock = true) => sql`SELECT h.b_locked AS holder_locked, c.v_uid, c.i_status, c.b_blocked, c.v_uid_account, c.v_uid_business, c.t_controls,
         c.b_single_use, c.b_lock_first_merchant, c.v_merchant_lock, c.t_limits, l.*
    FROM cardholders h CROSS JOIN cards c CROSS JOIN LATERAL (${cardholderLimitsSql(sql`h.v_identifier`, CARD_LIMIT_TYPE)}) l
   WHERE h.v_uid = ${ph('lock_holder')}::uuid AND c.v_uid = ${ph('lock_card')}::uuid${
     lock
       ? sql`
     FOR UPDATE OF h, c`
       : sql``
   }`;
// The locked row comes back as one jsonb column: parsing one field costs node less than a dozen.
const lockStatement = builtOnce(() => sql`SELECT to_jsonb(locked) AS locked FROM (${lockSql()}) locked`);
// With the card's available balance, so the look before asking the business is one round trip.
const peekStatement = builtOnce(
  () => sql`SELECT to_jsonb(locked) AS locked, (SELECT (a.n_balance_cents - a.n_held_cents)::text FROM ledger_accounts a WHERE a.v_uid = locked.v_uid_account) AS available
              FROM (${lockSql(false)}) locked`,
);

/** The lock, then — only if the locked rows are exactly as expected (expect_*) — the hold and the approval's writes. */
const attemptStatement = builtOnce(() => {
  const writes = APPROVED_WRITES.map((write, i) => sql`, ${sql.raw(`write_${i}`)} AS (${write})`);
  return sql`WITH locked AS (${lockSql()}), as_expected AS (
      SELECT 1 FROM locked
       WHERE (holder_locked, i_status, b_blocked, v_uid_account, v_uid_business, t_controls, limit_per_transaction, limit_daily, limit_monthly)
             IS NOT DISTINCT FROM (${ph('expect_holder_locked')}::boolean, ${ph('expect_status')}::int, ${ph('expect_blocked')}::boolean, ${ph('expect_account')}::uuid,
                                   ${ph('expect_business')}::uuid, ${ph('expect_controls')}::jsonb, ${ph('expect_per_transaction')}::text, ${ph('expect_daily')}::text, ${ph('expect_monthly')}::text)
    ), ${newHoldCtes(sql`EXISTS (SELECT 1 FROM as_expected)`)}${sql.join(writes)}
    SELECT to_jsonb(locked) AS locked, EXISTS (SELECT 1 FROM ${PLACED_HOLD}) AS placed FROM locked`;
});

/** An approval decided on a prediction: placed in the locking statement if the locked rows are exactly `expected`. */
interface Attempt {
  expected: Locked;
  values: Record<string, unknown>;
}

/**
 * Locks the cardholder, then the card (the one lock order of the cards module), and reads the
 * cardholder's limits, in one statement. The usage is NOT summed here: this statement's snapshot
 * predates a wait for the locks, so the purchases of whoever held them would be missed;
 * holderUsage runs after it, under the locks. (The limits are read in that snapshot: a limit
 * edited meanwhile counts from the next authorisation; limit edits never took these locks.)
 *
 * With an attempt, the same statement then places the hold and writes the authorisation — only
 * if every value the rules read is, once locked, the one the approval was decided on (so the
 * rules gave the same answer on the locked rows) and the funds suffice: `placed` says so.
 * Otherwise nothing is written and the caller decides on the locked row as usual.
 */
async function lockHolderAndCard(tx: Tx, holderId: string, cardId: string, attempt?: Attempt): Promise<{ locked: Locked; placed: boolean }> {
  let rows: Array<{ locked: Locked; placed?: boolean }>;
  if (attempt) {
    const e = attempt.expected;
    // Object.assign, not spreads: spreading objects of this size cost 40 µs per authorisation.
    const values = Object.assign(
      {
        lock_holder: holderId,
        lock_card: cardId,
        expect_holder_locked: e.holder_locked,
        expect_status: e.i_status,
        expect_blocked: e.b_blocked,
        expect_account: e.v_uid_account,
        expect_business: e.v_uid_business,
        expect_controls: e.t_controls === null ? null : JSON.stringify(e.t_controls),
        expect_per_transaction: e.limit_per_transaction,
        expect_daily: e.limit_daily,
        expect_monthly: e.limit_monthly,
      },
      attempt.values,
    );
    rows = await runBuilt(tx, attemptStatement(), values);
  } else {
    rows = await runBuilt(tx, lockStatement(), { lock_holder: holderId, lock_card: cardId });
  }
  const [row] = rows;
  if (!row) throw new Error(`authorize: no existe el tarjetahabiente ${holderId} o la tarjeta ${cardId}`);
  return { locked: row.locked, placed: row.placed === true };
}

/** What counts against a card's own limits: its purchases approved (held or captured) today and this month (Mexico City). */
async function cardUsage(tx: DbOrTx, cardId: string, now: Date): Promise<{ today: bigint; month: bigint; approved: bigint }> {
  const { dayFrom, dayTo, from, to } = periodsOf(now);
  const [row] = await run<{ today: string; month: string; approved: string }>(
    tx,
    sql`SELECT coalesce(sum(n_amount_cents) FILTER (WHERE d_create_at >= ${at(dayFrom)} AND d_create_at < ${at(dayTo)}), 0)::text AS today,
               coalesce(sum(n_amount_cents) FILTER (WHERE d_create_at >= ${at(from)} AND d_create_at < ${at(to)}), 0)::text AS month,
               count(*)::text AS approved
          FROM card_authorizations WHERE v_uid_card = ${cardId}::uuid AND v_status IN ('approved', 'captured')`,
  );
  return { today: BigInt(row!.today), month: BigInt(row!.month), approved: BigInt(row!.approved) };
}

/** A virtual card's own rules, under the locks: single use (one purchase held or captured), then its own limits. */
async function cardRefusal(tx: DbOrTx, locked: Locked, amount: bigint, now: Date): Promise<string | null> {
  const l = locked.t_limits;
  if (!locked.b_single_use && !l) return null;
  if (l?.perTransaction != null && amount > BigInt(l.perTransaction)) return DECLINE_REASONS.cardPerTransaction;
  const used = await cardUsage(tx, locked.v_uid, now);
  if (locked.b_single_use && used.approved > 0n) return DECLINE_REASONS.singleUseSpent;
  if (l?.daily != null && used.today + amount > BigInt(l.daily)) return DECLINE_REASONS.cardDaily;
  if (l?.monthly != null && used.month + amount > BigInt(l.monthly)) return DECLINE_REASONS.cardMonthly;
  return null;
}

async function limitRefusal(tx: DbOrTx, holderId: string, locked: Locked, amount: bigint, now: Date): Promise<string | null> {
  const own = await cardRefusal(tx, locked, amount, now);
  if (own) return own;
  const limits = limitsOfColumns(locked);
  if (limits.perTransaction !== null && amount > limits.perTransaction) return DECLINE_REASONS.perTransaction;
  // No daily nor monthly limit: nothing to count.
  if (limits.daily === null && limits.monthly === null) return null;
  const used = await holderUsage(tx, holderId, now);
  if (limits.daily !== null && used.today + amount > limits.daily) return DECLINE_REASONS.daily;
  if (limits.monthly !== null && used.month + amount > limits.monthly) return DECLINE_REASONS.monthly;
  return null;
}

/**
 * The product's verdict on the latest committed rows, with no lock and nothing written: the same
 * rules as authorize (status, controls, merchant lock, card and cardholder limits) and the funds.
 * Asked before the business's endpoint (issue 28 §2); authorize decides again under the locks.
 */
export async function productRefusal(db: DbOrTx, card: CardRow, req: PurchaseRequest, now: Date): Promise<string | null> {
  if (!card.v_uid_cardholder || !card.v_uid_business) return DECLINE_REASONS.notActive;
  const [row] = await runBuilt<{ locked: Locked; available: string | null }>(db, peekStatement(), {
    lock_holder: card.v_uid_cardholder,
    lock_card: card.v_uid,
  });
  if (!row) throw new Error(`productRefusal: no existe el tarjetahabiente ${card.v_uid_cardholder} o la tarjeta ${card.v_uid}`);
  const refusal = rowRefusal(row.locked, req) ?? (await limitRefusal(db, card.v_uid_cardholder, row.locked, req.amountCents, now));
  if (refusal) return refusal;
  return BigInt(row.available ?? '0') < req.amountCents ? DECLINE_REASONS.insufficientFunds : null;
}

type RecordedCard = Pick<CardRow, 'v_uid' | 'v_uid_business'>;
type Outcome = { status: 'approved'; reason: null } | { status: 'declined'; reason: string };

/** The authorisation row recordWrites writes. */
const authRowOf = (card: RecordedCard, req: PurchaseRequest, { status, reason }: Outcome, now: Date, id: string, asked?: BusinessDecision): AuthRow => ({
  v_uid: id,
  d_create_at: now,
  d_update_at: now,
  v_uid_card: card.v_uid,
  v_merchant: req.merchant,
  i_mcc: req.mcc,
  v_channel: req.channel,
  v_country: req.country,
  n_amount_cents: req.amountCents,
  n_refunded_cents: 0n,
  v_status: status,
  v_decline_reason: reason,
  ...decidedColumns(status, asked),
});

/** Who decided: the business (or its default) only when it approved and so did the product, or when it declined. */
const decidedColumns = (status: Outcome['status'], asked?: BusinessDecision) => ({
  v_decided_by: !asked || (asked.approved && status === 'declined') ? ('producto' as const) : asked.by,
  v_business_reason: asked?.reason ?? null,
  i_decision_ms: asked?.ms ?? null,
});

/** The authorisation and its card movement as two INSERT ... SELECT (from `when`, if given: then they write only if it has a row); values: recordValues. */
const recordWrites = (when?: SQL): readonly SQL[] => {
  const from = when ? sql` FROM ${when}` : sql``;
  const [id, card, amount, at] = [
    sql`${ph('auth_id')}::uuid`,
    sql`${ph('auth_card')}::uuid`,
    sql`${ph('auth_amount')}::bigint`,
    sql`${ph('auth_at')}::timestamptz`,
  ];
  return [
    sql`INSERT INTO card_authorizations (v_uid, v_uid_card, v_merchant, i_mcc, v_channel, v_country, n_amount_cents, v_status, v_decline_reason, v_decided_by, v_business_reason, i_decision_ms, d_create_at, d_update_at)
        SELECT ${id}, ${card}, ${ph('auth_merchant')}, ${ph('auth_mcc')}::int, ${ph('auth_channel')}, ${ph('auth_country')}, ${amount}, ${ph('auth_status')}, ${ph('auth_reason')}::text,
               ${ph('auth_decided_by')}, ${ph('auth_business_reason')}::text, ${ph('auth_decision_ms')}::int, ${at}, ${at}${from}`,
    sql`INSERT INTO card_movements (v_uid_card, v_uid_business, v_kind, v_description, n_amount_cents, v_status, v_uid_authorization, d_create_at)
        SELECT ${card}, ${ph('auth_business')}::uuid, 'purchase', ${ph('auth_description')}, ${amount}, ${ph('auth_movement_status')}, ${id}, ${at}${from}`,
  ];
};

const recordValues = (
  card: RecordedCard,
  req: PurchaseRequest,
  { status, reason }: Outcome,
  now: Date,
  id: string,
  asked?: BusinessDecision,
): Record<string, unknown> => {
  const decided = decidedColumns(status, asked);
  return {
    auth_id: id,
    auth_card: card.v_uid,
    auth_business: card.v_uid_business,
    auth_merchant: req.merchant,
    auth_mcc: req.mcc,
    auth_channel: req.channel,
    auth_country: req.country,
    auth_amount: req.amountCents.toString(),
    auth_status: status,
    auth_reason: reason,
    auth_at: now.toISOString(),
    auth_description: reason ? `${req.merchant} — rechazada: ${reason}` : req.merchant,
    auth_movement_status: reason ? 'Rechazada' : 'Autorizada',
    auth_decided_by: decided.v_decided_by,
    auth_business_reason: decided.v_business_reason,
    auth_decision_ms: decided.i_decision_ms,
  };
};

/** An approval's writes: in the hold's statement, only if the hold is placed. */
const APPROVED_WRITES = recordWrites(PLACED_HOLD);
const declineStatement = builtOnce(() => {
  const [authorization, movement] = recordWrites();
  return sql`WITH a AS (${authorization}) ${movement}`;
});

/** Records a decline: the authorisation and its movement in one statement. */
async function recordDecline(
  tx: Tx,
  card: RecordedCard,
  req: PurchaseRequest,
  reason: string,
  now: Date,
  id: string = randomUUID(),
  asked?: BusinessDecision,
): Promise<AuthRow> {
  const outcome: Outcome = { status: 'declined', reason };
  await runBuilt(tx, declineStatement(), recordValues(card, req, outcome, now, id, asked));
  return authRowOf(card, req, outcome, now, id, asked);
}

async function setStatus(tx: Tx, auth: AuthRow, status: AuthRow['v_status'], movementStatus: string, extra: Partial<AuthRow> = {}): Promise<AuthRow> {
  const [a] = await tx
    .update(cardAuthorizations)
    .set({ v_status: status, d_update_at: new Date(), ...extra })
    .where(eq(cardAuthorizations.v_uid, auth.v_uid))
    .returning();
  await tx
    .update(cardMovements)
    .set({ v_status: movementStatus, d_update_at: new Date() })
    .where(and(eq(cardMovements.v_uid_authorization, auth.v_uid), eq(cardMovements.v_kind, 'purchase')));
  return a!;
}

export const sandboxProcessor: CardProcessor = {
  async authorize(tx, cardIn, req, now, opts = {}) {
    const id = opts.id ?? randomUUID();
    const asked = opts.decision;
    // Lock order: cardholder, then card, then (the hold) the ledger account.
    if (!cardIn.v_uid_cardholder || !cardIn.v_uid_business) return recordDecline(tx, cardIn, req, DECLINE_REASONS.notActive, now, id, asked);
    if (opts.decline) return recordDecline(tx, cardIn, req, opts.decline, now, id, asked);
    const approved: Outcome = { status: 'approved', reason: null };
    const hold = (accountId: string): HoldInput => ({ accountId, amountCents: req.amountCents, reference: holdRef(id) });
    // When the caller's card row predicts an approval with nothing to count, the locking statement
    // tries it at once (one round trip instead of two); it writes only if the prediction holds.
    const guess = predicted(cardIn);
    // Single use, merchant locks and card limits are fixed at issue (the first-merchant lock is
    // written only on cards that ask for it), so a card without them is one the fast path may try.
    const plain = !guess.b_single_use && !guess.b_lock_first_merchant && !guess.t_limits;
    const attempt =
      plain && !rowRefusal(guess, req) && limitsOfColumns(guess).source === 'none'
        ? { expected: guess, values: Object.assign(newHoldValues(hold(guess.v_uid_account!)), recordValues(guess, req, approved, now, id, asked)) }
        : undefined;
    const { locked, placed } = await lockHolderAndCard(tx, cardIn.v_uid_cardholder, cardIn.v_uid, attempt);
    if (placed) return authRowOf(locked, req, approved, now, id, asked);
    const decline = (reason: string) => recordDecline(tx, locked, req, reason, now, id, asked);
    const refusal = rowRefusal(locked, req) ?? (await limitRefusal(tx, cardIn.v_uid_cardholder, locked, req.amountCents, now));
    if (refusal) return decline(refusal);
    try {
      // The reference is new (a fresh id), so there is no replay to look up; the authorisation
      // and its movement are written in the hold's own statement, only if the hold is placed.
      await placeNewHold(tx, hold(locked.v_uid_account!), { writes: APPROVED_WRITES, values: recordValues(locked, req, approved, now, id, asked) });
    } catch (err) {
      // The hold refuses before writing anything, so the transaction is still usable for the decline.
      if (err instanceof AppError && err.message === INSUFFICIENT_FUNDS) return decline(DECLINE_REASONS.insufficientFunds);
      throw err;
    }
    if (locked.b_lock_first_merchant && locked.v_merchant_lock === null)
      await tx
        .update(cards)
        .set({ v_merchant_lock: merchantKey(req) })
        .where(eq(cards.v_uid, locked.v_uid));
    return authRowOf(locked, req, approved, now, id, asked);
  },

  async capture(tx, auth) {
    if (auth.v_status !== 'approved') throw rule(`La autorización no se puede capturar (estatus ${auth.v_status})`);
    const [card] = await tx.select().from(cards).where(eq(cards.v_uid, auth.v_uid_card));
    const settled = await settleHold(tx, {
      reference: holdRef(auth.v_uid),
      kind: 'card-purchase',
      transactionReference: auth.v_uid,
      memo: { card: card!.v_card_identifier, merchant: auth.v_merchant, mcc: auth.i_mcc },
      postings: [
        { accountId: card!.v_uid_account!, amountCents: -auth.n_amount_cents, leg: 'amount' },
        { book: 'settlement-in-transit', amountCents: auth.n_amount_cents, leg: 'amount' },
      ],
    });
    if (!settled.applied) throw rule('La autorización ya no está retenida');
    await tx.update(cardMovements).set({ v_uid_transaction: settled.transaction!.transactionId }).where(eq(cardMovements.v_uid_authorization, auth.v_uid));
    // A single-use card closes with its first captured purchase; its balance stays, as on any cancelled card.
    if (card!.b_single_use && card!.i_status !== CARD_STATUS.cancelled)
      await tx
        .update(cards)
        .set({ i_status: CARD_STATUS.cancelled, b_turned_off: true, d_cancelled_at: new Date(), d_update_at: new Date() })
        .where(eq(cards.v_uid, card!.v_uid));
    return setStatus(tx, auth, 'captured', 'Aplicada');
  },

  async reverse(tx, auth) {
    if (auth.v_status !== 'approved') throw rule(`La autorización no se puede reversar (estatus ${auth.v_status})`);
    const released = await releaseHold(tx, { reference: holdRef(auth.v_uid), reason: 'reversed' });
    if (!released.applied) throw rule('La autorización ya no está retenida');
    return setStatus(tx, auth, 'reversed', 'Reversada');
  },

  async refund(tx, auth, amountCents) {
    if (auth.v_status !== 'captured') throw rule('Solo se puede devolver una compra capturada');
    if (auth.n_refunded_cents + amountCents > auth.n_amount_cents)
      throw rule(`El monto excede lo que queda por devolver (${amountOut(auth.n_amount_cents - auth.n_refunded_cents)})`);
    const [card] = await tx.select().from(cards).where(eq(cards.v_uid, auth.v_uid_card));
    const refunded = auth.n_refunded_cents + amountCents;
    const posted = await postTransaction(tx, {
      kind: 'card-refund',
      reference: `${auth.v_uid}:${refunded}`,
      memo: { card: card!.v_card_identifier, merchant: auth.v_merchant },
      postings: [
        { book: 'settlement-in-transit', amountCents: -amountCents, leg: 'amount' },
        { accountId: card!.v_uid_account!, amountCents, leg: 'amount' },
      ],
    });
    await tx.insert(cardMovements).values({
      v_uid_card: card!.v_uid,
      v_uid_business: card!.v_uid_business!,
      v_kind: 'refund',
      v_description: `Devolución de ${auth.v_merchant}`,
      n_amount_cents: amountCents,
      v_status: 'Aplicada',
      v_uid_authorization: auth.v_uid,
      v_uid_transaction: posted.transactionId,
    });
    const [a] = await tx
      .update(cardAuthorizations)
      .set({ n_refunded_cents: refunded, d_update_at: new Date() })
      .where(eq(cardAuthorizations.v_uid, auth.v_uid))
      .returning();
    return a!;
  },
};

/** An authorisation of a card of the business (locked for the transition). */
export async function authorizationOf(tx: Tx, businessId: string | null, id: string): Promise<{ auth: AuthRow; card: CardRow }> {
  const [row] = await tx
    .select({ a: cardAuthorizations, c: cards })
    .from(cardAuthorizations)
    .innerJoin(cards, eq(cards.v_uid, cardAuthorizations.v_uid_card))
    .where(and(eq(cardAuthorizations.v_uid, id), businessId ? eq(cards.v_uid_business, businessId) : undefined))
    .for('update', { of: cardAuthorizations });
  if (!row) throw notFound('Autorización no encontrada');
  return { auth: row.a, card: row.c };
}
