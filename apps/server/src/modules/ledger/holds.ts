// Holds: amounts in transit, placed, settled into a posting or released, once (conventions in shared.ts).
import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import { builtNow, runBuilt, type BuiltQuery } from '../../db/built';
import type { DbOrTx, Tx } from '../../db/client';
import { conflict, notFound, rule } from '../../platform/errors';
import { post, resolveLegs, type PostedTransaction, type PostingInput, type TransactionInput } from './post';
import { ledgerHolds } from './schema';
import { ACCOUNT_NOT_FOUND, INSUFFICIENT_FUNDS, MAX_POSTING_CENTS, UUID, guarded, lockAccounts, rows } from './shared';

const HOLD_NOT_FOUND = 'Retención no encontrada';

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

export interface HoldInput {
  accountId: string;
  amountCents: bigint;
  reference: string;
}

function checkHoldInput(fn: string, input: HoldInput): void {
  if (typeof input.amountCents !== 'bigint' || input.amountCents <= 0n || input.amountCents > MAX_POSTING_CENTS)
    throw new Error(`${fn}: monto no válido: ${String(input.amountCents)}`);
  if (!input.reference?.trim()) throw new Error(`${fn}: falta reference`);
  if (!UUID.test(input.accountId)) throw notFound(ACCOUNT_NOT_FOUND);
}

/**
 * Moves an amount into transit (raises n_held_cents). Refused with 'Saldo insuficiente' when the
 * available balance does not cover it. Placing the same reference again (same account and amount)
 * returns the existing hold with created: false.
 */
