/** The CLABE account registry ("Alta de cuentas", §3 CLABE account). */
import { amountOut, validateClabe, type ClabeAccount, type ClabeAccountCreateBody, type ClabeAccountEditBody, type ClabeAccountListBody } from '@far/contracts';
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { qb, readNow, readRow } from '../../db/read-together';
import type { Actor } from '../../platform/context';
import { conflict, fieldError, notFound, rule } from '../../platform/errors';
import { alsoRequire } from '../../platform/guard';
import { likePattern, offsetOf, toPage } from '../../platform/paging';
import { iso } from '../../platform/reply';
import { recordActivity } from '../audit';
import { businessForActor, businessName, isProviderAccount } from '../businesses';
import { checkPayee, rememberClabes } from '../payout-checks';
import { clabeAccounts } from './schema';
import { clabeHolder } from './wallet';

const SECTION = 'Alta de cuentas';

/**
 * The business a money call is about: staff name it (BusinessId), a business user always gets
 * their own and naming another one answers 404 as if it did not exist.
 */
export const businessFor = (db: DbOrTx, actor: Actor, businessId: string | undefined) => businessForActor(db, actor, businessId, { field: 'BusinessId' });

export const ACCOUNT_NOT_FOUND = 'La cuenta no existe';
export const ACCOUNT_DUPLICATE = 'La cuenta CLABE ya está registrada';

export type ClabeAccountRow = typeof clabeAccounts.$inferSelect;

export const clabeAccountOut = (r: ClabeAccountRow): ClabeAccount => ({
  Id: r.v_uid,
  Alias: r.v_alias,
  AccountHolderName: r.v_account_holder_name,
  Clabe: r.v_clabe,
  NameFinancialInstitution: r.v_bank_name,
  FinancialInstitutionId: r.v_bank_code,
  RFC: r.v_rfc,
  BusinessId: r.v_uid_business,
  IsInternalBusiness: r.b_internal_business,
  IsAdmin: r.b_admin,
  ClabeUsageScope: r.v_usage_scope,
  DailyTransferLimit: r.n_daily_transfer_limit_cents === null ? null : amountOut(r.n_daily_transfer_limit_cents),
  AccountTypeId: r.i_account_type,
  IsActive: r.b_active,
  CreatedAt: iso(r.d_create_at)!,
  UpdatedAt: iso(r.d_update_at)!,
});

export async function listClabeAccounts(db: DbOrTx, actor: Actor, q: z.output<typeof ClabeAccountListBody>) {
  const b = await businessFor(db, actor, q.BusinessId);
  const conditions: SQL[] = [eq(clabeAccounts.v_uid_business, b.v_uid)];
  if (q.IsActive !== undefined) conditions.push(eq(clabeAccounts.b_active, q.IsActive));
  if (q.Search) {
    const p = likePattern(q.Search);
    conditions.push(
      or(ilike(clabeAccounts.v_alias, p), ilike(clabeAccounts.v_account_holder_name, p), ilike(clabeAccounts.v_clabe, p), ilike(clabeAccounts.v_bank_name, p))!,
    );
  }
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(clabeAccounts).where(where);
  const rows = await db
    .select()
    .from(clabeAccounts)
    .where(where)
    .orderBy(desc(clabeAccounts.d_create_at), desc(clabeAccounts.v_uid))
    .limit(q.Size)
    .offset(offsetOf(q));
  return toPage(rows.map(clabeAccountOut), total?.n ?? 0, q);
}

/** The active accounts of a business, for the transfer screen's picker. */
export async function myClabeAccounts(db: DbOrTx, actor: Actor, businessId: string | undefined): Promise<ClabeAccount[]> {
  const b = await businessFor(db, actor, businessId);
  const rows = await db
    .select()
    .from(clabeAccounts)
    .where(and(eq(clabeAccounts.v_uid_business, b.v_uid), eq(clabeAccounts.b_active, true)))
    .orderBy(clabeAccounts.v_alias);
  return rows.map(clabeAccountOut);
}

const activeWithClabeRead = (businessId: string, clabe: string, except?: string) =>
  readRow<ClabeAccountRow>(
    clabeAccounts,
    qb
      .select()
      .from(clabeAccounts)
      .where(
        and(
          eq(clabeAccounts.v_uid_business, businessId),
          eq(clabeAccounts.v_clabe, clabe),
          eq(clabeAccounts.b_active, true),
          except ? sql`${clabeAccounts.v_uid} <> ${except}` : undefined,
        ),
      ),
  );
const activeWithClabe = (db: DbOrTx, businessId: string, clabe: string, except?: string) => readNow(db, activeWithClabeRead(businessId, clabe, except));

/** A registered, active account of the business with this CLABE (its daily limit applies to transfers to it). */
export const registeredAccountByClabeRead = (businessId: string, clabe: string) => activeWithClabeRead(businessId, clabe);

const ofBusiness = (businessId: string, id: string) => and(eq(clabeAccounts.v_uid, id), eq(clabeAccounts.v_uid_business, businessId));

/** An account of the business by its id (404 when it has none such: `accountOrNotFound`). */
export const clabeAccountOfRead = (businessId: string, id: string) =>
  readRow<ClabeAccountRow>(clabeAccounts, qb.select().from(clabeAccounts).where(ofBusiness(businessId, id)));

/** That account's CLABE, as a subquery (a read folded beside it asks about the CLABE). */
export const clabeOfAccount = (businessId: string, id: string): SQL =>
  sql`${qb.select({ clabe: clabeAccounts.v_clabe }).from(clabeAccounts).where(ofBusiness(businessId, id))}`;

