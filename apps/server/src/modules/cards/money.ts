/**
 * Card money: balances per card and cardholder, funding from the business balance (deposit
 * commission + IVA per row) and the card movements. A funding file is one ledger transaction:
 * the business pays the total once, each card gets its amount, the provider books get the
 * commissions and IVA; its reference is the funding id, so it can move only once.
 */
import { randomUUID } from 'node:crypto';
import {
  CARD_MOVEMENT_KINDS,
  CARD_STATUS,
  DECIDED_BY_NAMES,
  amountOut,
  cardFieldName,
  ivaOf,
  parseApiAmount,
  type CardMovementsBody,
  type DecidedBy,
} from '@far/contracts';
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { rule } from '../../platform/errors';
import { writeExport, type ExportColumn } from '../../platform/export';
import { offsetOf, toPage } from '../../platform/paging';
import { iso } from '../../platform/reply';
import { recordActivity } from '../audit';
import type { BusinessRow } from '../businesses';
import { balanceOf, customerAccountCode, getAccountByCode, openAccount, postTransaction } from '../ledger';
import { effectiveSpeiConfig } from '../pricing';
import { dayBounds } from '../../platform/mexico-time';
import { CARD_NOT_FOUND, maskedPanOf, type CardRow } from './common';
import { FORMULA_MESSAGE, isFormula, type TableRow } from './files';
import { ensureCardAccount } from './cards';
import { cardAuthorizations, cardMovements, cardholders, cards } from './schema';

const zero = { balance: 0n, transitBalance: 0n, availableBalance: 0n };
const outBalance = (b: { balance: bigint; transitBalance: bigint; availableBalance: bigint }) => ({
  balance: amountOut(b.balance),
  transitBalance: amountOut(b.transitBalance),
  availableBalance: amountOut(b.availableBalance),
});

export async function cardBalance(db: DbOrTx, c: CardRow) {
  const b = c.v_uid_account ? await balanceOf(db, c.v_uid_account) : zero;
  return { CardIdentifier: c.v_card_identifier, MaskedPan: maskedPanOf(c), ...outBalance(b), cents: b };
}

export async function cardholderBalances(db: DbOrTx, business: BusinessRow, identifiers: string[]) {
  const rows = await db
    .select({ c: cards, h: cardholders.v_identifier })
    .from(cards)
    .innerJoin(cardholders, eq(cardholders.v_uid, cards.v_uid_cardholder))
    .where(and(eq(cards.v_uid_business, business.v_uid), inArray(cardholders.v_identifier, identifiers)));
  const known = await db
    .select({ id: cardholders.v_identifier })
    .from(cardholders)
    .where(and(eq(cardholders.v_uid_business, business.v_uid), inArray(cardholders.v_identifier, identifiers)));
  const out = [];
  for (const { id } of known) {
    const own = rows.filter((r) => r.h === id);
    const per = [];
    const sum = { ...zero };
    for (const r of own) {
      const b = await cardBalance(db, r.c);
      sum.balance += b.cents.balance;
      sum.transitBalance += b.cents.transitBalance;
      sum.availableBalance += b.cents.availableBalance;
      const { cents: _cents, ...shown } = b;
      per.push(shown);
    }
    out.push({ CardholderIdentifier: id, ...outBalance(sum), Cards: per });
  }
  return out;
}

// ---- funding -----------------------------------------------------------------------------------

export interface FundingLine {
  row: number;
  card: CardRow;
  holder: string | null;
  amount: bigint;
  commission: bigint;
  iva: bigint;
}

