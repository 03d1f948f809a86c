// Posting balanced transactions, their replays and reversals (conventions in shared.ts).
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import { mapRead, qb, readRows, type Read } from '../../db/read-together';
import type { Tx, DbOrTx } from '../../db/client';
import { conflict, notFound, rule } from '../../platform/errors';
import { PROVIDER_BOOKS, bookAccountId, shardFor, type ProviderBook } from './books';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from './schema';
import { ACCOUNT_NOT_FOUND, INSUFFICIENT_FUNDS, MAX_POSTING_CENTS, UUID, guarded, lockAccounts, rows, type LockedAccount } from './shared';

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
export function resolveLegs(input: TransactionInput): Leg[] {
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

export async function post(tx: Tx, input: TransactionInput, legs: Leg[], opts: PostOptions): Promise<Written> {
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
  const { plan, postings, short } = planPostings(legs, accounts, release);
  if (short) {
    // A concurrent duplicate we waited for may have spent the money: then this is its replay.
    const raced = settling ? null : await findTransaction(tx, input.kind, input.reference);
    if (raced) return replayed(raced, legs);
    throw rule(INSUFFICIENT_FUNDS);
  }
  // 4. One statement writes the transaction, the balances (and the hold), and the postings — or,
  //    if a concurrent duplicate took (kind, reference) first, nothing at all.
  const transactionId = randomUUID();
  const settle = settling
    ? sql`, h AS (UPDATE ledger_holds SET v_status = 'posted', v_uid_transaction = t.v_uid, d_update_at = now() FROM ${sql.raw(POSTED)} t
                  WHERE ledger_holds.v_uid = ${opts.settleHoldId}::uuid AND ledger_holds.v_status = 'held' RETURNING d_update_at)`
    : sql``;
  const [written] = await guarded(
    rows<{ t: number; u: number; p: number; h: number; created: string | null; settled: string | null }>(
      tx,
      sql`WITH ${postingCtes(transactionId, input, plan, postings, sql`(SELECT 1) one`)}${settle}
          SELECT (SELECT count(*) FROM ${sql.raw(POSTED)})::int AS t, (SELECT count(*) FROM posted_balances)::int AS u, (SELECT count(*) FROM posted_lines)::int AS p,
                 ${settling ? sql`(SELECT count(*) FROM h)::int` : sql`0`} AS h,
                 (SELECT floor(extract(epoch FROM d_create_at) * 1000)::bigint::text FROM ${sql.raw(POSTED)}) AS created,
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

type AccountPlan = Map<string, { delta: bigint; release: bigint; count: bigint; balance: bigint; entries: bigint }>;

/** Each leg's posting on the locked accounts (balance after, entry number), and whether a customer account would go below what it holds. */
function planPostings(
  legs: Leg[],
  accounts: Map<string, LockedAccount>,
  release: Map<string, bigint>,
): { plan: AccountPlan; postings: Posting[]; short: boolean } {
  const plan: AccountPlan = new Map();
  for (const [id, a] of accounts)
    plan.set(id, { delta: 0n, release: release.get(id) ?? 0n, count: 0n, balance: BigInt(a.balance), entries: BigInt(a.entries) });
  const postings: Posting[] = legs.map((l) => {
    const p = plan.get(l.accountId);
    if (!p) throw new Error(`planPostings: la cuenta ${l.accountId} no está bloqueada`);
    p.delta += l.amountCents;
    p.count += 1n;
    return {
      id: randomUUID(),
      accountId: l.accountId,
      line: l.line,
      leg: l.leg,
      amountCents: l.amountCents,
      balanceAfterCents: p.balance + p.delta,
      entry: p.entries + p.count,
    };
  });
  const short = [...plan].some(([id, p]) => {
    const a = accounts.get(id)!;
    return a.customer && BigInt(a.balance) + p.delta - (BigInt(a.held) - p.release) < 0n;
  });
  return { plan, postings, short };
}

/** The CTE of the written transaction (one row, or none when (kind, reference) existed). */
export const POSTED = 'posted_tx';

/**
 * The transaction, the balances and the postings as CTEs of one statement (posted_tx,
 * posted_balances, posted_lines), written only if `from` (a caller's CTE, or (SELECT 1) one) has a row.
 */
function postingCtes(transactionId: string, input: TransactionInput, plan: AccountPlan, postings: Posting[], from: SQL): SQL {
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
  return sql`${sql.raw(POSTED)} AS (
            INSERT INTO ledger_transactions (v_uid, v_kind, v_reference, t_memo)
            SELECT ${transactionId}::uuid, ${input.kind}, ${input.reference}, ${input.memo ? JSON.stringify(input.memo) : null}::jsonb FROM ${from}
            ON CONFLICT (v_kind, v_reference) DO NOTHING
            RETURNING v_uid, d_create_at
          ), posted_balances AS (
            UPDATE ledger_accounts a
               SET n_balance_cents = a.n_balance_cents + v.delta,
                   n_held_cents = a.n_held_cents - v.release,
                   n_entries = a.n_entries + v.cnt,
                   d_update_at = now()
              FROM (VALUES ${accountValues}) AS v(id, delta, release, cnt), ${sql.raw(POSTED)} t
             WHERE a.v_uid = v.id
            RETURNING 1
          ), posted_lines AS (
            INSERT INTO ledger_postings (v_uid, v_uid_account, i_line, v_leg, n_amount_cents, n_balance_after_cents, n_entry, v_uid_transaction, d_create_at)
            SELECT v.*, t.v_uid, t.d_create_at FROM (VALUES ${postingValues}) AS v(id, account, line, leg, amount, after, entry), ${sql.raw(POSTED)} t
            RETURNING 1
          )`;
}

/**
 * The accounts of these codes and of the ids a subquery gives, locked (FOR UPDATE, in v_uid order:
 * the ledger's one order) by the caller's plan statement.
 */
export const lockedAccountsRead = (codes: string[], ids: string[] | SQL = []): Read<Map<string, LockedAccount & { code: string }>> =>
  mapRead(
    readRows<typeof ledgerAccounts.$inferSelect>(
      ledgerAccounts,
      qb
        .select()
        .from(ledgerAccounts)
        .where(
          or(
            inArray(ledgerAccounts.v_code, codes),
            sql`${ledgerAccounts.v_uid} IN (${Array.isArray(ids) ? sql`SELECT unnest(${pgArray(ids)}::uuid[])` : ids})`,
          ),
        )
        .orderBy(asc(ledgerAccounts.v_uid))
        .for('update'),
    ),
    (found) =>
      new Map(
        found.map((a) => [
          a.v_uid,
          {
            id: a.v_uid,
            code: a.v_code,
            customer: a.b_customer,
            balance: String(a.n_balance_cents),
            held: String(a.n_held_cents),
            entries: String(a.n_entries),
          },
        ]),
      ),
  );

/**
 * The provider books' accounts that legs post to (the shard of `shardKey`, resolveLegs's first
 * named account), for a plan statement to lock them beside the customers' accounts.
 */
export const bookAccountsOf = (postings: PostingInput[], shardKey: string): string[] => [
  ...new Set(postings.flatMap((p) => (p.book ? [bookAccountId(p.book, shardFor(shardKey))] : []))),
];

/**
 * A movement under a new reference (never posted: a fresh id) as parts of the caller's one write
 * statement, on accounts its plan statement locked (lockedAccountsRead): the funds are checked
 * here on the locked rows ('Saldo insuficiente'), and the CTEs write it when `from` has a row.
 */
export function postingWrite(
  input: TransactionInput,
  locked: Map<string, LockedAccount>,
  from: SQL,
): { transactionId: string; postings: Posting[]; ctes: SQL; balances: Map<string, bigint> } {
  const legs = resolveLegs(input);
  const { plan, postings, short } = planPostings(legs, locked, new Map());
  if (short) throw rule(INSUFFICIENT_FUNDS);
  const transactionId = randomUUID();
  const balances = new Map([...plan].map(([id, p]) => [id, p.balance + p.delta]));
  return { transactionId, postings, ctes: postingCtes(transactionId, input, plan, postings, from), balances };
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

export const toPosting = (p: typeof ledgerPostings.$inferSelect): Posting => ({
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
