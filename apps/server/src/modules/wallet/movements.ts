/** A wallet's movements, their detail and proof, the monthly statement and "Mi resumen" (read-only). */
import { rule } from '../../platform/errors';
import type { DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { notFound } from '../../platform/errors';
import type { ExportFormat } from '../../platform/export';
import { toPage } from '../../platform/paging';
import { movementByTrackingKey, movementDetailOut, movementFor, queryMovements, type MovementFilters } from '../spei';
import { EXPORT_MAX_ROWS, ledgerAccountState, movementsFile } from '../statements';
import * as users from '../users';
import { balanceOut, limitOut, walletBalance, walletFor } from './account';
import { listBudgets } from './budgets';

interface Filters {
  UserId?: string;
  From?: string;
  To?: string;
  Type?: MovementFilters['type'];
  Status?: number;
  Search?: string;
}
const filtersOf = (q: Filters): MovementFilters => ({ from: q.From, to: q.To, type: q.Type, status: q.Status, search: q.Search });

export async function listWalletMovements(tx: Tx, actor: Actor, q: Filters & { Page: number; Size: number }) {
  const { user } = await walletFor(tx, actor, q.UserId);
  const { rows, total } = await queryMovements(tx, user.v_uid, filtersOf(q), { limit: q.Size, offset: (q.Page - 1) * q.Size });
  return toPage(rows, total, q);
}

export async function exportWalletMovements(tx: Tx, actor: Actor, q: Filters & { Format: ExportFormat }) {
  const { user, wallet } = await walletFor(tx, actor, q.UserId);
  const { rows, total } = await queryMovements(tx, user.v_uid, filtersOf(q), { limit: EXPORT_MAX_ROWS + 1, offset: 0 });
  if (total > EXPORT_MAX_ROWS) throw rule(`La exportación admite máximo ${EXPORT_MAX_ROWS.toLocaleString('es-MX')} movimientos; acota las fechas`);
  return movementsFile(q.Format, wallet.v_client, rows);
}

/** One movement of a wallet: a wallet user reaches only their own (tenant = their WAL key); staff only wallets'. */
export async function walletMovement(tx: Tx, actor: Actor, id: string) {
  const m = await movementFor(tx, actor, id);
  if (!m.v_client.startsWith('WAL')) throw notFound('Movimiento no encontrado');
  return m;
}

/** A wallet user's own movement with this tracking key (a clarification disputes it); none for any other tenant. */
export async function walletMovementByTrackingKey(db: DbOrTx, walletClient: string, trackingKey: string) {
  if (!walletClient.startsWith('WAL')) return undefined;
  return movementByTrackingKey(db, walletClient, trackingKey);
}

export async function walletMovementDetail(tx: Tx, actor: Actor, id: string) {
  const m = await walletMovement(tx, actor, id);
  return movementDetailOut(tx, m);
}

export async function walletStatement(tx: Tx, actor: Actor, q: { UserId?: string; Year: number; Month: number }, now = new Date()) {
  const { user, wallet } = await walletFor(tx, actor, q.UserId);
  return ledgerAccountState(
    tx,
    { Id: user.v_uid, Name: users.fullName(user), Rfc: user.v_rfc ?? '', AccountNumber: wallet.v_clabe, ClientNumber: wallet.v_client },
    'wallet',
    q,
    now,
  );
}

/** "Mi resumen": available, in transit, budgets, the latest movements, the limit. Staff read it from /user/wallet. */
export async function walletSummary(tx: Tx, actor: Actor, userId?: string) {
  const { user, wallet } = await walletFor(tx, actor, userId);
  const [bal, limit, budgets, last] = [
    await walletBalance(tx, wallet.v_client),
    await limitOut(tx, wallet),
    await listBudgets(tx, actor, userId),
    await queryMovements(tx, user.v_uid, {}, { limit: 5, offset: 0 }),
  ];
  return {
    UserId: user.v_uid,
    ClientNumber: wallet.v_client,
    Name: users.fullName(user),
    Email: user.v_email,
    Clabe: wallet.v_clabe,
    ConfirmWith: wallet.v_confirm_with,
    HasPin: !!user.v_pin_hash,
    Balance: balanceOut(bal),
    Limit: limit,
    Budgets: budgets,
    LastMovements: last.rows,
  };
}
