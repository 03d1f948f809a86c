/**
 * Balances and movements (/movement) with their exports, the monthly account statement
 * (/account/status) and the money dashboards. Everything here reads: the ledger for balances and
 * statements (the closing balance is the ledger's), the SPEI module for orders and their status.
 */
import {
  MOVEMENT_TYPE_NAMES,
  amountOut,
  formatCurrency,
  formatDate,
  formatDateTime,
  type AccountState,
  type BusinessMovement,
  type MovementType,
} from '@far/contracts';
import { stringify } from 'csv-stringify/sync';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { forbidden, rule } from '../../platform/errors';
import { toPage } from '../../platform/paging';
import { businessName, type BusinessRow } from '../businesses';
import { bookBalances, customerAccountCode, getAccountByCode, statement, type StatementEntry } from '../ledger';
import {
  MONTH_NAMES,
  addDays,
  businessBalance,
  businessFor,
  dayBounds,
  mexicoDate,
  monthBounds,
  movementsByIds,
  openOrders,
  pdfField,
  pdfHeading,
  queryMovements,
  renderPdf,
  speiVolume,
  type MovementFilters,
} from '../spei';

const MOVEMENTS_ACCESS = { op: 'Ver' as const, menus: ['/movement'] };
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
}

const filtersOf = (q: Omit<MovementsQuery, 'Page' | 'Size' | 'BusinessId'>): MovementFilters => ({ from: q.From, to: q.To, type: q.Type, status: q.Status, search: q.Search });

// ---- movements and exports ---------------------------------------------------------------------------

export async function listMovements(db: DbOrTx, actor: Actor, q: MovementsQuery) {
  const b = await businessFor(db, actor, q.BusinessId, MOVEMENTS_ACCESS);
  const { rows, total } = await queryMovements(db, b.v_uid, filtersOf(q), { limit: q.Size, offset: (q.Page - 1) * q.Size });
  return toPage(rows, total, q);
}

/** A cell a spreadsheet must not run: text starting with = + - @ (or a tab or CR) gets a leading quote. */
export const safeCell = (value: string | null | undefined): string => {
  const v = value ?? '';
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
};

const EXPORT_COLUMNS = [
  'Fecha',
  'Tipo',
  'Estatus',
  'Clave de rastreo',
  'Concepto',
  'Referencia',
  'Ordenante',
  'Cuenta ordenante',
  'Beneficiario',
  'Cuenta beneficiario',
  'Banco beneficiario',
  'Alias',
  'Monto',
  'Comisión',
  'IVA',
  'Total',
] as const;

function exportRow(m: BusinessMovement): { text: string[]; amounts: string[] } {
  return {
    text: [
      formatDateTime(m.MovementDate),
      MOVEMENT_TYPE_NAMES[m.MovementType],
      m.StatusName,
      m.TrackingKey ?? '',
      m.Concept ?? '',
      m.Reference ?? '',
      m.SourceAccount.Name ?? '',
      m.SourceAccount.Clabe ?? '',
      m.Beneficiary.Name ?? '',
      m.Beneficiary.Clabe ?? '',
      m.Beneficiary.BankName ?? '',
      m.Alias ?? '',
    ].map(safeCell),
    amounts: [m.MovementAmount, m.Commission, m.IVA, m.TotalAmount],
  };
}

/** The filtered movements (every page, up to EXPORT_MAX_ROWS) as CSV (UTF-8 with BOM) or XLSX. */
export async function exportMovements(db: DbOrTx, actor: Actor, q: Omit<MovementsQuery, 'Page' | 'Size'> & { Format: 'csv' | 'xlsx' }): Promise<{ content: Buffer; mediaType: string; fileName: string }> {
  const b = await businessFor(db, actor, q.BusinessId, MOVEMENTS_ACCESS);
  const { rows, total } = await queryMovements(db, b.v_uid, filtersOf(q), { limit: EXPORT_MAX_ROWS, offset: 0, exact: true });
  if (total > EXPORT_MAX_ROWS) throw rule(`La exportación admite máximo ${EXPORT_MAX_ROWS.toLocaleString('es-MX')} movimientos; acota las fechas`);
  const stamp = mexicoDate(new Date());
  const fileName = `movimientos-${b.v_client}-${stamp}.${q.Format}`;
  if (q.Format === 'csv') {
    const data = rows.map((m) => {
      const r = exportRow(m);
      return [...r.text, ...r.amounts];
    });
    const csv = stringify([[...EXPORT_COLUMNS], ...data], { bom: true });
    return { content: Buffer.from(csv, 'utf8'), mediaType: 'text/csv; charset=utf-8', fileName };
  }
  // exceljs is heavy and rarely needed: it loads on the first XLSX export, not at start-up.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.creator = 'FAR Portal';
  const sheet = book.addWorksheet('Movimientos');
  sheet.addRow([...EXPORT_COLUMNS]).font = { bold: true };
  for (const m of rows) {
    const r = exportRow(m);
    // Amounts as numbers so that the spreadsheet can add them; read from the exact two-decimal text.
    sheet.addRow([...r.text, ...r.amounts.map((a) => Number(a))]);
  }
  for (let c = EXPORT_COLUMNS.length - 3; c <= EXPORT_COLUMNS.length; c++) sheet.getColumn(c).numFmt = '"$"#,##0.00';
  sheet.columns.forEach((col) => (col.width = 18));
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  return { content: buffer, mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName };
}

