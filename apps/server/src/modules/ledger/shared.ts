/**
 * What the ledger's service files (books, accounts, post, holds, statement) share: the refusals,
 * the owner kinds, raw SQL, the database-error translation and the one lock order.
 *
 * The ledger's service functions (docs/decisions/0004-ledger.md). Every writer takes a `Tx` the
 * caller opened (the movement, its audit entry and its idempotency key commit together); readers
 * take a `DbOrTx`. Amounts are bigint cents; nothing here touches a float.
 *
 * Concurrency rules, all enforced by PostgreSQL (and PGlite, which is PostgreSQL):
 * - the accounts a transaction touches are locked in one global order (ORDER BY v_uid FOR UPDATE),
 *   so two movements never wait on each other in a cycle;
 * - funds are checked on the locked rows (so a refusal leaves the caller's transaction usable),
 *   and the CHECK constraint on ledger_accounts refuses any customer balance below zero anyway;
 * - a hold changes state only by a conditional UPDATE from 'held': a second delivery of the same
 *   settle or return is a no-op that says so;
 * - (kind, reference) is unique per ledger transaction: posting the same movement twice gives
 *   back the first one, even when both arrive at once.
 * Callers run at READ COMMITTED (the default), which these row locks are designed for.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { conflict, notFound, rule } from '../../platform/errors';

export const INSUFFICIENT_FUNDS = 'Saldo insuficiente';
export const ACCOUNT_NOT_FOUND = 'Cuenta no encontrada';
/** No single leg may exceed this (MXN 10,000,000,000,000.00): far above any real movement, far below BIGINT. */
export const MAX_POSTING_CENTS = 1_000_000_000_000_000n;

export type CustomerKind = 'business' | 'wallet' | 'cardholder';
export type OwnerKind = CustomerKind | 'provider';

/** Runs raw SQL on either engine and returns its rows (int8 columns are selected ::text). */
export async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

interface DbError {
  code?: string;
  constraint?: string;
}
function dbError(err: unknown): DbError | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as DbError).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as DbError;
  }
  return undefined;
}

/**
 * The database said no: the customer-funds CHECK (23514) becomes 'Saldo insuficiente' on both
 * engines; a hold reference taken concurrently by another account (23505) becomes a conflict.
 * Anything else is not a business answer and propagates as it is.
 */
export function translateDbError(err: unknown): unknown {
  const e = dbError(err);
  if (e?.code === '23514' && (e.constraint === undefined || e.constraint === 'ledger_accounts_customer_funds')) return rule(INSUFFICIENT_FUNDS);
  if (e?.code === '23505' && e.constraint === 'ledger_holds_reference_key') return conflict('La referencia de la retención ya existe');
  return err;
}
export async function guarded<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    throw translateDbError(err);
  }
}

export interface LockedAccount {
  id: string;
  customer: boolean;
  balance: string;
  held: string;
  entries: string;
}

/** Locks the accounts in v_uid order (the one global order every writer uses). */
export async function lockAccounts(tx: Tx, ids: string[]): Promise<Map<string, LockedAccount>> {
  const sorted = [...new Set(ids)].sort();
  const locked = await rows<LockedAccount>(
    tx,
    sql`SELECT v_uid::text AS id, b_customer AS customer, n_balance_cents::text AS balance, n_held_cents::text AS held, n_entries::text AS entries
        FROM ledger_accounts WHERE v_uid IN (${sql.join(
          sorted.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) ORDER BY v_uid FOR UPDATE`,
  );
  if (locked.length !== sorted.length) throw notFound(ACCOUNT_NOT_FOUND);
  return new Map(locked.map((a) => [a.id, a]));
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
