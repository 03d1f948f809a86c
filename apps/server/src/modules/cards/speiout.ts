/**
 * A cardholder's SPEI out, sent by the business from the card's balance to a CLABE, through the
 * one payout path (spei/payout.ts: same rules, rail, tracking key, jobs and outcomes); only the
 * held account differs: the card's ledger account. Its amount counts in the cardholder's daily and monthly usage
 * together with card purchases (network.ts), under the same cardholder-row lock.
 */
import { randomUUID } from 'node:crypto';
import {
  CARD_SPEI_MESSAGES,
  CARD_STATUS,
  MOVEMENT_STATUS_NAMES,
  amountOut,
  formatCurrency,
  validateClabe,
  type BusinessMovement,
  type CardSpeiOutBody,
} from '@far/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { notFound, rule } from '../../platform/errors';
import type { BusinessRow } from '../businesses';
import { getAccount } from '../ledger';
import { cardholderLimits, cardholderSpeiOutEnabled, effectiveSpeiConfig } from '../pricing';
import { businessOwner, movementOut, placePayout, planPayout, type MovementRow, type PayoutPlan, type PayoutSource } from '../spei';
import { CANCELLED } from './cards';
import { CARDHOLDER_NOT_FOUND, cardOf, fullNameOf, maskedPanOf, type CardRow, type CardholderRow } from './common';
import { CARD_LIMIT_TYPE, holderUsageSql } from './network';
import { cardMovements, cardholders } from './schema';

type Input = z.output<typeof CardSpeiOutBody>;

/** The body's CLABE was validated by its schema (a known bank). */
const bankCodeOf = (clabe: string) => {
  const checked = validateClabe(clabe);
  return checked.ok ? checked.bankCode : clabe.slice(0, 3);
};

/** Why this card cannot send now (the same checks as a funding or a purchase), or null. */
function cardRefusal(card: CardRow, holder: CardholderRow | null): string | null {
  if (card.i_status === CARD_STATUS.cancelled) return CANCELLED;
  if (card.b_blocked) return 'La tarjeta está bloqueada';
  if (card.i_status !== CARD_STATUS.active || !card.v_uid_account || !holder) return 'La tarjeta no está activa';
  if (holder.b_locked) return 'El tarjetahabiente está bloqueado';
  return null;
}

/**
 * The card as a payout source (spei/payout.ts): the card's ledger account, the cardholder's card
 * limits and usage (purchases and SPEI outs of all its cards), and the business's SPEI settings,
 * allies and checked payees. Every check that needs no lock; sendCardSpeiOut asks again under the
 * cardholder's and card's locks.
 */
async function planCardSpeiOut(
  db: DbOrTx,
  b: BusinessRow,
  input: Input,
  card: CardRow,
  found: CardholderRow | null,
  now: Date,
): Promise<PayoutPlan & { holder: CardholderRow }> {
  const refusal = cardRefusal(card, found);
  if (refusal) throw rule(refusal);
  const holder = found!;
  if (!(await cardholderSpeiOutEnabled(db, holder.v_identifier))) throw rule(CARD_SPEI_MESSAGES.holderDisabled);
  const config = await effectiveSpeiConfig(db, b.v_uid);
  const source: PayoutSource = {
    kind: 'card',
    owner: businessOwner(b),
    account: await getAccount(db, card.v_uid_account!),
    businessId: b.v_uid,
    enabled: config.enableSpeiOut,
    commissionCents: config.commissionSpeiOutCents,
    limits: await cardholderLimits(db, holder.v_identifier, CARD_LIMIT_TYPE),
    usage: (at) => holderUsageSql(holder.v_uid, at),
  };
  const destination = {
    clabe: input.Clabe,
    bankCode: bankCodeOf(input.Clabe),
    name: input.BeneficiaryName,
    rfc: null,
    alias: null,
    accountId: null,
    dailyLimit: null,
  };
  return { ...(await planPayout(db, source, destination, { amount: input.Amount, confirmHolder: input.ConfirmHolder }, now)), holder };
}

/**
 * Accepts the SPEI out: locks the cardholder (purchases and SPEI outs of all its cards count one
 * at a time), then the card, plans again on the locked rows, and places the order through the
 * payout path, whose hold on the card's account refuses 'Saldo insuficiente'. A refusal writes nothing.
 */
export async function sendCardSpeiOut(
  tx: Tx,
  actor: Actor,
  b: BusinessRow,
  input: Input,
  idempotencyKey: string | undefined,
  now = new Date(),
): Promise<BusinessMovement> {
  const found = await cardOf(tx, b, input.CardIdentifier);
  const [holder] = found.v_uid_cardholder ? await tx.select().from(cardholders).where(eq(cardholders.v_uid, found.v_uid_cardholder)).for('update') : [];
  const card = await cardOf(tx, b, input.CardIdentifier, { forUpdate: true });
  const p = await planCardSpeiOut(tx, b, input, card, holder ?? null, now);
  const id = randomUUID();
  const to = `${input.BeneficiaryName} (terminación ${input.Clabe.slice(-4)})`;
  const { row: order, available } = await placePayout(
    tx,
    p,
    { id, concept: input.Concept, reference: input.Reference, userId: actor.userId, idempotencyKey: idempotencyKey ?? null },
    {
      actor,
      section: 'Tarjetas',
      action: 'Agregar',
      activity: `Envió un SPEI de ${formatCurrency(p.charges.amountCents)} desde la tarjeta ${maskedPanOf(card)} de ${fullNameOf(p.holder)} a ${to}`,
      detail: { movement: id, card: card.v_card_identifier, total: amountOut(p.charges.totalCents) },
    },
    now,
  );
  await tx.insert(cardMovements).values({
    v_uid_card: card.v_uid,
    v_uid_business: b.v_uid,
    v_kind: 'spei-out',
    v_description: `SPEI a ${to}`,
    n_amount_cents: p.charges.amountCents,
    n_commission_cents: p.charges.commissionCents,
    n_iva_cents: p.charges.ivaCents,
    v_status: MOVEMENT_STATUS_NAMES[order.i_status] ?? String(order.i_status),
    v_uid_order: order.v_uid,
    d_create_at: now,
  });
  return movementOut(order, available);
}

/** The card movement of a SPEI out follows its order (sent, settled, returned, rejected, cancelled). */
export async function followOrder(tx: Tx, _before: MovementRow, after: MovementRow): Promise<void> {
  if (!after.v_uid_account) return;
  await tx
    .update(cardMovements)
    .set({ v_status: MOVEMENT_STATUS_NAMES[after.i_status] ?? String(after.i_status), v_uid_transaction: after.v_uid_transaction, d_update_at: new Date() })
    .where(eq(cardMovements.v_uid_order, after.v_uid));
}

/** The pricing module's check that a cardholder is the business's own (404 otherwise, as for another business's). */
export async function assertOwnCardholder(db: DbOrTx, businessClient: string, identifier: string): Promise<void> {
  const [row] = await db
    .select({ id: cardholders.v_uid })
    .from(cardholders)
    .where(and(eq(cardholders.v_identifier, identifier), eq(cardholders.v_client, businessClient)));
  if (!row) throw notFound(CARDHOLDER_NOT_FOUND);
}
