/**
 * SPEI commissions and transaction limits. Writes are staff operations (their routes require
 * '/user/business' Editar); reads serve staff and the business itself. The SPEI module calls
 * effectiveSpeiConfig, effectiveLimits and checkLimits inside the transaction that moves money.
 */
import {
  BUSINESS_COMMISSION_FIELDS,
  BUSINESS_COMMISSION_NAMES,
  CARDHOLDER_LIMIT_CARD_TYPE,
  IVA_BASIS_POINTS,
  LIMIT_CAP_MESSAGES,
  amountOut,
  basisPointsToPercent,
  formatCurrency,
  speiOutCharges,
  type BusinessLimits,
  type BusinessSpeiConfig,
  type BusinessSpeiConfigBody,
  type CardholderLimits,
  type GlobalSpeiConfig,
  type GlobalSpeiConfigBody,
  type LimitUpsertBody,
  type SpeiCommissions,
  type TransactionLimit,
  type ValuesAndCommissions,
} from '@far/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { mapRead, qb, readNow, readRow, readTogether, type Read } from '../../db/read-together';
import type { Actor } from '../../platform/context';
import { fieldError, forbidden, rule } from '../../platform/errors';
import { iso } from '../../platform/reply';
import { recordActivity } from '../audit';
import { businessForActor, businessName, liveBusiness, type BusinessRow } from '../businesses';
import { balanceOf, customerAccountCode, getAccountByCode } from '../ledger';
import { assertOwnCardholder, type LimitUsage } from './hooks';
import { speiConfigBusiness, speiConfigCardholder, speiConfigGlobal, transactionLimits } from './schema';

const SECTION_CONFIG = 'Configuración SPEI';
const SECTION_LIMITS = 'Límites transaccionales';

export const GLOBAL_SPEI_CONFIG_ID = '5e1c0000-0000-4000-8000-000000000001';
/** First-run values of the global configuration (spec §9 sample: SPEI in a percentage, SPEI out a fixed amount). */
export const DEFAULT_GLOBAL_SPEI_CONFIG = {
  commissionSpeiInBp: 50,
  enableSpeiOut: true,
  commissionSpeiOutCents: 500n,
  commissionDepositCardholderCents: 0n,
} as const;

const pct = (bp: number | bigint) => basisPointsToPercent(BigInt(bp));

// ---- global --------------------------------------------------------------------------------------

/** Creates the global row with the first-run values if it is missing (system seed; idempotent). */
export async function seedPricing(db: DbOrTx): Promise<void> {
  await db
    .insert(speiConfigGlobal)
    .values({
      v_uid: GLOBAL_SPEI_CONFIG_ID,
      n_commission_spei_in_bp: DEFAULT_GLOBAL_SPEI_CONFIG.commissionSpeiInBp,
      b_enable_spei_out: DEFAULT_GLOBAL_SPEI_CONFIG.enableSpeiOut,
      n_commission_spei_out_cents: DEFAULT_GLOBAL_SPEI_CONFIG.commissionSpeiOutCents,
      n_commission_deposit_cardholder_cents: DEFAULT_GLOBAL_SPEI_CONFIG.commissionDepositCardholderCents,
    })
    .onConflictDoNothing();
}

/** Demo only: a global limit on the business accounts' SPEI out, so the screens show one. */
export async function seedPricingDemo(db: DbOrTx): Promise<void> {
  await db
    .insert(transactionLimits)
    .values({
      i_scope_type: 0,
      v_cardholder_identifier: '',
      v_card_type: '',
      n_limit_per_transaction_cents: 25_000_000n,
      n_daily_limit_cents: 100_000_000n,
      n_monthly_limit_cents: 1_000_000_000n,
      b_enabled: true,
    })
    .onConflictDoNothing();
}

type GlobalRow = typeof speiConfigGlobal.$inferSelect;

const globalRowRead = mapRead(
  readRow<GlobalRow>(speiConfigGlobal, qb.select().from(speiConfigGlobal).where(eq(speiConfigGlobal.v_uid, GLOBAL_SPEI_CONFIG_ID))),
  (row) => row ?? firstRunGlobal(),
);
const globalRow = (db: DbOrTx): Promise<GlobalRow> => readNow(db, globalRowRead);

