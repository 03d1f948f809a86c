/**
 * Money out of a wallet: SPEI out (through the rail) and wallet to wallet (inside the ledger), each
 * confirmed with the security code or the wallet PIN by the money command; staff deposits.
 *
 * Order of locks (decision 0015): the sender's wallet row first (FOR UPDATE), then the ledger's
 * accounts in the ledger's global order. Nothing takes a wallet row while holding a ledger lock, so
 * transfers both ways between two wallets never wait on each other in a cycle; and every transfer
 * of one sender is counted against the limits after the previous one committed.
 */
import { randomUUID } from 'node:crypto';
import {
  WALLET_MESSAGES,
  amountOut,
  formatCurrency,
  speiInCharges,
  speiOutCharges,
  validateClabe,
  type Charges,
  type WalletPreviewBody,
  type WalletSavedAccountBody,
} from '@far/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { NOTHING, qb, readNow, readRows, readTogether, type ReadAnswer } from '../../db/read-together';
import type { Actor } from '../../platform/context';
import { conflict, fieldError, notFound, rule } from '../../platform/errors';
import { actorOf } from '../../platform/guard';
import { runMoney, type MoneyDeclaration } from '../../platform/money-command';
import { iso } from '../../platform/reply';
import { activityWrite, recordActivity } from '../audit';
import { customerAccountCode, getAccountByCode, lockedAccountsRead } from '../ledger';
import { emailOffRead, noticeWrite } from '../notifications';
import { checkLimits, effectiveLimits, effectiveLimitsRead, type Limits } from '../pricing';
import {
  checkUsage,
  creditHolder,
  movementOut,
  orderFromJson,
  placePayout,
  planPayout,
  usageRead,
  walletAccount,
  walletToWalletWrite,
  walletUsageSql,
  type MovementRow,
  type PayoutPlan,
  type PayoutSource,
} from '../spei';
import * as users from '../users';
import {
  WALLET_SECTION,
  ensureWallet,
  holderFrom,
  holderOf,
  limitInForce,
  lockWallet,
  lockWalletRead,
  lockedWallet,
  settings,
  settingsRead,
  usedToday,
  walletBalance,
  walletFor,
  type SettingsRow,
  type WalletRow,
} from './account';
import { walletAccounts, walletSavedAccounts } from './schema';
import { liveWalletUser } from '../wallet-users';

/** The provider's own limits on wallets: transaction_limits rows of card type 'WALLET' (global or per WAL client). */
export const WALLET_LIMIT_CARD_TYPE = 'WALLET';

// ---- the receiver of a wallet-to-wallet transfer ---------------------------------------------------

/** The users `text` may name (an e-mail, a 10-digit phone or a wallet's CLABE), as a query; null: no such form (pickRecipient refuses it). */
function recipientQuery(text: string) {
  const t = text.trim();
  if (t.includes('@')) return users.userByEmailQuery(t);
  if (/^\d{18}$/.test(t))
    return users.userByIdQuery(sql`${qb.select({ u: walletAccounts.v_uid_user }).from(walletAccounts).where(eq(walletAccounts.v_clabe, t))}`);
  if (/^\d{10}$/.test(t)) return users.usersByPhoneQuery(t);
  return null;
}

/** Among the users `text` names (recipientQuery's): a live wallet user other than the sender, able to receive. */
function pickRecipient(sender: users.UserRow, text: string, candidates: users.UserRow[]): users.UserRow {
  const t = text.trim();
  let found: users.UserRow | undefined;
  if (t.includes('@') || /^\d{18}$/.test(t)) found = candidates[0];
  else if (/^\d{10}$/.test(t)) {
    const matches = candidates.filter((u) => users.kindOf(u) === 'WAL');
    found = matches.length === 1 ? matches[0] : undefined;
  } else throw fieldError('Recipient', 'Escribe el correo, el teléfono (10 dígitos) o la CLABE del destinatario', 'format');
  if (!found || users.isDeleted(found) || users.kindOf(found) !== 'WAL') throw rule(WALLET_MESSAGES.unknown);
  if (found.v_uid === sender.v_uid) throw rule(WALLET_MESSAGES.self);
  if (!users.canSignIn(found)) throw rule(WALLET_MESSAGES.blocked);
  return found;
}

/** By e-mail, 10-digit phone or CLABE: a live wallet user other than the sender, able to receive. */
async function recipientOf(db: DbOrTx, sender: users.UserRow, text: string): Promise<users.UserRow> {
  const query = recipientQuery(text);
  return pickRecipient(sender, text, query ? await readNow(db, users.usersRead(query)) : []);
}

