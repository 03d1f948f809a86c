/**
 * The card-network sandbox: the issuer-processor side of a purchase, behind the interface a real
 * processor adapter would also implement. Authorisation runs in one database transaction: the
 * cardholder row is locked (so every card of the cardholder counts against the same limits one
 * at a time), the card's status and controls are checked, the limits are counted in the
 * Mexico City day and month, and the hold is placed — or the decline is recorded with its reason.
 */
import { CARDHOLDER_LIMIT_CARD_TYPE, CARD_STATUS, CHANNELS, DECLINE_REASONS, MCC_GROUPS, amountOut, mccGroupOf, type Channel } from '@far/contracts';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError, notFound, rule } from '../../platform/errors';
import { iso } from '../../platform/reply';
import { INSUFFICIENT_FUNDS, placeHold, postTransaction, releaseHold, settleHold } from '../ledger';
import { cardholderLimits } from '../pricing';
import { accountsSpeiOutSum, dayBounds, mexicoDate, monthBounds } from '../spei';
import { randomUUID } from 'node:crypto';
import { controlsOf, type CardRow } from './common';
import { cardAuthorizations, cardMovements, cardholders, cards } from './schema';

export interface PurchaseRequest {
  merchant: string;
  mcc: number;
  amountCents: bigint;
  channel: Channel;
  country: string;
}

type AuthRow = typeof cardAuthorizations.$inferSelect;

/** What a real issuer processor adapter would implement as well. */
export interface CardProcessor {
  authorize(tx: Tx, card: CardRow, req: PurchaseRequest, now: Date): Promise<AuthRow>;
  capture(tx: Tx, auth: AuthRow): Promise<AuthRow>;
  reverse(tx: Tx, auth: AuthRow): Promise<AuthRow>;
  refund(tx: Tx, auth: AuthRow, amountCents: bigint): Promise<AuthRow>;
}

/** The limits of cards are the pricing module's cardholder limits (ScopeType 1) of this card type. */
export const CARD_LIMIT_TYPE = CARDHOLDER_LIMIT_CARD_TYPE;
const holdRef = (authId: string) => `card-auth:${authId}`;

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
});

function controlRefusal(card: CardRow, req: PurchaseRequest): string | null {
  const c = controlsOf(card);
  const group = mccGroupOf(req.mcc);
  if (group && c.BlockedMccGroups.includes(group)) return DECLINE_REASONS.mccBlocked(MCC_GROUPS[group].name);
  if (c.AllowedMccGroups.length && (!group || !c.AllowedMccGroups.includes(group))) return DECLINE_REASONS.mccNotAllowed(group ? MCC_GROUPS[group].name : `MCC ${req.mcc}`);
  const channelOn = { online: c.Online, 'in-person': c.InPerson, atm: c.Atm }[req.channel];
  if (!channelOn) return DECLINE_REASONS.channel(CHANNELS[req.channel]);
  if (c.DomesticOnly && req.country !== 'MX') return DECLINE_REASONS.abroad;
  return null;
}

/**
 * What counts against a cardholder's limits in [from, to): purchases approved (held or captured)
 * on any of its cards, and SPEI outs sent from them that were not returned, rejected or cancelled.
 */
async function usedBetween(tx: DbOrTx, holderId: string, from: Date, to: Date): Promise<bigint> {
  const accounts = await tx.select({ id: cards.v_uid_account }).from(cards).where(eq(cards.v_uid_cardholder, holderId));
  const spei = await accountsSpeiOutSum(tx, accounts.flatMap((a) => (a.id ? [a.id] : [])), from, to);
  const [row] = await tx
    .select({ s: sql<string>`coalesce(sum(${cardAuthorizations.n_amount_cents}), 0)::text` })
    .from(cardAuthorizations)
    .innerJoin(cards, eq(cards.v_uid, cardAuthorizations.v_uid_card))
    .where(and(eq(cards.v_uid_cardholder, holderId), inArray(cardAuthorizations.v_status, ['approved', 'captured']), gte(cardAuthorizations.d_create_at, from), lt(cardAuthorizations.d_create_at, to)));
  return BigInt(row?.s ?? '0') + spei;
}