/** Every row checked first: card of the business, active, not locked, amount valid, not repeated. */
export async function planFunding(db: DbOrTx, b: BusinessRow, rows: TableRow[]) {
  const cfg = await effectiveSpeiConfig(db, b.v_uid);
  const commission = cfg.commissionDepositCardholderCents;
  const iva = ivaOf(commission);
  const idents = rows.map((r) => r.values.CardIdentifier).filter(Boolean) as string[];
  const holderIds = rows.map((r) => r.values.CardholderIdentifier).filter(Boolean) as string[];
  const byCard = new Map<string, CardRow>();
  const byHolder = new Map<string, { card: CardRow[]; locked: boolean }>();
  for (let i = 0; i < Math.max(idents.length, holderIds.length); i += 1000) {
    const a = idents.slice(i, i + 1000);
    if (a.length)
      for (const c of await db
        .select()
        .from(cards)
        .where(and(eq(cards.v_uid_business, b.v_uid), inArray(cards.v_card_identifier, a))))
        byCard.set(c.v_card_identifier, c);
    const h = holderIds.slice(i, i + 1000);
    if (h.length) {
      const found = await db
        .select({ c: cards, h: cardholders })
        .from(cardholders)
        .leftJoin(cards, and(eq(cards.v_uid_cardholder, cardholders.v_uid), eq(cards.i_status, CARD_STATUS.active)))
        .where(and(eq(cardholders.v_uid_business, b.v_uid), inArray(cardholders.v_identifier, h)));
      for (const f of found) {
        const entry = byHolder.get(f.h.v_identifier) ?? { card: [], locked: f.h.b_locked };
        if (f.c) entry.card.push(f.c);
        byHolder.set(f.h.v_identifier, entry);
      }
    }
  }
  const lockedHolders = new Set(
    (
      await db
        .select({ id: cardholders.v_uid })
        .from(cardholders)
        .where(and(eq(cardholders.v_uid_business, b.v_uid), eq(cardholders.b_locked, true)))
    ).map((r) => r.id),
  );
  const lines: FundingLine[] = [];
  const errors: { Row: number; Field: string | null; Message: string }[] = [];
  const seen = new Map<string, number>();
  for (const r of rows) {
    const v = r.values;
    const err = (Field: string | null, Message: string) => errors.push({ Row: r.row, Field: cardFieldName(Field), Message });
    const formula = Object.entries(v).find(([, x]) => isFormula(x));
    if (formula) {
      err(formula[0], FORMULA_MESSAGE);
      continue;
    }
    const amount = parseApiAmount(v.Amount ?? '');
    if (!('value' in amount)) {
      err('Amount', v.Amount ? amount.message : 'Este campo es requerido');
      continue;
    }
    let card: CardRow | undefined;
    if (v.CardIdentifier) card = byCard.get(v.CardIdentifier);
    else if (v.CardholderIdentifier) {
      const h = byHolder.get(v.CardholderIdentifier);
      if (h && h.card.length > 1) {
        err('CardholderIdentifier', 'El tarjetahabiente tiene más de una tarjeta activa: indica el identificador de la tarjeta');
        continue;
      }
      card = h?.card[0];
      if (h && !card) {
        err('CardholderIdentifier', 'El tarjetahabiente no tiene una tarjeta activa');
        continue;
      }
    } else {
      err('CardIdentifier', 'Indica CardIdentifier o CardholderIdentifier');
      continue;
    }
    if (!card) {
      err(v.CardIdentifier ? 'CardIdentifier' : 'CardholderIdentifier', CARD_NOT_FOUND);
      continue;
    }
    if (card.i_status === CARD_STATUS.cancelled) err('CardIdentifier', 'La tarjeta está cancelada');
    else if (card.i_status !== CARD_STATUS.active) err('CardIdentifier', 'La tarjeta no está activa');
    else if (card.b_blocked) err('CardIdentifier', 'La tarjeta está bloqueada');
    else if (card.v_uid_cardholder && lockedHolders.has(card.v_uid_cardholder)) err('CardholderIdentifier', 'El tarjetahabiente está bloqueado');
    else if (seen.has(card.v_uid)) err('CardIdentifier', `Tarjeta duplicada en el archivo (fila ${seen.get(card.v_uid)})`);
    else {
      seen.set(card.v_uid, r.row);
      lines.push({ row: r.row, card, holder: v.CardholderIdentifier || null, amount: amount.value, commission, iva });
    }
  }
  return { lines, errors };
}

export async function previewOf(db: DbOrTx, b: BusinessRow, plan: Awaited<ReturnType<typeof planFunding>>, executed: boolean) {
  const totals = plan.lines.reduce((t, l) => ({ amount: t.amount + l.amount, commission: t.commission + l.commission, iva: t.iva + l.iva }), {
    amount: 0n,
    commission: 0n,
    iva: 0n,
  });
  const total = totals.amount + totals.commission + totals.iva;
  const account = await getAccountByCode(db, customerAccountCode(b.v_client));
  const available = account ? (await balanceOf(db, account.id)).availableBalance : 0n;
  return {
    Executed: executed,
    Rows: plan.lines.map((l) => ({
      Row: l.row,
      CardIdentifier: l.card.v_card_identifier,
      CardholderIdentifier: l.holder,
      MaskedPan: maskedPanOf(l.card),
      Amount: amountOut(l.amount),
      Commission: amountOut(l.commission),
      IVA: amountOut(l.iva),
      Total: amountOut(l.amount + l.commission + l.iva),
    })),
    Errors: plan.errors,
    TotalAmount: amountOut(totals.amount),
    TotalCommission: amountOut(totals.commission),
    TotalIVA: amountOut(totals.iva),
    Total: amountOut(total),
    CurrentBalance: amountOut(available + (executed ? total : 0n)),
    RemainingBalance: amountOut(executed ? available : available - total),
    totalCents: total,
    availableCents: available,
  };
}