const maskClabe = (c: string) => `••••${c.slice(-4)}`;

// ---- plans: every check that needs no lock ----------------------------------------------------------

interface Plan {
  user: users.UserRow;
  wallet: WalletRow;
  charges: Charges;
  source: PayoutSource;
}

async function sender(db: Tx, actor: Actor) {
  const { user, wallet } = await walletFor(db, actor, undefined);
  if (!users.canSignIn(user)) throw rule('Tu cuenta no puede enviar dinero');
  return { user, wallet };
}

/**
 * The wallet as a payout source (spei/payout.ts): its ledger account, the provider's wallet limits
 * and the user's own daily limit, both counted on what it sent (SPEI out and wallet to wallet).
 * `locked` is the wallet row as the sender's lock read it.
 */
async function walletSource(db: DbOrTx, user: users.UserRow, wallet: WalletRow, commissionCents: bigint, now: Date): Promise<PayoutSource> {
  const s = await settings(db);
  const limits = await effectiveLimits(db, wallet.v_client, WALLET_LIMIT_CARD_TYPE);
  return {
    ...walletLimits(user, wallet, s, limits, now),
    kind: 'wallet',
    ...walletParty(user, wallet, s, commissionCents),
    account: await getAccountByCode(db, customerAccountCode(wallet.v_client)),
  };
}

/** What a wallet's limits count: the provider's wallet limits and the user's own daily limit, on what it sent. */
const walletLimits = (user: users.UserRow, wallet: WalletRow, s: SettingsRow, limits: Limits, now: Date) => ({
  limits,
  usage: (at: Date) => walletUsageSql(user.v_uid, at),
  ownDailyLimit: limitInForce(wallet, s, now).cents,
});

const walletParty = (user: users.UserRow, wallet: WalletRow, s: SettingsRow, commissionCents: bigint) => ({
  owner: { id: user.v_uid, client: wallet.v_client, clabe: wallet.v_clabe, name: users.fullName(user) },
  businessId: null,
  enabled: s.b_enable_spei_out,
  commissionCents,
});

async function basePlan(tx: Tx, actor: Actor, amount: bigint, commission: bigint, now: Date, locked?: WalletRow): Promise<Plan> {
  const { user, wallet } = await sender(tx, actor);
  const source = await walletSource(tx, user, locked ?? wallet, commission, now);
  checkLimits(source.limits, { amount });
  return { user, wallet: locked ?? wallet, charges: speiOutCharges(amount, commission), source };
}

interface SpeiDestination {
  clabe: string;
  bankCode: string;
  name: string;
  alias: string | null;
}

async function speiDestination(db: DbOrTx, w: WalletRow, d: { SavedAccountId?: string; Clabe?: string; BeneficiaryName?: string }): Promise<SpeiDestination> {
  if (d.SavedAccountId) {
    const [a] = await db
      .select()
      .from(walletSavedAccounts)
      .where(and(eq(walletSavedAccounts.v_uid, d.SavedAccountId), eq(walletSavedAccounts.v_uid_user, w.v_uid_user)));
    if (!a) throw notFound('La cuenta no existe');
    return { clabe: a.v_clabe, bankCode: a.v_bank_code, name: d.BeneficiaryName ?? a.v_holder_name, alias: a.v_alias };
  }
  const checked = validateClabe(d.Clabe ?? '');
  if (!checked.ok) throw fieldError('Clabe', checked.message, checked.key);
  return { clabe: checked.clabe, bankCode: checked.bankCode, name: d.BeneficiaryName ?? '', alias: null };
}

export interface WalletSpeiOutInput {
  SavedAccountId?: string;
  Clabe?: string;
  BeneficiaryName?: string;
  Amount: bigint;
  Concept: string;
  Reference: string;
}

/** A wallet's SPEI out through the one payout path; a wallet pays without the holder check (decision 0023). */
async function planSpeiOut(tx: Tx, actor: Actor, d: WalletSpeiOutInput, now: Date, locked?: WalletRow): Promise<PayoutPlan> {
  const { user, wallet } = await sender(tx, actor);
  const s = await settings(tx);
  const source = await walletSource(tx, user, locked ?? wallet, s.n_commission_spei_out_cents, now);
  const destination = await speiDestination(tx, wallet, d);
  return planPayout(tx, source, { ...destination, rfc: null, accountId: null, dailyLimit: null }, { amount: d.Amount }, now);
}

// ---- preview ------------------------------------------------------------------------------------------

