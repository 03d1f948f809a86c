/**
 * The wallet account (docs/decisions/0015-wallet.md): its CLABE, settings staff maintain (UDI
 * value, waiting period, commissions), the user's own daily limit, balances.
 */
import {
  MOVEMENT_STATUS,
  amountOut,
  basisPointsToPercent,
  buildClabe,
  formatCurrency,
  microsToUdi,
  udiToMicros,
  udisToCents,
  validateClabe,
  type WalletConfigBody,
} from '@far/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { mapRead, qb, readNow, readRow } from '../../db/read-together';
import type { Actor } from '../../platform/context';
import { notFound, rule } from '../../platform/errors';
import { iso } from '../../platform/reply';
import { recordActivity } from '../audit';
import { PROVIDER_CLABE, type IssuedClabe } from '../businesses';
import { balanceOf, customerAccountCode, getAccountByCode, listAccounts } from '../ledger';
import { notify } from '../notifications';
import { holderIsAllyOf, walletAccount, walletHolderByClabe, walletOrderOutcome, walletReceived, walletUsage, type ClabeHolder } from '../spei';
import * as users from '../users';
import { isActiveAlly, walletUserForActor } from '../wallet-users';
import { walletAccounts, walletSettings } from './schema';

export const WALLET_SECTION = 'Wallet';
/** The wallet CLABE range: STP (646), plaza 180, key 2491 (businesses use 2490), seven digits, check digit. */
const WALLET_KEY = '2491';
const WALLET_PREFIX = PROVIDER_CLABE.bank + PROVIDER_CLABE.plaza + WALLET_KEY;
export const isWalletClabe = (clabe: string) => clabe.startsWith(WALLET_PREFIX);

export const WALLET_SETTINGS_ID = '5e1c0000-0000-4000-8000-00000000000a';
/** The default limit of spec: 1,500 UDIS a day. */
export const DEFAULT_LIMIT_UDIS = 1500n;
/** First-run settings (a UDI value of late 2026, 24 h to raise a limit, no wallet commissions). */
const DEFAULT_SETTINGS = {
  n_udi_micros: 8_650_000n,
  i_limit_wait_hours: 24,
  n_commission_spei_in_bp: 0,
  b_enable_spei_out: true,
  n_commission_spei_out_cents: 0n,
  n_commission_transfer_cents: 0n,
};

export type WalletRow = typeof walletAccounts.$inferSelect;
export type SettingsRow = typeof walletSettings.$inferSelect;

// ---- settings (staff) -------------------------------------------------------------------------------

/** The settings, as a read a plan statement may fold (db/read-together.ts). */
export const settingsRead = mapRead(
  readRow<SettingsRow>(walletSettings, qb.select().from(walletSettings).where(eq(walletSettings.v_uid, WALLET_SETTINGS_ID))),
  (row): SettingsRow => row ?? { v_uid: WALLET_SETTINGS_ID, d_create_at: new Date(0), d_update_at: new Date(0), ...DEFAULT_SETTINGS },
);
export const settings = (db: DbOrTx): Promise<SettingsRow> => readNow(db, settingsRead);

export const defaultLimitCents = (s: Pick<SettingsRow, 'n_udi_micros'>) => udisToCents(DEFAULT_LIMIT_UDIS, s.n_udi_micros);

export function settingsOut(s: SettingsRow) {
  return {
    UdiValue: microsToUdi(s.n_udi_micros),
    DefaultLimitUdis: Number(DEFAULT_LIMIT_UDIS),
    DefaultLimit: amountOut(defaultLimitCents(s)),
    LimitRaiseWaitHours: s.i_limit_wait_hours,
    CommissionSpeiIn: basisPointsToPercent(BigInt(s.n_commission_spei_in_bp)),
    EnableSpeiOut: s.b_enable_spei_out,
    CommissionSpeiOut: amountOut(s.n_commission_spei_out_cents),
    CommissionWalletTransfer: amountOut(s.n_commission_transfer_cents),
    UpdatedAt: iso(s.d_update_at)!,
  };
}

