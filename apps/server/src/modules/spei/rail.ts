/**
 * The SPEI rail: where orders go out and where their outcome comes back from. An adapter
 * implements submitOrders (a batch; submitOrder is one); outcomes arrive as RailEvents (settle, return, reject), applied by
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
import { enqueueJobs } from '../jobs';
import { hook } from '../../platform/module';
import { compactDate } from '../../platform/mexico-time';

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
  /** Sends a batch of orders (a dispersion chunk) in one call: one answer per order, in order. */
  submitOrders(tx: Tx, orders: RailOrder[], now: Date): Promise<RailAck[]>;
}

/** Job kind that delivers a rail event (the sandbox schedules them; a real adapter's webhook would call applyRailEvent). */
export const RAIL_EVENT_JOB = 'spei.rail-event';

export const SANDBOX_RETURN_REASON = 'Cuenta inexistente';
export const SANDBOX_REJECT_REASON = 'Orden rechazada por el participante receptor (SANDBOX RECHAZA)';
export const UNKNOWN_BANK_REASON = 'Banco destino desconocido';

/** `count` numbers of the sandbox's sequence in one statement. */
async function nextSandboxNumbers(tx: Tx, count: number): Promise<string[]> {
  if (count === 0) return [];
  const result = (await tx.execute(sql`SELECT nextval('spei_sandbox_seq')::text AS n FROM generate_series(1, ${count}::int)`)) as unknown as {
    rows: Array<{ n: string }>;
  };
  return result.rows.map((r) => r.n);
}

const returnKey = (prefix: string, operationDate: string, n: string) => `${prefix}${compactDate(operationDate)}${n.padStart(10, '0')}`;

/** A tracking key of the sandbox: prefix + yyyymmdd + 10 digits of its sequence. */
export async function sandboxTrackingKey(tx: Tx, prefix: string, operationDate: string): Promise<string> {
  return returnKey(prefix, operationDate, (await nextSandboxNumbers(tx, 1))[0]!);
}

export function sandboxRail(opts: { delayMs: number }): SpeiRail {
  /** What the sandbox answers an order, before numbers are drawn: refused, or the event it will deliver. */
  async function outcomeOf(tx: Tx, order: RailOrder): Promise<{ reason: string } | { event: RailEvent }> {
    const checked = validateClabe(order.beneficiaryClabe);
    if (!checked.ok) return { reason: checked.key === 'bank' ? UNKNOWN_BANK_REASON : checked.message };
    if (checked.bankCode !== order.beneficiaryBankCode || !bankByClabePrefix(order.beneficiaryBankCode)) return { reason: UNKNOWN_BANK_REASON };
    const outcome = SANDBOX_BANKS.find((b) => b.code === checked.bankCode)?.outcome ?? 'settle';
    if (outcome === 'reject') return { reason: SANDBOX_REJECT_REASON };
    const event: RailEvent = { type: 'settle', trackingKey: order.trackingKey, operationDate: order.operationDate };
    if (outcome === 'return') return { event: { ...event, type: 'return', reason: SANDBOX_RETURN_REASON } };
    if (!isProviderAccount(order.beneficiaryClabe)) return { event };
    const target = await findBusinessByAccountNumber(tx, order.beneficiaryClabe);
    return {
      event: target
        ? { ...event, deliverInternal: true, beneficiaryClabe: order.beneficiaryClabe }
        : { ...event, type: 'return', reason: SANDBOX_RETURN_REASON },
    };
  }

  const rail: SpeiRail = {
    name: 'sandbox',
    async submitOrder(tx, order, now) {
      return (await rail.submitOrders(tx, [order], now))[0]!;
    },
    // The whole batch draws its numbers in one statement and queues its events in one insert.
    async submitOrders(tx, orders, now) {
      const outcomes: Array<{ reason: string } | { event: RailEvent }> = [];
      for (const order of orders) outcomes.push(await outcomeOf(tx, order));
      const events = outcomes.flatMap((o) => ('event' in o ? [o.event] : []));
      const numbers = await nextSandboxNumbers(tx, events.length + events.filter((e) => e.type === 'return').length);
      let next = 0;
      const runAt = new Date(now.getTime() + opts.delayMs);
      const jobs: Parameters<typeof enqueueJobs>[1] = [];
      const acks = outcomes.map((o, i): RailAck => {
        if (!('event' in o)) return { accepted: false, reason: o.reason };
        const event: RailEvent = { ...o.event, railId: numbers[next++]! };
        if (event.type === 'return') event.returnTrackingKey = returnKey('SBXDEV', event.operationDate, numbers[next++]!);
        jobs.push({ kind: RAIL_EVENT_JOB, payload: { ...event }, runAt, uniqueKey: `${RAIL_EVENT_JOB}:${orders[i]!.movementId}:${event.type}` });
        return { accepted: true, railId: event.railId! };
      });
      await enqueueJobs(tx, jobs);
      return acks;
    },
  };
  return rail;
}

/**
 * A rail another module provides (SPEI_RAIL=stp: modules/stp, which imports this one). It is asked
 * for when an order is sent, after every module has registered.
 */
export const externalRail = hook<() => SpeiRail>('spei.externalRail');

/** The rail SPEI_RAIL names: the built-in sandbox, or the external adapter under that name. */
export function railOf(name: 'sandbox' | 'stp', sandboxDelayMs: number): SpeiRail {
  if (name === 'sandbox') return sandboxRail({ delayMs: sandboxDelayMs });
  return {
    name,
    submitOrder: (tx, order, now) => externalRail().submitOrder(tx, order, now),
    submitOrders: (tx, orders, now) => externalRail().submitOrders(tx, orders, now),
  };
}
