/**
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
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError, conflict, notFound, rule } from '../../platform/errors';
import { ledgerAccounts, ledgerHolds, ledgerPostings, ledgerTransactions } from './schema';

export const INSUFFICIENT_FUNDS = 'Saldo insuficiente';
const ACCOUNT_NOT_FOUND = 'Cuenta no encontrada';
const HOLD_NOT_FOUND = 'Retención no encontrada';
/** No single leg may exceed this (MXN 10,000,000,000,000.00): far above any real movement, far below BIGINT. */
export const MAX_POSTING_CENTS = 1_000_000_000_000_000n;

export type CustomerKind = 'business' | 'wallet' | 'cardholder';
export type OwnerKind = CustomerKind | 'provider';

// ---------------------------------------------------------------------------------------------
// Provider books
// ---------------------------------------------------------------------------------------------

/**
 * The provider's own books. Each is split into BOOK_SHARDS accounts so that movements of
 * different customers do not all queue on one row lock; a book's balance is the sum of its
 * shards. Their ids are fixed (the migration 'ledger_guards' creates them) and a movement picks
 * the shard from its customer account, so one customer always uses the same shard.
 */
export const PROVIDER_BOOKS = {
  'commission-income': { index: 1, name: 'Ingresos por comisiones' },
  'iva-payable': { index: 2, name: 'IVA por pagar' },
  'spei-clearing': { index: 3, name: 'Compensación SPEI' },
  'settlement-in-transit': { index: 4, name: 'Liquidación en tránsito' },
} as const;
export type ProviderBook = keyof typeof PROVIDER_BOOKS;
export const PROVIDER_BOOK_NAMES = Object.keys(PROVIDER_BOOKS) as ProviderBook[];
export const BOOK_SHARDS = 16;

/** 00000000-0000-4000-8000-000000000305 is shard 5 of book 3 (spei-clearing). */
export function bookAccountId(book: ProviderBook, shard: number): string {
  if (!Number.isInteger(shard) || shard < 0 || shard >= BOOK_SHARDS) throw new RangeError(`shard fuera de rango: ${shard}`);
  return `00000000-0000-4000-8000-${(PROVIDER_BOOKS[book].index * 256 + shard).toString(16).padStart(12, '0')}`;
}
export const bookAccountCode = (book: ProviderBook, shard: number) => `PROVIDER:${book}:${String(shard).padStart(2, '0')}`;

/** FNV-1a over the text, reduced to a shard number. Deterministic across processes. */
export function shardFor(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % BOOK_SHARDS;
}

/** Creates any missing provider book account (idempotent; the migration already does it). */
export async function ensureProviderBooks(db: DbOrTx): Promise<void> {
  const values = PROVIDER_BOOK_NAMES.flatMap((book) =>
    Array.from({ length: BOOK_SHARDS }, (_, shard) => ({
      v_uid: bookAccountId(book, shard),
      v_code: bookAccountCode(book, shard),
      v_owner_kind: 'provider' as const,
      v_owner: book,
      v_name: `${PROVIDER_BOOKS[book].name} #${shard}`,
      b_customer: false,
    })),
  );
  await db.insert(ledgerAccounts).values(values).onConflictDoNothing();
}

/** Balance of each provider book (sum of its shards). */
export async function bookBalances(db: DbOrTx): Promise<Record<ProviderBook, bigint>> {
  const rows = await db
    .select({ book: ledgerAccounts.v_owner, total: sql<string>`coalesce(sum(${ledgerAccounts.n_balance_cents}), 0)::text` })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.v_owner_kind, 'provider'))
    .groupBy(ledgerAccounts.v_owner);
  const out = Object.fromEntries(PROVIDER_BOOK_NAMES.map((b) => [b, 0n])) as Record<ProviderBook, bigint>;
  for (const r of rows) if (r.book in out) out[r.book as ProviderBook] = BigInt(r.total);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------------------------

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
  if (!input.owner.trim() || input.owner.includes(':') || input.owner.toUpperCase() === 'PROVIDER') throw new Error(`openAccount: titular no válido: ${input.owner}`);
  const code = customerAccountCode(input.owner, input.slot);
  const [created] = await tx
    .insert(ledgerAccounts)
    .values({ v_code: code, v_owner_kind: input.ownerKind, v_owner: input.owner, v_name: input.name, b_customer: true })
    .onConflictDoNothing({ target: ledgerAccounts.v_code })
    .returning();
  if (created) return toAccount(created);
  const existing = await getAccountByCode(tx, code);
  if (!existing) throw new Error(`openAccount: la cuenta ${code} no se pudo abrir`);
  if (existing.ownerKind !== input.ownerKind || existing.owner !== input.owner) throw conflict(`La cuenta ${code} ya existe con otro titular`);
  return existing;
}

