/**
 * The account-holder check before the first payout to a CLABE (issue 10, decision 0014): the
 * rail's holder lookup (the "penny test"), compared with the name and RFC given, and the CLABEs a
 * business verified or confirmed, remembered so that they are not asked again. A dispersion row, a
 * single SPEI out and a CLABE registration all come through here.
 *
 * The SANDBOX answers from the CLABE alone (sandboxAccountHolder in contracts); a CLABE of this
 * provider is held by the business that has it. A real participant would send 0.01 MXN and read
 * the holder from the beneficiary bank's answer.
 */
import { HOLDER_MESSAGES, holderMatches, sandboxAccountHolder, type HolderCheck } from '@far/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { DbOrTx, Tx } from '../../db/client';
import { mapRead, qb, readNow, readRows, type Read } from '../../db/read-together';
import { insertFrom } from '../../db/insert-from';
import { AppError } from '../../platform/errors';
import { businessName, findBusinessByAccountNumber, isProviderAccount } from '../businesses';
import { verifiedClabes } from './schema';

export type AccountHolder = { exists: false } | { exists: true; name: string; rfc: string | null };

export async function lookupAccountHolder(db: DbOrTx, clabe: string): Promise<AccountHolder> {
  if (isProviderAccount(clabe)) {
    const b = await findBusinessByAccountNumber(db, clabe);
    return b ? { exists: true, name: businessName(b), rfc: b.v_rfc ?? null } : { exists: false };
  }
  return sandboxAccountHolder(clabe);
}

/** CLABEs the business verified before (json array parameter: one bind whatever the count). */
export async function knownClabes(db: DbOrTx, businessId: string, clabes: string[]): Promise<Set<string>> {
  if (clabes.length === 0) return new Set();
  return readNow(db, knownClabesRead(businessId, clabes));
}

/** knownClabes as a read; `clabes` may be a subquery of CLABEs. */
export const knownClabesRead = (businessId: string, clabes: string[] | SQL): Read<Set<string>> =>
  mapRead(
    readRows<typeof verifiedClabes.$inferSelect>(
      verifiedClabes,
      qb
        .select()
        .from(verifiedClabes)
        .where(
          and(
            eq(verifiedClabes.v_uid_business, businessId),
            Array.isArray(clabes)
              ? sql`${verifiedClabes.v_clabe} IN (SELECT jsonb_array_elements_text(${JSON.stringify(clabes)}::jsonb))`
              : sql`${verifiedClabes.v_clabe} IN (${clabes})`,
          ),
        ),
    ),
    (rows) => new Set(rows.map((r) => r.v_clabe)),
  );

/** A CLABE to remember: the holder matched, or the business confirmed a mismatch. */
export interface CheckedClabe {
  clabe: string;
  result: 'match' | 'confirmed';
  name: string | null;
  rfc: string | null;
}

/** Remembers checked CLABEs of a business (a CLABE remembered before keeps its first answer). */
export async function rememberClabes(tx: Tx, businessId: string, userId: string | null, list: CheckedClabe[]): Promise<void> {
  // Column arrays through unnest: one parameter per column whatever the count (a dispersion has up to 50,000).
  for (let i = 0; i < list.length; i += 5000) {
    const part = list.slice(i, i + 5000);
    await tx.execute(sql`
      INSERT INTO ${verifiedClabes} (v_uid_business, v_clabe, v_holder_name, v_holder_rfc, v_result, v_uid_user)
      SELECT ${businessId}::uuid, x.*, ${userId}::uuid FROM unnest(${pgArray(part.map((v) => v.clabe))}::text[], ${pgArray(part.map((v) => v.name))}::text[],
        ${pgArray(part.map((v) => v.rfc))}::text[], ${pgArray(part.map((v) => v.result))}::text[]) AS x
      ON CONFLICT DO NOTHING`);
  }
}

/** rememberClabes of one payee as a part of the caller's statement (db/insert-from.ts): remembered for each row of `from`. */
export const rememberWrite = (businessId: string, userId: string | null, v: CheckedClabe, from: SQL): SQL =>
  insertFrom(
    verifiedClabes,
    { v_uid_business: businessId, v_clabe: v.clabe, v_holder_name: v.name, v_holder_rfc: v.rfc, v_result: v.result, v_uid_user: userId },
    from,
    sql`ON CONFLICT DO NOTHING`,
  );

/**
 * One payee (a single SPEI out, a CLABE registration): a CLABE verified before passes; otherwise
 * the rail is asked. No such account is refused; a holder that is not the name/RFC given is
 * refused naming the holder, unless the business confirms it. Writes nothing: the caller
 * remembers the answer (rememberClabes) in the transaction that pays or registers.
 */
export async function checkPayee(
  db: DbOrTx,
  businessId: string,
  payee: { clabe: string; name: string; rfc: string | null; confirm?: boolean },
  /** Whether the business verified this CLABE before, when the caller read it already (knownClabesRead). */
  known?: boolean,
): Promise<{ check: HolderCheck; remember: CheckedClabe | null }> {
  if (known ?? (await knownClabes(db, businessId, [payee.clabe])).size > 0) return { check: 'verified', remember: null };
  const h = await lookupAccountHolder(db, payee.clabe);
  if (!h.exists)
    throw new AppError('BUSINESS_RULE', HOLDER_MESSAGES.noSuchAccount, {
      errors: [{ field: 'Clabe', key: 'holder', message: HOLDER_MESSAGES.noSuchAccount }],
      data: { HolderCheck: 'no-account' },
    });
  if (holderMatches({ name: payee.name, rfc: payee.rfc }, h))
    return { check: 'match', remember: { clabe: payee.clabe, result: 'match', name: h.name, rfc: h.rfc } };
  if (!payee.confirm) {
    const message = HOLDER_MESSAGES.mismatch(h.name, h.rfc);
    throw new AppError('BUSINESS_RULE', message, {
      errors: [{ field: 'ConfirmHolder', key: 'holder', message }],
      data: { HolderCheck: 'mismatch', HolderName: h.name, HolderRfc: h.rfc },
    });
  }
  return { check: 'mismatch', remember: { clabe: payee.clabe, result: 'confirmed', name: h.name, rfc: h.rfc } };
}