export async function updateSettings(tx: Tx, actor: Actor, d: z.output<typeof WalletConfigBody>) {
  const values = {
    n_udi_micros: udiToMicros(d.UdiValue),
    i_limit_wait_hours: d.LimitRaiseWaitHours,
    n_commission_spei_in_bp: Number(d.CommissionSpeiIn),
    b_enable_spei_out: d.EnableSpeiOut,
    n_commission_spei_out_cents: d.CommissionSpeiOut,
    n_commission_transfer_cents: d.CommissionWalletTransfer,
  };
  const before = settingsOut(await settings(tx));
  const [row] = await tx
    .insert(walletSettings)
    .values({ v_uid: WALLET_SETTINGS_ID, ...values })
    .onConflictDoUpdate({ target: walletSettings.v_uid, set: { ...values, d_update_at: sql`now()` } })
    .returning();
  const after = settingsOut(row!);
  await recordActivity(tx, {
    actor,
    section: 'Usuarios Wallet',
    action: 'Editar',
    activity: `Actualizó la configuración de Wallet (UDI ${after.UdiValue})`,
    detail: { before, after },
  });
  return after;
}

// ---- the account ------------------------------------------------------------------------------------

async function allocateClabe(tx: Tx): Promise<string> {
  const res = (await tx.execute(sql`SELECT nextval('wallet_clabe_seq')::text AS n`)) as unknown as { rows: Array<{ n: string }> };
  const n = Number(res.rows[0]!.n);
  if (n > 9_999_999) throw new Error('El rango de cuentas CLABE de Wallet se agotó');
  const clabe = buildClabe(PROVIDER_CLABE.bank, PROVIDER_CLABE.plaza, WALLET_KEY + String(n).padStart(7, '0'));
  if (!validateClabe(clabe).ok) throw new Error(`CLABE generada no válida: ${clabe}`);
  return clabe;
}

/**
 * The wallet account of a wallet user, opened the first time anything needs it (a read of their
 * summary, a deposit): the CLABE and the ledger account exist from then on. Idempotent.
 */
export async function ensureWallet(tx: Tx, user: users.UserRow): Promise<WalletRow> {
  const [existing] = await tx.select().from(walletAccounts).where(eq(walletAccounts.v_uid_user, user.v_uid));
  if (existing) return existing;
  const [row] = await tx
    .insert(walletAccounts)
    .values({ v_uid_user: user.v_uid, v_client: user.v_client, v_clabe: await allocateClabe(tx) })
    .onConflictDoNothing()
    .returning();
  if (!row) return (await tx.select().from(walletAccounts).where(eq(walletAccounts.v_uid_user, user.v_uid)))[0]!;
  await walletAccount(tx, { client: user.v_client, name: users.fullName(user) });
  return row;
}

/** The caller's wallet (a wallet user: their own; staff: the one named), opened if needed. */
export async function walletFor(tx: Tx, actor: Actor, userId: string | undefined): Promise<{ user: users.UserRow; wallet: WalletRow }> {
  const user = await walletUserForActor(tx, actor, userId);
  return { user, wallet: await ensureWallet(tx, user) };
}

/** Locks the wallet row: every transfer out takes it first, before any ledger lock (decision 0015). */
export const lockWallet = async (tx: Tx, userId: string): Promise<WalletRow> => lockedWallet(await readNow(tx, lockWalletRead(userId)));

/** lockWallet as a read of a plan statement (its first lock). */
export const lockWalletRead = (userId: string) =>
  readRow<WalletRow>(walletAccounts, qb.select().from(walletAccounts).where(eq(walletAccounts.v_uid_user, userId)).for('update'));

export function lockedWallet(row: WalletRow | undefined): WalletRow {
  if (!row) throw notFound('El usuario no tiene cuenta Wallet');
  return row;
}

export const canReceive = (u: users.UserRow) => !users.isDeleted(u) && users.canSignIn(u);

export const holderOf = async (db: DbOrTx, user: users.UserRow, wallet: WalletRow): Promise<ClabeHolder> => holderFrom(user, wallet, await settings(db));