/** Today's and this month's usage of a cardholder (America/Mexico_City calendar). */
export async function holderUsage(tx: DbOrTx, holderId: string, now: Date): Promise<{ today: bigint; month: bigint }> {
  const [y, m] = mexicoDate(now).split('-').map(Number) as [number, number];
  return { today: await usedBetween(tx, holderId, ...dayBounds(mexicoDate(now))), month: await usedBetween(tx, holderId, ...monthBounds(y, m)) };
}

async function limitRefusal(tx: Tx, holderIdentifier: string, holderId: string, amount: bigint, now: Date): Promise<string | null> {
  const limits = await cardholderLimits(tx, holderIdentifier, CARD_LIMIT_TYPE);
  if (limits.perTransaction !== null && amount > limits.perTransaction) return DECLINE_REASONS.perTransaction;
  if (limits.daily !== null) {
    const [from, to] = dayBounds(mexicoDate(now));
    if ((await usedBetween(tx, holderId, from, to)) + amount > limits.daily) return DECLINE_REASONS.daily;
  }
  if (limits.monthly !== null) {
    const [y, m] = mexicoDate(now).split('-').map(Number) as [number, number];
    const [from, to] = monthBounds(y, m);
    if ((await usedBetween(tx, holderId, from, to)) + amount > limits.monthly) return DECLINE_REASONS.monthly;
  }
  return null;
}

async function record(tx: Tx, card: CardRow, req: PurchaseRequest, status: 'approved' | 'declined', reason: string | null, now: Date, id = randomUUID()): Promise<AuthRow> {
  const [a] = await tx
    .insert(cardAuthorizations)
    .values({ v_uid: id, v_uid_card: card.v_uid, v_merchant: req.merchant, i_mcc: req.mcc, v_channel: req.channel, v_country: req.country, n_amount_cents: req.amountCents, v_status: status, v_decline_reason: reason, d_create_at: now, d_update_at: now })
    .returning();
  await tx.insert(cardMovements).values({
    v_uid_card: card.v_uid,
    v_uid_business: card.v_uid_business!,
    v_kind: 'purchase',
    v_description: reason ? `${req.merchant} — rechazada: ${reason}` : req.merchant,
    n_amount_cents: req.amountCents,
    v_status: reason ? 'Rechazada' : 'Autorizada',
    v_uid_authorization: a!.v_uid,
    d_create_at: now,
  });
  return a!;
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
  async authorize(tx, cardIn, req, now) {
    // Lock order: cardholder, then card, then (placeHold) the ledger account.
    if (!cardIn.v_uid_cardholder || !cardIn.v_uid_business) return record(tx, cardIn, req, 'declined', DECLINE_REASONS.notActive, now);
    const [holder] = await tx.select().from(cardholders).where(eq(cardholders.v_uid, cardIn.v_uid_cardholder)).for('update');
    const [card] = await tx.select().from(cards).where(eq(cards.v_uid, cardIn.v_uid)).for('update');
    const decline = (reason: string) => record(tx, card!, req, 'declined', reason, now);
    if (card!.i_status === CARD_STATUS.cancelled) return decline(DECLINE_REASONS.cancelled);
    if (card!.b_blocked) return decline(DECLINE_REASONS.locked);
    if (card!.i_status !== CARD_STATUS.active || !card!.v_uid_account) return decline(DECLINE_REASONS.notActive);
    if (holder!.b_locked) return decline(DECLINE_REASONS.cardholderLocked);
    const control = controlRefusal(card!, req);
    if (control) return decline(control);
    const limit = await limitRefusal(tx, holder!.v_identifier, holder!.v_uid, req.amountCents, now);
    if (limit) return decline(limit);
    const id = randomUUID();
    try {
      await placeHold(tx, { accountId: card!.v_uid_account, amountCents: req.amountCents, reference: holdRef(id) });
    } catch (err) {
      // placeHold refuses before writing anything, so the transaction is still usable for the decline.
      if (err instanceof AppError && err.message === INSUFFICIENT_FUNDS) return decline(DECLINE_REASONS.insufficientFunds);
      throw err;
    }
    const approved = await record(tx, card!, req, 'approved', null, now, id);
    return approved;
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
    if (auth.n_refunded_cents + amountCents > auth.n_amount_cents) throw rule(`El monto excede lo que queda por devolver (${amountOut(auth.n_amount_cents - auth.n_refunded_cents)})`);
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
    const [a] = await tx.update(cardAuthorizations).set({ n_refunded_cents: refunded, d_update_at: new Date() }).where(eq(cardAuthorizations.v_uid, auth.v_uid)).returning();
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

