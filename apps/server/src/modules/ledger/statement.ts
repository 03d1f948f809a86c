// An account's statement over a period (conventions in shared.ts).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import { getAccount, type LedgerAccount } from './accounts';
import { toPosting, type Posting } from './post';
import { ledgerPostings, ledgerTransactions } from './schema';
import { ACCOUNT_NOT_FOUND, UUID } from './shared';

export interface StatementEntry extends Posting {
  at: Date;
  transaction: { id: string; kind: string; reference: string; memo: Record<string, unknown> | null; createdAt: Date };
}

export interface Statement {
  account: LedgerAccount;
  from: Date;
  to: Date;
  openingBalance: bigint;
  closingBalance: bigint;
  /** Sum of positive postings in the period. */
  credits: bigint;
  /** Sum of negative postings in the period (a negative number). */
  debits: bigint;
  entries: StatementEntry[];
}

/**
 * The account's postings with d_create_at in [fromInclusive, toExclusive), in their exact order,
 * with the balance before and after. opening + credits + debits = closing, always.
 */
export async function statement(db: DbOrTx, accountId: string, fromInclusive: Date, toExclusive: Date): Promise<Statement> {
  if (!UUID.test(accountId)) throw notFound(ACCOUNT_NOT_FOUND);
  const account = await getAccount(db, accountId);
  if (!account) throw notFound(ACCOUNT_NOT_FOUND);
  if (!(fromInclusive < toExclusive)) throw new AppError('VALIDATION', 'El periodo no es válido');
  const [before] = await db
    .select({ after: ledgerPostings.n_balance_after_cents })
    .from(ledgerPostings)
    .where(and(eq(ledgerPostings.v_uid_account, accountId), sql`${ledgerPostings.d_create_at} < ${fromInclusive.toISOString()}::timestamptz`))
    .orderBy(sql`${ledgerPostings.n_entry} DESC`)
    .limit(1);
  const found = await db
    .select({ p: ledgerPostings, t: ledgerTransactions })
    .from(ledgerPostings)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.v_uid, ledgerPostings.v_uid_transaction))
    .where(
      and(
        eq(ledgerPostings.v_uid_account, accountId),
        sql`${ledgerPostings.d_create_at} >= ${fromInclusive.toISOString()}::timestamptz`,
        sql`${ledgerPostings.d_create_at} < ${toExclusive.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(ledgerPostings.n_entry));
  const openingBalance = before?.after ?? 0n;
  let running = openingBalance;
  let credits = 0n;
  let debits = 0n;
  const entries = found.map(({ p, t }) => {
    running += p.n_amount_cents;
    if (p.n_amount_cents > 0n) credits += p.n_amount_cents;
    else debits += p.n_amount_cents;
    if (running !== p.n_balance_after_cents) throw new Error(`statement: la cuenta ${account.code} no cuadra en la partida ${p.n_entry}`);
    return {
      ...toPosting(p),
      at: p.d_create_at,
      transaction: { id: t.v_uid, kind: t.v_kind, reference: t.v_reference, memo: t.t_memo ?? null, createdAt: t.d_create_at },
    };
  });
  return { account, from: fromInclusive, to: toExclusive, openingBalance, closingBalance: running, credits, debits, entries };
}