/** The wallet as a ClabeHolder, on settings already read. */
export function holderFrom(user: users.UserRow, wallet: WalletRow, s: SettingsRow): ClabeHolder {
  return {
    userId: user.v_uid,
    client: wallet.v_client,
    name: users.fullName(user),
    clabe: wallet.v_clabe,
    canReceive: canReceive(user),
    commissionSpeiInBp: BigInt(s.n_commission_spei_in_bp),
  };
}

/** Wallets' CLABEs opened or changed at or after `since`, for the rail's account registration (modules/stp). */
export async function walletClabesSince(db: DbOrTx, since: Date): Promise<IssuedClabe[]> {
  const rows = await db
    .select()
    .from(walletAccounts)
    .where(sql`${walletAccounts.d_update_at} >= ${since.toISOString()}::timestamptz`)
    .orderBy(walletAccounts.d_update_at);
  const out: IssuedClabe[] = [];
  for (const w of rows) {
    const u = await users.getUser(db, w.v_uid_user);
    if (!u) continue;
    const { apellidoPaterno, apellidoMaterno } = { apellidoPaterno: u.v_last_name_1 ?? undefined, apellidoMaterno: u.v_last_name_2 ?? undefined };
    out.push({
      clabe: w.v_clabe,
      ownerKind: 'wallet',
      owner: w.v_client,
      rfcCurp: u.v_curp ?? u.v_rfc ?? 'ND',
      persona: 'fisica',
      nombre: u.v_names,
      apellidoPaterno,
      apellidoMaterno,
      active: !users.isDeleted(u),
      updatedAt: w.d_update_at,
    });
  }
  return out;
}

/** The SPEI module's hooks on wallets (it cannot import this module): whose a CLABE is, allies, and the notices. */
export function provideWalletHolders(): void {
  walletHolderByClabe.provide(async (db, clabe) => {
    if (!isWalletClabe(clabe)) return null;
    const [w] = await db.select().from(walletAccounts).where(eq(walletAccounts.v_clabe, clabe));
    const user = w ? await users.getUser(db, w.v_uid_user) : undefined;
    return w && user ? holderOf(db, user, w) : null;
  });
  holderIsAllyOf.provide((db, holder, businessId) => isActiveAlly(db, holder.userId, businessId));
  walletReceived.provide(async (tx, holder, m) => {
    await notify(tx, {
      userId: holder.userId,
      kind: 'wallet.received',
      title: 'Recibiste dinero',
      body: `Recibiste ${formatCurrency(m.n_amount_cents)}${m.v_source_name ? ` de ${m.v_source_name}` : ''}.`,
      link: `/movement?id=${m.v_uid}`,
    });
  });
  walletOrderOutcome.provide(async (tx, m) => {
    const [w] = await tx.select().from(walletAccounts).where(eq(walletAccounts.v_client, m.v_client));
    if (!w) return;
    const settled = m.i_status === MOVEMENT_STATUS.liquidada;
    await notify(tx, {
      userId: w.v_uid_user,
      kind: settled ? 'wallet.transfer-settled' : 'wallet.transfer-returned',
      title: settled ? 'Transferencia liquidada' : m.i_status === MOVEMENT_STATUS.rechazada ? 'Transferencia rechazada' : 'Transferencia devuelta',
      body: `Tu transferencia SPEI de ${formatCurrency(m.n_amount_cents)} a ${m.v_beneficiary_name ?? 'tu beneficiario'} ${settled ? 'se liquidó' : `no se completó${m.v_error_detail ? `: ${m.v_error_detail}` : ''}; el dinero regresó a tu saldo`}.`,
      link: `/movement?id=${m.v_uid}`,
    });
  });
}

// ---- balances ----------------------------------------------------------------------------------------

export async function walletBalance(db: DbOrTx, client: string) {
  const main = await getAccountByCode(db, customerAccountCode(client));
  const bal = main ? await balanceOf(db, main.id) : { balance: 0n, transitBalance: 0n, availableBalance: 0n };
  let budgeted = 0n;
  for (const a of await listAccounts(db, client, 'wallet')) if (a.code !== customerAccountCode(client)) budgeted += (await balanceOf(db, a.id)).balance;
  return { accountId: main?.id ?? null, balance: bal.balance, transit: bal.transitBalance, available: bal.availableBalance, budgeted };
}