const FUNDING_PART = 1_000;
export const FILE_HAS_ERRORS = 'El archivo tiene filas con errores: corrígelas y vuelve a cargarlo';

/** Moves the money of a checked plan: one ledger transaction for the file. */
export async function executeFunding(tx: Tx, actor: Actor, b: BusinessRow, plan: Awaited<ReturnType<typeof planFunding>>, filename: string) {
  if (plan.errors.length) throw rule(FILE_HAS_ERRORS);
  if (!plan.lines.length) throw rule('El archivo no tiene registros');
  const business = await openAccount(tx, { ownerKind: 'business', owner: b.v_client, name: b.v_client });
  const fundingId = randomUUID();
  let amount = 0n;
  // One ledger transaction per 1,000 rows (a statement carries at most 65,535 parameters), all in
  // the caller's database transaction: the file moves whole or not at all.
  for (let part = 0; part * FUNDING_PART < plan.lines.length; part++) {
    const lines = plan.lines.slice(part * FUNDING_PART, (part + 1) * FUNDING_PART);
    const sum = lines.reduce((t, l) => ({ amount: t.amount + l.amount, commission: t.commission + l.commission, iva: t.iva + l.iva }), {
      amount: 0n,
      commission: 0n,
      iva: 0n,
    });
    amount += sum.amount;
    const cardLegs = [];
    for (const l of lines) cardLegs.push({ accountId: await ensureCardAccount(tx, b, l.card), amountCents: l.amount, leg: 'amount' });
    const posted = await postTransaction(tx, {
      kind: 'card-funding',
      reference: `${fundingId}:${part}`,
      memo: {
        business: b.v_client,
        file: filename,
        rows: lines.length,
        amount: sum.amount.toString(),
        commission: sum.commission.toString(),
        iva: sum.iva.toString(),
      },
      postings: [
        // Amount, commission and IVA as their own legs, so statements and movements show them apart.
        { accountId: business.id, amountCents: -sum.amount, leg: 'amount' },
        ...(sum.commission > 0n ? [{ accountId: business.id, amountCents: -sum.commission, leg: 'commission' }] : []),
        ...(sum.iva > 0n ? [{ accountId: business.id, amountCents: -sum.iva, leg: 'iva' }] : []),
        ...cardLegs,
        ...(sum.commission > 0n ? [{ book: 'commission-income' as const, amountCents: sum.commission, leg: 'commission' }] : []),
        ...(sum.iva > 0n ? [{ book: 'iva-payable' as const, amountCents: sum.iva, leg: 'iva' }] : []),
      ],
    });
    await tx.insert(cardMovements).values(
      lines.map((l) => ({
        v_uid_card: l.card.v_uid,
        v_uid_business: b.v_uid,
        v_kind: 'funding',
        v_description: `Fondeo desde ${filename}`,
        n_amount_cents: l.amount,
        n_commission_cents: l.commission,
        n_iva_cents: l.iva,
        v_status: 'Aplicado',
        v_uid_transaction: posted.transactionId,
      })),
    );
  }
  await recordActivity(tx, {
    actor,
    section: 'Fondeo de tarjetas',
    action: 'Agregar',
    activity: `Fondeó ${plan.lines.length} tarjetas por ${amountOut(amount)} MXN`,
    detail: { funding: fundingId },
  });
  return fundingId;
}

// ---- movements --------------------------------------------------------------------------------

/** A purchase's decision columns (null on other movements: the join is on purchases only). */
const DECISION_COLUMNS = { by: cardAuthorizations.v_decided_by, reason: cardAuthorizations.v_business_reason, ms: cardAuthorizations.i_decision_ms };
type DecisionColumns = { by: DecidedBy | null; reason: string | null; ms: number | null } | null;
// The business was asked exactly when the time it took was recorded (decidedColumns in network.ts).
const decisionOut = (d: DecisionColumns) => (d?.by && d.ms !== null ? { DecidedBy: d.by, BusinessReason: d.reason, DecisionMs: d.ms } : null);

