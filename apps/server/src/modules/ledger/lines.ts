/** The postings of the ledger transactions behind one business reference (a movement's id), for its detail. */
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from './schema';
import type { OwnerKind } from './shared';

export interface LedgerLine {
  transactionId: string;
  kind: string;
  memo: Record<string, unknown> | null;
  line: number;
  leg: string | null;
  /** Signed cents: positive credits the account, negative debits it. */
  amountCents: bigint;
  account: { ownerKind: OwnerKind; owner: string };
}

/**
 * Every line of the transactions posted with this reference (whatever their kind: settlement,
 * credit, return) and of the reversals of those transactions (a reversal's reference is the
 * reversed transaction's id), oldest transaction first, legs in their order.
 */
export async function linesOfReference(db: DbOrTx, reference: string, by: 'reference' | 'transaction' = 'reference'): Promise<LedgerLine[]> {
  // By transaction: the lines of one transaction (a movement the database derived from it) and of its reversals.
  const mine = by === 'transaction' ? eq(ledgerTransactions.v_uid, reference) : eq(ledgerTransactions.v_reference, reference);
  const own = db
    .select({ id: sql`${ledgerTransactions.v_uid}::text` })
    .from(ledgerTransactions)
    .where(mine);
  const rows = await db
    .select({ p: ledgerPostings, t: ledgerTransactions, ownerKind: ledgerAccounts.v_owner_kind, owner: ledgerAccounts.v_owner })
    .from(ledgerPostings)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.v_uid, ledgerPostings.v_uid_transaction))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.v_uid, ledgerPostings.v_uid_account))
    .where(or(mine, and(eq(ledgerTransactions.v_kind, 'reversal'), inArray(ledgerTransactions.v_reference, own))))
    .orderBy(asc(ledgerTransactions.d_create_at), asc(ledgerTransactions.v_uid), asc(ledgerPostings.i_line));
  return rows.map(({ p, t, ownerKind, owner }) => ({
    transactionId: t.v_uid,
    kind: t.v_kind,
    memo: t.t_memo ?? null,
    line: p.i_line,
    leg: p.v_leg,
    amountCents: p.n_amount_cents,
    account: { ownerKind, owner },
  }));
}