export async function getAccountByCode(db: DbOrTx, code: string): Promise<LedgerAccount | null> {
  const [row] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.v_code, code));
  return row ? toAccount(row) : null;
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

// ---------------------------------------------------------------------------------------------
// Transactions
// ---------------------------------------------------------------------------------------------

/** One leg: exactly one of accountId (any account) or book (a provider book; the shard is picked for you). */
export interface PostingInput {
  accountId?: string;
  book?: ProviderBook;
  /** Signed cents: positive credits the account (raises its balance), negative debits it. Never zero. */
  amountCents: bigint;
  /** What the leg is, shown on statements: 'amount', 'commission', 'iva', … */
  leg?: string;
}

export interface TransactionInput {
  /** 'spei-in', 'spei-out', 'commission', 'deposit', 'reversal', … */
  kind: string;
  /** Unique per kind: the same (kind, reference) posted again returns the first transaction (created: false). */
  reference: string;
  /** JSON only (no bigint): amounts in memos go as decimal strings. */
  memo?: Record<string, unknown>;
  postings: PostingInput[];
}

export interface Posting {
  id: string;
  accountId: string;
  line: number;
  leg: string | null;
  amountCents: bigint;
  balanceAfterCents: bigint;
  /** Position of the posting in its account (1, 2, 3, …). */
  entry: bigint;
}

export interface PostedTransaction {
  transactionId: string;
  /** false when (kind, reference) had already been posted: nothing was written this time. */
  created: boolean;
  kind: string;
  reference: string;
  createdAt: Date;
  postings: Posting[];
}

interface Leg {
  accountId: string;
  amountCents: bigint;
  leg: string | null;
  line: number;
}

/** The code-side half of "postings sum to zero" (the deferred trigger is the database's half). */
function resolveLegs(input: TransactionInput): Leg[] {
  const fail = (why: string): never => {
    throw new Error(`Movimiento contable no válido (${input.kind} ${input.reference}): ${why}`);
  };
  if (!input.kind?.trim() || !input.reference?.trim()) fail('falta kind o reference');
  if (!Array.isArray(input.postings) || input.postings.length < 2) fail('se requieren al menos dos partidas');
  let sum = 0n;
  for (const p of input.postings) {
    if (typeof p.amountCents !== 'bigint') fail('los montos deben ser bigint (centavos)');
    if (p.amountCents === 0n) fail('una partida no puede ser cero');
    if (p.amountCents > MAX_POSTING_CENTS || -p.amountCents > MAX_POSTING_CENTS) fail('monto fuera de rango');
    if ((p.accountId === undefined) === (p.book === undefined)) fail('cada partida lleva accountId o book, no ambos');
    if (p.book !== undefined && !(p.book in PROVIDER_BOOKS)) fail(`libro desconocido: ${p.book}`);
    sum += p.amountCents;
  }
  if (sum !== 0n) fail(`las partidas suman ${sum}, no cero`);
  // A movement's provider legs go to the shard of its first named account (the customer's).
  const shardKey = input.postings.find((p) => p.accountId)?.accountId ?? input.reference;
  const shard = shardFor(shardKey);
  return input.postings.map((p, line) => ({ accountId: p.accountId ?? bookAccountId(p.book!, shard), amountCents: p.amountCents, leg: p.leg ?? null, line }));
}

/** Runs raw SQL on either engine and returns its rows (int8 columns are selected ::text). */
async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
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
async function guarded<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    throw translateDbError(err);
  }
}

interface LockedAccount {
  id: string;
  customer: boolean;
  balance: string;
  held: string;
  entries: string;
}