function firstRunGlobal(): GlobalRow {
  // Never seeded (a bare database): the first-run values, not written by a read.
  const now = new Date(0);
  return {
    v_uid: GLOBAL_SPEI_CONFIG_ID,
    d_create_at: now,
    d_update_at: now,
    n_commission_spei_in_bp: DEFAULT_GLOBAL_SPEI_CONFIG.commissionSpeiInBp,
    b_enable_spei_out: DEFAULT_GLOBAL_SPEI_CONFIG.enableSpeiOut,
    n_commission_spei_out_cents: DEFAULT_GLOBAL_SPEI_CONFIG.commissionSpeiOutCents,
    n_commission_deposit_cardholder_cents: DEFAULT_GLOBAL_SPEI_CONFIG.commissionDepositCardholderCents,
  };
}

const globalOut = (r: GlobalRow): GlobalSpeiConfig => ({
  Id: r.v_uid,
  CommissionSpeiInGlobal: pct(r.n_commission_spei_in_bp),
  EnableSpeiOutGlobal: r.b_enable_spei_out,
  CommissionSpeiOutTransaction: amountOut(r.n_commission_spei_out_cents),
  CommissionDepositCardholder: amountOut(r.n_commission_deposit_cardholder_cents),
  CreatedAt: iso(r.d_create_at)!,
  UpdatedAt: iso(r.d_update_at)!,
});

export const getGlobalSpeiConfig = async (db: DbOrTx) => globalOut(await globalRow(db));

export async function updateGlobalSpeiConfig(tx: Tx, actor: Actor, d: z.output<typeof GlobalSpeiConfigBody>): Promise<GlobalSpeiConfig> {
  const values = {
    n_commission_spei_in_bp: Number(d.CommissionSpeiInGlobal),
    b_enable_spei_out: d.EnableSpeiOutGlobal,
    n_commission_spei_out_cents: d.CommissionSpeiOutTransaction,
    n_commission_deposit_cardholder_cents: d.CommissionDepositCardholder,
  };
  const before = globalOut(await globalRow(tx));
  const [row] = await tx
    .insert(speiConfigGlobal)
    .values({ v_uid: GLOBAL_SPEI_CONFIG_ID, ...values })
    .onConflictDoUpdate({ target: speiConfigGlobal.v_uid, set: { ...values, d_update_at: sql`now()` } })
    .returning();
  const after = globalOut(row!);
  await recordActivity(tx, {
    actor,
    section: SECTION_CONFIG,
    action: 'Editar',
    activity: 'Actualizó la configuración SPEI global',
    detail: { before: strip(before), after: strip(after) },
  });
  return after;
}

const strip = <T extends { CreatedAt?: unknown; UpdatedAt?: unknown }>(o: T) => {
  const { CreatedAt: _c, UpdatedAt: _u, ...rest } = o;
  return rest;
};

// ---- per business --------------------------------------------------------------------------------

export interface EffectiveSpeiConfig {
  commissionSpeiInBp: bigint;
  /** Both switches on: the global EnableSpeiOutGlobal and the business's EnableSpeiOut (when it has a row). */
  enableSpeiOut: boolean;
  commissionSpeiOutCents: bigint;
  commissionDepositCardholderCents: bigint;
  source: 'business' | 'global';
}

type BusinessConfigRow = typeof speiConfigBusiness.$inferSelect;

const businessRowRead = (businessId: string) =>
  readRow<BusinessConfigRow>(speiConfigBusiness, qb.select().from(speiConfigBusiness).where(eq(speiConfigBusiness.v_uid_business, businessId)));
const businessRow = (db: DbOrTx, businessId: string) => readNow(db, businessRowRead(businessId));

function effectiveOf(g: GlobalRow, b: BusinessConfigRow | undefined): EffectiveSpeiConfig {
  const custom = !!b?.b_use_custom_spei_out_config;
  return {
    commissionSpeiInBp: BigInt(custom ? b!.n_commission_spei_in_bp : g.n_commission_spei_in_bp),
    enableSpeiOut: g.b_enable_spei_out && (b ? b.b_enable_spei_out : true),
    commissionSpeiOutCents: custom ? b!.n_commission_spei_out_cents : g.n_commission_spei_out_cents,
    commissionDepositCardholderCents: custom ? b!.n_commission_deposit_cardholder_cents : g.n_commission_deposit_cardholder_cents,
    source: custom ? 'business' : 'global',
  };
}