// ---- the monthly statement -----------------------------------------------------------------------------

const LEG_TEXT: Record<string, Record<string, (who: string) => string>> = {
  'spei-out': { amount: (who) => `Transferencia SPEI enviada${who ? ` a ${who}` : ''}`, commission: () => 'Comisión por transferencia SPEI', iva: () => 'IVA de la comisión' },
  'spei-in': { amount: (who) => `Transferencia SPEI recibida${who ? ` de ${who}` : ''}`, commission: () => 'Comisión por SPEI recibido', iva: () => 'IVA de la comisión' },
  deposit: { amount: (who) => `Depósito${who ? ` de ${who}` : ''}`, commission: () => 'Comisión por depósito', iva: () => 'IVA de la comisión' },
  'spei-out-return': { amount: (who) => `Devolución de transferencia SPEI${who ? ` a ${who}` : ''}` },
};

function describe(e: StatementEntry): string {
  const memo = e.transaction.memo ?? {};
  const who = typeof memo.counterparty === 'string' ? memo.counterparty : '';
  const text = LEG_TEXT[e.transaction.kind]?.[e.leg ?? 'amount'];
  if (text) return text(who);
  if (e.transaction.kind === 'reversal') return 'Corrección (reversa de un movimiento)';
  return e.transaction.kind;
}

async function statementBusiness(db: DbOrTx, actor: Actor, businessId: string | undefined): Promise<BusinessRow> {
  return businessFor(db, actor, businessId, { op: 'Ver', menus: ['/account/status'] });
}

/** The statement of a Mexico City month: opening balance, every posting, commissions and IVA, closing balance (the ledger's). */
export async function accountState(db: DbOrTx, actor: Actor, q: { BusinessId?: string; Year: number; Month: number }, now = new Date()): Promise<AccountState> {
  const b = await statementBusiness(db, actor, q.BusinessId);
  const [from, to] = monthBounds(q.Year, q.Month);
  if (from > now) throw rule('El periodo aún no comienza');
  const account = await getAccountByCode(db, customerAccountCode(b.v_client));
  const st = account ? await statement(db, account.id, from, to) : null;
  const entries = st?.entries ?? [];
  const byMovement = await movementsByIds(
    db,
    [...new Set(entries.map((e) => e.transaction.memo?.movementId).filter((id): id is string => typeof id === 'string'))],
  );
  let deposits = 0n;
  let withdrawals = 0n;
  let commissions = 0n;
  let iva = 0n;
  const lines = entries.map((e) => {
    const a = e.amountCents;
    if (a > 0n) deposits += a;
    else if (e.leg === 'commission') commissions -= a;
    else if (e.leg === 'iva') iva -= a;
    else withdrawals -= a;
    const memo = e.transaction.memo ?? {};
    const m = typeof memo.movementId === 'string' ? byMovement.get(memo.movementId) : undefined;
    return {
      Date: e.at.toISOString(),
      Description: describe(e),
      MovementType: typeof memo.type === 'string' ? memo.type : e.transaction.kind,
      Leg: e.leg,
      TrackingKey: m?.v_tracking_key ?? (typeof memo.trackingKey === 'string' ? memo.trackingKey : null),
      Reference: m?.v_reference ?? (typeof memo.reference === 'string' ? memo.reference : null),
      Concept: m?.v_concept ?? (typeof memo.concept === 'string' ? memo.concept : null),
      Amount: amountOut(a),
      Balance: amountOut(e.balanceAfterCents),
    };
  });
  const opening = st?.openingBalance ?? 0n;
  const closing = st?.closingBalance ?? 0n;
  return {
    Business: { Id: b.v_uid, Name: businessName(b), Rfc: b.v_rfc, AccountNumber: b.v_account_number, ClientNumber: b.v_client },
    Period: { Year: q.Year, Month: q.Month, From: from.toISOString(), To: to.toISOString(), Label: `${MONTH_NAMES[q.Month - 1]} de ${q.Year}` },
    OpeningBalance: amountOut(opening),
    Deposits: amountOut(deposits),
    Withdrawals: amountOut(withdrawals),
    Commissions: amountOut(commissions),
    IVA: amountOut(iva),
    ClosingBalance: amountOut(closing),
    Movements: lines,
    GeneratedAt: now.toISOString(),
  };
}

