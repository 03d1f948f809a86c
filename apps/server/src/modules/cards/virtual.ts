/**
 * Virtual cards (issue 28 §1, docs/decisions/0035-modern-cards.md): issued to a cardholder in one
 * step, without stock or matching. The number is drawn at random from the virtual BIN (a serial
 * would let anyone holding one card guess the next), Luhn-completed, and kept unique by the PAN
 * hash index; it is stored encrypted like every other card and is active at once.
 */
import { CARD_STATUS, type CardControls, type IssueVirtualCardBody } from '@far/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { rule } from '../../platform/errors';
import { recordActivity } from '../audit';
import type { BusinessRow } from '../businesses';
import { ensureCardAccount } from './cards';
import { cardOut, cardholderOf, maskedPanOf, type CardRow } from './common';
import { cards, cardsVirtualRowSeq, VIRTUAL_BATCH, type CardLimits } from './schema';
import { panFromSerial, randomDigits, validDate, type CardKeys } from './secret';
import { newCardIdentifier, stockSettings } from './stock';

/** A random draw collides only when the range is nearly full; after this many the range is treated as spent. */
const DRAWS = 8;

const centsOrNull = (v: bigint | undefined) => (v === undefined ? null : v.toString());

export async function issueVirtualCard(tx: Tx, actor: Actor, keys: CardKeys, b: BusinessRow, d: z.output<typeof IssueVirtualCardBody>, now = new Date()) {
  const holder = await cardholderOf(tx, b.v_uid, d.CardholderIdentifier);
  if (holder.b_locked) throw rule('El tarjetahabiente está bloqueado');
  const controls: CardControls | undefined = d.Controls;
  if (controls?.AllowedMccGroups.some((g) => controls.BlockedMccGroups.includes(g))) throw rule('Una categoría no puede estar permitida y bloqueada a la vez');
  const limits: CardLimits | null = d.Limits
    ? { perTransaction: centsOrNull(d.Limits.PerTransaction), daily: centsOrNull(d.Limits.Daily), monthly: centsOrNull(d.Limits.Monthly) }
    : null;
  const { v_virtual_bin: bin } = await stockSettings(tx);
  const next = (await tx.execute(sql`SELECT nextval(${`${cardsVirtualRowSeq.seqName}`}::regclass)::int AS row`)) as unknown as { rows: [{ row: number }] };
  const row = Number(next.rows[0].row);
  let card: CardRow | undefined;
  for (let i = 0; i < DRAWS && !card; i++) {
    const pan = panFromSerial(bin, BigInt(randomDigits(9)));
    [card] = await tx
      .insert(cards)
      .values({
        v_card_identifier: newCardIdentifier(),
        v_pan_hash: keys.panHash(pan),
        v_tail_hash: keys.tailHash(pan.slice(8)),
        v_pan_first6: pan.slice(0, 6),
        v_pan_last4: pan.slice(12),
        t_pan_enc: keys.seal(pan),
        t_cvv_enc: keys.seal(randomDigits(3)),
        // Never printed nor used at an ATM keypad, but the column and the NIP query are the same for every card.
        t_pin_enc: keys.seal(randomDigits(4)),
        v_valid_date: validDate(now),
        v_card_type: 'prepago',
        i_status: CARD_STATUS.active,
        v_reference_batch: VIRTUAL_BATCH,
        i_batch_row: row,
        v_uid_business: b.v_uid,
        v_uid_cardholder: holder.v_uid,
        v_customer_id: b.v_client,
        t_controls: controls ?? null,
        t_limits: limits,
        b_virtual: true,
        b_single_use: d.SingleUse,
        b_lock_first_merchant: d.MerchantLock === 'first',
        v_merchant_lock: d.MerchantLock === 'given' ? d.MerchantId! : null,
        d_activated_at: now,
        d_create_at: now,
        d_update_at: now,
      })
      .onConflictDoNothing()
      .returning();
  }
  if (!card) throw rule('El rango de BIN virtual se agotó');
  const accountId = await ensureCardAccount(tx, b, card);
  const issued = { ...card, v_uid_account: accountId };
  await recordActivity(tx, {
    actor,
    section: 'Tarjetas',
    action: 'Agregar',
    activity: `Emitió la tarjeta virtual ${maskedPanOf(card)} para ${holder.v_identifier}`,
    detail: { card: card.v_card_identifier, singleUse: d.SingleUse, merchantLock: d.MerchantLock, limits, controls: controls ?? null },
  });
  return cardOut(issued, holder);
}
