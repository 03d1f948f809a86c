/**
 * A cardholder's SPEI out, sent by the business from the card's balance to a CLABE. The order is
 * the SPEI module's (same rail, tracking key, jobs and outcomes); only the held account differs:
 * the card's ledger account. Its amount counts in the cardholder's daily and monthly usage
 * together with card purchases (network.ts), under the same cardholder-row lock.
 */
import { CARD_SPEI_MESSAGES, CARD_STATUS, MOVEMENT_STATUS_NAMES, WALLET_MESSAGES, amountOut, formatCurrency, speiOutCharges, validateClabe, type BusinessMovement, type CardSpeiOutBody } from '@far/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { notFound, rule } from '../../platform/errors';
import { recordActivity } from '../audit';
import type { BusinessRow } from '../businesses';
import { balanceOf, getAccount } from '../ledger';
import { cardholderLimits, cardholderSpeiOutEnabled, checkLimits, effectiveSpeiConfig } from '../pricing';
import { SPEI_OUT_DISABLED, clabeHolder, holderIsAllyOf, mexicoDate, movementOut, placeSpeiOutOrder, type MovementRow } from '../spei';
import { CANCELLED } from './cards';
import { CARDHOLDER_NOT_FOUND, cardOf, fullNameOf, maskedPanOf, type CardRow, type CardholderRow } from './common';
import { CARD_LIMIT_TYPE, holderUsage } from './network';
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

/** Every check that needs no lock; sendCardSpeiOut repeats them under the cardholder's and card's locks. */
async function plan(db: DbOrTx, b: BusinessRow, input: Input, card: CardRow, holder: CardholderRow | null) {
  const refusal = cardRefusal(card, holder);
  if (refusal) throw rule(refusal);
  const config = await effectiveSpeiConfig(db, b.v_uid);
  if (!config.enableSpeiOut) throw rule(SPEI_OUT_DISABLED);
  if (!(await cardholderSpeiOutEnabled(db, holder!.v_identifier))) throw rule(CARD_SPEI_MESSAGES.holderDisabled);
  if (input.Clabe === b.v_account_number) throw rule('No puedes transferir a la cuenta de la empresa');
  // A wallet's CLABE is paid inside the ledger, and only by a business that has it as strategic ally.
  const wallet = await clabeHolder(db, input.Clabe);
  if (wallet && !(await holderIsAllyOf(db, wallet, b.v_uid))) throw rule(WALLET_MESSAGES.notAlly);
  const charges = speiOutCharges(input.Amount, config.commissionSpeiOutCents);
  const limits = await cardholderLimits(db, holder!.v_identifier, CARD_LIMIT_TYPE);
  return { holder: holder!, charges, limits };
}

/**
 * Accepts the SPEI out: locks the cardholder (purchases and SPEI outs of all its cards count one
 * at a time), then the card, checks again, counts the limits, and places the order, whose hold
 * on the card's account refuses 'Saldo insuficiente'. A refusal writes nothing.
 */
export async function sendCardSpeiOut(tx: Tx, actor: Actor, b: BusinessRow, input: Input, idempotencyKey: string | undefined, now = new Date()): Promise<BusinessMovement> {
  const found = await cardOf(tx, b, input.CardIdentifier);
  const [holder] = found.v_uid_cardholder ? await tx.select().from(cardholders).where(eq(cardholders.v_uid, found.v_uid_cardholder)).for('update') : [];
  const card = await cardOf(tx, b, input.CardIdentifier, { forUpdate: true });
  const p = await plan(tx, b, input, card, holder ?? null);
  checkLimits(p.limits, { amount: input.Amount, ...(await holderUsage(tx, p.holder.v_uid, now)) });
  const account = (await getAccount(tx, card.v_uid_account!))!;
  const order = await placeSpeiOutOrder(tx, {
    business: b,
    account,
    cardAccount: true,
    destination: { clabe: input.Clabe, bankCode: bankCodeOf(input.Clabe), name: input.BeneficiaryName, rfc: null, alias: null, accountId: null },
    charges: p.charges,
    concept: input.Concept,
    reference: input.Reference,
    operationDate: mexicoDate(now),
    userId: actor.userId,
    idempotencyKey: idempotencyKey ?? null,
    now,
  });
  await tx.insert(cardMovements).values({
    v_uid_card: card.v_uid,
    v_uid_business: b.v_uid,
    v_kind: 'spei-out',
    v_description: `SPEI a ${input.BeneficiaryName} (terminación ${input.Clabe.slice(-4)})`,
    n_amount_cents: p.charges.amountCents,
    n_commission_cents: p.charges.commissionCents,
    n_iva_cents: p.charges.ivaCents,
    v_status: MOVEMENT_STATUS_NAMES[order.i_status] ?? String(order.i_status),
    v_uid_order: order.v_uid,
    d_create_at: now,
  });
  await recordActivity(tx, {
    actor,
    section: 'Tarjetas',
    action: 'Agregar',
    activity: `Envió un SPEI de ${formatCurrency(p.charges.amountCents)} desde la tarjeta ${maskedPanOf(card)} de ${fullNameOf(p.holder)} a ${input.BeneficiaryName} (terminación ${input.Clabe.slice(-4)})`,
    detail: { movement: order.v_uid, card: card.v_card_identifier, total: amountOut(p.charges.totalCents) },
  });
  const after = await balanceOf(tx, account.id);
  return movementOut(order, after.availableBalance);
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