export const balanceOut = (b: Awaited<ReturnType<typeof walletBalance>>) => ({
  Balance: amountOut(b.balance),
  TransitBalance: amountOut(b.transit),
  AvailableBalance: amountOut(b.available),
  Budgeted: amountOut(b.budgeted),
  Total: amountOut(b.balance + b.budgeted),
});

// ---- the user's own daily limit ------------------------------------------------------------------------

/** The limit in force at `now`: a raise whose period has passed counts (it is written on the next change). */
export function limitInForce(w: WalletRow, s: SettingsRow, now: Date): { cents: bigint; isDefault: boolean } {
  if (w.n_pending_limit_cents !== null && w.d_pending_limit_at && w.d_pending_limit_at <= now) return { cents: w.n_pending_limit_cents, isDefault: false };
  return w.n_daily_limit_cents === null ? { cents: defaultLimitCents(s), isDefault: true } : { cents: w.n_daily_limit_cents, isDefault: false };
}

export const usedToday = async (db: DbOrTx, userId: string, now: Date): Promise<bigint> => (await walletUsage(db, userId, now)).today;

export async function limitOut(db: DbOrTx, w: WalletRow, now = new Date()) {
  const s = await settings(db);
  const inForce = limitInForce(w, s, now);
  const used = await usedToday(db, w.v_uid_user, now);
  const pending = w.n_pending_limit_cents !== null && w.d_pending_limit_at && w.d_pending_limit_at > now;
  return {
    DailyLimit: amountOut(inForce.cents),
    IsDefault: inForce.isDefault,
    DefaultLimit: amountOut(defaultLimitCents(s)),
    UsedToday: amountOut(used),
    RemainingToday: amountOut(inForce.cents > used ? inForce.cents - used : 0n),
    PendingLimit: pending ? amountOut(w.n_pending_limit_cents!) : null,
    PendingFrom: pending ? iso(w.d_pending_limit_at) : null,
  };
}

/** Lowering takes effect at once; raising after the staff-set waiting period (a pending raise is replaced). */
export async function setOwnLimit(tx: Tx, actor: Actor, cents: bigint, now = new Date()) {
  const w = await lockWallet(tx, actor.userId);
  const s = await settings(tx);
  const current = limitInForce(w, s, now).cents;
  const raise = cents > current;
  const at = new Date(now.getTime() + s.i_limit_wait_hours * 3_600_000);
  const immediate = !raise || s.i_limit_wait_hours === 0;
  const [row] = await tx
    .update(walletAccounts)
    .set(
      immediate
        ? { n_daily_limit_cents: cents, n_pending_limit_cents: null, d_pending_limit_at: null, d_update_at: now }
        : { n_daily_limit_cents: current, n_pending_limit_cents: cents, d_pending_limit_at: at, d_update_at: now },
    )
    .where(and(eq(walletAccounts.v_uid, w.v_uid)))
    .returning();
  await recordActivity(tx, {
    actor,
    section: 'Perfil',
    action: 'Editar',
    activity: immediate
      ? `Fijó su límite diario de transferencias en ${formatCurrency(cents)}`
      : `Solicitó subir su límite diario a ${formatCurrency(cents)} (aplica en ${s.i_limit_wait_hours} h)`,
  });
  return { row: row!, immediate };
}

export async function setConfirmWith(tx: Tx, actor: Actor, confirmWith: 'code' | 'pin') {
  const user = (await users.getUser(tx, actor.userId))!;
  if (confirmWith === 'pin' && !user.v_pin_hash) throw rule('Primero configura tu NIP en tu perfil');
  const w = await ensureWallet(tx, user);
  await tx
    .update(walletAccounts)
    .set({ v_confirm_with: confirmWith, d_update_at: sql`now()` })
    .where(eq(walletAccounts.v_uid, w.v_uid));
  await recordActivity(tx, {
    actor,
    section: 'Perfil',
    action: 'Editar',
    activity: confirmWith === 'pin' ? 'Eligió confirmar sus transferencias con su NIP' : 'Eligió confirmar sus transferencias con código de seguridad',
  });
}
