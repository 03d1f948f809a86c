/**
 * Budgets (spec §3 budget and budget-movement): money set aside in a ledger sub-account of the
 * wallet ('<client>:budget-<id>'). 'add' moves money from the available balance into it, 'minus'
 * back; n_current_amount is the sub-account's balance. The ledger keeps both accounts at or above
 * zero (its CHECK); the budget row is locked first, so the messages below are exact.
 */
import { WALLET_MESSAGES, amountOut, formatCurrency, type Budget, type BudgetCreateBody, type BudgetUpdateBody } from '@far/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { insertFrom, rowFromJson } from '../../db/insert-from';
import { qb, readNow, readRow, readTogether } from '../../db/read-together';
import type { Actor } from '../../platform/context';
import { notFound, rule } from '../../platform/errors';
import { iso } from '../../platform/reply';
import { activityWrite, recordActivity } from '../audit';
import { POSTED, balanceOf, customerAccountCode, lockedAccountsRead, openAccount, postTransaction, postingWrite } from '../ledger';
import { notify } from '../notifications';
import { walletAccount } from '../spei';
import * as users from '../users';
import { walletFor } from './account';
import { budgetMovements, budgets } from './schema';

const SECTION = 'Presupuestos';
const NOT_FOUND = 'El presupuesto no existe';
type BudgetRow = typeof budgets.$inferSelect;

export function budgetOut(b: BudgetRow, current: bigint): Budget {
  const progress = Number((current * 100n) / b.n_goal_amount_cents);
  return {
    v_uid: b.v_uid,
    v_name: b.v_name,
    n_goal_amount: amountOut(b.n_goal_amount_cents),
    n_current_amount: amountOut(current),
    i_active: b.i_active,
    d_target_date: b.d_target_date,
    Progress: Math.min(100, progress),
    GoalMet: current >= b.n_goal_amount_cents,
    d_create_at: iso(b.d_create_at)!,
    d_update_at: iso(b.d_update_at)!,
  };
}

const currentOf = async (db: DbOrTx, b: BudgetRow) => (await balanceOf(db, b.v_uid_account)).balance;

export async function listBudgets(tx: Tx, actor: Actor, userId?: string): Promise<Budget[]> {
  const { user } = await walletFor(tx, actor, userId);
  const rows = await tx.select().from(budgets).where(eq(budgets.v_uid_user, user.v_uid)).orderBy(asc(budgets.d_create_at), asc(budgets.v_uid));
  return Promise.all(rows.map(async (b) => budgetOut(b, await currentOf(tx, b))));
}

export async function createBudget(tx: Tx, actor: Actor, d: z.output<typeof BudgetCreateBody>): Promise<Budget> {
  const { user, wallet } = await walletFor(tx, actor, undefined);
  const id = randomUUID();
  const account = await openAccount(tx, { ownerKind: 'wallet', owner: wallet.v_client, name: `Presupuesto ${d.v_name}`, slot: `budget-${id}` });
  const [row] = await tx
    .insert(budgets)
    .values({
      v_uid: id,
      v_uid_user: user.v_uid,
      v_client: wallet.v_client,
      v_name: d.v_name,
      n_goal_amount_cents: d.n_goal_amount,
      d_target_date: d.d_target_date ?? null,
      v_uid_account: account.id,
    })
    .returning();
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Agregar',
    activity: `Creó el presupuesto ${d.v_name} con meta de ${formatCurrency(d.n_goal_amount)}`,
  });
  return budgetOut(row!, 0n);
}

