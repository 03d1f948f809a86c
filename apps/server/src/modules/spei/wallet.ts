/**
 * Wallet money on the SPEI orders table (issue 11, docs/decisions/0015-wallet.md). A wallet's
 * movements are rows of business_movements whose tenant (v_client) is the wallet user's WAL key and
 * whose v_uid_business holds the wallet user's id, so the rail, its events, proofs and the lists
 * work for them unchanged. The wallet module owns who the holders are; it provides the hooks below
 * (this module cannot import it) that answer "whose CLABE is this".
 */
import { randomUUID } from 'node:crypto';
import { MOVEMENT_STATUS, speiInCharges, type Charges } from '@far/contracts';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { hook } from '../../platform/module';
import { insertFrom } from '../../db/insert-from';
import { POSTED, openAccount, postTransaction, postingWrite, type LedgerAccount, type LockedAccount, type PostingInput } from '../ledger';
import { COUNTED, PROVIDER_BANK, legs, memoOf, type MovementRow } from './movement';
import { businessMovements } from './schema';
import { dayBounds, mexicoDate, monthOf } from '../../platform/mexico-time';

const S = MOVEMENT_STATUS;

/** A wallet user that can receive money at their CLABE. */
export interface ClabeHolder {
  userId: string;
  client: string;
  name: string;
  clabe: string;
  /** Blocked, inactive or deleted users receive nothing (the order is returned). */
  canReceive: boolean;
  /** The wallets' SPEI-in commission (basis points). */
  commissionSpeiInBp: bigint;
}

/**
 * The wallet module owns who the holders are and imports this module, so it provides these hooks
 * in its register (platform/module.ts): whose a CLABE is, whether a business has the holder as
 * strategic ally, and the notices of money received and of a SPEI out's outcome.
 */
export const walletHolderByClabe = hook<(db: DbOrTx, clabe: string) => Promise<ClabeHolder | null>>('spei.walletHolderByClabe');
/** Whether the business has the holder as an active strategic ally. */
export const holderIsAllyOf = hook<(db: DbOrTx, holder: ClabeHolder, businessId: string) => Promise<boolean>>('spei.holderIsAllyOf');
/** Called inside the transaction that credited the holder (the wallet module notifies). */
export const walletReceived = hook<(tx: Tx, holder: ClabeHolder, movement: MovementRow) => Promise<void>>('spei.walletReceived');
/** A wallet's SPEI out settled, came back or was rejected (the wallet module notifies). */
export const walletOrderOutcome = hook<(tx: Tx, movement: MovementRow) => Promise<void>>('spei.walletOrderOutcome');

export const clabeHolder = async (db: DbOrTx, clabe: string | null | undefined): Promise<ClabeHolder | null> => (clabe ? walletHolderByClabe(db, clabe) : null);

/** Called by applyRailEvent after it changed an order: only wallets' orders concern the wallet module. */
export async function walletOrderChanged(tx: Tx, m: MovementRow): Promise<void> {
  if (m.v_client.startsWith('WAL')) await walletOrderOutcome(tx, m);
}

export const walletAccount = (tx: Tx, h: Pick<ClabeHolder, 'client' | 'name'>): Promise<LedgerAccount> =>
  openAccount(tx, { ownerKind: 'wallet', owner: h.client, name: h.name });

/** A credit's legs: the customer gets amount − commission − IVA, against `from` (SPEI clearing by default). */
export function creditLegs(account: LedgerAccount, charges: Charges, from: PostingInput = { book: 'spei-clearing', amountCents: 0n }): PostingInput[] {
  return legs([
    { accountId: account.id, amountCents: charges.amountCents, leg: 'amount' },
    { accountId: account.id, amountCents: -charges.commissionCents, leg: 'commission' },
    { accountId: account.id, amountCents: -charges.ivaCents, leg: 'iva' },
    { ...from, amountCents: -charges.amountCents, leg: 'amount' },
    { book: 'commission-income', amountCents: charges.commissionCents, leg: 'commission' },
    { book: 'iva-payable', amountCents: charges.ivaCents, leg: 'iva' },
  ]);
}

type MovementValues = typeof businessMovements.$inferInsert;
type WalletRowValues = Omit<
  MovementValues,
  'v_uid' | 'v_uid_business' | 'v_client' | 'n_amount_cents' | 'n_commission_cents' | 'n_iva_cents' | 'n_total_cents' | 'i_status' | 'd_operation_date'
