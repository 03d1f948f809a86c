/**
 * The rail's account-holder lookup (the "penny test" before a first payout to a CLABE). The
 * SANDBOX answers from the CLABE alone (sandboxAccountHolder in contracts, decision 0014); a
 * CLABE of this provider is held by the business that has it. A real participant would send
 * 0.01 MXN and read the holder from the beneficiary bank's answer.
 */
import { sandboxAccountHolder } from '@far/contracts';
import type { DbOrTx } from '../../db/client';
import { businessName, findBusinessByAccountNumber, isProviderAccount } from '../businesses';

export type AccountHolder = { exists: false } | { exists: true; name: string; rfc: string | null };

export async function lookupAccountHolder(db: DbOrTx, clabe: string): Promise<AccountHolder> {
  if (isProviderAccount(clabe)) {
    const b = await findBusinessByAccountNumber(db, clabe);
    return b ? { exists: true, name: businessName(b), rfc: b.v_rfc ?? null } : { exists: false };
  }
  return sandboxAccountHolder(clabe);
}
