/**
 * Maker-checker (issue 10): optional per business, set by staff. From the threshold up, an order
 * (a dispersion or a single SPEI out) waits «Por autorizar» until a second user of the same
 * business, not its maker, authorises it with their own security code. One setting for both.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { mapRead, qb, readNow, readRow, type Read } from '../../db/read-together';
import type { Actor } from '../../platform/context';
import { rule } from '../../platform/errors';
import { dispersionApproval } from './schema';

export interface ApprovalPolicy {
  enabled: boolean;
  thresholdCents: bigint | null;
}

export const approvalPolicyRead = (businessId: string): Read<ApprovalPolicy> =>
  mapRead(
    readRow<typeof dispersionApproval.$inferSelect>(
      dispersionApproval,
      qb.select().from(dispersionApproval).where(eq(dispersionApproval.v_uid_business, businessId)),
    ),
    (row) => ({ enabled: row?.b_enabled ?? false, thresholdCents: row?.n_threshold_cents ?? null }),
  );
export const approvalPolicy = (db: DbOrTx, businessId: string): Promise<ApprovalPolicy> => readNow(db, approvalPolicyRead(businessId));

/** Whether an order of this total (amount + commission + IVA) needs a second user: enabled, and at or above the threshold (none: always). */
export const needsApproval = (policy: ApprovalPolicy, totalCents: bigint): boolean => policy.enabled && totalCents >= (policy.thresholdCents ?? 0n);

export async function saveApprovalPolicy(tx: Tx, businessId: string, policy: ApprovalPolicy, changedBy: string): Promise<void> {
  const values = { b_enabled: policy.enabled, n_threshold_cents: policy.thresholdCents, v_changed_by_email: changedBy };
  await tx
    .insert(dispersionApproval)
    .values({ v_uid_business: businessId, ...values })
    .onConflictDoUpdate({ target: dispersionApproval.v_uid_business, set: values });
}

/** The checker's rule: the order awaits authorisation, and whoever decides is not its maker (messages per kind of order). */
export function assertChecker(order: { awaiting: boolean; makerId: string | null }, actor: Actor, messages: { notAwaiting: string; sameUser: string }): void {
  if (!order.awaiting) throw rule(messages.notAwaiting);
  if (order.makerId === actor.userId) throw rule(messages.sameUser);
}