/** The commissions and the SPEI-out switch that apply to a business right now. */
export const effectiveSpeiConfigRead = (businessId: string): Read<EffectiveSpeiConfig> =>
  mapRead(readTogether({ g: globalRowRead, b: businessRowRead(businessId) }), ({ g, b }) => effectiveOf(g, b));
export const effectiveSpeiConfig = (db: DbOrTx, businessId: string): Promise<EffectiveSpeiConfig> => readNow(db, effectiveSpeiConfigRead(businessId));

function businessOut(businessId: string, g: GlobalRow, b: BusinessConfigRow | undefined): BusinessSpeiConfig {
  const e = effectiveOf(g, b);
  return {
    Id: b?.v_uid ?? null,
    BusinessId: businessId,
    CommissionSpeiIn: pct(b ? b.n_commission_spei_in_bp : g.n_commission_spei_in_bp),
    EnableSpeiOut: b ? b.b_enable_spei_out : true,
    UseCustomSpeiOutConfig: b ? b.b_use_custom_spei_out_config : false,
    CommissionSpeiOut: amountOut(b ? b.n_commission_spei_out_cents : g.n_commission_spei_out_cents),
    CommissionDepositCardholder: amountOut(b ? b.n_commission_deposit_cardholder_cents : g.n_commission_deposit_cardholder_cents),
    Effective: {
      CommissionSpeiIn: pct(e.commissionSpeiInBp),
      EnableSpeiOut: e.enableSpeiOut,
      CommissionSpeiOut: amountOut(e.commissionSpeiOutCents),
      CommissionDepositCardholder: amountOut(e.commissionDepositCardholderCents),
      Source: e.source,
    },
    CreatedAt: iso(b?.d_create_at),
    UpdatedAt: iso(b?.d_update_at),
  };
}

/** Staff (Ver on /user/business) name the business; a business reads its own (Ver on /dispersal/transfer). */
export async function getBusinessSpeiConfig(db: DbOrTx, actor: Actor, businessId: string | undefined): Promise<BusinessSpeiConfig> {
  const b = await businessForActor(db, actor, businessId, { field: 'BusinessId' });
  return businessOut(b.v_uid, await globalRow(db), await businessRow(db, b.v_uid));
}

/**
 * The commissions a business row stores. With its own configuration, the values given (all
 * required by the body). Without it the global values apply (decision 0006), so a value given that
 * differs from the global one would be silently ignored: it is refused, naming both, and the row
 * keeps the global values (decision 0024).
 */
function commissionsToStore(d: z.output<typeof BusinessSpeiConfigBody>, g: GlobalRow) {
  const global = {
    CommissionSpeiIn: BigInt(g.n_commission_spei_in_bp),
    CommissionSpeiOut: g.n_commission_spei_out_cents,
    CommissionDepositCardholder: g.n_commission_deposit_cardholder_cents,
  };
  const shown = (field: (typeof BUSINESS_COMMISSION_FIELDS)[number], v: bigint) => (field === 'CommissionSpeiIn' ? `${pct(v)} %` : formatCurrency(v));
  const chosen = { ...global };
  for (const field of BUSINESS_COMMISSION_FIELDS) {
    const given = d[field];
    if (d.UseCustomSpeiOutConfig) chosen[field] = given!;
    else if (given !== undefined && given !== global[field])
      throw fieldError(
        field,
        `La ${BUSINESS_COMMISSION_NAMES[field]} de ${shown(field, given)} no se aplicaría: sin «Usar configuración propia» se cobra la global (${shown(field, global[field])}). Activa la configuración propia para aplicarla.`,
        'not-applied',
      );
  }
  return {
    n_commission_spei_in_bp: Number(chosen.CommissionSpeiIn),
    n_commission_spei_out_cents: chosen.CommissionSpeiOut,
    n_commission_deposit_cardholder_cents: chosen.CommissionDepositCardholder,
  };
}

