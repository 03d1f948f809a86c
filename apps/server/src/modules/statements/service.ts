/**
 * Balances and movements (/movement) with their exports, the monthly account statement
 * (/account/status) and the money dashboards. Everything here reads: the ledger for balances and
 * statements (the closing balance is the ledger's), the SPEI module for orders and their status.
 */
import { amountOut, type AccountState, type BusinessMovement, type MovementSortField, type MovementType } from '@far/contracts';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { rule } from '../../platform/errors';
import { writeExport, type ExportColumn, type ExportFile, type ExportFormat } from '../../platform/export';
import { toPage } from '../../platform/paging';
import { businessIdForActor, businessName, type BusinessRow } from '../businesses';
import {
  bookBalances,
  customerAccountCode,
  getAccountByCode,
  listAccounts,
  statement,
  type CustomerKind,
  type Statement,
  type StatementEntry,
} from '../ledger';
import { businessBalance, businessFor, movementsByIds, openOrders, legDescription, queryMovements, speiVolume, type MovementFilters } from '../spei';
import { MONTH_NAMES, addDays, dayBounds, mexicoDate, monthBounds } from '../../platform/mexico-time';
import { decimalCents as cents } from './pdf';

export { accountStatePdf } from './pdf';

export const EXPORT_MAX_ROWS = 50_000;

export interface MovementsQuery {
  BusinessId?: string;
  From?: string;
  To?: string;
  Type?: MovementType;
  Status?: number;
  Search?: string;
  Page: number;
  Size: number;
  SortBy?: MovementSortField;
  SortDir?: 'asc' | 'desc';
}

const filtersOf = (q: Omit<MovementsQuery, 'Page' | 'Size' | 'BusinessId' | 'SortBy' | 'SortDir'>): MovementFilters => ({
  from: q.From,
  to: q.To,
  type: q.Type,
  status: q.Status,
  search: q.Search,
});

// ---- movements and exports ---------------------------------------------------------------------------

export async function listMovements(db: DbOrTx, actor: Actor, q: MovementsQuery) {
  const businessId = await businessIdForActor(db, actor, q.BusinessId, { field: 'BusinessId' });
  const { rows, total } = await queryMovements(db, businessId, filtersOf(q), { limit: q.Size, offset: (q.Page - 1) * q.Size }, q);
  return toPage(rows, total, q);
}

/** The columns of the movements export: identifiers stay text, the date is a date, amounts are money. */
const EXPORT_COLUMNS: ExportColumn<BusinessMovement>[] = [
  { header: 'Fecha', kind: 'datetime', value: (m) => m.MovementDate },
  { header: 'Tipo', kind: 'text', value: (m) => m.MovementName },
  { header: 'Estatus', kind: 'text', value: (m) => m.StatusName },
  { header: 'Clave de rastreo', kind: 'id', value: (m) => m.TrackingKey },
  { header: 'Concepto', kind: 'text', value: (m) => m.Concept, width: 30 },
  { header: 'Referencia', kind: 'id', value: (m) => m.Reference, width: 12 },
  { header: 'Ordenante', kind: 'text', value: (m) => m.SourceAccount.Name, width: 30 },
  { header: 'Cuenta ordenante', kind: 'id', value: (m) => m.SourceAccount.Clabe },
  { header: 'Beneficiario', kind: 'text', value: (m) => m.Beneficiary.Name, width: 30 },
  { header: 'Cuenta beneficiario', kind: 'id', value: (m) => m.Beneficiary.Clabe },
  { header: 'Banco beneficiario', kind: 'text', value: (m) => m.Beneficiary.BankName },
  { header: 'Alias', kind: 'text', value: (m) => m.Alias },
  { header: 'Monto', kind: 'money', value: (m) => cents(m.MovementAmount) },
  { header: 'Comisión', kind: 'money', value: (m) => cents(m.Commission) },
  { header: 'IVA', kind: 'money', value: (m) => cents(m.IVA) },
  { header: 'Total', kind: 'money', value: (m) => cents(m.TotalAmount) },
  // Signed: over a period these add up to closing − opening balance (decision 0024).
  { header: 'Efecto en saldo', kind: 'money', value: (m) => cents(m.BalanceEffect) },
];