const cents = (decimal: string) => BigInt(decimal.replace('.', ''));

/** The statement as a PDF (es-MX money, Mexico City dates). */
export function accountStatePdf(s: AccountState): Promise<Buffer> {
  return renderPdf(`Estado de cuenta ${s.Period.Label}`, (doc) => {
    doc.font('Helvetica-Bold').fontSize(16).fillColor('#1f3a5f').text('FAR Portal', 50, 50);
    doc.font('Helvetica').fontSize(13).fillColor('#000000').text(`Estado de cuenta de ${s.Period.Label}`);
    doc.moveDown(0.5);
    pdfField(doc, 'Cliente', s.Business.Name);
    pdfField(doc, 'RFC', s.Business.Rfc);
    pdfField(doc, 'Número de cliente', s.Business.ClientNumber);
    pdfField(doc, 'Cuenta CLABE', s.Business.AccountNumber);
    pdfField(doc, 'Periodo', `${formatDate(s.Period.From)} al ${formatDate(new Date(new Date(s.Period.To).getTime() - 1))}`);

    pdfHeading(doc, 'Resumen');
    pdfField(doc, 'Saldo inicial', formatCurrency(cents(s.OpeningBalance)));
    pdfField(doc, 'Abonos', formatCurrency(cents(s.Deposits)));
    pdfField(doc, 'Cargos', formatCurrency(cents(s.Withdrawals)));
    pdfField(doc, 'Comisiones', formatCurrency(cents(s.Commissions)));
    pdfField(doc, 'IVA de comisiones', formatCurrency(cents(s.IVA)));
    pdfField(doc, 'Saldo final', formatCurrency(cents(s.ClosingBalance)));

    pdfHeading(doc, 'Movimientos');
    const cols = [
      { title: 'Fecha', x: 50, w: 60 },
      { title: 'Descripción', x: 112, w: 168 },
      { title: 'Rastreo / referencia', x: 282, w: 108 },
      { title: 'Cargo', x: 392, w: 54, right: true },
      { title: 'Abono', x: 448, w: 54, right: true },
      { title: 'Saldo', x: 504, w: 58, right: true },
    ];
    const header = () => {
      const y = doc.y;
      doc.font('Helvetica-Bold').fontSize(7.5).fillColor('#444444');
      for (const c of cols) doc.text(c.title, c.x, y, { width: c.w, align: c.right ? 'right' : 'left' });
      doc.moveDown(0.4);
      doc.font('Helvetica').fillColor('#000000');
    };
    header();
    if (s.Movements.length === 0) doc.fontSize(9).text('Sin movimientos en el periodo.', 50);
    for (const m of s.Movements) {
      if (doc.y > 700) {
        doc.addPage();
        header();
      }
      const amount = cents(m.Amount);
      const cells = [
        formatDateTime(m.Date),
        m.Description + (m.Concept && m.Leg === 'amount' ? ` — ${m.Concept}` : ''),
        [m.TrackingKey, m.Reference ? `Ref. ${m.Reference}` : null].filter(Boolean).join('\n'),
        amount < 0n ? formatCurrency(-amount) : '',
        amount > 0n ? formatCurrency(amount) : '',
        formatCurrency(cents(m.Balance)),
      ];
      const y = doc.y;
      doc.fontSize(7.5);
      let bottom = y;
      cols.forEach((c, i) => {
        doc.text(cells[i] ?? '', c.x, y, { width: c.w, align: c.right ? 'right' : 'left' });
        bottom = Math.max(bottom, doc.y);
      });
      doc.y = bottom + 3;
    }
    doc.moveDown(1.5);
    doc.font('Helvetica').fontSize(8).fillColor('#666666').text(`Generado el ${formatDateTime(s.GeneratedAt)} h (hora de la Ciudad de México). El saldo final es el del libro mayor de FAR Portal.`, 50);
  });
}

// ---- dashboards ------------------------------------------------------------------------------------

export async function businessDashboard(db: DbOrTx, actor: Actor, businessId: string | undefined, now = new Date()) {
  const b = await businessFor(db, actor, businessId, { op: 'Ver', menus: ['/dashboard'] });
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

export async function adminDashboard(db: DbOrTx, actor: Actor, now = new Date()) {
  if (actor.kind !== 'FAR') throw forbidden();
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
