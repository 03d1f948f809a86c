import { sql, type SQL } from 'drizzle-orm';
import { FIELDS } from './fields';

/**
 * What a typed search can be, read once: the words of a name, a key (RFC, CURP, CLABE, tracking
 * key, folio, client number), an e-mail, a phone, a card's last four or its masked number, an
 * amount in pesos. Each value is null when the text cannot be that, and a null value matches
 * nothing in SQL (col LIKE NULL), so every kind's condition has one shape whatever was typed.
 */
export interface SearchValues {
  /** 'empre:* & dem:*': the words, without accents and lower case, each as a prefix. */
  words: string | null;
  /** One token upper-cased (RFC, CURP, tracking key, folio, client number, identifier). */
  key: string | null;
  keyPrefix: string | null;
  /** The text lower-cased as the start of an e-mail. */
  email: string | null;
  emailPrefix: string | null;
  /** Digits only (CLABE, phone, account number). */
  digits: string | null;
  digitsPrefix: string | null;
  /** The whole text, folded, as the start of a name (ranks "Empresa Demo" first for "empresa d"). */
  namePrefix: string | null;
  last4: string | null;
  first6: string | null;
  /** An amount in pesos as typed ("1,234.50", "1234.5", "$1,234"), in integer cents. */
  cents: string | null;
}
export type SearchValueName = keyof SearchValues;

/** How a condition reads a value: inline (the search) or a named placeholder (a list's prepared statement). */
export type Val = (name: SearchValueName) => SQL;
export const inline =
  (values: SearchValues): Val =>
  (name) =>
    sql`${values[name]}`;
export const placeholders: Val = (name) => sql`${sql.placeholder(name)}`;

const MAX_WORDS = 8;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** The text as far_norm() leaves it: without accents, lower case. */
export const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Pesos with optional thousands commas and up to two decimals, as a person types them; never a float. */
const AMOUNT = /^\$?\s?(\d{1,3}(?:,\d{3})+|\d{1,13})(?:\.(\d{1,2}))?$/;
const MASKED = /^(?:(\d{6})[*xX•·]{2,}|[*xX•·]{2,})(\d{4})$/;

export function searchValues(typed: string): SearchValues {
  const q = typed.trim().replace(/\s+/g, ' ');
  const words = fold(q)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
  const token = /^[A-Za-z0-9-]+$/.test(q) ? q.toUpperCase() : null;
  const oneWord = q.includes(' ') ? null : q.toLowerCase();
  const digits = /^\+?[\d-]+$/.test(q) ? q.replace(/\D/g, '') : '';
  const masked = MASKED.exec(q.replace(/\s/g, ''));
  const amount = AMOUNT.exec(q);
  const cents = amount ? BigInt(amount[1]!.replace(/,/g, '')) * 100n + BigInt((amount[2] ?? '').padEnd(2, '0')) : null;
  return {
    words: words.length ? words.map((w) => `${w}:*`).join(' & ') : null,
    key: token,
    keyPrefix: token && `${token}%`,
    email: oneWord,
    emailPrefix: oneWord && `${escapeLike(oneWord)}%`,
    digits: digits || null,
    digitsPrefix: digits.length >= 2 ? `${digits}%` : null,
    namePrefix: words.length ? `${escapeLike(fold(q))}%` : null,
    last4: masked?.[2] ?? (/^\d{4}$/.test(q) ? q : null),
    first6: masked?.[1] ?? null,
    cents: cents !== null && cents > 0n ? cents.toString() : null,
  };
}

// ---- one condition per kind: the search and the kind's own list use these, nothing else ----------

const words = (field: string, v: Val) => sql`${sql.raw(field)} @@ to_tsquery('simple', ${v('words')})`;
const prefix = (column: string, v: Val, value: SearchValueName) => sql`${sql.raw(column)} LIKE ${v(value)}`;

export const MATCH = {
  business: (v: Val) =>
    sql`(${words(FIELDS.businessWords, v)} OR ${prefix('v_rfc', v, 'keyPrefix')} OR ${prefix('v_curp', v, 'keyPrefix')} OR ${prefix('v_client', v, 'keyPrefix')} OR ${prefix('v_account_number', v, 'digitsPrefix')} OR ${prefix(FIELDS.email, v, 'emailPrefix')})`,
  user: (v: Val) =>
    sql`(${words(FIELDS.userWords, v)} OR ${prefix(FIELDS.email, v, 'emailPrefix')} OR ${prefix('v_cell_phone', v, 'digitsPrefix')} OR ${prefix('v_client', v, 'keyPrefix')})`,
  cardholder: (v: Val) =>
    sql`(${words(FIELDS.cardholderWords, v)} OR ${prefix(FIELDS.cardholderId, v, 'keyPrefix')} OR ${prefix(FIELDS.email, v, 'emailPrefix')})`,
  card: (v: Val) => sql`(v_pan_last4 = ${v('last4')} AND (${v('first6')}::text IS NULL OR v_pan_first6 = ${v('first6')}))`,
  movement: (v: Val) =>
    sql`(${words(FIELDS.movementWords, v)} OR ${prefix(FIELDS.trackingKey, v, 'keyPrefix')} OR ${prefix('v_beneficiary_clabe', v, 'digitsPrefix')} OR ${prefix('v_source_clabe', v, 'digitsPrefix')} OR n_amount_cents = ${v('cents')}::bigint)`,
  dispersion: (v: Val) => sql`(${words(FIELDS.dispersionWords, v)})`,
  clarification: (v: Val) => sql`(${prefix(FIELDS.folio, v, 'keyPrefix')})`,
} as const;
