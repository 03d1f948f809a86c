// The rail: submitting an order, and its outcomes (settle, return, reject) applied once (overview in movement.ts).
import { MOVEMENT_STATUS } from '@far/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { DbOrTx, Tx } from '../../db/client';
import { notFound } from '../../platform/errors';
import { customerAccountCode, getAccount, getAccountByCode, postTransaction, releaseHold, settleHold, type LedgerAccount } from '../ledger';
import { holdReference, legs, memoOf, type MovementRow } from './movement';
import { notifyMovement } from './notices';
import { emitSpeiOutOutcome } from './outcomes';
import type { RailEvent, RailOrder, SpeiRail } from './rail';
import { businessMovements } from './schema';
import { deliverToWallet, walletOrderChanged } from './wallet';

const S = MOVEMENT_STATUS;

const orderOf = (m: MovementRow): RailOrder => ({
  movementId: m.v_uid,
  trackingKey: m.v_tracking_key!,
  operationDate: m.d_operation_date,
  amountCents: m.n_amount_cents,
  beneficiaryClabe: m.v_beneficiary_clabe!,
  beneficiaryBankCode: m.v_beneficiary_bank_code!,
  beneficiaryName: m.v_beneficiary_name ?? '',
  senderClabe: m.v_source_clabe ?? '',
  senderName: m.v_source_name ?? '',
  concept: m.v_concept ?? '',
  reference: m.v_reference ?? '',
});

/** The submission job: a pending order goes to the rail (a cancelled or removed one is skipped). */
export async function submitSpeiOut(tx: Tx, rail: SpeiRail, movementId: string, now: Date): Promise<MovementRow | null> {
  const [m] = await tx.select().from(businessMovements).where(eq(businessMovements.v_uid, movementId)).for('update');
  if (!m || m.i_status !== S.pendiente) return null;
  const internal = await deliverInternally(tx, m, now);
  if (internal) return internal;
  const ack = await rail.submitOrder(tx, orderOf(m), now);
  if (!ack.accepted) return refused(tx, rail, m, ack.reason);
  const [row] = await tx
    .update(businessMovements)
    .set({ i_status: S.enviada, i_previous_status: m.i_status, v_rail: rail.name, v_rail_id: ack.railId, d_sent_at: now, d_update_at: sql`now()` })
    .where(eq(businessMovements.v_uid, m.v_uid))
    .returning();
  return row!;
}

/**
 * The batch submission job (a dispersion chunk): the pending orders among `movementIds` are locked
 * and go to the rail in one call, and the accepted ones are marked sent in one statement, all in
 * the job's transaction (a crash sends none of them; the job runs again).
 */
export async function submitSpeiOutBatch(tx: Tx, rail: SpeiRail, movementIds: string[], now: Date): Promise<void> {
  const locked = await tx
    .select()
    .from(businessMovements)
    .where(sql`${businessMovements.v_uid} IN (SELECT unnest(${pgArray(movementIds)}::uuid[]))`)
    .orderBy(businessMovements.v_uid)
    .for('update');
  const toRail: MovementRow[] = [];
  for (const m of locked) if (m.i_status === S.pendiente && !(await deliverInternally(tx, m, now))) toRail.push(m);
  if (toRail.length === 0) return;
  const acks = await rail.submitOrders(tx, toRail.map(orderOf), now);
  const sent: Array<{ id: string; railId: string }> = [];
  for (const [i, ack] of acks.entries()) {
    if (ack.accepted) sent.push({ id: toRail[i]!.v_uid, railId: ack.railId });
    else await refused(tx, rail, toRail[i]!, ack.reason);
  }
  if (sent.length === 0) return;
  await tx.execute(sql`
    UPDATE ${businessMovements} m SET i_status = ${S.enviada}, i_previous_status = m.i_status, v_rail = ${rail.name}, v_rail_id = x.rail_id, d_sent_at = ${now.toISOString()}::timestamptz, d_update_at = now()
      FROM unnest(${pgArray(sent.map((s) => s.id))}::uuid[], ${pgArray(sent.map((s) => s.railId))}::text[]) AS x(id, rail_id)
     WHERE m.v_uid = x.id`);
}

/** A wallet's CLABE: delivered inside the ledger, no trip through the rail (spei/wallet.ts); null for any other CLABE. */
const deliverInternally = (tx: Tx, m: MovementRow, now: Date) =>
  deliverToWallet(tx, m, now, async (e) => {
    if (e.type === 'settle') await tx.update(businessMovements).set({ v_rail: 'interno', d_sent_at: now }).where(eq(businessMovements.v_uid, m.v_uid));
    return (await applyRailEvent(tx, { ...e, trackingKey: m.v_tracking_key!, operationDate: m.d_operation_date }, now)).movement;
  });

/** The rail refused the order: its hold is released and it ends rejected. */
async function refused(tx: Tx, rail: SpeiRail, m: MovementRow, reason: string): Promise<MovementRow> {
  await releaseHold(tx, { reference: holdReference(m.v_uid), reason: 'rejected' });
  const [row] = await tx
    .update(businessMovements)
    .set({ i_status: S.rechazada, i_previous_status: m.i_status, v_rail: rail.name, v_error_detail: reason, d_update_at: sql`now()` })
    .where(eq(businessMovements.v_uid, m.v_uid))
    .returning();
  await notifyMovement(tx, 'spei.rejected', row!);
  await emitSpeiOutOutcome(tx, m, row!);
  await walletOrderChanged(tx, row!);
  return row!;
}