export async function upsertBusinessSpeiConfig(tx: Tx, actor: Actor, d: z.output<typeof BusinessSpeiConfigBody>): Promise<BusinessSpeiConfig> {
  const b = await liveBusiness(tx, d.BusinessId);
  const g = await globalRow(tx);
  const values = { ...commissionsToStore(d, g), b_enable_spei_out: d.EnableSpeiOut, b_use_custom_spei_out_config: d.UseCustomSpeiOutConfig };
  const before = businessOut(b.v_uid, g, await businessRow(tx, b.v_uid));
  const [row] = await tx
    .insert(speiConfigBusiness)
    .values({ v_uid_business: b.v_uid, ...values })
    .onConflictDoUpdate({ target: speiConfigBusiness.v_uid_business, set: { ...values, d_update_at: sql`now()` } })
    .returning();
  const after = businessOut(b.v_uid, g, row);
  await recordActivity(tx, {
    actor,
    section: SECTION_CONFIG,
    action: 'Editar',
    activity: `Actualizó la configuración SPEI de ${businessName(b)}`,
    detail: { business: b.v_uid, before: strip(before), after: strip(after) },
  });
  return after;
}

// ---- cardholder switch ---------------------------------------------------------------------------

/** A business acts only on its own cardholders (staff on any identifier). */
async function ownCardholder(db: DbOrTx, actor: Actor, identifier: string): Promise<void> {
  if (actor.kind !== 'FAR') await assertOwnCardholder(db, actor.client, identifier);
}

/** Whether the cardholder may send SPEI (off until switched on). */
export async function cardholderSpeiOutEnabled(db: DbOrTx, identifier: string): Promise<boolean> {
  const [row] = await db
    .select({ on: speiConfigCardholder.b_enable_spei_out })
    .from(speiConfigCardholder)
    .where(eq(speiConfigCardholder.v_cardholder_identifier, identifier));
  return row?.on ?? false;
}

export async function setCardholderSpeiOut(tx: Tx, actor: Actor, d: { CardholderIdentifier: string; EnableSpeiOut: boolean }) {
  await ownCardholder(tx, actor, d.CardholderIdentifier);
  const [row] = await tx
    .insert(speiConfigCardholder)
    .values({ v_cardholder_identifier: d.CardholderIdentifier, b_enable_spei_out: d.EnableSpeiOut })
    .onConflictDoUpdate({ target: speiConfigCardholder.v_cardholder_identifier, set: { b_enable_spei_out: d.EnableSpeiOut, d_update_at: sql`now()` } })
    .returning();
  await recordActivity(tx, {
    actor,
    section: SECTION_CONFIG,
    action: 'Editar',
    activity: `${d.EnableSpeiOut ? 'Habilitó' : 'Deshabilitó'} el envío SPEI del tarjetahabiente ${d.CardholderIdentifier}`,
  });
  return { CardholderIdentifier: row!.v_cardholder_identifier, EnableSpeiOut: row!.b_enable_spei_out, UpdatedAt: iso(row!.d_update_at)! };
}

// ---- the preview of values and commissions ----------------------------------------------------------

/** Posted, held and available cents of a business's main ledger account (zeros before its first movement). */
export async function businessLedgerBalance(db: DbOrTx, b: Pick<BusinessRow, 'v_client'>) {
  const account = await getAccountByCode(db, customerAccountCode(b.v_client));
  if (!account) return { accountId: null as string | null, balance: 0n, transitBalance: 0n, availableBalance: 0n };
  const bal = await balanceOf(db, account.id);
  return { accountId: account.id as string | null, balance: bal.balance, transitBalance: bal.transitBalance, availableBalance: bal.availableBalance };
}

/** The §3 commission fields of a business's effective SPEI configuration. */
export const speiCommissions = (config: EffectiveSpeiConfig): SpeiCommissions => ({
  CommissionSpeiInInPercentage: pct(config.commissionSpeiInBp),
  EnableSpeiOut: config.enableSpeiOut,
  CommissionSpeiOutInFixedValue: amountOut(config.commissionSpeiOutCents),
  CommisionIvaPercentage: pct(IVA_BASIS_POINTS),
});