/** Locks the accounts in v_uid order (the one global order every writer uses). */
async function lockAccounts(tx: Tx, ids: string[]): Promise<Map<string, LockedAccount>> {
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface PostOptions {
  /** Held amounts released by this movement (settlement), per account. */
  release?: Map<string, bigint>;
  /** The hold this movement settles: moved from 'held' to 'posted' in the same statement. */
  settleHoldId?: string;
}

/**
 * Posts one balanced movement. Refusals (unknown account, insufficient funds, a reference reused
 * with other legs) write nothing and leave the caller's transaction usable.
 */
export async function postTransaction(tx: Tx, input: TransactionInput): Promise<PostedTransaction> {
  return post(tx, input, resolveLegs(input), {});
}

async function post(tx: Tx, input: TransactionInput, legs: Leg[], opts: PostOptions): Promise<Written> {
  for (const l of legs) if (!UUID.test(l.accountId)) throw notFound(ACCOUNT_NOT_FOUND);
  const release = opts.release ?? new Map<string, bigint>();
  const settling = opts.settleHoldId !== undefined;
  // 1. Already posted? Asked before taking any lock, so a replay costs no waiting. (A settlement
  //    skips it: its hold, locked and still 'held', says it was not.) A duplicate that commits
  //    after this read is caught by ON CONFLICT in step 4.
  if (!settling) {
    const prior = await findTransaction(tx, input.kind, input.reference);
    if (prior) return replayed(prior, legs);
  }
  // 2. Lock every touched account, in the one global order.
  const accounts = await lockAccounts(tx, [...legs.map((l) => l.accountId), ...release.keys()]);
  // 3. Funds, on the locked rows. The CHECK constraint would refuse too, but that would abort the caller's transaction.
  const plan = new Map<string, { delta: bigint; release: bigint; count: bigint; balance: bigint; entries: bigint }>();
  for (const [id, a] of accounts) plan.set(id, { delta: 0n, release: release.get(id) ?? 0n, count: 0n, balance: BigInt(a.balance), entries: BigInt(a.entries) });
  const postings: Posting[] = legs.map((l) => {
    const p = plan.get(l.accountId)!;
    p.delta += l.amountCents;
    p.count += 1n;
    return { id: randomUUID(), accountId: l.accountId, line: l.line, leg: l.leg, amountCents: l.amountCents, balanceAfterCents: p.balance + p.delta, entry: p.entries + p.count };
  });
  for (const [id, p] of plan) {
    const a = accounts.get(id)!;
    if (a.customer && BigInt(a.balance) + p.delta - (BigInt(a.held) - p.release) < 0n) {
      // A concurrent duplicate we waited for may have spent the money: then this is its replay.
      const raced = settling ? null : await findTransaction(tx, input.kind, input.reference);
      if (raced) return replayed(raced, legs);
      throw rule(INSUFFICIENT_FUNDS);
    }
  }
  // 4. One statement writes the transaction, the balances (and the hold), and the postings — or,
  //    if a concurrent duplicate took (kind, reference) first, nothing at all.
  const transactionId = randomUUID();
  const accountValues = sql.join(
    [...plan].map(([id, p]) => sql`(${id}::uuid, ${p.delta.toString()}::bigint, ${p.release.toString()}::bigint, ${p.count.toString()}::bigint)`),
    sql`, `,
  );
  const postingValues = sql.join(
    postings.map(
      (p) =>
        sql`(${p.id}::uuid, ${p.accountId}::uuid, ${p.line}::int, ${p.leg}::text, ${p.amountCents.toString()}::bigint, ${p.balanceAfterCents.toString()}::bigint, ${p.entry.toString()}::bigint)`,
    ),
    sql`, `,
  );
  const settle = settling
    ? sql`, h AS (UPDATE ledger_holds SET v_status = 'posted', v_uid_transaction = t.v_uid, d_update_at = now() FROM t
                  WHERE ledger_holds.v_uid = ${opts.settleHoldId}::uuid AND ledger_holds.v_status = 'held' RETURNING d_update_at)`
    : sql``;
  const [written] = await guarded(
    rows<{ t: number; u: number; p: number; h: number; created: string | null; settled: string | null }>(
      tx,
      sql`WITH t AS (
            INSERT INTO ledger_transactions (v_uid, v_kind, v_reference, t_memo)
            VALUES (${transactionId}::uuid, ${input.kind}, ${input.reference}, ${input.memo ? JSON.stringify(input.memo) : null}::jsonb)
            ON CONFLICT (v_kind, v_reference) DO NOTHING
            RETURNING v_uid, d_create_at
          ), u AS (
            UPDATE ledger_accounts a
               SET n_balance_cents = a.n_balance_cents + v.delta,
                   n_held_cents = a.n_held_cents - v.release,
                   n_entries = a.n_entries + v.cnt,
                   d_update_at = now()
              FROM (VALUES ${accountValues}) AS v(id, delta, release, cnt), t
             WHERE a.v_uid = v.id
            RETURNING 1
          ), p AS (
            INSERT INTO ledger_postings (v_uid, v_uid_account, i_line, v_leg, n_amount_cents, n_balance_after_cents, n_entry, v_uid_transaction)
            SELECT v.*, t.v_uid FROM (VALUES ${postingValues}) AS v(id, account, line, leg, amount, after, entry), t
            RETURNING 1
          )${settle}
          SELECT (SELECT count(*) FROM t)::int AS t, (SELECT count(*) FROM u)::int AS u, (SELECT count(*) FROM p)::int AS p,
                 ${settling ? sql`(SELECT count(*) FROM h)::int` : sql`0`} AS h,
                 (SELECT floor(extract(epoch FROM d_create_at) * 1000)::bigint::text FROM t) AS created,
                 ${settling ? sql`(SELECT floor(extract(epoch FROM d_update_at) * 1000)::bigint::text FROM h)` : sql`NULL::text`} AS settled`,
    ),
  );
  if (!written || Number(written.t) === 0) {
    const raced = await findTransaction(tx, input.kind, input.reference);
    if (!raced) throw new Error(`postTransaction: ${input.kind} ${input.reference} no se escribió ni existe`);
    return replayed(raced, legs);
  }
  if (Number(written.u) !== plan.size || Number(written.p) !== postings.length || (settling && Number(written.h) !== 1)) {
    // Impossible while the rows are locked; refuse to let a partial write commit.
    throw new Error(`postTransaction: escritura incompleta (${JSON.stringify(written)})`);
  }
  return {
    transactionId,
    created: true,
    kind: input.kind,
    reference: input.reference,
    createdAt: new Date(Number(written.created)),
    postings,
    ...(settling ? { settledAt: new Date(Number(written.settled)) } : {}),
  };
}

interface Written extends PostedTransaction {
  /** When the settled hold changed to 'posted' (settlements only). */
  settledAt?: Date;
}

interface StoredTransaction {
  id: string;
  kind: string;
  reference: string;
  createdAt: Date;
  postings: Posting[];
}

async function findTransaction(db: DbOrTx, kind: string, reference: string): Promise<StoredTransaction | null> {
  const [t] = await db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.v_kind, kind), eq(ledgerTransactions.v_reference, reference)));
  if (!t) return null;
  const ps = await db.select().from(ledgerPostings).where(eq(ledgerPostings.v_uid_transaction, t.v_uid)).orderBy(asc(ledgerPostings.i_line));
  return { id: t.v_uid, kind: t.v_kind, reference: t.v_reference, createdAt: t.d_create_at, postings: ps.map(toPosting) };
}