/** The filtered movements (every page, up to EXPORT_MAX_ROWS) as CSV (UTF-8 with BOM) or XLSX. */
export async function exportMovements(
  db: DbOrTx,
  actor: Actor,
  q: Omit<MovementsQuery, 'Page' | 'Size' | 'SortBy' | 'SortDir'> & { Format: ExportFormat },
): Promise<ExportFile> {
  const b = await businessFor(db, actor, q.BusinessId);
  const { rows, total } = await queryMovements(db, b.v_uid, filtersOf(q), { limit: EXPORT_MAX_ROWS + 1, offset: 0 });
  if (total > EXPORT_MAX_ROWS) throw rule(`La exportación admite máximo ${EXPORT_MAX_ROWS.toLocaleString('es-MX')} movimientos; acota las fechas`);
  return movementsFile(q.Format, b.v_client, rows);
}

/** Movements as the export file (a business's or a wallet's). */
export const movementsFile = (format: ExportFormat, client: string, rows: BusinessMovement[]): Promise<ExportFile> =>
  writeExport(format, { baseName: `movimientos-${client}-${mexicoDate(new Date())}`, sheetName: 'Movimientos', columns: EXPORT_COLUMNS, rows });

// ---- the monthly statement -----------------------------------------------------------------------------

const describe = (e: StatementEntry) => legDescription(e.transaction.kind, e.leg, e.transaction.memo, e.amountCents > 0n);

async function statementBusiness(db: DbOrTx, actor: Actor, businessId: string | undefined): Promise<BusinessRow> {
  return businessFor(db, actor, businessId);
}

/** The statement of a Mexico City month: opening balance, every posting, commissions and IVA, closing balance (the ledger's). */
export async function accountState(db: DbOrTx, actor: Actor, q: { BusinessId?: string; Year: number; Month: number }, now = new Date()): Promise<AccountState> {
  const b = await statementBusiness(db, actor, q.BusinessId);
  return ledgerAccountState(
    db,
    { Id: b.v_uid, Name: businessName(b), Rfc: b.v_rfc, AccountNumber: b.v_account_number, ClientNumber: b.v_client },
    'business',
    q,
    now,
  );
}

/**
 * A customer's accounts merged into one statement: a business has its main account; a wallet its
 * main account and one sub-account per budget. A transaction that only moves money between them
 * (a budget add or minus) is one line marked OwnTransfer: it changes neither the total nor the
 * deposits, withdrawals, commissions or IVA. Lines run in posting order; the running balance is
 * the customer's total (all the accounts).
 */
function mergedLines(statements: Statement[]) {
  const accountIds = new Set(statements.map((s) => s.account.id));
  const main = statements[0]!.account.id;
  const byTransaction = new Map<string, StatementEntry[]>();
  for (const e of statements.flatMap((s) => s.entries)) byTransaction.set(e.transaction.id, [...(byTransaction.get(e.transaction.id) ?? []), e]);
  const own = (list: StatementEntry[]) =>
    list.length > 1 && list.every((e) => accountIds.has(e.accountId)) && list.reduce((t, e) => t + e.amountCents, 0n) === 0n;
  const lines: Array<{ entry: StatementEntry; ownTransfer: boolean }> = [];
  for (const list of byTransaction.values()) {
    if (own(list)) lines.push({ entry: list.find((e) => e.accountId === main) ?? list[0]!, ownTransfer: true });
    else for (const entry of list) lines.push({ entry, ownTransfer: false });
  }
  // Stable: the legs of one transaction keep their order.
  return lines.sort((a, b) => a.entry.at.getTime() - b.entry.at.getTime());
}

