// Money in: SPEI in and deposits registered by staff (overview in movement.ts).
import { randomUUID } from 'node:crypto';
import { MOVEMENT_STATUS, formatCurrency, speiInCharges, validateClabe, type BusinessMovement } from '@far/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { notFound, rule } from '../../platform/errors';
import { recordActivity } from '../audit';
import { assertBusinessActive, businessName, findBusinessByAccountNumber } from '../businesses';
import { balanceOf, postTransaction, type LedgerAccount, type PostingInput } from '../ledger';
import { effectiveSpeiConfig } from '../pricing';
import { businessFor } from './accounts';
import { PROVIDER_BANK, SECTION, businessAccount, legs, memoOf, movementOut, type MovementRow } from './movement';
import { notifyMovement } from './notices';
import { businessMovements } from './schema';
import { clabeHolder, creditHolder } from './wallet';
import { mexicoDate } from '../../platform/mexico-time';

const S = MOVEMENT_STATUS;

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
export async function receiveIncomingSpei(
  tx: Tx,
  input: IncomingInput,
  actor: Actor | null,
  opts: { quiet?: boolean } = {},
): Promise<{ movement: MovementRow; duplicate: boolean }> {
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
  if (!target) return receiveForWallet(tx, input, senderBank, actor, () => tx.select().from(businessMovements).where(sameOrder));
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
  if (!opts.quiet) await notifyMovement(tx, 'deposit.received', final!);
  return { movement: final!, duplicate: false };
}

/** An incoming SPEI to a wallet's CLABE, with the wallets' SPEI-in commission (spei/wallet.ts). */
async function receiveForWallet(tx: Tx, input: IncomingInput, senderBank: string, actor: Actor | null, firstOf: () => Promise<MovementRow[]>) {
  const holder = await clabeHolder(tx, input.beneficiaryClabe);
  if (!holder) throw notFound('La CLABE no corresponde a ninguna empresa');
  if (!holder.canReceive) throw rule('La cuenta Wallet destino no puede recibir dinero');
  const charges = speiInCharges(input.amount, holder.commissionSpeiInBp);
  if (charges.totalCents <= 0n) throw rule('La comisión excede el monto recibido');
  const row = await creditHolder(tx, holder, charges, {
    v_type: 'SPEI_IN',
    v_source_clabe: input.senderClabe,
    v_source_bank_code: senderBank,
    v_source_name: input.senderName,
    v_concept: input.concept,
    v_reference: input.reference ?? null,
    v_tracking_key: input.trackingKey,
    d_operation_date: input.operationDate,
    v_uid_user: actor?.userId ?? null,
  });
  if (row) {
    await recordActivity(tx, {
      actor,
      section: SECTION,
      action: 'Agregar',
      activity: `SPEI recibido de ${formatCurrency(charges.amountCents)} de ${input.senderName} para el Wallet ${holder.client} (${input.trackingKey})`,
      detail: { movement: row.v_uid },
    });
    return { movement: row, duplicate: false };
  }
  const [first] = await firstOf();
  if (!first) throw new Error(`receiveIncomingSpei: ${input.trackingKey} no se escribió ni existe`);
  return { movement: first, duplicate: true };
}

/** A credit registered by staff (business/{id}/deposit): like a SPEI in, with its commission and IVA. */
export async function depositToBusiness(
  tx: Tx,
  actor: Actor,
  businessId: string,
  d: { amount: bigint; concept?: string; reference?: string; senderName?: string },
  now = new Date(),
): Promise<BusinessMovement> {
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
  await notifyMovement(tx, 'deposit.received', final!);
  const bal = await balanceOf(tx, account.id);
  return movementOut(final!, bal.availableBalance);
}