const movementOut = (m: typeof cardMovements.$inferSelect, c: Pick<CardRow, 'v_card_identifier' | 'v_pan_first6' | 'v_pan_last4'>, d: DecisionColumns) => ({
  Id: m.v_uid,
  CardIdentifier: c.v_card_identifier,
  MaskedPan: maskedPanOf(c),
  Kind: m.v_kind,
  KindName: CARD_MOVEMENT_KINDS[m.v_kind as keyof typeof CARD_MOVEMENT_KINDS] ?? m.v_kind,
  Description: m.v_description,
  Amount: amountOut(m.n_amount_cents),
  Commission: amountOut(m.n_commission_cents),
  IVA: amountOut(m.n_iva_cents),
  Status: m.v_status,
  /** The purchase a movement belongs to (a dispute names it). */
  AuthorizationId: m.v_uid_authorization,
  CreatedAt: iso(m.d_create_at)!,
  Decision: decisionOut(d),
});

export async function listMovements(db: DbOrTx, b: BusinessRow, q: z.output<typeof CardMovementsBody>) {
  const conditions: SQL[] = [eq(cardMovements.v_uid_business, b.v_uid)];
  if (q.CardIdentifier) conditions.push(eq(cards.v_card_identifier, q.CardIdentifier));
  if (q.CardholderIdentifier)
    conditions.push(
      sql`${cards.v_uid_cardholder} IN (SELECT v_uid FROM cardholders WHERE v_identifier = ${q.CardholderIdentifier} AND v_uid_business = ${b.v_uid})`,
    );
  if (q.Kind) conditions.push(eq(cardMovements.v_kind, q.Kind));
  if (q.From) conditions.push(gte(cardMovements.d_create_at, dayBounds(q.From)[0]));
  if (q.To) conditions.push(lt(cardMovements.d_create_at, dayBounds(q.To)[1]));
  const where = and(...conditions);
  const base = db
    .select({
      m: cardMovements,
      c: { v_card_identifier: cards.v_card_identifier, v_pan_first6: cards.v_pan_first6, v_pan_last4: cards.v_pan_last4 },
      d: DECISION_COLUMNS,
    })
    .from(cardMovements)
    .innerJoin(cards, eq(cards.v_uid, cardMovements.v_uid_card))
    .leftJoin(cardAuthorizations, and(eq(cardAuthorizations.v_uid, cardMovements.v_uid_authorization), eq(cardMovements.v_kind, 'purchase')))
    .where(where);
  const exporting = !!q.Format;
  const rows = await base
    .orderBy(desc(cardMovements.d_create_at), desc(cardMovements.v_uid))
    .limit(exporting ? 100_000 : q.Size)
    .offset(exporting ? 0 : offsetOf(q));
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cardMovements)
    .innerJoin(cards, eq(cards.v_uid, cardMovements.v_uid_card))
    .where(where);
  return {
    page: toPage(
      rows.map((r) => movementOut(r.m, r.c, r.d)),
      Number(total?.n ?? 0),
      q,
    ),
    raw: rows,
  };
}

type MovementExportRow = Awaited<ReturnType<typeof listMovements>>['raw'][number];
const EXPORT_COLUMNS: ExportColumn<MovementExportRow>[] = [
  { header: 'Fecha', kind: 'datetime', value: (r) => r.m.d_create_at },
  { header: 'Tarjeta', kind: 'text', value: (r) => maskedPanOf(r.c) },
  { header: 'Identificador', kind: 'id', value: (r) => r.c.v_card_identifier },
  { header: 'Tipo', kind: 'text', value: (r) => CARD_MOVEMENT_KINDS[r.m.v_kind as keyof typeof CARD_MOVEMENT_KINDS] ?? r.m.v_kind },
  { header: 'Descripción', kind: 'text', value: (r) => r.m.v_description },
  { header: 'Monto', kind: 'money', value: (r) => r.m.n_amount_cents },
  { header: 'Comisión', kind: 'money', value: (r) => r.m.n_commission_cents },
  { header: 'IVA', kind: 'money', value: (r) => r.m.n_iva_cents },
  { header: 'Estatus', kind: 'text', value: (r) => r.m.v_status },
  {
    header: 'Decidió',
    kind: 'text',
    value: (r) => {
      const d = decisionOut(r.d);
      return d ? DECIDED_BY_NAMES[d.DecidedBy] : null;
    },
  },
  { header: 'Motivo del negocio', kind: 'text', value: (r) => decisionOut(r.d)?.BusinessReason ?? null },
];
export const exportMovements = (format: 'csv' | 'xlsx', rows: MovementExportRow[]) =>
  writeExport(format, { baseName: 'movimientos-tarjetas', sheetName: 'Movimientos', columns: EXPORT_COLUMNS, rows });
