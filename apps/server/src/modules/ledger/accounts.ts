// Customer accounts: open, find, list, balance (conventions in shared.ts).
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { mapRead, qb, readNow, readRow, type Read } from '../../db/read-together';
import { conflict, notFound } from '../../platform/errors';
import { ledgerAccounts } from './schema';
import { ACCOUNT_NOT_FOUND, type CustomerKind, type OwnerKind } from './shared';

export interface LedgerAccount {
  id: string;
  code: string;
  ownerKind: OwnerKind;
  owner: string;
  name: string;
  customer: boolean;
}

const toAccount = (r: typeof ledgerAccounts.$inferSelect): LedgerAccount => ({
  id: r.v_uid,
  code: r.v_code,
  ownerKind: r.v_owner_kind,
  owner: r.v_owner,
  name: r.v_name,
  customer: r.b_customer,
});

export const customerAccountCode = (owner: string, slot = 'main') => `${owner}:${slot}`;

/**
 * Opens (or finds) a customer account. Idempotent by code '<owner>:<slot>': a business's main
 * account is ('business', 'BUS000002') → 'BUS000002:main'; a cardholder card uses the card id as slot.
 */
export async function openAccount(tx: Tx, input: { ownerKind: CustomerKind; owner: string; name: string; slot?: string }): Promise<LedgerAccount> {
  if (!['business', 'wallet', 'cardholder'].includes(input.ownerKind)) throw new Error(`openAccount: tipo de titular no válido: ${String(input.ownerKind)}`);
  if (!input.owner.trim() || input.owner.includes(':') || input.owner.toUpperCase() === 'PROVIDER')
    throw new Error(`openAccount: titular no válido: ${input.owner}`);
  const code = customerAccountCode(input.owner, input.slot);
  // Nearly always the account exists (every order of a business asks): one read, no write.
  let existing = await getAccountByCode(tx, code);
  if (!existing) {
    const [created] = await tx
      .insert(ledgerAccounts)
      .values({ v_code: code, v_owner_kind: input.ownerKind, v_owner: input.owner, v_name: input.name, b_customer: true })
      .onConflictDoNothing({ target: ledgerAccounts.v_code })
      .returning();
    if (created) return toAccount(created);
    // Opened by a concurrent transaction meanwhile.
    existing = await getAccountByCode(tx, code);
  }
  if (!existing) throw new Error(`openAccount: la cuenta ${code} no se pudo abrir`);
  if (existing.ownerKind !== input.ownerKind || existing.owner !== input.owner) throw conflict(`La cuenta ${code} ya existe con otro titular`);
  return existing;
}

export const getAccountByCode = async (db: DbOrTx, code: string): Promise<LedgerAccount | null> =>
  (await readNow(db, accountByCodeRead(code)))?.account ?? null;

/** An account and its balance, as read in a statement of several reads; with `lock`, the statement locks it (FOR UPDATE) and reads it as locked. */
export interface ReadAccount {
  account: LedgerAccount;
  balance: bigint;
  held: bigint;
}

export function accountByCodeRead(code: string, lock = false): Read<ReadAccount | null> {
  const query = qb.select().from(ledgerAccounts).where(eq(ledgerAccounts.v_code, code));
  return mapRead(readRow<typeof ledgerAccounts.$inferSelect>(ledgerAccounts, lock ? query.for('update') : query), (row) =>
    row ? { account: toAccount(row), balance: row.n_balance_cents, held: row.n_held_cents } : null,
  );
}

export async function getAccount(db: DbOrTx, accountId: string): Promise<LedgerAccount | null> {
  const [row] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.v_uid, accountId));
  return row ? toAccount(row) : null;
}

/** The accounts of one owner (tenant key), e.g. to check that an account belongs to the caller. */
export async function listAccounts(db: DbOrTx, owner: string, ownerKind?: OwnerKind): Promise<LedgerAccount[]> {
  const rows = await db
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.v_owner, owner), ownerKind ? eq(ledgerAccounts.v_owner_kind, ownerKind) : undefined))
    .orderBy(asc(ledgerAccounts.v_code));
  return rows.map(toAccount);
}

export interface Balance {
  accountId: string;
  account: string;
  /** Posted balance. */
  balance: bigint;
  /** Held for transfers not yet settled. */
  transitBalance: bigint;
  /** balance - transitBalance; never below zero for a customer account. */
  availableBalance: bigint;
}

export async function balanceOf(db: DbOrTx, accountId: string): Promise<Balance> {
  const [row] = await db
    .select({ code: ledgerAccounts.v_code, balance: ledgerAccounts.n_balance_cents, held: ledgerAccounts.n_held_cents })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.v_uid, accountId));
  if (!row) throw notFound(ACCOUNT_NOT_FOUND);
  return { accountId, account: row.code, balance: row.balance, transitBalance: row.held, availableBalance: row.balance - row.held };
}