const toPosting = (p: typeof ledgerPostings.$inferSelect): Posting => ({
  id: p.v_uid,
  accountId: p.v_uid_account,
  line: p.i_line,
  leg: p.v_leg,
  amountCents: p.n_amount_cents,
  balanceAfterCents: p.n_balance_after_cents,
  entry: p.n_entry,
});

const legKey = (accountId: string, amount: bigint) => `${accountId}:${amount}`;

/** The same movement again answers the first one; other legs under the same reference are refused. */
function replayed(prior: StoredTransaction, legs: Leg[]): PostedTransaction {
  const want = legs.map((l) => legKey(l.accountId, l.amountCents)).sort();
  const have = prior.postings.map((p) => legKey(p.accountId, p.amountCents)).sort();
  if (want.join('|') !== have.join('|')) throw conflict('La referencia ya se usó para otro movimiento');
  return { transactionId: prior.id, created: false, kind: prior.kind, reference: prior.reference, createdAt: prior.createdAt, postings: prior.postings };
}

/** A correction: the same legs negated, kind 'reversal', reference = the original's id (so at most one). */
export async function reverseTransaction(tx: Tx, input: { transactionId: string; memo?: Record<string, unknown> }): Promise<PostedTransaction> {
  if (!UUID.test(input.transactionId)) throw notFound('Movimiento no encontrado');
  const [t] = await tx.select().from(ledgerTransactions).where(eq(ledgerTransactions.v_uid, input.transactionId));
  if (!t) throw notFound('Movimiento no encontrado');
  if (t.v_kind === 'reversal') throw rule('Una reversa no se puede revertir');
  const ps = await tx.select().from(ledgerPostings).where(eq(ledgerPostings.v_uid_transaction, t.v_uid)).orderBy(asc(ledgerPostings.i_line));
  const reversal: TransactionInput = {
    kind: 'reversal',
    reference: t.v_uid,
    memo: { ...input.memo, reverses: { kind: t.v_kind, reference: t.v_reference } },
    postings: ps.map((p) => ({ accountId: p.v_uid_account, amountCents: -p.n_amount_cents, leg: p.v_leg ?? undefined })),
  };
  return post(tx, reversal, resolveLegs(reversal), {});
}

