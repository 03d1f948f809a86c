/**
 * The SPEI rail: where orders go out and where their outcome comes back from. An adapter
 * implements submitOrder; outcomes arrive as RailEvents (settle, return, reject), applied by
 * applyRailEvent exactly once however often they are delivered. The built-in SANDBOX adapter is
 * the default (docs/decisions/0006-spei.md): it validates the CLABE and the bank, rejects an
 * unknown bank, and after SPEI_SANDBOX_DELAY_MS delivers the outcome its test banks document:
 *   990 SANDBOX LIQUIDA  → settles
 *   991 SANDBOX DEVUELVE → returned (devolución 'Cuenta inexistente', with its own tracking key)
 *   992 SANDBOX RECHAZA  → rejected at once
 *   any other known bank → settles; a CLABE of this provider is also delivered as an incoming
 *                          SPEI to that business (returned when no active business has it)
 */
import { SANDBOX_BANKS, bankByClabePrefix, validateClabe } from '@far/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { findBusinessByAccountNumber, isProviderAccount } from '../businesses';
import { enqueueJob } from '../jobs';
import { compactDate } from './time';

export interface RailOrder {
  movementId: string;
  trackingKey: string;
  operationDate: string;
  amountCents: bigint;
  beneficiaryClabe: string;
  beneficiaryBankCode: string;
  beneficiaryName: string;
  senderClabe: string;
  senderName: string;
  concept: string;
  reference: string;
}

export type RailAck = { accepted: true; railId: string } | { accepted: false; reason: string };

export interface RailEvent {
  type: 'settle' | 'return' | 'reject';
  trackingKey: string;
  operationDate: string;
  railId?: string;
  /** Return or rejection reason. */
  reason?: string;
  /** A return's own tracking key. */
  returnTrackingKey?: string;
  /** Sandbox only: the beneficiary is a CLABE of this provider; credit that business on settlement. */
  deliverInternal?: boolean;
  beneficiaryClabe?: string;
}

export interface SpeiRail {
  readonly name: string;
  /** Sends an order. It runs inside the submission job's transaction; a real adapter must be idempotent by tracking key. */
  submitOrder(tx: Tx, order: RailOrder, now: Date): Promise<RailAck>;
}

/** Job kind that delivers a rail event (the sandbox schedules them; a real adapter's webhook would call applyRailEvent). */
export const RAIL_EVENT_JOB = 'spei.rail-event';

export const SANDBOX_RETURN_REASON = 'Cuenta inexistente';
export const SANDBOX_REJECT_REASON = 'Orden rechazada por el participante receptor (SANDBOX RECHAZA)';
export const UNKNOWN_BANK_REASON = 'Banco destino desconocido';

async function nextSandboxNumber(tx: Tx): Promise<bigint> {
  const result = (await tx.execute(sql`SELECT nextval('spei_sandbox_seq')::text AS n`)) as unknown as { rows: Array<{ n: string }> };
  return BigInt(result.rows[0]!.n);
}

/** A tracking key of the sandbox: prefix + yyyymmdd + 10 digits of its sequence. */
export async function sandboxTrackingKey(tx: Tx, prefix: string, operationDate: string): Promise<string> {
  return `${prefix}${compactDate(operationDate)}${String(await nextSandboxNumber(tx)).padStart(10, '0')}`;
}

export function sandboxRail(opts: { delayMs: number }): SpeiRail {
  return {
    name: 'sandbox',
    async submitOrder(tx, order, now) {
      const checked = validateClabe(order.beneficiaryClabe);
      if (!checked.ok) return { accepted: false, reason: checked.key === 'bank' ? UNKNOWN_BANK_REASON : checked.message };
      if (checked.bankCode !== order.beneficiaryBankCode || !bankByClabePrefix(order.beneficiaryBankCode)) return { accepted: false, reason: UNKNOWN_BANK_REASON };
      const outcome = SANDBOX_BANKS.find((b) => b.code === checked.bankCode)?.outcome ?? 'settle';
      if (outcome === 'reject') return { accepted: false, reason: SANDBOX_REJECT_REASON };
      const railId = String(await nextSandboxNumber(tx));
      let event: RailEvent = { type: 'settle', trackingKey: order.trackingKey, operationDate: order.operationDate, railId };
      if (outcome === 'return') event = { ...event, type: 'return', reason: SANDBOX_RETURN_REASON };
      else if (isProviderAccount(order.beneficiaryClabe)) {
        const target = await findBusinessByAccountNumber(tx, order.beneficiaryClabe);
        event = target ? { ...event, deliverInternal: true, beneficiaryClabe: order.beneficiaryClabe } : { ...event, type: 'return', reason: SANDBOX_RETURN_REASON };
      }
      if (event.type === 'return') event.returnTrackingKey = await sandboxTrackingKey(tx, 'SBXDEV', order.operationDate);
      await enqueueJob(tx, { kind: RAIL_EVENT_JOB, payload: { ...event }, runAt: new Date(now.getTime() + opts.delayMs), uniqueKey: `${RAIL_EVENT_JOB}:${order.movementId}:${event.type}` });
      return { accepted: true, railId };
    },
  };
}
