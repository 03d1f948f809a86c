/**
 * Validate and preview (no writes): every row checked with the contracts rules, all errors at
 * once, duplicates, the per-row charges and the batch's §3 values-and-commission preview, the
 * account-holder check of each CLABE not yet verified, and whether balance and limits allow it.
 */
import {
  DISPERSION_HEADERS,
  DISPERSION_LIMITS,
  DISPERSION_MESSAGES as M,
  amountOut,
  bankNameOf,
  duplicateRowErrors,
  holderMatches,
  speiOutCharges,
  validateDispersionRow,
  type Charges,
  type DispersionPreview,
  type DispersionRowError,
  type DispersionRowInput,
  type HolderCheck,
  type ValidDispersionRow,
  type SpeiCommissions,
} from '@far/contracts';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { BusinessRow } from '../businesses';
import { INSUFFICIENT_FUNDS } from '../ledger';
import { businessLedgerBalance, checkLimits, effectiveLimits, effectiveSpeiConfig, speiCommissions, type Limits } from '../pricing';
import { approvalPolicy, knownClabes, lookupAccountHolder, needsApproval } from '../payout-checks';
import { speiOutUsage, SPEI_OUT_DISABLED } from '../spei';
import { parseDispersionFile, type RawRow } from './file';

export interface DispersionSource {
  file?: { name: string; content: Buffer };
  rows?: DispersionRowInput[];
  dropRows?: number[];
  confirmedClabes?: string[];
}

export interface PlannedRow extends ValidDispersionRow {
  charges: Charges;
  holder: HolderCheck;
  holderName: string | null;
  holderRfc: string | null;
}

export interface DispersionPlan {
  business: BusinessRow;
  file: { name: string; content: Buffer; mediaType: string } | null;
  totalRows: number;
  rows: PlannedRow[];
  errors: DispersionRowError[];
  commissions: SpeiCommissions;
  limits: Limits;
  totals: Charges;
  available: bigint;
  blocker: string | null;
  unconfirmed: number;
  needsApproval: boolean;
}

const decodeBase64 = (text: string): Buffer => {
  const clean = text.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) throw new AppError('VALIDATION', M.content, { errors: [{ field: 'File', key: 'accept', message: M.content }] });
  return Buffer.from(clean, 'base64');
};

/** The rows of the source as text cells: a file's (numbered as the sheet shows them) or the screen's (1, 2, 3…). */
async function rawRows(source: DispersionSource) {
  if (source.file) return parseDispersionFile(source.file.name, source.file.content);
  const rows: RawRow[] = (source.rows ?? []).map((r, i) => ({
    row: i + 1,
    cells: {
      Name: r.Name ?? '',
      Clabe: r.Clabe ?? '',
      Amount: String(r.Amount ?? ''),
      Concept: r.Concept ?? '',
      Reference: String(r.Reference ?? ''),
      Rfc: r.Rfc ?? '',
      Email: r.Email ?? '',
    },
  }));
  if (rows.length === 0) throw new AppError('VALIDATION', M.noRows, { errors: [{ field: 'Rows', key: 'empty', message: M.noRows }] });
  if (rows.length > DISPERSION_LIMITS.maxRows) throw new AppError('VALIDATION', M.rows, { errors: [{ field: 'Rows', key: 'rows', message: M.rows }] });
  return { rows, errors: [] as DispersionRowError[], mediaType: 'text/csv' };
}

/**
 * Every row of the source checked with the contracts rules, its own-account and per-transaction
 * limit. The raw cells die when this returns (they are not kept beside the checked rows).
 */
async function checkRows(source: DispersionSource, business: BusinessRow, limits: Limits) {
  const parsed = await rawRows(source);
  const dropped = new Set(source.dropRows ?? []);
  const errors = parsed.errors.filter((e) => !dropped.has(e.Row));
  const valid: ValidDispersionRow[] = [];
  const formulaRows = new Set(errors.map((e) => e.Row));
  for (const raw of parsed.rows) {
    if (dropped.has(raw.row)) continue;
    const checked = validateDispersionRow(raw.row, raw.cells);
    errors.push(...checked.errors);
    if (!checked.value || formulaRows.has(raw.row)) continue;
    if (checked.value.clabe === business.v_account_number) {
      errors.push({ Row: raw.row, Column: DISPERSION_HEADERS.Clabe, Message: M.ownAccount });
      continue;
    }
    try {
      checkLimits(limits, { amount: checked.value.amountCents });
    } catch (err) {
      errors.push({ Row: raw.row, Column: DISPERSION_HEADERS.Amount, Message: (err as Error).message });
      continue;
    }
    valid.push(checked.value);
  }
  errors.push(...duplicateRowErrors(valid));
  return { totalRows: parsed.rows.length, mediaType: parsed.mediaType, errors, valid };
}