export async function placeHold(tx: Tx, input: HoldInput): Promise<{ created: boolean; hold: Hold }> {
  checkHoldInput('placeHold', input);
  const same = (prior: Hold) => {
    if (prior.accountId !== input.accountId || prior.amountCents !== input.amountCents)
      throw conflict('La referencia de la retención ya existe con otros datos');
    return { created: false, hold: prior };
  };
  // A replay (the reference already placed) is found below, once the lock is held: asking first
  // would cost every new hold a read to spare a rare replay a wait.
  const account = (await lockAccounts(tx, [input.accountId])).get(input.accountId)!;
  if (account.customer && BigInt(account.balance) - BigInt(account.held) < input.amountCents) {
    // This reference may be placed already (a replay, or a concurrent duplicate we waited for) and
    // have taken the money: then this is its replay.
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
    // The same reference was placed before (a replay) or concurrently and committed first.
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

/** The CTE of newHoldCtes that has a row when the hold was placed (none when it was not). */
export const PLACED_HOLD = sql.raw('placed_hold');

/**
 * A hold under a reference the caller has just made up (a fresh UUID), as CTEs for a statement of
 * the caller's: the funds check and the hold are one conditional UPDATE (at READ COMMITTED it waits
 * for the account's row and checks its latest version) plus the hold's INSERT, which PLACED_HOLD
 * returns. Nothing is written when the funds fall short, the account is missing or `when` (an SQL
 * condition, evaluated before the account is touched) is false. Its values are placeholders
 * (hold_*), given by newHoldValues, so that a hot caller renders the statement once (db/built.ts).
 */
export function newHoldCtes(when: SQL = sql`true`): SQL {
  const amount = sql`${sql.placeholder('hold_amount')}::bigint`;
  const account = sql`${sql.placeholder('hold_account')}::uuid`;
  return sql`hold_account AS (
      UPDATE ledger_accounts SET n_held_cents = n_held_cents + ${amount}, d_update_at = now()
       WHERE v_uid = ${account} AND (NOT b_customer OR n_balance_cents - n_held_cents >= ${amount}) AND ${when}
      RETURNING v_uid
    ), ${PLACED_HOLD} AS (
      INSERT INTO ledger_holds (v_uid, v_uid_account, n_amount_cents, v_reference)
      SELECT ${sql.placeholder('hold_id')}::uuid, v_uid, ${amount}, ${sql.placeholder('hold_reference')} FROM hold_account
      RETURNING v_uid::text AS id, d_create_at, d_update_at
    )`;
}

/** The values of newHoldCtes for a hold, checked as placeHold checks its input. */
export function newHoldValues(input: HoldInput): Record<string, unknown> {
  checkHoldInput('newHold', input);
  return { hold_id: randomUUID(), hold_account: input.accountId, hold_amount: input.amountCents.toString(), hold_reference: input.reference };
}

/** The caller's writes to run in placeNewHold's statement, and the values of their placeholders. */
export interface AlsoWrites {
  writes: readonly SQL[];
  values: Record<string, unknown>;
}

/** placeNewHold's statement, rendered once per list of writes (callers keep theirs in a constant). */
const newHoldStatements = new WeakMap<readonly SQL[], BuiltQuery>();
const NO_WRITES: readonly SQL[] = [];

/**
 * placeHold for a reference the caller has just made up (a fresh UUID), so there is no replay to
 * look for: one round trip (newHoldCtes). Same refusals as placeHold, and like it nothing is
 * written when it refuses. `also` may add the caller's own writes to that statement: INSERT ...
 * SELECT ... FROM PLACED_HOLD, which write only when the hold was placed.
 */
export async function placeNewHold(tx: Tx, input: HoldInput, also: AlsoWrites = { writes: NO_WRITES, values: {} }): Promise<Hold> {
  const values = Object.assign(newHoldValues(input), also.values);
  let statement = newHoldStatements.get(also.writes);
  if (!statement) {
    const extra = also.writes.map((write, i) => sql`, ${sql.raw(`also_${i}`)} AS (${write})`);
    statement = builtNow(sql`WITH ${newHoldCtes()}${sql.join(extra)}
      SELECT EXISTS (SELECT 1 FROM ledger_accounts WHERE v_uid = ${sql.placeholder('hold_account')}::uuid) AS found, h.id,
             floor(extract(epoch FROM h.d_create_at) * 1000)::bigint::text AS created,
             floor(extract(epoch FROM h.d_update_at) * 1000)::bigint::text AS updated
        FROM (SELECT 1) one LEFT JOIN ${PLACED_HOLD} h ON true`);
    newHoldStatements.set(also.writes, statement);
  }
  const [row] = await guarded(runBuilt<{ found: boolean; id: string | null; created: string | null; updated: string | null }>(tx, statement, values));
  if (!row?.found) throw notFound(ACCOUNT_NOT_FOUND);
  if (row.id === null || row.created === null || row.updated === null) throw rule(INSUFFICIENT_FUNDS);
  return {
    id: row.id,
    accountId: input.accountId,
    amountCents: input.amountCents,
    status: 'held',
    reference: input.reference,
    transactionId: null,
    reason: null,
    createdAt: new Date(Number(row.created)),
    updatedAt: new Date(Number(row.updated)),
  };
}

/** Locks a ledger account now, for a caller that must take it before its own rows (see runChunk of dispersions); its balance and held amount as locked. */
export async function lockAccount(tx: Tx, accountId: string): Promise<{ balance: bigint; held: bigint }> {
  const a = (await lockAccounts(tx, [accountId])).get(accountId)!;
  return { balance: BigInt(a.balance), held: BigInt(a.held) };
}

/**
 * Many new holds on one account in one statement (a dispersion chunk: one per order, plus what
 * stays held for the rows still queued). All are placed or none: 'Saldo insuficiente' when the
 * available balance cannot cover their sum, a conflict when a reference exists already.
 */
export async function placeHolds(tx: Tx, input: { accountId: string; holds: Array<{ amountCents: bigint; reference: string }> }): Promise<void> {
  if (input.holds.length === 0) return;
  let sum = 0n;
  for (const h of input.holds) {
    if (typeof h.amountCents !== 'bigint' || h.amountCents <= 0n || h.amountCents > MAX_POSTING_CENTS)
      throw new Error(`placeHolds: monto no válido: ${String(h.amountCents)}`);
    if (!h.reference?.trim()) throw new Error('placeHolds: falta reference');
    sum += h.amountCents;
  }
  if (!UUID.test(input.accountId)) throw notFound(ACCOUNT_NOT_FOUND);
  const account = (await lockAccounts(tx, [input.accountId])).get(input.accountId)!;
  if (account.customer && BigInt(account.balance) - BigInt(account.held) < sum) throw rule(INSUFFICIENT_FUNDS);
  const [row] = await guarded(
    rows<{ n: number; u: number }>(
      tx,
      sql`WITH h AS (
            INSERT INTO ledger_holds (v_uid_account, n_amount_cents, v_reference)
            SELECT ${input.accountId}::uuid, a, r FROM unnest(${pgArray(input.holds.map((h) => h.amountCents))}::bigint[], ${pgArray(input.holds.map((h) => h.reference))}::text[]) AS x(a, r)
            RETURNING n_amount_cents
          ), u AS (
            UPDATE ledger_accounts a SET n_held_cents = a.n_held_cents + (SELECT sum(n_amount_cents) FROM h), d_update_at = now()
             WHERE a.v_uid = ${input.accountId}::uuid
            RETURNING 1
          )
          SELECT (SELECT count(*) FROM h)::int AS n, (SELECT count(*) FROM u)::int AS u`,
    ),
  );
  if (Number(row?.n) !== input.holds.length || Number(row?.u) !== 1)
    throw new Error(`placeHolds: se escribieron ${row?.n} de ${input.holds.length} retenciones`);
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
  const movement: TransactionInput = {
    kind: input.kind ?? 'spei-out',
    reference: input.transactionReference ?? input.reference,
    memo: input.memo,
    postings: input.postings,
  };
  const legs = resolveLegs(movement);
  // The hold row is locked first: a concurrent second delivery waits here, then sees 'posted'.
  const [row] = await tx.select().from(ledgerHolds).where(eq(ledgerHolds.v_reference, input.reference)).for('update');
  if (!row) throw notFound(HOLD_NOT_FOUND);
  const hold = toHold(row);
  if (hold.status !== 'held') return { applied: false, hold };
  const net = legs.filter((l) => l.accountId === hold.accountId).reduce((s, l) => s + l.amountCents, 0n);
  if (net !== -hold.amountCents)
    throw new Error(`settleHold ${input.reference}: las partidas de la cuenta retenida suman ${net}, se esperaba ${-hold.amountCents}`);
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