export async function preview(tx: Tx, actor: Actor, d: z.output<typeof WalletPreviewBody>, now = new Date()) {
  const s = await settings(tx);
  const plan = await basePlan(tx, actor, d.Amount, d.Kind === 'SPEI' ? s.n_commission_spei_out_cents : s.n_commission_transfer_cents, now);
  let recipient: { Name: string; Clabe: string } | null = null;
  if (d.Kind === 'WALLET' && d.Recipient) {
    const r = await recipientOf(tx, plan.user, d.Recipient);
    recipient = { Name: users.fullName(r), Clabe: maskClabe((await ensureWallet(tx, r)).v_clabe) };
  }
  const bal = await walletBalance(tx, plan.wallet.v_client);
  const limit = limitInForce(plan.wallet, s, now).cents;
  const used = await usedToday(tx, plan.wallet.v_uid_user, now);
  const c = plan.charges;
  return {
    Amount: amountOut(c.amountCents),
    Commission: amountOut(c.commissionCents),
    IVA: amountOut(c.ivaCents),
    Total: amountOut(c.totalCents),
    RemainingBalance: amountOut(bal.available - c.totalCents),
    RemainingLimit: amountOut(limit > used ? limit - used : 0n),
    Recipient: recipient,
  };
}

// ---- confirmation ------------------------------------------------------------------------------------------

/** Wallet money confirms with the user's choice in /profile: the security code or the PIN. */
export const WALLET_SPEI_MONEY: MoneyDeclaration = { confirm: 'code-or-pin', operation: 'spei-out' };
export const WALLET_TRANSFER_MONEY: MoneyDeclaration = { confirm: 'code-or-pin', operation: 'wallet-transfer' };

/**
 * A wallet SPEI out or transfer, run by the money command: `read` (in its transaction, after the
 * key's claim) gives what the plan needs, the wallet row among it, which says whether this user
 * confirms with the security code or the PIN; then `send` (which checks funds and limits under
 * the wallet's lock) on what was read.
 */
export function walletMoney<T, F extends { wallet: WalletRow }>(
  req: FastifyRequest,
  reply: FastifyReply,
  typed: { SecurityCode?: string; Pin?: string },
  read: (tx: Tx, actor: Actor) => Promise<F>,
  send: (tx: Tx, actor: Actor, facts: F, key: string, now: Date) => Promise<T>,
  message: string,
) {
  const actor = actorOf(req);
  let facts: F | undefined;
  return runMoney(req, reply, {
    code: typed.SecurityCode,
    pin: typed.Pin,
    confirmWith: async (tx) => ((facts = await read(tx, actor)).wallet.v_confirm_with === 'pin' ? 'pin' : 'code'),
    execute: async (tx, { key, now }) => ({ data: await send(tx, actor, facts ?? (await read(tx, actor)), key, now), message }),
  });
}

/** The sender's wallet (opened if needed), for a SPEI out: its plan reads under its own lock. */
export const senderWallet = (tx: Tx, actor: Actor) => walletFor(tx, actor, undefined);

/** SPEI out of a wallet: held now, sent by the submission job, settled/returned/rejected by the rail. */
export async function sendWalletSpeiOut(tx: Tx, actor: Actor, d: WalletSpeiOutInput, scope: string | null, now = new Date()) {
  const wallet = await lockWallet(tx, actor.userId);
  const plan = await planSpeiOut(tx, actor, d, now, wallet);
  const id = randomUUID();
  const { row, available } = await placePayout(
    tx,
    plan,
    { id, concept: d.Concept, reference: d.Reference, userId: actor.userId, idempotencyKey: scope },
    {
      actor,
      section: WALLET_SECTION,
      action: 'Agregar',
      activity: `Envió una transferencia SPEI de ${formatCurrency(plan.charges.amountCents)} a ${plan.destination.name} (terminación ${plan.destination.clabe.slice(-4)})`,
      detail: { movement: id },
    },
    now,
  );
  return movementOut(row, available);
}

const RECEIVED = 'wallet.received';

/**
 * Every read of a wallet-to-wallet transfer but its accounts', in ONE statement whose first part
 * locks the sender's wallet row (decision 0015's order: the wallet, then the ledger): the sender,
 * the settings, the provider's wallet limits, the users the recipient text names, their wallets,
 * and whether they turned off this notice's e-mail.
 */