/** §3 Value-and-commission preview of a SPEI out of `amount` for the business. */
export async function previewValuesAndCommissions(db: DbOrTx, actor: Actor, d: { Amount: bigint; BusinessId?: string }): Promise<ValuesAndCommissions> {
  const b = await businessForActor(db, actor, d.BusinessId, { field: 'BusinessId' });
  const config = await effectiveSpeiConfig(db, b.v_uid);
  const charges = speiOutCharges(d.Amount, config.commissionSpeiOutCents);
  const { availableBalance } = await businessLedgerBalance(db, b);
  return {
    Commissions: speiCommissions(config),
    Values: {
      Amount: amountOut(charges.amountCents),
      Commission: amountOut(charges.commissionCents),
      IVA: amountOut(charges.ivaCents),
      TotalAmount: amountOut(charges.totalCents),
      RemainingBalance: amountOut(availableBalance - charges.totalCents),
    },
  };
}

// ---- transaction limits --------------------------------------------------------------------------

type LimitRow = typeof transactionLimits.$inferSelect;
const amt = (c: bigint | null) => (c === null ? null : amountOut(c));

const limitOut = (r: LimitRow): TransactionLimit => ({
  Id: r.v_uid,
  ScopeType: r.i_scope_type === 0 ? 0 : 1,
  CardholderIdentifier: r.v_cardholder_identifier || null,
  CardType: r.v_card_type || null,
  LimitPerTransaction: amt(r.n_limit_per_transaction_cents),
  DailyLimit: amt(r.n_daily_limit_cents),
  MonthlyLimit: amt(r.n_monthly_limit_cents),
  IsEnabled: r.b_enabled,
  CreatedAt: iso(r.d_create_at)!,
  UpdatedAt: iso(r.d_update_at)!,
});

const limitRowRead = (scope: 0 | 1, identifier: string, cardType: string) =>
  readRow<LimitRow>(
    transactionLimits,
    qb
      .select()
      .from(transactionLimits)
      .where(
        and(eq(transactionLimits.i_scope_type, scope), eq(transactionLimits.v_cardholder_identifier, identifier), eq(transactionLimits.v_card_type, cardType)),
      ),
  );
const limitRow = (db: DbOrTx, scope: 0 | 1, identifier: string, cardType: string) => readNow(db, limitRowRead(scope, identifier, cardType));

export interface Limits {
  perTransaction: bigint | null;
  daily: bigint | null;
  monthly: bigint | null;
  source: 'specific' | 'global' | 'none';
}

/**
 * The limits that apply to a holder: its own row when enabled, else the global row (same card
 * type; '' for business accounts) when enabled, else none. A disabled specific row therefore
 * falls back to the global one; it never lifts every limit.
 */
export const effectiveLimitsRead = (identifier: string, cardType = ''): Read<Limits> =>
  mapRead(readTogether({ specific: limitRowRead(1, identifier, cardType), global: limitRowRead(0, '', cardType) }), ({ specific, global }) => {
    const chosen = specific?.b_enabled ? specific : undefined;
    const row = chosen ?? (global?.b_enabled ? global : undefined);
    if (!row) return NO_LIMITS;
    return limitsOf(row, row === chosen ? 'specific' : 'global');
  });
export const effectiveLimits = (db: DbOrTx, identifier: string, cardType = ''): Promise<Limits> => readNow(db, effectiveLimitsRead(identifier, cardType));

const NO_LIMITS: Limits = { perTransaction: null, daily: null, monthly: null, source: 'none' };
const limitsOf = (r: LimitRow, source: Limits['source']): Limits => ({
  perTransaction: r.n_limit_per_transaction_cents,
  daily: r.n_daily_limit_cents,
  monthly: r.n_monthly_limit_cents,
  source,
});

/**
 * A cardholder's limits: its own row (enabled) capped field by field by the global row of its
 * card type (enabled), else the global one. Upserts refuse a row above the global one; the cap
 * here also holds when the global row is lowered afterwards.
 */
export async function cardholderLimits(db: DbOrTx, identifier: string, cardType = CARDHOLDER_LIMIT_CARD_TYPE): Promise<Limits> {
  const result = (await db.execute(cardholderLimitsSql(sql`${identifier}::text`, cardType))) as unknown as { rows: CardholderLimitsColumns[] };
  return limitsOfColumns(result.rows[0]!);
}

/** The columns of cardholderLimitsSql (bigints as text). */
export interface CardholderLimitsColumns {
  limit_per_transaction: string | null;
  limit_daily: string | null;
  limit_monthly: string | null;
  limit_source: Limits['source'];
}