> & { d_operation_date?: string };

const holderColumns = (h: ClabeHolder, charges: Charges, now: Date) => ({
  v_uid_business: h.userId,
  v_client: h.client,
  n_amount_cents: charges.amountCents,
  n_commission_cents: charges.commissionCents,
  n_iva_cents: charges.ivaCents,
  n_total_cents: charges.totalCents,
  d_operation_date: mexicoDate(now),
});

/**
 * Credits money received by a wallet (SPEI in, a staff deposit): the order row and its ledger
 * transaction. `onConflictDoNothing` lets a concurrent duplicate of an incoming order lose quietly
 * (null: the caller reads the first).
 */
export async function creditHolder(
  tx: Tx,
  h: ClabeHolder,
  charges: Charges,
  values: WalletRowValues & { v_type: 'SPEI_IN' | 'DEPOSIT' },
  now = new Date(),
): Promise<MovementRow | null> {
  const id = randomUUID();
  const [row] = await tx
    .insert(businessMovements)
    .values({
      v_uid: id,
      ...holderColumns(h, charges, now),
      i_status: S.liquidada,
      v_beneficiary_clabe: h.clabe,
      v_beneficiary_bank_code: PROVIDER_BANK,
      v_beneficiary_name: h.name,
      d_settled_at: now,
      ...values,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  const account = await walletAccount(tx, h);
  const moved = await postTransaction(tx, {
    kind: values.v_type === 'DEPOSIT' ? 'deposit' : 'spei-in',
    reference: id,
    memo: memoOf(row),
    postings: creditLegs(account, charges),
  });
  const [final] = await tx.update(businessMovements).set({ v_uid_transaction: moved.transactionId }).where(eq(businessMovements.v_uid, id)).returning();
  await walletReceived(tx, h, final!);
  return final!;
}

/**
 * Wallet to wallet as parts of the caller's ONE write statement (decision 0030): two order rows
 * (WALLET_OUT for the sender, WALLET_IN for the receiver) and one ledger transaction, on the two
 * accounts the caller's statement before locked (in the ledger's global order, so transfers both
 * ways at once never deadlock). The funds are checked here on the locked rows. `moved_out` and
 * `moved_in` are the rows as written (RETURNING *), for each row of `from`.
 */
export function walletToWalletWrite(
  from: ClabeHolder,
  to: ClabeHolder,
  accounts: { from: string; to: string; locked: Map<string, LockedAccount> },
  charges: Charges,
  values: Pick<MovementValues, 'v_concept' | 'v_uid_user' | 'v_idempotency_key'>,
  now: Date,
  after: SQL,
): { ctes: SQL; outId: string; inId: string; senderBalance: bigint } {
  const outId = randomUUID();
  const inId = randomUUID();
  const parties = {
    v_source_clabe: from.clabe,
    v_source_bank_code: PROVIDER_BANK,
    v_source_name: from.name,
    v_beneficiary_clabe: to.clabe,
    v_beneficiary_bank_code: PROVIDER_BANK,
    v_beneficiary_name: to.name,
    d_settled_at: now,
    i_status: S.liquidada,
    v_concept: values.v_concept,
  };
  const received = { amountCents: charges.amountCents, commissionCents: 0n, ivaCents: 0n, totalCents: charges.amountCents };
  const [a, b] = [{ id: accounts.from }, { id: accounts.to }];
  const memo = memoOf({
    v_uid: outId,
    v_type: 'WALLET_OUT',
    v_tracking_key: null,
    v_concept: values.v_concept ?? null,
    v_reference: null,
    v_source_name: from.name,
    v_beneficiary_name: to.name,
  });
  const posted = postingWrite(
    {
      kind: 'wallet-transfer',
      reference: outId,
      memo: { ...memo, counterparty: to.name, sender: from.name, receivedMovementId: inId },
      postings: legs([
        { accountId: a.id, amountCents: -charges.amountCents, leg: 'amount' },
        { accountId: a.id, amountCents: -charges.commissionCents, leg: 'commission' },
        { accountId: a.id, amountCents: -charges.ivaCents, leg: 'iva' },
        { accountId: b.id, amountCents: charges.amountCents, leg: 'amount' },
        { book: 'commission-income', amountCents: charges.commissionCents, leg: 'commission' },
        { book: 'iva-payable', amountCents: charges.ivaCents, leg: 'iva' },
      ]),
    },
    accounts.locked,
    after,
  );
  const link = { v_uid_transaction: posted.transactionId };
  const out = insertFrom(
    businessMovements,
    {
      v_uid: outId,
      ...holderColumns(from, charges, now),
      ...parties,
      v_type: 'WALLET_OUT',
      v_uid_user: values.v_uid_user,
      v_idempotency_key: values.v_idempotency_key,
      ...link,
    },
    sql.raw(POSTED),
    sql`RETURNING *`,
  );
  const into = insertFrom(
    businessMovements,
    { v_uid: inId, ...holderColumns(to, received, now), ...parties, v_type: 'WALLET_IN', v_reference: null, ...link },
    sql.raw(POSTED),
    sql`RETURNING *`,
  );
  return { ctes: sql`${posted.ctes}, moved_out AS (${out}), moved_in AS (${into})`, outId, inId, senderBalance: posted.balances.get(a.id)! };
}

/**
 * What a wallet sent today and this month (America/Mexico_City) that counts against its limits:
 * SPEI out and wallet-to-wallet amounts not returned, rejected or cancelled; a SELECT of one row
 * (today, month), the day (inside the month) as a FILTER.
 */
export function walletUsageSql(userId: string, now: Date): SQL {
  const [dayStart, dayEnd] = dayBounds(mexicoDate(now));
  const [monthStart, monthEnd] = monthOf(now);
  const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  return sql`SELECT coalesce(sum(n_amount_cents) FILTER (WHERE d_create_at >= ${at(dayStart)} AND d_create_at < ${at(dayEnd)}), 0) AS today, coalesce(sum(n_amount_cents), 0) AS month
      FROM ${businessMovements}
     WHERE v_uid_business = ${userId}::uuid AND v_type IN ('SPEI_OUT', 'WALLET_OUT') AND i_status IN (${sql.raw(COUNTED.join(', '))})
       AND d_create_at >= ${at(monthStart)} AND d_create_at < ${at(monthEnd)}`;
}

export async function walletUsage(db: DbOrTx, userId: string, now: Date): Promise<{ today: bigint; month: bigint }> {
  const [row] = ((await db.execute(walletUsageSql(userId, now))) as unknown as { rows: Array<{ today: string | number; month: string | number }> }).rows;
  return { today: BigInt(row?.today ?? 0), month: BigInt(row?.month ?? 0) };
}

/**
 * The submission job's stop for a CLABE of a wallet: the money goes inside the ledger, never to
 * the rail. The order settles (its hold posts against SPEI clearing) and the wallet is credited
 * from SPEI clearing with its SPEI-in commission, so the clearing nets to zero. A business that does
 * not have the holder as strategic ally, or a holder that cannot receive, gets the order returned.
 * Answers null when the CLABE is not a wallet's (the order goes to the rail).
 */
export async function deliverToWallet(
  tx: Tx,
  m: MovementRow,
  now: Date,
  apply: (event: { type: 'settle' | 'return'; reason?: string }) => Promise<MovementRow | null>,
): Promise<MovementRow | null> {
  const holder = await clabeHolder(tx, m.v_beneficiary_clabe);
  if (!holder) return null;
  const fromBusiness = m.v_client.startsWith('BUS');
  const allowed = holder.canReceive && holder.userId !== m.v_uid_business && (!fromBusiness || (await holderIsAllyOf(tx, holder, m.v_uid_business)));
  if (!allowed) return (await apply({ type: 'return', reason: holder.canReceive ? 'La cuenta no acepta pagos de este ordenante' : 'Cuenta bloqueada' })) ?? m;
  const settled = await apply({ type: 'settle' });
  if (!settled) return m;
  const charged = speiInCharges(m.n_amount_cents, holder.commissionSpeiInBp);
  // A commission that would eat the whole amount is not charged (the money still arrives).
  const charges = charged.totalCents > 0n ? charged : speiInCharges(m.n_amount_cents, 0n);
  await creditHolder(
    tx,
    holder,
    charges,
    {
      v_type: 'SPEI_IN',
      v_source_clabe: m.v_source_clabe,
      v_source_bank_code: PROVIDER_BANK,
      v_source_name: m.v_source_name,
      v_concept: m.v_concept,
      v_reference: m.v_reference,
      v_tracking_key: m.v_tracking_key,
      v_rail: 'interno',
    },
    now,
  );
  return settled;
}