/** The monthly statement of a customer (a business's or a wallet's): its main account and, for a wallet, its budgets' sub-accounts. */
export async function ledgerAccountState(
  db: DbOrTx,
  owner: AccountState['Business'],
  ownerKind: CustomerKind,
  q: { Year: number; Month: number },
  now = new Date(),
): Promise<AccountState> {
  const [from, to] = monthBounds(q.Year, q.Month);
  if (from > now) throw rule('El periodo aún no comienza');
  const mainCode = customerAccountCode(owner.ClientNumber);
  // The main account first: an own transfer is shown from its side.
  const accounts = (await listAccounts(db, owner.ClientNumber, ownerKind)).sort((a, b) => Number(b.code === mainCode) - Number(a.code === mainCode));
  const statements = await Promise.all(accounts.map((a) => statement(db, a.id, from, to)));
  const lines = statements.length ? mergedLines(statements) : [];
  const byMovement = await movementsByIds(db, [
    ...new Set(lines.map((l) => l.entry.transaction.memo?.movementId).filter((id): id is string => typeof id === 'string')),
  ]);
  const opening = statements.reduce((t, st) => t + st.openingBalance, 0n);
  const closing = statements.reduce((t, st) => t + st.closingBalance, 0n);
  let deposits = 0n;
  let withdrawals = 0n;
  let commissions = 0n;
  let iva = 0n;
  let running = opening;
  const out = lines.map(({ entry: e, ownTransfer }) => {
    const a = e.amountCents;
    if (!ownTransfer) {
      running += a;
      if (a > 0n) deposits += a;
      else if (e.leg === 'commission') commissions -= a;
      else if (e.leg === 'iva') iva -= a;
      else withdrawals -= a;
    }
    const memo = e.transaction.memo ?? {};
    const m = typeof memo.movementId === 'string' ? byMovement.get(memo.movementId) : undefined;
    const text = (key: string) => (typeof memo[key] === 'string' ? (memo[key] as string) : null);
    return {
      Date: e.at.toISOString(),
      Description: describe(e),
      MovementType: text('type') ?? e.transaction.kind,
      Leg: e.leg,
      OwnTransfer: ownTransfer,
      TrackingKey: m?.v_tracking_key ?? text('trackingKey'),
      Reference: m?.v_reference ?? text('reference'),
      Concept: m?.v_concept ?? text('concept') ?? (text('file') ? `Archivo ${text('file')}` : null),
      Amount: amountOut(a),
      Balance: amountOut(running),
    };
  });
  if (running !== closing) throw new Error(`ledgerAccountState: ${owner.ClientNumber} no cuadra (${running} ≠ ${closing})`);
  return {
    Business: owner,
    Period: { Year: q.Year, Month: q.Month, From: from.toISOString(), To: to.toISOString(), Label: `${MONTH_NAMES[q.Month - 1]} de ${q.Year}` },
    OpeningBalance: amountOut(opening),
    Deposits: amountOut(deposits),
    Withdrawals: amountOut(withdrawals),
    Commissions: amountOut(commissions),
    IVA: amountOut(iva),
    ClosingBalance: amountOut(closing),
    Movements: out,
    GeneratedAt: now.toISOString(),
  };
}

// ---- dashboards ------------------------------------------------------------------------------------

export async function businessDashboard(db: DbOrTx, actor: Actor, businessId: string | undefined, now = new Date()) {
  const b = await businessFor(db, actor, businessId);
  const today = mexicoDate(now);
  const first = addDays(today, -29);
  const days = Array.from({ length: 30 }, (_, i) => addDays(first, i));
  const flows = new Map(days.map((d) => [d, { in: 0n, out: 0n }]));
  const account = await getAccountByCode(db, customerAccountCode(b.v_client));
  if (account) {
    const st = await statement(db, account.id, dayBounds(first)[0], dayBounds(today)[1]);
    for (const e of st.entries) {
      const f = flows.get(mexicoDate(e.at));
      if (!f) continue;
      if (e.amountCents > 0n) f.in += e.amountCents;
      else f.out -= e.amountCents;
    }
  }
  const [last, pending] = await Promise.all([queryMovements(db, b.v_uid, {}, { limit: 10, offset: 0 }), openOrders(db, b.v_uid)]);
  return {
    Balance: await businessBalance(db, b),
    LastMovements: last.rows,
    Series: days.map((d) => ({ Date: d, In: amountOut(flows.get(d)!.in), Out: amountOut(flows.get(d)!.out) })),
    PendingOrders: { Count: pending.count, Amount: amountOut(pending.total) },
  };
}

export async function adminDashboard(db: DbOrTx, now = new Date()) {
  const books = await bookBalances(db);
  const providerTotal = Object.values(books).reduce((a, b) => a + b, 0n);
  const [volume, pending] = await Promise.all([speiVolume(db, mexicoDate(now)), openOrders(db)]);
  return {
    // Every ledger transaction sums to zero, so all customer money is minus the provider's books.
    TotalBalancesHeld: amountOut(-providerTotal),
    TotalInTransit: amountOut(pending.total),
    SpeiToday: { Out: { Count: volume.out.count, Amount: amountOut(volume.out.amount) }, In: { Count: volume.in.count, Amount: amountOut(volume.in.amount) } },
    PendingOrders: { Count: pending.count, Amount: amountOut(pending.total) },
    Books: {
      CommissionIncome: amountOut(books['commission-income']),
      IvaPayable: amountOut(books['iva-payable']),
      SpeiClearing: amountOut(books['spei-clearing']),
      SettlementInTransit: amountOut(books['settlement-in-transit']),
    },
  };
}