/**
 * cardholderLimits as a one-row subquery of a cardholder identifier (an SQL expression), so that
 * a hot caller can fold the lookup into a statement of its own (the card authorisation does).
 * Disabled rows are left out by the joins; least() skips NULLs, so an own limit is capped by the
 * global one and a missing one is the global one — the rule above, in one statement.
 */
export function cardholderLimitsSql(identifier: SQL, cardType = CARDHOLDER_LIMIT_CARD_TYPE): SQL {
  return sql`SELECT least(s.n_limit_per_transaction_cents, g.n_limit_per_transaction_cents)::text AS limit_per_transaction,
                    least(s.n_daily_limit_cents, g.n_daily_limit_cents)::text AS limit_daily,
                    least(s.n_monthly_limit_cents, g.n_monthly_limit_cents)::text AS limit_monthly,
                    CASE WHEN s.v_uid IS NOT NULL THEN 'specific' WHEN g.v_uid IS NOT NULL THEN 'global' ELSE 'none' END AS limit_source
               FROM (SELECT 1) one
               LEFT JOIN transaction_limits s ON s.i_scope_type = 1 AND s.v_cardholder_identifier = ${identifier} AND s.v_card_type = ${cardType} AND s.b_enabled
               LEFT JOIN transaction_limits g ON g.i_scope_type = 0 AND g.v_cardholder_identifier = '' AND g.v_card_type = ${cardType} AND g.b_enabled`;
}

const bigintOrNull = (v: string | null) => (v === null ? null : BigInt(v));
export const limitsOfColumns = (c: CardholderLimitsColumns): Limits => ({
  perTransaction: bigintOrNull(c.limit_per_transaction),
  daily: bigintOrNull(c.limit_daily),
  monthly: bigintOrNull(c.limit_monthly),
  source: c.limit_source,
});

/** A cardholder row (a card type) may not exceed the enabled global row of its card type, nor drop one of its limits. */
async function checkCap(
  db: DbOrTx,
  cardType: string,
  values: { n_limit_per_transaction_cents: bigint | null; n_daily_limit_cents: bigint | null; n_monthly_limit_cents: bigint | null },
): Promise<void> {
  const g = await limitRow(db, 0, '', cardType);
  if (!g?.b_enabled) return;
  const over = (mine: bigint | null, cap: bigint | null) => cap !== null && (mine === null || mine > cap);
  if (over(values.n_limit_per_transaction_cents, g.n_limit_per_transaction_cents))
    throw rule(LIMIT_CAP_MESSAGES.perTransaction(formatCurrency(g.n_limit_per_transaction_cents!)));
  if (over(values.n_daily_limit_cents, g.n_daily_limit_cents)) throw rule(LIMIT_CAP_MESSAGES.daily(formatCurrency(g.n_daily_limit_cents!)));
  if (over(values.n_monthly_limit_cents, g.n_monthly_limit_cents)) throw rule(LIMIT_CAP_MESSAGES.monthly(formatCurrency(g.n_monthly_limit_cents!)));
}

export const LIMIT_MESSAGES = {
  perTransaction: (c: bigint) => `Excede el límite por operación de ${formatCurrency(c)}`,
  daily: (c: bigint) => `Excede el límite diario de ${formatCurrency(c)}`,
  monthly: (c: bigint) => `Excede el límite mensual de ${formatCurrency(c)}`,
};

/** Throws the refusal that names the limit hit. `today` and `month` are what was already counted, without `amount`. */
export function checkLimits(limits: Limits, usage: { amount: bigint; today?: bigint; month?: bigint }): void {
  if (limits.perTransaction !== null && usage.amount > limits.perTransaction) throw rule(LIMIT_MESSAGES.perTransaction(limits.perTransaction));
  if (limits.daily !== null && usage.today !== undefined && usage.today + usage.amount > limits.daily) throw rule(LIMIT_MESSAGES.daily(limits.daily));
  if (limits.monthly !== null && usage.month !== undefined && usage.month + usage.amount > limits.monthly) throw rule(LIMIT_MESSAGES.monthly(limits.monthly));
}