// ---------------------------------------------------------------------------------------------
// Holds
// ---------------------------------------------------------------------------------------------

export type HoldStatus = 'held' | 'posted' | 'released';
export interface Hold {
  id: string;
  accountId: string;
  amountCents: bigint;
  status: HoldStatus;
  reference: string;
  transactionId: string | null;
  reason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const toHold = (h: typeof ledgerHolds.$inferSelect): Hold => ({
  id: h.v_uid,
  accountId: h.v_uid_account,
  amountCents: h.n_amount_cents,
  status: h.v_status,
  reference: h.v_reference,
  transactionId: h.v_uid_transaction,
  reason: h.v_reason,
  createdAt: h.d_create_at,
  updatedAt: h.d_update_at,
});

export async function getHold(db: DbOrTx, reference: string): Promise<Hold | null> {
  const [h] = await db.select().from(ledgerHolds).where(eq(ledgerHolds.v_reference, reference));
  return h ? toHold(h) : null;
}

/**
 * Moves an amount into transit (raises n_held_cents). Refused with 'Saldo insuficiente' when the
 * available balance does not cover it. Placing the same reference again (same account and amount)
 * returns the existing hold with created: false.
 */
export async function placeHold(tx: Tx, input: { accountId: string; amountCents: bigint; reference: string }): Promise<{ created: boolean; hold: Hold }> {
  if (typeof input.amountCents !== 'bigint' || input.amountCents <= 0n || input.amountCents > MAX_POSTING_CENTS) throw new Error(`placeHold: monto no válido: ${String(input.amountCents)}`);
  if (!input.reference?.trim()) throw new Error('placeHold: falta reference');
  if (!UUID.test(input.accountId)) throw notFound(ACCOUNT_NOT_FOUND);
  const same = (prior: Hold) => {
    if (prior.accountId !== input.accountId || prior.amountCents !== input.amountCents) throw conflict('La referencia de la retención ya existe con otros datos');
    return { created: false, hold: prior };
  };
  // Already placed? Asked before locking, so a replay does not wait.
  const prior = await getHold(tx, input.reference);
  if (prior) return same(prior);
  const account = (await lockAccounts(tx, [input.accountId])).get(input.accountId)!;
  if (account.customer && BigInt(account.balance) - BigInt(account.held) < input.amountCents) {
    // A concurrent duplicate we waited for may have taken the money: then this is its replay.
    const raced = await getHold(tx, input.reference);
    if (raced) return same(raced);
    throw rule(INSUFFICIENT_FUNDS);
  }
  const id = randomUUID();
  const [row] = await guarded(
    rows<{ u: number; created: string; updated: string }>(
      tx,
      sql`WITH h AS (
            INSERT INTO ledger_holds (v_uid, v_uid_account, n_amount_cents, v_reference)
            VALUES (${id}::uuid, ${input.accountId}::uuid, ${input.amountCents.toString()}::bigint, ${input.reference})
            ON CONFLICT (v_reference) DO NOTHING
            RETURNING v_uid_account, n_amount_cents, d_create_at, d_update_at
          ), u AS (
            UPDATE ledger_accounts a SET n_held_cents = a.n_held_cents + h.n_amount_cents, d_update_at = now()
              FROM h WHERE a.v_uid = h.v_uid_account
            RETURNING 1
          )
          SELECT (SELECT count(*) FROM u)::int AS u,
                 floor(extract(epoch FROM h.d_create_at) * 1000)::bigint::text AS created,
                 floor(extract(epoch FROM h.d_update_at) * 1000)::bigint::text AS updated
            FROM h`,
    ),
  );
  if (!row) {
    // The same reference was placed concurrently and committed first.
    const raced = await getHold(tx, input.reference);
    if (!raced) throw new Error(`placeHold ${input.reference}: no se escribió ni existe`);
    return same(raced);
  }
  if (Number(row.u) !== 1) throw new Error(`placeHold ${input.reference}: la cuenta no se actualizó`);
  const hold: Hold = {
    id,
    accountId: input.accountId,
    amountCents: input.amountCents,
    status: 'held',
    reference: input.reference,
    transactionId: null,
    reason: null,
    createdAt: new Date(Number(row.created)),
    updatedAt: new Date(Number(row.updated)),
  };
  return { created: true, hold };
}

/** A hold transition: applied once; a repeated delivery gets applied: false and the hold as it stands. */
export type HoldTransition = { applied: true; hold: Hold; transaction?: PostedTransaction } | { applied: false; hold: Hold };

/**
 * Settles a hold: posts the movement and lowers the held amount in one statement, once. The legs
 * on the held account must add up to exactly minus the held amount (e.g. -amount, -commission,
 * -IVA), so settlement can never fail for funds. A hold already posted or released answers
 * applied: false (a second settle event is a no-op; a settle after a return is reported, not applied).
 */
export async function settleHold(
  tx: Tx,
  input: { reference: string; postings: PostingInput[]; kind?: string; transactionReference?: string; memo?: Record<string, unknown> },
): Promise<HoldTransition> {
  const movement: TransactionInput = { kind: input.kind ?? 'spei-out', reference: input.transactionReference ?? input.reference, memo: input.memo, postings: input.postings };
  const legs = resolveLegs(movement);
  // The hold row is locked first: a concurrent second delivery waits here, then sees 'posted'.
  const [row] = await tx.select().from(ledgerHolds).where(eq(ledgerHolds.v_reference, input.reference)).for('update');
  if (!row) throw notFound(HOLD_NOT_FOUND);
  const hold = toHold(row);
  if (hold.status !== 'held') return { applied: false, hold };
  const net = legs.filter((l) => l.accountId === hold.accountId).reduce((s, l) => s + l.amountCents, 0n);
  if (net !== -hold.amountCents) throw new Error(`settleHold ${input.reference}: las partidas de la cuenta retenida suman ${net}, se esperaba ${-hold.amountCents}`);
  const { settledAt, ...transaction } = await post(tx, movement, legs, { release: new Map([[hold.accountId, hold.amountCents]]), settleHoldId: hold.id });
  if (!transaction.created) throw conflict('La referencia ya se usó para otro movimiento');
  return { applied: true, hold: { ...hold, status: 'posted', transactionId: transaction.transactionId, updatedAt: settledAt! }, transaction };
}

/** Releases a hold (return, cancel, rejection): the held amount leaves transit, once. */
export async function releaseHold(tx: Tx, input: { reference: string; reason?: string }): Promise<HoldTransition> {
  const [released] = await rows<{ id: string; u: number }>(
    tx,
    sql`WITH h AS (
          UPDATE ledger_holds SET v_status = 'released', v_reason = ${input.reason ?? null}, d_update_at = now()
           WHERE v_reference = ${input.reference} AND v_status = 'held'
          RETURNING v_uid, v_uid_account, n_amount_cents
        ), u AS (
          UPDATE ledger_accounts a SET n_held_cents = a.n_held_cents - h.n_amount_cents, d_update_at = now()
            FROM h WHERE a.v_uid = h.v_uid_account
          RETURNING 1
        )
        SELECT h.v_uid::text AS id, (SELECT count(*) FROM u)::int AS u FROM h`,
  );
  if (released && Number(released.u) !== 1) throw new Error(`releaseHold ${input.reference}: la cuenta de la retención no se actualizó`);
  const hold = await getHold(tx, input.reference);
  if (!hold) throw notFound(HOLD_NOT_FOUND);
  return released ? { applied: true, hold } : { applied: false, hold };
}

// ---------------------------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------------------------

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
    return { ...toPosting(p), at: p.d_create_at, transaction: { id: t.v_uid, kind: t.v_kind, reference: t.v_reference, memo: t.t_memo ?? null, createdAt: t.d_create_at } };
  });
  return { account, from: fromInclusive, to: toExclusive, openingBalance, closingBalance: running, credits, debits, entries };
}