function transferRead(actor: Actor, text: string) {
  const query = recipientQuery(text);
  const ids = query && sql`SELECT c.v_uid FROM (${query}) c`;
  return readTogether({
    wallet: lockWalletRead(actor.userId),
    user: users.usersRead(users.userByIdQuery(sql`${actor.userId}::uuid`)),
    settings: settingsRead,
    limits: effectiveLimitsRead(actor.client, WALLET_LIMIT_CARD_TYPE),
    candidates: query ? users.usersRead(query) : NOTHING,
    wallets: ids
      ? readRows<WalletRow>(
          walletAccounts,
          qb
            .select()
            .from(walletAccounts)
            .where(sql`${walletAccounts.v_uid_user} IN (${ids})`),
        )
      : NOTHING,
    emailOff: ids ? emailOffRead(ids, RECEIVED) : NOTHING,
  });
}
type TransferFacts = ReadAnswer<ReturnType<typeof transferRead>> & { wallet: WalletRow };

/** transferRead; a sender's wallet not opened yet is opened first (as every wallet read does). */
export async function transferFacts(tx: Tx, actor: Actor, text: string): Promise<TransferFacts> {
  const facts = await readNow(tx, transferRead(actor, text));
  if (facts.wallet) return { ...facts, wallet: facts.wallet };
  await walletFor(tx, actor, undefined);
  const again = await readNow(tx, transferRead(actor, text));
  return { ...again, wallet: lockedWallet(again.wallet) };
}

/**
 * Wallet to wallet: instant, inside the ledger; the receiver is notified. Three statements of its
 * own (decision 0030): `facts` (transferFacts, read before the code was checked); the two
 * accounts locked in the ledger's order with the sender's usage (a new snapshot, after the
 * wallet's lock: every transfer of theirs before is counted); ONE write of both order rows, the
 * ledger transaction, the notice (its e-mail and live announcement) and the audit entry.
 */
export async function sendToWallet(
  tx: Tx,
  actor: Actor,
  d: { Recipient: string; Amount: bigint; Concept?: string },
  scope: string | null,
  now = new Date(),
  read?: TransferFacts,
) {
  const facts = read ?? (await transferFacts(tx, actor, d.Recipient));
  const { wallet, settings: s } = facts;
  const user = liveWalletUser(facts.user[0]);
  if (!users.canSignIn(user)) throw rule('Tu cuenta no puede enviar dinero');
  const source = walletLimits(user, wallet, s, facts.limits, now);
  checkLimits(source.limits, { amount: d.Amount });
  const charges = speiOutCharges(d.Amount, s.n_commission_transfer_cents);
  const recipient = pickRecipient(user, d.Recipient, facts.candidates ?? []);
  const receiverWallet = facts.wallets?.find((w) => w.v_uid_user === recipient.v_uid) ?? (await ensureWallet(tx, recipient));
  const [from, to] = [holderFrom(user, wallet, s), holderFrom(recipient, receiverWallet, s)];
  const codes = [customerAccountCode(from.client), customerAccountCode(to.client)];
  const lockRead = readTogether({ accounts: lockedAccountsRead(codes), usage: usageRead(source, now) });
  let locked = await readNow(tx, lockRead);
  const idOf = (code: string) => [...locked.accounts.values()].find((a) => a.code === code)?.id;
  if (!idOf(codes[0]!) || !idOf(codes[1]!)) {
    // An account not opened yet (a wallet older than its ledger account): open both, lock again.
    await walletAccount(tx, from);
    await walletAccount(tx, to);
    locked = await readNow(tx, lockRead);
  }
  checkUsage(source, charges.amountCents, locked.usage);
  const moved = walletToWalletWrite(
    from,
    to,
    { from: idOf(codes[0]!)!, to: idOf(codes[1]!)!, locked: locked.accounts },
    charges,
    { v_concept: d.Concept ?? 'Envio entre Wallets', v_uid_user: actor.userId, v_idempotency_key: scope },
    now,
    sql`(SELECT 1) one`,
  );
  const notice = noticeWrite(
    {
      userId: to.userId,
      kind: RECEIVED,
      title: 'Recibiste dinero',
      body: `${from.name} te envió ${formatCurrency(charges.amountCents)}.`,
      link: `/movement?id=${moved.inId}`,
    },
    recipient,
    facts.emailOff?.has(recipient.v_uid) ?? false,
    sql.raw('moved_in'),
  );
  const audit = activityWrite(
    { actor, section: WALLET_SECTION, action: 'Agregar', activity: `Envió ${formatCurrency(charges.amountCents)} al Wallet de ${to.name}` },
    sql.raw('moved_out'),
    sql`${JSON.stringify({ movement: moved.outId })}::jsonb`,
  );
  const [written] = (
    (await tx.execute(
      sql`WITH ${moved.ctes}, ${notice.ctes}, audit AS (${audit}) SELECT (SELECT to_jsonb(o) FROM moved_out o) AS out, ${notice.announced} AS announced`,
    )) as unknown as { rows: Array<{ out: Record<string, unknown> | null }> }
  ).rows;
  if (!written?.out) throw new Error(`sendToWallet: ${moved.outId} no se escribió`);
  const sender = locked.accounts.get(idOf(codes[0]!)!)!;
  return movementOut(orderFromJson(written.out), moved.senderBalance - BigInt(sender.held));
}