export async function upsertLimit(tx: Tx, actor: Actor, d: z.output<typeof LimitUpsertBody>): Promise<TransactionLimit> {
  if (actor.kind !== 'FAR') {
    // A business: only its own cardholders' card limits (never a global row nor its own account's).
    if (d.ScopeType !== 1 || d.BusinessId || !d.CardholderIdentifier || (d.CardType && d.CardType !== CARDHOLDER_LIMIT_CARD_TYPE))
      throw forbidden(LIMIT_CAP_MESSAGES.businessScope);
    await ownCardholder(tx, actor, d.CardholderIdentifier);
    d = { ...d, CardType: CARDHOLDER_LIMIT_CARD_TYPE };
  }
  let identifier = d.ScopeType === 1 ? (d.CardholderIdentifier ?? '') : '';
  let label = identifier;
  if (d.ScopeType === 1 && d.BusinessId) {
    const b = await liveBusiness(tx, d.BusinessId);
    if (d.CardholderIdentifier && d.CardholderIdentifier !== b.v_client) throw rule('El titular no corresponde a la empresa indicada');
    identifier = b.v_client;
    label = businessName(b);
  }
  const values = {
    n_limit_per_transaction_cents: d.LimitPerTransaction ?? null,
    n_daily_limit_cents: d.DailyLimit ?? null,
    n_monthly_limit_cents: d.MonthlyLimit ?? null,
    b_enabled: d.IsEnabled,
  };
  if (d.ScopeType === 1 && d.CardType) await checkCap(tx, d.CardType, values);
  const [row] = await tx
    .insert(transactionLimits)
    .values({ i_scope_type: d.ScopeType, v_cardholder_identifier: identifier, v_card_type: d.CardType ?? '', ...values })
    .onConflictDoUpdate({
      target: [transactionLimits.i_scope_type, transactionLimits.v_cardholder_identifier, transactionLimits.v_card_type],
      set: { ...values, d_update_at: sql`now()` },
    })
    .returning();
  const out = limitOut(row!);
  await recordActivity(tx, {
    actor,
    section: SECTION_LIMITS,
    action: 'Editar',
    activity: d.ScopeType === 0 ? `Actualizó el límite global${d.CardType ? ` (${d.CardType})` : ''}` : `Actualizó los límites de ${label}`,
    detail: { ...out },
  });
  return out;
}

export async function getGlobalLimit(db: DbOrTx, cardType = ''): Promise<TransactionLimit | null> {
  const row = await limitRow(db, 0, '', cardType);
  return row ? limitOut(row) : null;
}

export async function getCardholderLimits(db: DbOrTx, actor: Actor, identifier: string, cardTypeIn: string | undefined): Promise<CardholderLimits> {
  await ownCardholder(db, actor, identifier);
  const cardType = actor.kind === 'FAR' ? (cardTypeIn ?? '') : CARDHOLDER_LIMIT_CARD_TYPE;
  const specific = await limitRow(db, 1, identifier, cardType);
  const effective = cardType ? await cardholderLimits(db, identifier, cardType) : await effectiveLimits(db, identifier, cardType);
  return {
    Specific: specific ? limitOut(specific) : null,
    Global: await getGlobalLimit(db, cardType),
    Effective: {
      LimitPerTransaction: amt(effective.perTransaction),
      DailyLimit: amt(effective.daily),
      MonthlyLimit: amt(effective.monthly),
      Source: effective.source,
    },
    SpeiOutEnabled: await cardholderSpeiOutEnabled(db, identifier),
  };
}

export async function getBusinessLimits(db: DbOrTx, actor: Actor, businessId: string | undefined, usage: LimitUsage): Promise<BusinessLimits> {
  const b = await businessForActor(db, actor, businessId, { field: 'BusinessId' });
  const specific = await limitRow(db, 1, b.v_client, '');
  const effective = await effectiveLimits(db, b.v_client);
  const used = await usage(db, b.v_uid);
  return {
    Specific: specific ? limitOut(specific) : null,
    Global: await getGlobalLimit(db),
    Effective: {
      LimitPerTransaction: amt(effective.perTransaction),
      DailyLimit: amt(effective.daily),
      MonthlyLimit: amt(effective.monthly),
      Source: effective.source,
    },
    Usage: { Today: amountOut(used.today), Month: amountOut(used.month) },
  };
}