/** The caller's budget, locked: another user's id answers 404 as an unknown one. */
async function lockBudget(tx: Tx, actor: Actor, id: string): Promise<BudgetRow> {
  const [row] = await tx
    .select()
    .from(budgets)
    .where(and(eq(budgets.v_uid, id), eq(budgets.v_uid_user, actor.userId)))
    .for('update');
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/**
 * Moves money between the available balance and the budget's sub-account (one ledger transaction,
 * kind budget-add / budget-minus, reference = the budget movement's id) and records the movement.
 */
async function move(tx: Tx, actor: Actor, b: BudgetRow, type: 'add' | 'minus', amount: bigint, reason: string | null) {
  const user = (await users.getUser(tx, b.v_uid_user))!;
  const main = await walletAccount(tx, { client: b.v_client, name: users.fullName(user) });
  const id = randomUUID();
  const sign = type === 'add' ? 1n : -1n;
  const moved = await postTransaction(tx, {
    kind: type === 'add' ? 'budget-add' : 'budget-minus',
    reference: id,
    memo: { budgetId: b.v_uid, counterparty: b.v_name, type, reason },
    postings: [
      { accountId: main.id, amountCents: -sign * amount, leg: 'amount' },
      { accountId: b.v_uid_account, amountCents: sign * amount, leg: 'amount' },
    ],
  });
  const [row] = await tx
    .insert(budgetMovements)
    .values({
      v_uid: id,
      v_uid_budget: b.v_uid,
      v_type: type,
      n_amount_cents: amount,
      v_reason: reason,
      v_uid_transaction: moved.transactionId,
      v_uid_user: actor.userId,
    })
    .returning();
  return row!;
}

/** Notifies once per reaching of the goal; dropping below it again re-arms the notice. */
async function goalCheck(tx: Tx, b: BudgetRow, current: bigint): Promise<BudgetRow> {
  const met = current >= b.n_goal_amount_cents;
  if (met === (b.d_goal_met_at !== null)) return b;
  const [row] = await tx
    .update(budgets)
    .set({ d_goal_met_at: met ? new Date() : null })
    .where(eq(budgets.v_uid, b.v_uid))
    .returning();
  if (met) await goalNotice(tx, b);
  return row!;
}

const goalNotice = (tx: Tx, b: BudgetRow) =>
  notify(tx, {
    userId: b.v_uid_user,
    kind: 'budget.goal-met',
    title: 'Alcanzaste tu meta',
    body: `Tu presupuesto ${b.v_name} llegó a su meta de ${formatCurrency(b.n_goal_amount_cents)}.`,
    link: '/dispersal/budget',
  });

/**
 * The budget (locked first) and the wallet's main account and the budget's sub-account (locked
 * next, in the ledger's order), in ONE statement (decision 0030).
 */
const budgetMoveRead = (actor: Actor, id: string) => {
  const own = and(eq(budgets.v_uid, id), eq(budgets.v_uid_user, actor.userId));
  return readTogether({
    budget: readRow<BudgetRow>(budgets, qb.select().from(budgets).where(own).for('update')),
    accounts: lockedAccountsRead([customerAccountCode(actor.client)], sql`${qb.select({ a: budgets.v_uid_account }).from(budgets).where(own)}`),
  });
};

/**
 * 'add' or 'minus' in three statements of its own (decision 0030): the plan read above; ONE write
 * of the ledger transaction (kind budget-add / budget-minus, reference = the budget movement's id),
 * the budget movement, the goal's mark and the audit entry; and, only when the goal is reached,
 * its notice. The balances answered are the locked ones plus this movement.
 */
export async function budgetMovement(tx: Tx, actor: Actor, id: string, d: { v_type: 'add' | 'minus'; n_amount: bigint }) {
  let facts = await readNow(tx, budgetMoveRead(actor, id));
  const b = facts.budget;
  if (!b) throw notFound(NOT_FOUND);
  if (![...facts.accounts.values()].some((a) => a.code === customerAccountCode(b.v_client))) {
    // The wallet's main account was never opened (a wallet older than its ledger account): open it and read again.
    const user = (await users.getUser(tx, b.v_uid_user))!;
    await walletAccount(tx, { client: b.v_client, name: users.fullName(user) });
    facts = await readNow(tx, budgetMoveRead(actor, id));
  }
  if (!b.i_active) throw rule(WALLET_MESSAGES.budgetInactive);
  const main = [...facts.accounts.values()].find((a) => a.code === customerAccountCode(b.v_client))!;
  const sub = facts.accounts.get(b.v_uid_account)!;
  const current = BigInt(sub.balance);
  if (d.v_type === 'minus' && d.n_amount > current) throw rule(WALLET_MESSAGES.budgetOver);
  if (d.v_type === 'add' && d.n_amount > BigInt(main.balance) - BigInt(main.held)) throw rule('El monto excede tu saldo disponible');

  const movementId = randomUUID();
  const sign = d.v_type === 'add' ? 1n : -1n;
  const posted = postingWrite(
    {
      kind: d.v_type === 'add' ? 'budget-add' : 'budget-minus',
      reference: movementId,
      memo: { budgetId: b.v_uid, counterparty: b.v_name, type: d.v_type, reason: null },
      postings: [
        { accountId: main.id, amountCents: -sign * d.n_amount, leg: 'amount' },
        { accountId: sub.id, amountCents: sign * d.n_amount, leg: 'amount' },
      ],
    },
    facts.accounts,
    sql`(SELECT 1) one`,
  );
  const after = posted.balances.get(sub.id)!;
  const met = after >= b.n_goal_amount_cents;
  // Notified once per reaching of the goal; dropping below it again re-arms the notice.
  const goalChanges = met !== (b.d_goal_met_at !== null);
  const from = sql.raw(POSTED);
  const statement = sql`WITH ${posted.ctes},
      moved AS (${insertFrom(
        budgetMovements,
        {
          v_uid: movementId,
          v_uid_budget: b.v_uid,
          v_type: d.v_type,
          n_amount_cents: d.n_amount,
          v_reason: null,
          v_uid_transaction: posted.transactionId,
          v_uid_user: actor.userId,
        },
        from,
        sql`RETURNING *`,
      )}),
      goal AS (UPDATE ${budgets} SET d_goal_met_at = ${met ? sql`now()` : sql`NULL`} FROM ${from} WHERE ${budgets.v_uid} = ${b.v_uid}::uuid AND ${goalChanges} RETURNING ${budgets}.*),
      audit AS (${activityWrite(
        {
          actor,
          section: SECTION,
          action: 'Editar',
          activity: `${d.v_type === 'add' ? 'Apartó' : 'Retiró'} ${formatCurrency(d.n_amount)} ${d.v_type === 'add' ? 'al' : 'del'} presupuesto ${b.v_name}`,
        },
        from,
        sql`NULL::jsonb`,
      )})
    SELECT (SELECT to_jsonb(m) FROM moved m) AS moved, (SELECT to_jsonb(g) FROM goal g) AS goal`;
  const [written] = (
    (await tx.execute(statement)) as unknown as { rows: Array<{ moved: Record<string, unknown> | null; goal: Record<string, unknown> | null }> }
  ).rows;
  if (!written?.moved) throw new Error(`budgetMovement: ${movementId} no se escribió`);
  const row = rowFromJson<typeof budgetMovements.$inferSelect>(budgetMovements, written.moved);
  const updated = written.goal ? rowFromJson<BudgetRow>(budgets, written.goal) : b;
  if (goalChanges && met) await goalNotice(tx, b);
  const available = posted.balances.get(main.id)! - BigInt(main.held);
  return {
    v_uid: row.v_uid,
    v_uid_budget: b.v_uid,
    v_type: row.v_type,
    n_amount: amountOut(row.n_amount_cents),
    d_create_at: iso(row.d_create_at)!,
    Budget: budgetOut(updated, after),
    AvailableBalance: amountOut(available),
  };
}

/** Name, goal, target date; i_active false returns the budget's money to the available balance in the same transaction. */
export async function updateBudget(tx: Tx, actor: Actor, id: string, d: z.output<typeof BudgetUpdateBody>): Promise<Budget> {
  const b = await lockBudget(tx, actor, id);
  if (Object.values(d).every((v) => v === undefined)) throw rule('No hay cambios que guardar');
  const current = await currentOf(tx, b);
  const deactivating = d.i_active === false && b.i_active;
  if (deactivating && current > 0n) await move(tx, actor, b, 'minus', current, 'deactivation');
  const [row] = await tx
    .update(budgets)
    .set({
      ...(d.v_name !== undefined ? { v_name: d.v_name } : {}),
      ...(d.n_goal_amount !== undefined ? { n_goal_amount_cents: d.n_goal_amount } : {}),
      ...(d.d_target_date !== undefined ? { d_target_date: d.d_target_date } : {}),
      ...(d.i_active !== undefined ? { i_active: d.i_active } : {}),
      d_update_at: new Date(),
    })
    .where(eq(budgets.v_uid, b.v_uid))
    .returning();
  const after = deactivating ? 0n : current;
  const updated = row!.i_active ? await goalCheck(tx, row!, after) : row!;
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: deactivating ? 'Desactivar' : 'Editar',
    activity: deactivating
      ? `Desactivó el presupuesto ${b.v_name}${current > 0n ? ` y regresó ${formatCurrency(current)} a su saldo disponible` : ''}`
      : `Editó el presupuesto ${updated.v_name}`,
  });
  return budgetOut(updated, after);
}