export async function planDispersion(
  db: DbOrTx,
  business: BusinessRow,
  input: { File?: { Name: string; ContentBase64: string }; Rows?: DispersionRowInput[]; DropRows?: number[]; ConfirmedClabes?: string[] },
  now: Date,
): Promise<DispersionPlan> {
  const file = input.File ? { name: input.File.Name, content: decodeBase64(input.File.ContentBase64) } : undefined;
  const confirmed = new Set(input.ConfirmedClabes ?? []);
  const config = await effectiveSpeiConfig(db, business.v_uid);
  const limits = await effectiveLimits(db, business.v_client);
  const { totalRows, mediaType, errors, valid } = await checkRows({ file, rows: input.Rows, dropRows: input.DropRows }, business, limits);

  // The account-holder check: CLABEs verified before are not asked again.
  const known = await knownClabes(db, business.v_uid, [...new Set(valid.map((r) => r.clabe))]);
  const holders = new Map<string, Awaited<ReturnType<typeof lookupAccountHolder>>>();
  const rows: PlannedRow[] = [];
  let unconfirmed = 0;
  for (const r of valid) {
    const charges = speiOutCharges(r.amountCents, config.commissionSpeiOutCents);
    if (known.has(r.clabe)) {
      // Completed in place, not copied: 50,000 rows are not held twice.
      rows.push(Object.assign(r, { charges, holder: 'verified' as const, holderName: null, holderRfc: null }));
      continue;
    }
    let h = holders.get(r.clabe);
    if (!h) holders.set(r.clabe, (h = await lookupAccountHolder(db, r.clabe)));
    if (!h.exists) {
      errors.push({ Row: r.row, Column: DISPERSION_HEADERS.Clabe, Message: M.noSuchAccount });
      continue;
    }
    const match = holderMatches({ name: r.name, rfc: r.rfc }, h);
    if (!match && !confirmed.has(r.clabe)) unconfirmed += 1;
    rows.push(Object.assign(r, { charges, holder: match ? ('match' as const) : ('mismatch' as const), holderName: h.name, holderRfc: h.rfc }));
  }
  errors.sort((a, b) => a.Row - b.Row);
  const errorRows = new Set(errors.map((e) => e.Row));
  const good = rows.filter((r) => !errorRows.has(r.row));

  const totals = good.reduce<Charges>(
    (t, r) => ({
      amountCents: t.amountCents + r.charges.amountCents,
      commissionCents: t.commissionCents + r.charges.commissionCents,
      ivaCents: t.ivaCents + r.charges.ivaCents,
      totalCents: t.totalCents + r.charges.totalCents,
    }),
    { amountCents: 0n, commissionCents: 0n, ivaCents: 0n, totalCents: 0n },
  );
  const { availableBalance } = await businessLedgerBalance(db, business);
  let blocker: string | null = null;
  if (!config.enableSpeiOut) blocker = SPEI_OUT_DISABLED;
  else if (availableBalance < totals.totalCents) blocker = INSUFFICIENT_FUNDS;
  else {
    const usage = await speiOutUsage(db, business.v_uid, now);
    try {
      checkLimits({ ...limits, perTransaction: null }, { amount: totals.amountCents, today: usage.today, month: usage.month });
    } catch (err) {
      blocker = (err as Error).message;
    }
  }
  const policy = await approvalPolicy(db, business.v_uid);
  return {
    business,
    file: file ? { ...file, mediaType } : null,
    totalRows,
    rows: good,
    errors,
    commissions: speiCommissions(config),
    limits,
    totals,
    available: availableBalance,
    blocker,
    unconfirmed,
    needsApproval: needsApproval(policy, totals.totalCents),
  };
}

export function previewOut(plan: DispersionPlan): DispersionPreview {
  return {
    FileName: plan.file?.name ?? null,
    TotalRows: plan.totalRows,
    Errors: plan.errors,
    Rows: plan.rows.map((r) => ({
      Row: r.row,
      Name: r.name,
      Clabe: r.clabe,
      BankCode: r.bankCode,
      BankName: bankNameOf(r.clabe),
      Concept: r.concept,
      Reference: r.reference,
      Rfc: r.rfc,
      Email: r.email,
      Amount: amountOut(r.charges.amountCents),
      Commission: amountOut(r.charges.commissionCents),
      IVA: amountOut(r.charges.ivaCents),
      TotalAmount: amountOut(r.charges.totalCents),
      HolderCheck: r.holder,
      HolderName: r.holderName,
      HolderRfc: r.holderRfc,
    })),
    Commissions: plan.commissions,
    Values: {
      Amount: amountOut(plan.totals.amountCents),
      Commission: amountOut(plan.totals.commissionCents),
      IVA: amountOut(plan.totals.ivaCents),
      TotalAmount: amountOut(plan.totals.totalCents),
      RemainingBalance: amountOut(plan.available - plan.totals.totalCents),
    },
    AvailableBalance: amountOut(plan.available),
    Sufficient: plan.available >= plan.totals.totalCents,
    Blocker: plan.blocker,
    Mismatches: plan.unconfirmed,
    NeedsApproval: plan.needsApproval,
  };
}