/** An external rail's own id for an order it accepted after the order was queued (STP answers later). */
export async function recordRailId(tx: Tx, movementId: string, railId: string): Promise<void> {
  await tx
    .update(businessMovements)
    .set({ v_rail_id: railId, d_update_at: sql`now()` })
    .where(eq(businessMovements.v_uid, movementId));
}

export interface RailEventResult {
  applied: boolean;
  movement: MovementRow | null;
}

/**
 * Applies a rail outcome to an outgoing order, exactly once: the order row is locked, and the
 * ledger's hold moves from 'held' only once (a second delivery, or a settle after a return,
 * changes nothing and answers applied: false). A return after settlement posts the amount back
 * (kind 'spei-out-return', once per order); the commission stays charged.
 */
export async function applyRailEvent(tx: Tx, event: RailEvent, now: Date): Promise<RailEventResult> {
  const [m] = await tx
    .select()
    .from(businessMovements)
    .where(
      and(
        eq(businessMovements.v_type, 'SPEI_OUT'),
        eq(businessMovements.v_tracking_key, event.trackingKey),
        eq(businessMovements.d_operation_date, event.operationDate),
      ),
    )
    .for('update');
  if (!m) throw notFound(`Orden SPEI no encontrada: ${event.trackingKey}`);
  const set = async (values: Partial<typeof businessMovements.$inferInsert>) => {
    const [row] = await tx
      .update(businessMovements)
      .set({ ...values, i_previous_status: m.i_status, d_update_at: sql`now()` })
      .where(eq(businessMovements.v_uid, m.v_uid))
      .returning();
    await emitSpeiOutOutcome(tx, m, row!);
    await walletOrderChanged(tx, row!);
    return row!;
  };

  if (event.type === 'settle') {
    if (m.i_status !== S.enviada && m.i_status !== S.pendiente) return { applied: false, movement: m };
    const account = await accountOfMovement(tx, m);
    const moved = await settleHold(tx, {
      reference: holdReference(m.v_uid),
      kind: 'spei-out',
      transactionReference: m.v_uid,
      memo: memoOf(m),
      postings: legs([
        { accountId: account.id, amountCents: -m.n_amount_cents, leg: 'amount' },
        { accountId: account.id, amountCents: -m.n_commission_cents, leg: 'commission' },
        { accountId: account.id, amountCents: -m.n_iva_cents, leg: 'iva' },
        { book: 'spei-clearing', amountCents: m.n_amount_cents, leg: 'amount' },
        { book: 'commission-income', amountCents: m.n_commission_cents, leg: 'commission' },
        { book: 'iva-payable', amountCents: m.n_iva_cents, leg: 'iva' },
      ]),
    });
    if (!moved.applied) return { applied: false, movement: m };
    const row = await set({
      i_status: S.liquidada,
      d_settled_at: now,
      v_uid_transaction: moved.transaction?.transactionId ?? null,
      ...(event.railId ? { v_rail_id: event.railId } : {}),
    });
    await notifyMovement(tx, 'spei.settled', row);
    return { applied: true, movement: row };
  }

  if (event.type === 'return' || event.type === 'reject') {
    const reason = event.reason ?? (event.type === 'return' ? 'Devolución' : 'Rechazada');
    if (m.i_status === S.enviada || m.i_status === S.pendiente) {
      const released = await releaseHold(tx, { reference: holdReference(m.v_uid), reason: event.type === 'return' ? 'returned' : 'rejected' });
      if (!released.applied) return { applied: false, movement: m };
      const row = await set({
        i_status: event.type === 'return' ? S.devuelta : S.rechazada,
        v_error_detail: reason,
        v_return_tracking_key: event.returnTrackingKey ?? null,
        ...(event.type === 'return' ? { d_returned_at: now } : {}),
      });
      await notifyMovement(tx, event.type === 'return' ? 'spei.returned' : 'spei.rejected', row);
      return { applied: true, movement: row };
    }
    if (event.type === 'return' && m.i_status === S.liquidada) {
      const account = await accountOfMovement(tx, m);
      const back = await postTransaction(tx, {
        kind: 'spei-out-return',
        reference: m.v_uid,
        memo: { ...memoOf(m), returnTrackingKey: event.returnTrackingKey ?? null, reason },
        postings: [
          { accountId: account.id, amountCents: m.n_amount_cents, leg: 'amount' },
          { book: 'spei-clearing', amountCents: -m.n_amount_cents, leg: 'amount' },
        ],
      });
      if (!back.created) return { applied: false, movement: m };
      const row = await set({ i_status: S.devuelta, v_error_detail: reason, v_return_tracking_key: event.returnTrackingKey ?? null, d_returned_at: now });
      await notifyMovement(tx, 'spei.returned', row);
      return { applied: true, movement: row };
    }
  }
  return { applied: false, movement: m };
}

/** The account an order's hold was placed on: a card's, or the tenant's main one (it exists: the hold is on it). */
async function accountOfMovement(db: DbOrTx, m: MovementRow): Promise<LedgerAccount> {
  const account = m.v_uid_account ? await getAccount(db, m.v_uid_account) : await getAccountByCode(db, customerAccountCode(m.v_client));
  if (!account) throw new Error(`La cuenta contable de ${m.v_client} no existe`);
  return account;
}
