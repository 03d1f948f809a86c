import { AMOUNT_FIELD_MESSAGES, AMOUNT_MAX_CENTS, MOVEMENT_DIRECTION, centsToDecimalString, tryParseAmountToCents, type MovementType } from '@far/contracts';
import { useCallback, useRef } from 'react';
import { z } from 'zod';
import { todayIso } from './format';

/**
 * Money on the client (spec §3, issue 4): integer cents (bigint) inside, two-decimal strings on the
 * wire. Nothing here touches a float: the API's '1234.50' is read as text, and what a person types
 * ('1,234.5') goes through the contracts parser.
 */

/** An API amount ('1234.50', '-12.00') → cents; null for a missing or malformed value. */
export function apiCents(value: string | null | undefined): bigint | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  const negative = text.startsWith('-');
  const result = tryParseAmountToCents(negative ? text.slice(1) : text);
  if (!result.ok) return null;
  return negative ? -result.cents : result.cents;
}

/** Like apiCents, with zero for a missing value (for sums and charts). */
export const apiCentsOr0 = (value: string | null | undefined): bigint => apiCents(value) ?? 0n;

/** Cents → the API's decimal text ('1234.50'). */
export const centsToApi = (cents: bigint): string => centsToDecimalString(cents);

/**
 * One key per intent (spec: every money-moving call carries `Idempotency-Key`): made when a form
 * is submitted and reused if that same submission is retried, so the server never moves twice.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Older browsers: RFC 4122 v4 from getRandomValues.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * The submit of a form that moves money. One key per intent: the same content sent again (a retry
 * after a lost answer, a second click) carries the same key, so the server moves the money once;
 * after a success the next submit is a new intent. While a call runs a second submit is ignored.
 */
export function useMoneyIntent() {
  const intent = useRef<{ key: string; body: string } | null>(null);
  const busy = useRef(false);
  return useCallback(async <T>(content: unknown, send: (idempotencyKey: string) => Promise<T>): Promise<T | undefined> => {
    if (busy.current) return undefined;
    busy.current = true;
    const text = JSON.stringify(content, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
    if (!intent.current || intent.current.body !== text) intent.current = { key: newIdempotencyKey(), body: text };
    try {
      const result = await send(intent.current.key);
      intent.current = null;
      return result;
    } finally {
      busy.current = false;
    }
  }, []);
}

/** Hands a file the server produced to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Returned (3), rejected (4), cancelled (5) or removed (6) transfers out never took money: their hold was released. */
export function movementMovedMoney(m: { MovementType: string; StatusBusinessMovement: number; BalanceEffect?: string }): boolean {
  // A SPEI out returned after it settled was charged (its return is a movement of its own).
  return !(m.MovementType === 'SPEI_OUT' && m.StatusBusinessMovement >= 3 && (m.BalanceEffect ?? '0.00') === '0.00');
}

/** An order the rail is about to answer: sent, or pending for today (a future PaymentDay waits quietly). */
export function isOnItsWay(m: { StatusBusinessMovement: number; PaymentDay: string | null }): boolean {
  if (m.StatusBusinessMovement === 1) return true;
  return m.StatusBusinessMovement === 0 && !(m.PaymentDay !== null && m.PaymentDay > todayIso());
}

/**
 * How often an order's detail (the business's and the wallet's) asks again: every 2 s while on its
 * way (and until it is first read), every minute while pending for a later day, never once final.
 */
export const movementRefetchInterval = (m: { StatusBusinessMovement: number; PaymentDay: string | null } | undefined): number | false =>
  !m || isOnItsWay(m) ? 2_000 : m.StatusBusinessMovement === 0 ? 60_000 : false;

/** A movement as the customer's balance sees it: money out (and money set aside in a budget) negative, money in positive. */
export function signedMovementCents(m: { MovementType: MovementType; TotalAmount: string }): bigint {
  const total = apiCentsOr0(m.TotalAmount);
  return MOVEMENT_DIRECTION[m.MovementType] === 'out' || m.MovementType === 'BUDGET_ADD' ? -total : total;
}

const REQUIRED = 'Este campo es requerido';

/**
 * Reads what a person typed in an amount control ('1,234.5', '$ 1234.50') as cents, with the API's
 * Spanish messages: more than zero, at most two decimals, at most $999,999,999.99.
 */
export function readTypedAmount(value: string): { cents: bigint } | { message: string } {
  const text = value.replace(/[$\s]/g, '');
  const result = tryParseAmountToCents(text);
  if (!result.ok) {
    if (result.key === 'negative') return { message: AMOUNT_FIELD_MESSAGES.positive };
    if (result.key === 'decimals') return { message: AMOUNT_FIELD_MESSAGES.decimals };
    return { message: AMOUNT_FIELD_MESSAGES.invalid };
  }
  if (result.cents <= 0n) return { message: AMOUNT_FIELD_MESSAGES.positive };
  if (result.cents > AMOUNT_MAX_CENTS) return { message: AMOUNT_FIELD_MESSAGES.max };
  return { cents: result.cents };
}

/** What a person typed in an amount control → the API's text ('1,234.5' → '1234.50'), or why not in Spanish. */
export function typedAmountToApi(value: string): { amount: string } | { message: string } {
  const read = readTypedAmount(value);
  return 'cents' in read ? { amount: centsToApi(read.cents) } : read;
}

/** A required amount control → cents (bigint). */
export const amountInput = z.string({ message: REQUIRED }).transform((value, ctx): bigint => {
  if (value.trim() === '') {
    ctx.addIssue({ code: 'custom', message: REQUIRED });
    return z.NEVER;
  }
  const read = readTypedAmount(value);
  if ('cents' in read) return read.cents;
  ctx.addIssue({ code: 'custom', message: read.message });
  return z.NEVER;
});

/** An optional amount control: blank → null (no limit). */
export const optionalAmountInput = z.string().transform((value, ctx): bigint | null => {
  if (value.trim() === '') return null;
  const read = readTypedAmount(value);
  if ('cents' in read) return read.cents;
  ctx.addIssue({ code: 'custom', message: read.message });
  return z.NEVER;
});

/** A commission control: like an amount, but zero is allowed. */
export const commissionInput = z.string({ message: REQUIRED }).transform((value, ctx): bigint => {
  const text = value.replace(/[$\s]/g, '');
  if (text === '') {
    ctx.addIssue({ code: 'custom', message: REQUIRED });
    return z.NEVER;
  }
  if (/^0+(\.0{1,2})?$/.test(text)) return 0n;
  const read = readTypedAmount(text);
  if ('cents' in read) return read.cents;
  ctx.addIssue({ code: 'custom', message: read.message });
  return z.NEVER;
});

/** An API amount ('1234.50') shown in a control for editing ('1234.50'; blank for null). */
export const amountForInput = (value: string | null | undefined): string => (value === null || value === undefined ? '' : value);
