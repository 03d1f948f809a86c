/**
 * SPEI out, its pending life (cancel, remove), the rail's outcomes, SPEI in and deposits. Every
 * function that moves money takes the caller's transaction (withIdempotency's); the ledger does
 * the money (holds for SPEI out, postings for everything else) and this module keeps the order.
 *
 *   SPEI out accepted  → hold amount + commission + IVA on the business account   (status 0)
 *   sent to the rail   → nothing moves                                              (status 1)
 *   settled            → hold posted: business −amount −commission −IVA;
 *                        spei-clearing +amount, commission-income +commission,
 *                        iva-payable +IVA (separate legs)                          (status 2)
 *   returned/rejected  → hold released                                             (status 3/4)
 *   cancel/remove      → hold released (only while status 0)                       (status 5/6)
 *   SPEI in / deposit  → business +amount −commission −IVA; spei-clearing −amount,
 *                        commission-income +commission, iva-payable +IVA            (status 2)
 */
import { randomUUID } from 'node:crypto';
import {
  MOVEMENT_STATUS,
  MOVEMENT_STATUS_NAMES,
  MOVEMENT_TYPE_NAMES,
  SPEI_MESSAGES,
  isFuturePaymentDay,
  amountOut,
  bankByClabePrefix,
  formatCurrency,
  speiInCharges,
  speiOutCharges,
  validateClabe,
  type BusinessMovement,
  type MovementType,
} from '@far/contracts';
import { and, count, desc, eq, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { fieldError, notFound, rule } from '../../platform/errors';
import { likePattern, listTotal } from '../../platform/paging';
import { iso } from '../../platform/reply';
import { recordActivity } from '../audit';
import { assertBusinessActive, businessName, findBusinessByAccountNumber, type BusinessRow } from '../businesses';
import { enqueueJob } from '../jobs';
import { INSUFFICIENT_FUNDS, balanceOf, customerAccountCode, getAccountByCode, openAccount, placeHold, postTransaction, releaseHold, settleHold, type LedgerAccount, type PostingInput } from '../ledger';
import { businessLedgerBalance, checkLimits, effectiveLimits, effectiveSpeiConfig } from '../pricing';
import { businessFor, clabeAccountOf, registeredAccountByClabe } from './accounts';
import type { RailEvent, RailOrder, SpeiRail } from './rail';
import { MOVEMENT_SEARCH_TEXT, businessMovements } from './schema';
import { addDays, compactDate, dayBounds, mexicoDate, mexicoMidnight, monthOf } from './time';

const SECTION = 'Transferencias';
const S = MOVEMENT_STATUS;
export const MOVEMENT_NOT_FOUND = 'Movimiento no encontrado';
export const SPEI_OUT_DISABLED = 'El envío SPEI está deshabilitado para esta cuenta';
export const NOT_CANCELLABLE = 'Solo se puede cancelar o eliminar una transferencia pendiente que aún no se envía';
export const SUBMIT_JOB = 'spei.submit';
/** The business CLABEs are STP's (646). */
const PROVIDER_BANK = '646';

export type MovementRow = typeof businessMovements.$inferSelect;

export const holdReference = (movementId: string) => `spei-out:${movementId}`;

const bankName = (code: string | null) => (code ? (bankByClabePrefix(code)?.name ?? null) : null);

export function movementOut(r: MovementRow, remaining: bigint | null = null): BusinessMovement {
  return {
    Id: r.v_uid,
    BusinessId: r.v_uid_business,
    IdClientBusiness: r.v_client,
    MovementType: r.v_type,
    MovementName: MOVEMENT_TYPE_NAMES[r.v_type],
    MovementAmount: amountOut(r.n_amount_cents),
    Commission: amountOut(r.n_commission_cents),
    IVA: amountOut(r.n_iva_cents),
    TotalAmount: amountOut(r.n_total_cents),
    MovementDate: iso(r.d_create_at)!,
    MovementUpdateDate: iso(r.d_update_at)!,
    MovementDateScheduled: iso(r.d_scheduled_at),
    PaymentDay: r.d_payment_day,
    RemainingBalance: remaining === null ? null : amountOut(remaining),
    SourceAccount: { Clabe: r.v_source_clabe, BankCode: r.v_source_bank_code, BankName: bankName(r.v_source_bank_code), Name: r.v_source_name },
    Beneficiary: { Clabe: r.v_beneficiary_clabe, BankCode: r.v_beneficiary_bank_code, BankName: bankName(r.v_beneficiary_bank_code), Name: r.v_beneficiary_name },
    BeneficiaryAccountClabe: r.v_beneficiary_clabe,
    BankCode: r.v_beneficiary_bank_code,
    BankName: bankName(r.v_beneficiary_bank_code),
    ClabeAccountId: r.v_uid_clabe_account,
    Alias: r.v_alias,
    Concept: r.v_concept,
    Reference: r.v_reference,
    TrackingKey: r.v_tracking_key,
    OperationDate: r.d_operation_date,
    OrderOPMId: r.v_rail_id,
    DispersionId: r.v_uid_dispersion,
    StatusBusinessMovement: r.i_status,
    StatusName: MOVEMENT_STATUS_NAMES[r.i_status] ?? String(r.i_status),
    PreviousStatusBusinessMovement: r.i_previous_status,
    ChangedByUserEmail: r.v_changed_by_email,
    ErrorDetail: r.v_error_detail,
    ReturnTrackingKey: r.v_return_tracking_key,
    SentAt: iso(r.d_sent_at),
    SettledAt: iso(r.d_settled_at),
    ReturnedAt: iso(r.d_returned_at),
    CanCancel: r.v_type === 'SPEI_OUT' && r.i_status === S.pendiente,
  };
}

// ---- the business's ledger account ------------------------------------------------------------------

const businessAccount = (tx: Tx, b: BusinessRow): Promise<LedgerAccount> => openAccount(tx, { ownerKind: 'business', owner: b.v_client, name: businessName(b) });

/** §3 Balance of a business (account = its CLABE). */
export async function businessBalance(db: DbOrTx, b: BusinessRow) {
  const bal = await businessLedgerBalance(db, b);
  return { balance: amountOut(bal.balance), transitBalance: amountOut(bal.transitBalance), account: b.v_account_number, availableBalance: amountOut(bal.availableBalance) };
}

export async function getBusinessBalance(db: DbOrTx, actor: Actor, businessId: string | undefined) {
  return businessBalance(db, await businessFor(db, actor, businessId));
}

// ---- limits: what was already sent ------------------------------------------------------------------

/** Orders that count against limits: accepted and not cancelled, removed, rejected or returned. */
const COUNTED = [S.pendiente, S.enviada, S.liquidada];

async function outgoingSum(db: DbOrTx, businessId: string, from: Date, to: Date, clabe?: string): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${businessMovements.n_amount_cents}), 0)::text` })
    .from(businessMovements)
    .where(
      and(
        eq(businessMovements.v_uid_business, businessId),
        eq(businessMovements.v_type, 'SPEI_OUT'),
        inArray(businessMovements.i_status, COUNTED),
        gte(businessMovements.d_create_at, from),
        lt(businessMovements.d_create_at, to),
        clabe ? eq(businessMovements.v_beneficiary_clabe, clabe) : undefined,
      ),
    );
  return BigInt(row?.total ?? '0');
}

/** SPEI-out amounts already counted today and this month (America/Mexico_City). */
export async function speiOutUsage(db: DbOrTx, businessId: string, now = new Date()): Promise<{ today: bigint; month: bigint }> {
  const [dayStart, dayEnd] = dayBounds(mexicoDate(now));
  const [monthStart, monthEnd] = monthOf(now);
  return { today: await outgoingSum(db, businessId, dayStart, dayEnd), month: await outgoingSum(db, businessId, monthStart, monthEnd) };
}

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
}

interface Destination {
  clabe: string;
  bankCode: string;
  name: string;
  rfc: string | null;
  alias: string | null;
  accountId: string | null;
  dailyLimit: bigint | null;
}

interface SpeiOutPlan {
  business: BusinessRow;
  destination: Destination;
  charges: ReturnType<typeof speiOutCharges>;
  limits: Awaited<ReturnType<typeof effectiveLimits>>;
  operationDate: string;
  scheduledAt: Date | null;
}

/** Every check that needs no lock (the route has checked who): whether SPEI out is on, where to, how much, the per-operation limit. */
async function planSpeiOut(db: DbOrTx, actor: Actor, input: SpeiOutInput, now: Date): Promise<SpeiOutPlan> {
  const business = await assertBusinessActive(db, actor.client);
  const config = await effectiveSpeiConfig(db, business.v_uid);
  if (!config.enableSpeiOut) throw rule(SPEI_OUT_DISABLED);

  let destination: Destination;
  if (input.clabeAccountId) {
    const a = await clabeAccountOf(db, business.v_uid, input.clabeAccountId);
    if (!a.b_active) throw rule('La cuenta está desactivada');
    if (a.v_usage_scope === 'DISPERSION') throw rule('Esta cuenta solo puede usarse para dispersiones');
    destination = { clabe: a.v_clabe, bankCode: a.v_bank_code, name: input.beneficiaryName ?? a.v_account_holder_name, rfc: a.v_rfc, alias: input.alias ?? a.v_alias, accountId: a.v_uid, dailyLimit: a.n_daily_transfer_limit_cents };
  } else {
    const checked = validateClabe(input.clabe ?? '');
    if (!checked.ok) throw fieldError('Clabe', checked.message, checked.key);
    // A CLABE typed by hand that is registered is that account: its own daily limit applies.
    const registered = await registeredAccountByClabe(db, business.v_uid, checked.clabe);
    if (registered?.v_usage_scope === 'DISPERSION') throw rule('Esta cuenta solo puede usarse para dispersiones');
    destination = {
      clabe: checked.clabe,
      bankCode: checked.bankCode,
      name: input.beneficiaryName ?? registered?.v_account_holder_name ?? '',
      rfc: input.beneficiaryRfc ?? registered?.v_rfc ?? null,
      alias: input.alias ?? registered?.v_alias ?? null,
      accountId: registered?.v_uid ?? null,
      dailyLimit: registered?.n_daily_transfer_limit_cents ?? null,
    };
  }
  if (destination.clabe === business.v_account_number) throw rule('No puedes transferir a tu propia cuenta');
  const operationDate = mexicoDate(now);
  let scheduledAt: Date | null = null;
  if (input.paymentDay) {
    if (!isFuturePaymentDay(input.paymentDay, operationDate)) throw fieldError('PaymentDay', SPEI_MESSAGES.paymentDay, 'future');
    if (input.paymentDay > addDays(operationDate, 366)) throw fieldError('PaymentDay', 'La fecha de pago no puede ser posterior a un año', 'max');
    scheduledAt = mexicoMidnight(input.paymentDay);
  }
  const charges = speiOutCharges(input.amount, config.commissionSpeiOutCents);
  const limits = await effectiveLimits(db, business.v_client);
  checkLimits(limits, { amount: input.amount });
  return { business, destination, charges, limits, operationDate, scheduledAt };
}

async function checkAccountLimit(db: DbOrTx, plan: SpeiOutPlan, now: Date): Promise<void> {
  const limit = plan.destination.dailyLimit;
  if (limit === null) return;
  const [from, to] = dayBounds(mexicoDate(now));
  const used = await outgoingSum(db, plan.business.v_uid, from, to, plan.destination.clabe);
  if (used + plan.charges.amountCents > limit) {
    throw rule(`Excede el límite diario de transferencias de la cuenta ${plan.destination.alias ?? plan.destination.clabe.slice(-4)} de ${formatCurrency(limit)}`);
  }
}

/**
 * The checks of sendSpeiOut without writing or locking anything, so that a refusal is answered
 * before the security code is spent. sendSpeiOut repeats all of them under the lock.
 */
export async function preflightSpeiOut(db: DbOrTx, actor: Actor, input: SpeiOutInput, now = new Date()): Promise<void> {
  const plan = await planSpeiOut(db, actor, input, now);
  const { availableBalance } = await businessLedgerBalance(db, plan.business);
  if (availableBalance < plan.charges.totalCents) throw rule(INSUFFICIENT_FUNDS);
  const usage = await speiOutUsage(db, plan.business.v_uid, now);
  checkLimits(plan.limits, { amount: input.amount, today: usage.today, month: usage.month });
  await checkAccountLimit(db, plan, now);
}

/** Whether this user already has an order under this idempotency scope (then the call is a replay). */
export async function hasOrderForKey(db: DbOrTx, userId: string, idempotencyKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: businessMovements.v_uid })
    .from(businessMovements)
    .where(and(eq(businessMovements.v_uid_user, userId), eq(businessMovements.v_idempotency_key, idempotencyKey)));
  return !!row;
}

async function nextTrackingKey(tx: Tx, operationDate: string): Promise<string> {
  const result = (await tx.execute(sql`SELECT nextval('spei_tracking_seq')::text AS n`)) as unknown as { rows: Array<{ n: string }> };
  // 'FAR' + yyyymmdd + 10 digits = 21 upper-case letters and digits (≤ 29); the sequence never repeats.
  return `FAR${compactDate(operationDate)}${result.rows[0]!.n.padStart(10, '0')}`;
}

/**
 * Accepts a SPEI out: holds amount + commission + IVA and queues the order for the rail. The
 * daily and monthly limits are summed after the hold has locked the business's ledger account,
 * so two transfers of one business at once are counted one after the other.
 */
export async function sendSpeiOut(tx: Tx, actor: Actor, input: SpeiOutInput, now = new Date()): Promise<BusinessMovement> {
  const plan = await planSpeiOut(tx, actor, input, now);
  const { business, destination, charges } = plan;
  const account = await businessAccount(tx, business);
  const id = randomUUID();
  // Locks the business's ledger account row until commit; refuses 'Saldo insuficiente'.
  await placeHold(tx, { accountId: account.id, amountCents: charges.totalCents, reference: holdReference(id) });
  const usage = await speiOutUsage(tx, business.v_uid, now);
  checkLimits(plan.limits, { amount: charges.amountCents, today: usage.today, month: usage.month });
  await checkAccountLimit(tx, plan, now);
  const [row] = await tx
    .insert(businessMovements)
    .values({
      v_uid: id,
      v_uid_business: business.v_uid,
      v_client: business.v_client,
      v_type: 'SPEI_OUT',
      i_status: S.pendiente,
      n_amount_cents: charges.amountCents,
      n_commission_cents: charges.commissionCents,
      n_iva_cents: charges.ivaCents,
      n_total_cents: charges.totalCents,
      v_source_clabe: business.v_account_number,
      v_source_bank_code: PROVIDER_BANK,
      v_source_name: businessName(business),
      v_beneficiary_clabe: destination.clabe,
      v_beneficiary_bank_code: destination.bankCode,
      v_beneficiary_name: destination.name,
      v_beneficiary_rfc: destination.rfc,
      v_uid_clabe_account: destination.accountId,
      v_alias: destination.alias,
      v_concept: input.concept,
      v_reference: input.reference,
      v_tracking_key: await nextTrackingKey(tx, plan.operationDate),
      d_operation_date: plan.operationDate,
      d_scheduled_at: plan.scheduledAt,
      d_payment_day: input.paymentDay ?? null,
      v_uid_user: actor.userId,
      v_idempotency_key: input.idempotencyKey ?? null,
    })
    .returning();
  await enqueueJob(tx, { kind: SUBMIT_JOB, payload: { movementId: id }, runAt: plan.scheduledAt ?? now, uniqueKey: `${SUBMIT_JOB}:${id}` });
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Agregar',
    activity: `Envió una transferencia SPEI de ${formatCurrency(charges.amountCents)} a ${destination.name} (${bankName(destination.bankCode)}, terminación ${destination.clabe.slice(-4)})`,
    detail: { movement: id, trackingKey: row!.v_tracking_key, total: amountOut(charges.totalCents) },
  });
  const after = await balanceOf(tx, account.id);
  return movementOut(row!, after.availableBalance);
}

// ---- finding a movement, with its tenant --------------------------------------------------------------

/** A movement the caller may reach (404 for another tenant's), optionally locked. */
export async function movementFor(db: DbOrTx, actor: Actor, id: string, lock = false): Promise<MovementRow> {
  const where = and(eq(businessMovements.v_uid, id), actor.kind === 'FAR' ? undefined : eq(businessMovements.v_client, actor.client));
  const q = db.select().from(businessMovements).where(where);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(MOVEMENT_NOT_FOUND);
  return row;
}

/**
 * Cancels ('cancel': status 5, kept in history) or removes ('remove': status 6, left out of the
 * lists) a SPEI out that is still pending and not sent; the hold is released.
 */
export async function cancelSpeiOut(tx: Tx, actor: Actor, id: string, mode: 'cancel' | 'remove'): Promise<BusinessMovement> {
  const m = await movementFor(tx, actor, id, true);
  if (m.v_type !== 'SPEI_OUT') throw notFound(MOVEMENT_NOT_FOUND);
  if (m.i_status !== S.pendiente) throw rule(NOT_CANCELLABLE);
  await releaseHold(tx, { reference: holdReference(m.v_uid), reason: mode === 'cancel' ? 'cancelled' : 'removed' });
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
export async function editPendingSpeiOut(tx: Tx, actor: Actor, id: string, d: { beneficiaryName?: string; alias?: string; reference?: string; concept?: string }): Promise<MovementRow> {
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
  await recordActivity(tx, { actor, section: SECTION, action: 'Editar', activity: `Modificó la transferencia pendiente ${m.v_tracking_key}`, detail: { movement: m.v_uid } });
  return row!;
}

// ---- the rail: submission and outcomes -----------------------------------------------------------------

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
  const ack = await rail.submitOrder(tx, orderOf(m), now);
  if (ack.accepted) {
    const [row] = await tx
      .update(businessMovements)
      .set({ i_status: S.enviada, i_previous_status: m.i_status, v_rail: rail.name, v_rail_id: ack.railId, d_sent_at: now, d_update_at: sql`now()` })
      .where(eq(businessMovements.v_uid, m.v_uid))
      .returning();
    return row!;
  }
  await releaseHold(tx, { reference: holdReference(m.v_uid), reason: 'rejected' });
  const [row] = await tx
    .update(businessMovements)
    .set({ i_status: S.rechazada, i_previous_status: m.i_status, v_rail: rail.name, v_error_detail: ack.reason, d_update_at: sql`now()` })
    .where(eq(businessMovements.v_uid, m.v_uid))
    .returning();
  return row!;
}

const memoOf = (m: MovementRow) => ({
  movementId: m.v_uid,
  type: m.v_type,
  trackingKey: m.v_tracking_key,
  concept: m.v_concept,
  reference: m.v_reference,
  counterparty: m.v_type === 'SPEI_OUT' ? m.v_beneficiary_name : m.v_source_name,
});

/** Non-zero legs only (the ledger refuses a zero posting). */
const legs = (list: PostingInput[]) => list.filter((l) => l.amountCents !== 0n);

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
    .where(and(eq(businessMovements.v_type, 'SPEI_OUT'), eq(businessMovements.v_tracking_key, event.trackingKey), eq(businessMovements.d_operation_date, event.operationDate)))
    .for('update');
  if (!m) throw notFound(`Orden SPEI no encontrada: ${event.trackingKey}`);
  const set = (values: Partial<typeof businessMovements.$inferInsert>) =>
    tx
      .update(businessMovements)
      .set({ ...values, i_previous_status: m.i_status, d_update_at: sql`now()` })
      .where(eq(businessMovements.v_uid, m.v_uid))
      .returning()
      .then((r) => r[0]!);

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
    const row = await set({ i_status: S.liquidada, d_settled_at: now, v_uid_transaction: moved.transaction?.transactionId ?? null, ...(event.railId ? { v_rail_id: event.railId } : {}) });
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
      return { applied: true, movement: row };
    }
  }
  return { applied: false, movement: m };
}

/** The business account an order's hold was placed on (it exists: the hold is on it). */
async function accountOfMovement(db: DbOrTx, m: MovementRow): Promise<LedgerAccount> {
  const account = await getAccountByCode(db, customerAccountCode(m.v_client));
  if (!account) throw new Error(`La cuenta contable de ${m.v_client} no existe`);
  return account;
}

// ---- money in: SPEI in and deposits --------------------------------------------------------------

export interface IncomingInput {
  beneficiaryClabe: string;
  amount: bigint;
  senderName: string;
  senderClabe: string;
  concept: string;
  reference?: string;
  trackingKey: string;
  operationDate: string;
}

function creditLegs(account: LedgerAccount, charges: ReturnType<typeof speiInCharges>): PostingInput[] {
  return legs([
    { accountId: account.id, amountCents: charges.amountCents, leg: 'amount' },
    { accountId: account.id, amountCents: -charges.commissionCents, leg: 'commission' },
    { accountId: account.id, amountCents: -charges.ivaCents, leg: 'iva' },
    { book: 'spei-clearing', amountCents: -charges.amountCents, leg: 'amount' },
    { book: 'commission-income', amountCents: charges.commissionCents, leg: 'commission' },
    { book: 'iva-payable', amountCents: charges.ivaCents, leg: 'iva' },
  ]);
}

async function incomingCharges(db: DbOrTx, businessId: string, amount: bigint) {
  const config = await effectiveSpeiConfig(db, businessId);
  const charges = speiInCharges(amount, config.commissionSpeiInBp);
  if (charges.totalCents <= 0n) throw rule('La comisión excede el monto recibido');
  return charges;
}

/**
 * Credits an incoming SPEI order to the business that owns the CLABE, with the SPEI-in
 * commission and its IVA as separate postings. The same order (tracking key, operation day and
 * sending bank) is credited once: a second delivery answers the first with duplicate: true.
 */
export async function receiveIncomingSpei(tx: Tx, input: IncomingInput, actor: Actor | null): Promise<{ movement: MovementRow; duplicate: boolean }> {
  const sender = validateClabe(input.senderClabe);
  const senderBank = sender.ok ? sender.bankCode : input.senderClabe.slice(0, 3);
  const sameOrder = and(
    eq(businessMovements.v_type, 'SPEI_IN'),
    eq(businessMovements.v_tracking_key, input.trackingKey),
    eq(businessMovements.d_operation_date, input.operationDate),
    eq(businessMovements.v_source_bank_code, senderBank),
  );
  const [seen] = await tx.select().from(businessMovements).where(sameOrder);
  if (seen) return { movement: seen, duplicate: true };
  const target = await findBusinessByAccountNumber(tx, input.beneficiaryClabe);
  if (!target) throw notFound('La CLABE no corresponde a ninguna empresa');
  const business = await assertBusinessActive(tx, target.v_client);
  const charges = await incomingCharges(tx, business.v_uid, input.amount);
  const id = randomUUID();
  const inserted = await tx
    .insert(businessMovements)
    .values({
      v_uid: id,
      v_uid_business: business.v_uid,
      v_client: business.v_client,
      v_type: 'SPEI_IN',
      i_status: S.liquidada,
      n_amount_cents: charges.amountCents,
      n_commission_cents: charges.commissionCents,
      n_iva_cents: charges.ivaCents,
      n_total_cents: charges.totalCents,
      v_source_clabe: input.senderClabe,
      v_source_bank_code: senderBank,
      v_source_name: input.senderName,
      v_beneficiary_clabe: business.v_account_number,
      v_beneficiary_bank_code: PROVIDER_BANK,
      v_beneficiary_name: businessName(business),
      v_concept: input.concept,
      v_reference: input.reference ?? null,
      v_tracking_key: input.trackingKey,
      d_operation_date: input.operationDate,
      d_settled_at: sql`now()`,
      v_uid_user: actor?.userId ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted.length === 0) {
    // A concurrent delivery of the same order committed first (we waited on the unique index).
    const [first] = await tx.select().from(businessMovements).where(sameOrder);
    if (!first) throw new Error(`receiveIncomingSpei: ${input.trackingKey} no se escribió ni existe`);
    return { movement: first, duplicate: true };
  }
  const row = inserted[0]!;
  const account = await businessAccount(tx, business);
  const moved = await postTransaction(tx, { kind: 'spei-in', reference: id, memo: memoOf(row), postings: creditLegs(account, charges) });
  const [final] = await tx.update(businessMovements).set({ v_uid_transaction: moved.transactionId }).where(eq(businessMovements.v_uid, id)).returning();
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Agregar',
    activity: `SPEI recibido de ${formatCurrency(charges.amountCents)} de ${input.senderName} para ${businessName(business)} (${input.trackingKey})`,
    detail: { movement: id, business: business.v_uid },
  });
  return { movement: final!, duplicate: false };
}

/** A credit registered by staff (business/{id}/deposit): like a SPEI in, with its commission and IVA. */
export async function depositToBusiness(tx: Tx, actor: Actor, businessId: string, d: { amount: bigint; concept?: string; reference?: string; senderName?: string }, now = new Date()): Promise<BusinessMovement> {
  const found = await businessFor(tx, actor, businessId);
  const business = await assertBusinessActive(tx, found.v_client);
  const charges = await incomingCharges(tx, business.v_uid, d.amount);
  const id = randomUUID();
  const [row] = await tx
    .insert(businessMovements)
    .values({
      v_uid: id,
      v_uid_business: business.v_uid,
      v_client: business.v_client,
      v_type: 'DEPOSIT',
      i_status: S.liquidada,
      n_amount_cents: charges.amountCents,
      n_commission_cents: charges.commissionCents,
      n_iva_cents: charges.ivaCents,
      n_total_cents: charges.totalCents,
      v_source_name: d.senderName ?? null,
      v_beneficiary_clabe: business.v_account_number,
      v_beneficiary_bank_code: PROVIDER_BANK,
      v_beneficiary_name: businessName(business),
      v_concept: d.concept ?? 'Deposito',
      v_reference: d.reference ?? null,
      d_operation_date: mexicoDate(now),
      d_settled_at: sql`now()`,
      v_uid_user: actor.userId,
    })
    .returning();
  const account = await businessAccount(tx, business);
  const moved = await postTransaction(tx, { kind: 'deposit', reference: id, memo: memoOf(row!), postings: creditLegs(account, charges) });
  const [final] = await tx.update(businessMovements).set({ v_uid_transaction: moved.transactionId }).where(eq(businessMovements.v_uid, id)).returning();
  await recordActivity(tx, {
    actor,
    section: 'Cuentas Business',
    action: 'Agregar',
    activity: `Registró un depósito de ${formatCurrency(charges.amountCents)} a ${businessName(business)}`,
    detail: { movement: id, business: business.v_uid },
  });
  const bal = await balanceOf(tx, account.id);
  return movementOut(final!, bal.availableBalance);
}

// ---- lists and figures ---------------------------------------------------------------------------------

export interface MovementFilters {
  from?: string;
  to?: string;
  type?: MovementType;
  status?: number;
  search?: string;
}

function filterConditions(businessId: string, f: MovementFilters): SQL {
  const c: SQL[] = [eq(businessMovements.v_uid_business, businessId)];
  // Removed orders are left out unless asked for by status.
  if (f.status !== undefined) c.push(eq(businessMovements.i_status, f.status));
  else c.push(sql`${businessMovements.i_status} <> ${S.eliminada}`);
  if (f.type) c.push(eq(businessMovements.v_type, f.type));
  if (f.from) c.push(gte(businessMovements.d_create_at, mexicoMidnight(f.from)));
  if (f.to) c.push(lt(businessMovements.d_create_at, mexicoMidnight(addDays(f.to, 1))));
  // Concept, reference, tracking key, names, CLABEs and alias, through one trigram index.
  if (f.search) c.push(ilike(MOVEMENT_SEARCH_TEXT, likePattern(f.search)));
  return and(...c)!;
}

/** A business's movements, newest first, filtered; `limit`/`offset` page them. */
export async function queryMovements(db: DbOrTx, businessId: string, f: MovementFilters, page: { limit: number; offset: number; exact?: boolean }): Promise<{ rows: BusinessMovement[]; total: number }> {
  const where = filterConditions(businessId, f);
  const rows = await db.select().from(businessMovements).where(where).orderBy(desc(businessMovements.d_create_at), desc(businessMovements.v_uid)).limit(page.limit).offset(page.offset);
  // The list reports a capped-or-estimated total (platform/paging.ts); an export needs it exact.
  const total = page.exact ? ((await db.select({ n: count() }).from(businessMovements).where(where))[0]?.n ?? 0) : await listTotal(db, businessMovements, where, { ...page, rows: rows.length });
  return { rows: rows.map((r) => movementOut(r)), total };
}

/** Pending transactions of a business: orders not yet settled (pending or sent), newest first. */
export async function listPendingTransactions(db: DbOrTx, actor: Actor, q: { BusinessId?: string; Page: number; Size: number }) {
  const b = await businessFor(db, actor, q.BusinessId);
  const where = and(eq(businessMovements.v_uid_business, b.v_uid), eq(businessMovements.v_type, 'SPEI_OUT'), inArray(businessMovements.i_status, [S.pendiente, S.enviada]));
  const [total] = await db.select({ n: count() }).from(businessMovements).where(where);
  const rows = await db
    .select()
    .from(businessMovements)
    .where(where)
    .orderBy(desc(businessMovements.d_create_at), desc(businessMovements.v_uid))
    .limit(q.Size)
    .offset((q.Page - 1) * q.Size);
  return { rows: rows.map((r) => movementOut(r)), total: total?.n ?? 0 };
}

/** Orders not yet settled (status 0 and 1): count and held total, for one business or all. */
export async function openOrders(db: DbOrTx, businessId?: string): Promise<{ count: number; total: bigint }> {
  const [row] = await db
    .select({ n: count(), total: sql<string>`coalesce(sum(${businessMovements.n_total_cents}), 0)::text` })
    .from(businessMovements)
    .where(and(eq(businessMovements.v_type, 'SPEI_OUT'), inArray(businessMovements.i_status, [S.pendiente, S.enviada]), businessId ? eq(businessMovements.v_uid_business, businessId) : undefined));
  return { count: row?.n ?? 0, total: BigInt(row?.total ?? '0') };
}

/** SPEI volume of a Mexico City day: orders out accepted (not cancelled, removed or rejected) and orders in. */
export async function speiVolume(db: DbOrTx, day: string): Promise<{ out: { count: number; amount: bigint }; in: { count: number; amount: bigint } }> {
  const [from, to] = dayBounds(day);
  const sum = async (type: 'SPEI_OUT' | 'SPEI_IN', statuses: number[]) => {
    const [row] = await db
      .select({ n: count(), total: sql<string>`coalesce(sum(${businessMovements.n_amount_cents}), 0)::text` })
      .from(businessMovements)
      .where(and(eq(businessMovements.v_type, type), inArray(businessMovements.i_status, statuses), gte(businessMovements.d_create_at, from), lt(businessMovements.d_create_at, to)));
    return { count: row?.n ?? 0, amount: BigInt(row?.total ?? '0') };
  };
  return { out: await sum('SPEI_OUT', [S.pendiente, S.enviada, S.liquidada, S.devuelta]), in: await sum('SPEI_IN', [S.liquidada]) };
}

/** The movements behind ledger transactions (statement lines carry their movement id in the memo). */
export async function movementsByIds(db: DbOrTx, ids: string[]): Promise<Map<string, MovementRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(businessMovements).where(inArray(businessMovements.v_uid, ids));
  return new Map(rows.map((r) => [r.v_uid, r]));
}