// ---- staff deposit ---------------------------------------------------------------------------------------

/** A credit registered by staff, with the wallets' SPEI-in commission and IVA, as a business's deposit. */
export async function depositToWallet(tx: Tx, actor: Actor, d: { UserId: string; Amount: bigint; Concept?: string; SenderName?: string }, now = new Date()) {
  const { user, wallet } = await walletFor(tx, actor, d.UserId);
  if (!users.canSignIn(user)) throw rule(WALLET_MESSAGES.blocked);
  const holder = await holderOf(tx, user, wallet);
  const charges = speiInCharges(d.Amount, holder.commissionSpeiInBp);
  if (charges.totalCents <= 0n) throw rule('La comisión excede el monto recibido');
  const row = (await creditHolder(
    tx,
    holder,
    charges,
    { v_type: 'DEPOSIT', v_source_name: d.SenderName ?? null, v_concept: d.Concept ?? 'Deposito', v_uid_user: actor.userId },
    now,
  )) as MovementRow;
  await recordActivity(tx, {
    actor,
    parentUserId: user.v_uid,
    section: 'Usuarios Wallet',
    action: 'Agregar',
    activity: `Registró un depósito de ${formatCurrency(charges.amountCents)} al Wallet de ${user.v_email}`,
    detail: { movement: row.v_uid },
  });
  const bal = await walletBalance(tx, wallet.v_client);
  return movementOut(row, bal.available);
}

// ---- saved accounts ------------------------------------------------------------------------------------

type SavedRow = typeof walletSavedAccounts.$inferSelect;
const savedOut = (a: SavedRow) => ({
  Id: a.v_uid,
  Alias: a.v_alias,
  HolderName: a.v_holder_name,
  Clabe: a.v_clabe,
  BankCode: a.v_bank_code,
  BankName: a.v_bank_name,
  CreatedAt: iso(a.d_create_at)!,
});

export async function listSaved(tx: Tx, actor: Actor, userId?: string) {
  const { user } = await walletFor(tx, actor, userId);
  return (await tx.select().from(walletSavedAccounts).where(eq(walletSavedAccounts.v_uid_user, user.v_uid)).orderBy(asc(walletSavedAccounts.v_alias))).map(
    savedOut,
  );
}

export async function createSaved(tx: Tx, actor: Actor, d: z.output<typeof WalletSavedAccountBody>) {
  const { user, wallet } = await walletFor(tx, actor, d.UserId);
  const checked = validateClabe(d.Clabe);
  if (!checked.ok) throw fieldError('Clabe', checked.message, checked.key);
  if (checked.clabe === wallet.v_clabe) throw fieldError('Clabe', 'No puedes registrar la CLABE de tu propia cuenta', 'own');
  const [row] = await tx
    .insert(walletSavedAccounts)
    .values({
      v_uid_user: user.v_uid,
      v_alias: d.Alias,
      v_holder_name: d.HolderName,
      v_clabe: checked.clabe,
      v_bank_code: checked.bankCode,
      v_bank_name: checked.bankName,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict('La cuenta CLABE ya está registrada');
  await recordActivity(tx, {
    actor,
    section: WALLET_SECTION,
    action: 'Agregar',
    activity: `Registró la cuenta ${d.Alias} (terminación ${checked.clabe.slice(-4)})`,
  });
  return savedOut(row);
}

export async function removeSaved(tx: Tx, actor: Actor, id: string) {
  const [row] = await tx
    .delete(walletSavedAccounts)
    .where(and(eq(walletSavedAccounts.v_uid, id), eq(walletSavedAccounts.v_uid_user, actor.userId)))
    .returning();
  if (!row) throw notFound('La cuenta no existe');
  await recordActivity(tx, {
    actor,
    section: WALLET_SECTION,
    action: 'Borrar',
    activity: `Eliminó la cuenta ${row.v_alias} (terminación ${row.v_clabe.slice(-4)})`,
  });
}