export function accountOrNotFound(row: ClabeAccountRow | undefined): ClabeAccountRow {
  if (!row) throw notFound(ACCOUNT_NOT_FOUND);
  return row;
}

const isUniqueViolation = (err: unknown) => {
  for (let e = err, i = 0; e && typeof e === 'object' && i < 4; e = (e as { cause?: unknown }).cause, i++)
    if ((e as { code?: string }).code === '23505') return true;
  return false;
};

export async function createClabeAccount(tx: Tx, actor: Actor, d: z.output<typeof ClabeAccountCreateBody>): Promise<ClabeAccount> {
  const b = await businessFor(tx, actor, d.BusinessId);
  const checked = validateClabe(d.Clabe);
  if (!checked.ok) throw fieldError('Clabe', checked.message, checked.key);
  if (checked.clabe === b.v_account_number) throw fieldError('Clabe', 'No puedes registrar la CLABE de tu propia cuenta', 'own');
  if (await activeWithClabe(tx, b.v_uid, checked.clabe)) throw conflict(ACCOUNT_DUPLICATE);
  // The rail's holder check before the first payout to it (a wallet's CLABE is paid inside the ledger).
  const payee = (await clabeHolder(tx, checked.clabe))
    ? null
    : (await checkPayee(tx, b.v_uid, { clabe: checked.clabe, name: d.AccountHolderName, rfc: d.RFC ?? null, confirm: d.ConfirmHolder })).remember;
  if (payee) await rememberClabes(tx, b.v_uid, actor.userId, [payee]);
  const [row] = await tx
    .insert(clabeAccounts)
    .values({
      v_uid_business: b.v_uid,
      v_alias: d.Alias,
      v_account_holder_name: d.AccountHolderName,
      v_clabe: checked.clabe,
      v_bank_code: checked.bankCode,
      v_bank_name: checked.bankName,
      v_rfc: d.RFC ?? null,
      b_internal_business: isProviderAccount(checked.clabe),
      b_admin: actor.kind === 'FAR',
      v_usage_scope: d.ClabeUsageScope,
      n_daily_transfer_limit_cents: d.DailyTransferLimit ?? null,
      i_account_type: d.AccountTypeId,
      v_uid_user: actor.userId,
    })
    .returning()
    .catch((err: unknown) => {
      throw isUniqueViolation(err) ? conflict(ACCOUNT_DUPLICATE) : err;
    });
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Agregar',
    activity: `Registró la cuenta ${d.Alias} (${checked.bankName}, terminación ${checked.clabe.slice(-4)})${actor.kind === 'FAR' ? ` de ${businessName(b)}` : ''}`,
    detail: { account: row!.v_uid, business: b.v_uid },
  });
  return clabeAccountOut(row!);
}

export async function editClabeAccount(tx: Tx, actor: Actor, d: z.output<typeof ClabeAccountEditBody>): Promise<ClabeAccount> {
  const changesActive = d.IsActive !== undefined;
  const changesFields =
    d.Alias !== undefined || d.AccountHolderName !== undefined || d.RFC !== undefined || d.ClabeUsageScope !== undefined || d.DailyTransferLimit !== undefined;
  if (!changesActive && !changesFields) throw rule('No hay cambios que guardar');
  // The route lets either permission in: deactivating needs Desactivar, anything else Editar (both when both change).
  if (changesFields) alsoRequire(actor, { FAR: { menu: '/user/business', permission: 'Editar' }, BUS: { menu: '/account', permission: 'Editar' } });
  if (changesActive) alsoRequire(actor, { FAR: { menu: '/user/business', permission: 'Desactivar' }, BUS: { menu: '/account', permission: 'Desactivar' } });
  const [found] = await tx
    .select()
    .from(clabeAccounts)
    .where(and(eq(clabeAccounts.v_uid, d.Id)))
    .for('update');
  if (!found) throw notFound(ACCOUNT_NOT_FOUND);
  if (actor.kind === 'BUS') {
    const own = await businessFor(tx, actor, undefined);
    if (own.v_uid !== found.v_uid_business) throw notFound(ACCOUNT_NOT_FOUND);
  }
  if (d.IsActive === true && !found.b_active && (await activeWithClabe(tx, found.v_uid_business, found.v_clabe, found.v_uid)))
    throw conflict(ACCOUNT_DUPLICATE);
  const [row] = await tx
    .update(clabeAccounts)
    .set({
      ...(d.Alias !== undefined ? { v_alias: d.Alias } : {}),
      ...(d.AccountHolderName !== undefined ? { v_account_holder_name: d.AccountHolderName } : {}),
      ...(d.RFC !== undefined ? { v_rfc: d.RFC } : {}),
      ...(d.ClabeUsageScope !== undefined ? { v_usage_scope: d.ClabeUsageScope } : {}),
      ...(d.DailyTransferLimit !== undefined ? { n_daily_transfer_limit_cents: d.DailyTransferLimit } : {}),
      ...(d.IsActive !== undefined ? { b_active: d.IsActive } : {}),
      d_update_at: sql`now()`,
    })
    .where(eq(clabeAccounts.v_uid, found.v_uid))
    .returning();
  const action = changesActive && !changesFields ? (d.IsActive ? 'Activar' : 'Desactivar') : 'Editar';
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action,
    activity: `${action === 'Editar' ? 'Editó' : d.IsActive ? 'Activó' : 'Desactivó'} la cuenta ${row!.v_alias} (terminación ${row!.v_clabe.slice(-4)})`,
    detail: { account: row!.v_uid, business: row!.v_uid_business },
  });
  return clabeAccountOut(row!);
}
